import Foundation
import SystemInterface
import Testing

@Suite struct TerminalTests {
    @Test func aPseudoTerminalHasTheSizeItWasOpenedWithAndFollowsAResize() throws {
        let terminal = try PseudoTerminalPair.open(width: 100, height: 30).get()
        defer {
            POSIX.close(terminal.master)
            POSIX.close(terminal.slave)
        }
        #expect(terminal.slavePath.hasPrefix("/dev/"))
        #expect(isatty(terminal.slave) == 1)
        #expect(TerminalWindow.size(of: terminal.slave).map { [$0.width, $0.height] } == [100, 30])
        #expect(TerminalWindow.setSize(of: terminal.master, width: 132, height: 43))
        #expect(TerminalWindow.size(of: terminal.slave).map { [$0.width, $0.height] } == [132, 43])
    }

    @Test func aPipeHasNoWindow() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { POSIX.close($0) } }
        #expect(TerminalWindow.size(of: ends[0]) == nil)
        #expect(!TerminalWindow.setSize(of: ends[1], width: 80, height: 24))
    }

    @Test func settingsCompareEveryField() throws {
        let terminal = try PseudoTerminalPair.open(width: 80, height: 24).get()
        defer {
            POSIX.close(terminal.master)
            POSIX.close(terminal.slave)
        }
        var original = termios()
        try #require(tcgetattr(terminal.slave, &original) == 0)
        #expect(TerminalSettings.same(original, original))
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO)
        #expect(!TerminalSettings.same(original, raw))
        var character = original
        withUnsafeMutableBytes(of: &character.c_cc) { $0[Int(VMIN)] &+= 1 }
        #expect(!TerminalSettings.same(original, character))
        var speed = original
        cfsetospeed(&speed, speed_t(B300))
        #expect(!TerminalSettings.same(original, speed))
    }

    @Test func inputOnATerminalOrAPipeIsReadyAndSilenceTimesOut() throws {
        let terminal = try PseudoTerminalPair.open(width: 80, height: 24).get()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { [terminal.master, terminal.slave, ends[0], ends[1]].forEach { POSIX.close($0) } }
        #expect(Readiness.readable([terminal.slave, ends[0]], timeoutMilliseconds: 10) == [])
        var key: UInt8 = 0x71
        #expect(write(terminal.master, &key, 1) == 1)
        // Canonical mode holds a line back until its end.
        var lineEnd: UInt8 = 0x0A
        #expect(write(terminal.master, &lineEnd, 1) == 1)
        #expect(Readiness.readable([terminal.slave, ends[0]], timeoutMilliseconds: 1000) == [terminal.slave])
        POSIX.close(ends[1])
        ends[1] = -1
        #expect(Readiness.readable([ends[0]], timeoutMilliseconds: -1) == [ends[0]], "the end of a pipe counts as ready")
        #expect(Readiness.readable([], timeoutMilliseconds: 0) == [])
    }
}

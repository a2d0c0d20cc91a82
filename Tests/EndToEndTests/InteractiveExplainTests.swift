import CapauditKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface
import TestSupport
import Testing

/// `capaudit explain` with no argument, on a real pseudo-terminal of 80×24: the browser opens,
/// filters, opens a rule, follows a resize, and leaves the terminal exactly as it found it.
@Suite struct InteractiveExplainTests {
    static let leaveSequence = "\u{1B}[?1049l\u{1B}[?25h"
    static let ruleCount = Manifests.policy.rules.count

    /// A project with one flawed manifest, and the browser started in it.
    static func startBrowser(in folder: URL) throws -> PseudoTerminal {
        try FileManager.default.copyItem(
            at: Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"), to: folder.appendingPathComponent("flawed.yml"))
        return try PseudoTerminal(
            arguments: [Paths.capauditBinary.path, "explain"], directory: folder.path, width: 80, height: 24,
            environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": folder.path])
    }

    static func firstScreenShown(_ terminal: PseudoTerminal) -> Bool {
        terminal.wait { $0.lines[0].hasPrefix(" capaudit explain") && $0.lines[23].hasPrefix(" j/k move") }
    }

    static func ending(_ terminal: PseudoTerminal) -> String {
        String(decoding: terminal.output.suffix(64), as: UTF8.self)
    }

    @Test func filterOpenResizeAndQuitRestoreTheTerminal() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try Self.startBrowser(in: folder)
        let before = terminal.openedSettings

        try #require(Self.firstScreenShown(terminal), "no first screen:\n\(terminal.screen.lines.joined(separator: "\n"))")
        #expect(terminal.screen.lines[0].hasPrefix(" capaudit explain  [Rules \(Self.ruleCount)]  Findings 16"))
        #expect(terminal.screen.lines[1].hasPrefix(" AND001  capture-permission"))
        #expect(terminal.screen.onAlternateScreen)
        #expect(!terminal.screen.cursorVisible)
        let during = terminal.settings
        #expect(during.c_lflag & tcflag_t(ICANON | ECHO) == 0, "the browser reads keys raw, unechoed")
        #expect(during.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C still raises SIGINT")

        terminal.send("/")
        #expect(terminal.wait { $0.lines[23].hasPrefix(" /_") })
        terminal.send("cap0")
        #expect(terminal.wait { $0.lines[0].hasSuffix("filter: cap0 (16)") })
        #expect(terminal.screen.lines[1...8].allSatisfy { $0.hasPrefix(" CAP0") })

        terminal.send("\r")
        #expect(terminal.wait { $0.lines[23].contains("lines 1-22 of ") })
        #expect(terminal.screen.lines[1] == " CAP001  sensitive-data-exposed")
        #expect(terminal.screen.lines[2] == " Sensitive data not covered against required capture threats")

        // A resize reaches the browser (SIGWINCH through the controlling terminal), which redraws at the new size.
        terminal.resize(width: 100, height: 30)
        #expect(terminal.wait { $0.lines[29].contains("lines 1-28 of ") }, "no redraw after the resize:\n\(terminal.screen.lines.joined(separator: "\n"))")

        terminal.send("q")
        let status = terminal.waitForExit()
        #expect(status == 0)
        #expect(Self.ending(terminal).hasSuffix(Self.leaveSequence), "the output does not end by leaving the alternate screen and showing the cursor")
        #expect(!terminal.screen.onAlternateScreen && terminal.screen.cursorVisible)
        #expect(TerminalSettings.same(terminal.settings, before), "the terminal settings were not restored")
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try Self.startBrowser(in: folder)
        let before = terminal.openedSettings
        try #require(Self.firstScreenShown(terminal))
        terminal.send("j\u{03}")
        let status = terminal.waitForExit()
        #expect(status == 128 + SIGINT)
        #expect(Self.ending(terminal).hasSuffix(Self.leaveSequence))
        #expect(TerminalSettings.same(terminal.settings, before), "the terminal settings were not restored after Ctrl-C")
    }

    @Test func findingsTabShowsTheProjectAndEscapeQuits() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try Self.startBrowser(in: folder)
        let before = terminal.openedSettings
        try #require(Self.firstScreenShown(terminal))
        terminal.send("\t")
        #expect(terminal.wait { $0.lines[0].contains("[Findings 16]") })
        #expect(terminal.screen.lines[1].hasPrefix(" IOS004 error    flawed.yml:19:12  `scene-capture-state` is the only capture det"))
        #expect(terminal.screen.lines[10] == " flawed.yml:19:12: error IOS004 capture-state-missing")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit() == 0)
        #expect(Self.ending(terminal).hasSuffix(Self.leaveSequence))
        #expect(TerminalSettings.same(terminal.settings, before))
    }

    /// On a terminal, a page taller than the screen goes through `PAGER`.
    @Test func longPageGoesThroughThePagerOnATerminal() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminal = try PseudoTerminal(
            arguments: [Paths.capauditBinary.path, "explain", "CAP001"], directory: folder.path, width: 80, height: 24,
            environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "PAGER": "sed 's/^/paged: /'"])
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.lines[0] == "paged: CAP001  sensitive-data-exposed")
    }
}

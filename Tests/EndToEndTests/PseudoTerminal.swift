import Foundation
import Glibc

/// A child process on a pseudo-terminal, as a person at a terminal would run it: the terminal is
/// its controlling terminal (so Ctrl-C and resizes reach it), its screen is read through a
/// `VirtualScreen`, and every wait is bounded so that a test can never hang.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `POSIX_SPAWN_SETSID` from glibc's spawn.h, which Swift does not import.
    static let spawnSetSID: Int32 = 0x80

    let master: Int32
    let slave: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    private(set) var screen: VirtualScreen
    private var exitStatus: Int32?

    init(arguments: [String], directory: String, width: Int, height: Int, environment: [String: String]) throws {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure(description: "openpty failed: errno \(errno)") }
        var nameBuffer = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &nameBuffer, nameBuffer.count) == 0 else { throw Failure(description: "ttyname_r failed") }
        let slavePath = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        // Opened after setsid, the terminal becomes the new session's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // The shell only changes folder, then becomes the program (same process, same terminal).
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            close(master)
            close(slave)
            throw Failure(description: "posix_spawn failed: \(spawned)")
        }
        self.master = master
        self.slave = slave
        self.pid = pid
        screen = VirtualScreen(width: width, height: height)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        close(slave)
    }

    /// The terminal settings as the child would see them.
    var settings: termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen.resize(width: width, height: height)
    }

    /// Reads what arrives within `milliseconds`; false when nothing did.
    @discardableResult
    func read(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output += buffer.prefix(count)
        screen.feed(Array(buffer.prefix(count)))
        return true
    }

    /// Reads until the screen satisfies `condition`, at most `seconds`.
    func wait(seconds: Double = 15, until condition: (VirtualScreen) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(screen) { return true }
            read(within: 50)
        }
        return condition(screen)
    }

    /// Waits for the child to end, reading its output meanwhile; nil when it had to be killed.
    /// The exit code, or 128 + the signal that ended it.
    func waitForExit(seconds: Double = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            read(within: 20)
            if waitpid(pid, &status, WNOHANG) == pid {
                while read(within: 100) {}
                let signal = status & 0x7F
                let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                exitStatus = code
                return code
            }
        }
        return nil
    }

    /// Whether two terminal settings are the same in every field.
    static func same(_ first: termios, _ second: termios) -> Bool {
        var a = first
        var b = second
        let flagsMatch = a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag && a.c_line == b.c_line
        let charactersMatch = withUnsafeBytes(of: &a.c_cc) { left in withUnsafeBytes(of: &b.c_cc) { right in left.elementsEqual(right) } }
        return flagsMatch && charactersMatch && cfgetispeed(&a) == cfgetispeed(&b) && cfgetospeed(&a) == cfgetospeed(&b)
    }
}

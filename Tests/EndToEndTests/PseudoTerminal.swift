import Foundation
import SystemInterface

/// A child process on a pseudo-terminal, as a person at a terminal would run it: the terminal is
/// its controlling terminal (so Ctrl-C and resizes reach it), its screen is read through a
/// `VirtualScreen`, and every wait is bounded so that a test can never hang.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let master: Int32
    let slave: Int32
    let pid: pid_t
    /// The settings the terminal was opened with, read before the child starts: a test that read
    /// them after the start could see the child's own (raw) settings on a loaded machine.
    let openedSettings: termios
    private(set) var output: [UInt8] = []
    private(set) var screen: VirtualScreen
    private var exitStatus: Int32?

    init(arguments: [String], directory: String, width: Int, height: Int, environment: [String: String]) throws {
        let terminal: PseudoTerminalPair
        switch PseudoTerminalPair.open(width: width, height: height) {
        case .success(let opened): terminal = opened
        case .failure(let failure): throw Failure(description: "openpty failed: \(failure)")
        }
        var opened = termios()
        tcgetattr(terminal.slave, &opened)
        openedSettings = opened
        let actions = SpawnFileActions()
        actions.close(terminal.master)
        actions.close(terminal.slave)
        // Opened after setsid, the terminal becomes the new session's controlling terminal.
        actions.open(terminal.slavePath, as: 0, flags: O_RDWR)
        actions.duplicate(0, as: 1)
        actions.duplicate(0, as: 2)
        let attributes = SpawnAttributes()
        attributes.resetToDefault(.all)
        attributes.setBlocked(SignalSet([]))
        attributes.startNewSession()

        // The shell changes folder, then becomes the program (same process, same terminal). It
        // opens the terminal again first: Darwin makes a terminal the controlling one only when a
        // session leader opens it, and its posix_spawn runs the file actions before setsid.
        let script = "terminal=$1; shift; cd \"$0\" && exec \"$@\" <>\"$terminal\" >&0 2>&0"
        let command = ["/bin/sh", "-c", script, directory, terminal.slavePath] + arguments
        let spawned = Spawn.start(
            "/bin/sh", arguments: command, environment: environment.map { "\($0.key)=\($0.value)" }, fileActions: actions, attributes: attributes)
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure):
            close(terminal.master)
            close(terminal.slave)
            throw Failure(description: "posix_spawn failed: \(failure)")
        }
        master = terminal.master
        slave = terminal.slave
        screen = VirtualScreen(width: width, height: height)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = Spawn.waitForExit(pid)
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
        TerminalWindow.setSize(of: master, width: width, height: height)
        screen.resize(width: width, height: height)
    }

    /// Reads what arrives within `milliseconds`; false when nothing did.
    @discardableResult
    func read(within milliseconds: Int32) -> Bool {
        guard Readiness.readable([master], timeoutMilliseconds: milliseconds)?.isEmpty == false else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            return POSIX.read(master, into: base, count: bytes.count)
        }
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
        while Date() < deadline {
            read(within: 20)
            if let exit = Spawn.exitIfEnded(pid) {
                while read(within: 100) {}
                exitStatus = exit.code
                return exit.code
            }
        }
        return nil
    }
}

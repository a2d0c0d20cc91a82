#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Shows long text through the person's pager: only when standard output is a terminal,
/// `PAGER` is set, and the text is taller than the screen. Piped output is never paged.
enum Pager {
    /// The columns text is laid out for: 78, or fewer on a narrower terminal.
    static var textWidth: Int {
        guard Output.isTerminal(STDOUT_FILENO), let size = TerminalSize.of(STDOUT_FILENO) else { return 78 }
        return max(20, min(78, size.width - 1))
    }

    static func show(_ text: String) {
        guard Output.isTerminal(STDOUT_FILENO), let command = Output.environment("PAGER"), command.contains(where: { $0 != " " }),
            let size = TerminalSize.of(STDOUT_FILENO), text.reduce(0, { $0 + ($1 == "\n" ? 1 : 0) }) >= size.height,
            page(text, command: command)
        else {
            Output.out(text)
            return
        }
    }

    /// Runs `/bin/sh -c PAGER` with the text on its standard input; false when it cannot start.
    /// While the pager runs, capaudit ignores SIGINT, SIGQUIT and SIGPIPE (the pager handles the
    /// keys, and may quit before reading everything); the pager gets their default actions back.
    private static func page(_ text: String, command: String) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let ignored = [SIGINT, SIGQUIT, SIGPIPE]
        var previous: [SignalHandler?] = []
        for number in ignored { previous.append(signal(number, SIG_IGN)) }
        defer {
            for (number, handler) in zip(ignored, previous) { signal(number, handler) }
        }

        let actions = SpawnFileActions()
        actions.duplicate(readEnd, as: STDIN_FILENO)
        let attributes = SpawnAttributes()
        attributes.resetToDefault(SignalSet(ignored))
        let spawned = Spawn.start("/bin/sh", arguments: ["/bin/sh", "-c", command], fileActions: actions, attributes: attributes)
        close(readEnd)
        guard case .success(let pid) = spawned else {
            close(writeEnd)
            return false
        }
        Output.write(text, to: writeEnd)
        close(writeEnd)
        _ = Spawn.waitForExit(pid)
        return true
    }
}

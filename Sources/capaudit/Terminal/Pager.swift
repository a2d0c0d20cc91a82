#if canImport(Glibc)
import Glibc
#endif

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
        var previous: [sighandler_t?] = []
        for number in ignored { previous.append(signal(number, SIG_IGN)) }
        defer {
            for (number, handler) in zip(ignored, previous) { signal(number, handler) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in ignored { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        Output.write(text, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return true
    }
}

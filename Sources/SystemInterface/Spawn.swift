#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a program started with `Spawn.start` does with its descriptors before it runs.
///
/// glibc and musl declare `posix_spawn_file_actions_t` as a struct, which Swift can make empty;
/// Darwin declares it `void *` (Swift sees `posix_spawn_file_actions_t?`, nil until `_init`
/// allocates it), so the storage differs and nothing outside this type names it.
public final class SpawnFileActions {
    #if canImport(Darwin)
    fileprivate var actions: posix_spawn_file_actions_t?
    #else
    fileprivate var actions = posix_spawn_file_actions_t()
    #endif

    public init() {
        posix_spawn_file_actions_init(&actions)
    }

    deinit {
        posix_spawn_file_actions_destroy(&actions)
    }

    /// The child's `target` becomes a copy of `descriptor`.
    public func duplicate(_ descriptor: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    public func close(_ descriptor: Int32) {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    /// The child opens `path` as `descriptor`.
    public func open(_ path: String, as descriptor: Int32, flags: Int32, mode: mode_t = 0) {
        posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, mode)
    }
}

/// Signals, as `sigset_t` holds them (a struct of words on Linux, one 32-bit word on Darwin).
public struct SignalSet {
    fileprivate var signals = sigset_t()

    public init(_ numbers: [Int32]) {
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
    }

    public static var all: SignalSet {
        var set = SignalSet([])
        sigfillset(&set.signals)
        return set
    }
}

/// How a program started with `Spawn.start` begins: its signal dispositions and mask, and
/// whether it leads a new session. Stored like `SpawnFileActions` (a struct on Linux, `void *`
/// on Darwin).
public final class SpawnAttributes {
    #if canImport(Darwin)
    fileprivate var attributes: posix_spawnattr_t?
    #else
    fileprivate var attributes = posix_spawnattr_t()
    #endif
    private var flags: Int32 = 0

    public init() {
        posix_spawnattr_init(&attributes)
    }

    deinit {
        posix_spawnattr_destroy(&attributes)
    }

    /// These signals start with their default action, whatever this process does with them.
    public func resetToDefault(_ signals: SignalSet) {
        var set = signals.signals
        posix_spawnattr_setsigdefault(&attributes, &set)
        add(POSIX_SPAWN_SETSIGDEF)
    }

    /// The child starts with exactly these signals blocked.
    public func setBlocked(_ signals: SignalSet) {
        var set = signals.signals
        posix_spawnattr_setsigmask(&attributes, &set)
        add(POSIX_SPAWN_SETSIGMASK)
    }

    /// The child leads a new session (`setsid`), so that a terminal it opens becomes its
    /// controlling terminal and Ctrl-C and window resizes reach it. On Linux the file actions run
    /// in the new session; Darwin's run before `setsid`, so there the program must open its
    /// terminal again itself.
    public func startNewSession() {
        add(Self.newSessionFlag)
    }

    /// `POSIX_SPAWN_SETSID`: glibc's spawn.h defines it (2.26 and later) behind `__USE_GNU`,
    /// which Swift does not import; Darwin's sys/spawn.h from macOS 10.15 (xnu ignores flags it
    /// does not know, so an older macOS would start no session, but the package requires 13).
    /// The value each C library gives it.
    #if canImport(Darwin)
    static let newSessionFlag: Int32 = 0x0400
    #else
    static let newSessionFlag: Int32 = 0x80
    #endif

    private func add(_ flag: Int32) {
        flags |= flag
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
    }
}

/// How a child process ended, and what it used.
public struct ChildExit: Sendable {
    /// The exit status, or 128 + the signal that ended it (as a shell reports it).
    public var code: Int32
    public var usage: ResourceUsage

    /// The status word of `wait`, decoded as `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG` do; the layout
    /// (signal in the low 7 bits, status in the next 8) is the same on Linux and Darwin, whose
    /// macros Swift does not import.
    init(status: Int32, usage: rusage) {
        let signal = status & 0x7F
        code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        self.usage = ResourceUsage(usage)
    }
}

/// Starting programs with `posix_spawn`, and waiting for them.
public enum Spawn {
    /// Starts `program` with `arguments` (the first is its `argv[0]`).
    /// - Parameters:
    ///   - searchingPath: look a bare name up in PATH (`posix_spawnp`); else `program` is a path.
    ///   - environment: `NAME=value` entries; nil passes this process's environment on.
    /// - Returns: the child's process id, or the failure (the program was not found, or not executable).
    public static func start(
        _ program: String, arguments: [String], environment: [String]? = nil, fileActions: SpawnFileActions = SpawnFileActions(),
        attributes: SpawnAttributes = SpawnAttributes(), searchingPath: Bool = false
    ) -> Result<pid_t, SystemError> {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.map { strdup($0) } + [nil] }
        defer { variables?.forEach { free($0) } }
        var pid: pid_t = 0
        let result = withEnvironment(variables) { envp in
            searchingPath
                ? posix_spawnp(&pid, program, &fileActions.actions, &attributes.attributes, argv, envp)
                : posix_spawn(&pid, program, &fileActions.actions, &attributes.attributes, argv, envp)
        }
        return result == 0 ? .success(pid) : .failure(SystemError(code: result))
    }

    /// `variables`, or this process's own environment (`environ`, which the Swift overlay
    /// declares on Linux and Darwin alike).
    private static func withEnvironment<T>(
        _ variables: [UnsafeMutablePointer<CChar>?]?, _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T
    ) -> T {
        guard let variables else { return body(environ) }
        return variables.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return body(environ) }
            return body(base)
        }
    }

    /// Waits for the child to end (retrying EINTR); nil when it is not this process's child.
    public static func waitForExit(_ pid: pid_t) -> ChildExit? {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            if wait4(pid, &status, 0, &usage) == pid { return ChildExit(status: status, usage: usage) }
            if errno != EINTR { return nil }
        }
    }

    /// The child's exit if it has ended, without waiting; nil while it runs.
    public static func exitIfEnded(_ pid: pid_t) -> ChildExit? {
        var status: Int32 = 0
        var usage = rusage()
        return wait4(pid, &status, WNOHANG, &usage) == pid ? ChildExit(status: status, usage: usage) : nil
    }
}

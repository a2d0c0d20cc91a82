#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with posix_spawn and collects its output, without Foundation: git for
/// `--staged`, and the built binary in tests.
public enum Subprocess {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: [UInt8]
        /// Killed because it ran past the time limit.
        public var timedOut: Bool
    }

    public enum Input: Sendable {
        /// Standard input reads /dev/null.
        case none
        /// A pipe that stays open, never written, until the program ends (it must not wait on it).
        case heldOpen
    }

    /// - Parameters:
    ///   - program: a path, or a name looked up in PATH.
    ///   - environment: the whole environment; nil keeps this process's.
    ///   - timeout: seconds after which the program is killed; nil waits for ever.
    public static func run(
        _ program: String, _ arguments: [String], workingDirectory: String? = nil, environment: [String: String]? = nil,
        input: Input = .none, timeout: Double? = nil
    ) throws(Failure) -> Outcome {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        var stdinPipe: [Int32] = [-1, -1]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw Failure(message: "cannot create a pipe") }
        if case .heldOpen = input, pipe(&stdinPipe) != 0 { throw Failure(message: "cannot create a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in [output[0], errors[0], output[1], errors[1]] { posix_spawn_file_actions_addclose(&actions, descriptor) }
        if case .heldOpen = input {
            posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, stdinPipe[0])
            posix_spawn_file_actions_addclose(&actions, stdinPipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        // posix_spawn has no portable "change folder": a shell does it and then becomes the program.
        let command = workingDirectory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, program] + arguments } ?? [program] + arguments
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { variables?.forEach { free($0) } }
        var pid: pid_t = 0
        let executable = command[0]
        let spawned = variables.map { posix_spawnp(&pid, executable, &actions, nil, argv, $0) } ?? posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        close(output[1])
        close(errors[1])
        if stdinPipe[0] >= 0 { close(stdinPipe[0]) }
        defer { if stdinPipe[1] >= 0 { close(stdinPipe[1]) } }
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw Failure(message: "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        let (out, err, timedOut) = readBoth(output[0], errors[0], pid: pid, timeout: timeout)
        close(output[0])
        close(errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitCode, stdout: out, stderr: err, timedOut: timedOut)
    }

    /// Reads two pipes to their ends with poll, so that neither fills up and blocks the program;
    /// kills it once the time limit passes.
    private static func readBoth(_ first: Int32, _ second: Int32, pid: pid_t, timeout: Double?) -> ([UInt8], [UInt8], Bool) {
        var buffers: [[UInt8]] = [[], []]
        var open = [true, true]
        let descriptors = [first, second]
        var chunk = [UInt8](repeating: 0, count: 65536)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var timedOut = false
        while open.contains(true) {
            var polls = descriptors.enumerated().filter { open[$0.offset] }.map { pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), timeout == nil ? -1 : 100)
            if ready < 0, errno != EINTR { break }
            if let timeout, !timedOut {
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > timeout {
                    kill(pid, SIGKILL)
                    timedOut = true
                }
            }
            for entry in polls where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return (buffers[0], buffers[1], timedOut)
    }
}

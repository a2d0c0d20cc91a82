#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Runs a program with posix_spawn and collects its output, without Foundation: git for
/// `--staged`, and the built binary in tests. Standard input, output and error are served by one
/// poll loop, so that a program that reads a large input while it writes a large output (such as
/// `git cat-file --batch`) never waits on capaudit while capaudit waits on it.
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
        /// The most memory the program held at once, in bytes (see `ProcessMemory.peakBytes`), as
        /// sampled at least every 100 ms while it ran; 0 where the system does not tell.
        public var peakMemoryBytes: Int
    }

    public enum Input: Sendable {
        /// Standard input reads /dev/null.
        case none
        /// A pipe that stays open, never written, until the program ends (it must not wait on it).
        case heldOpen
        /// These bytes, then the end of input.
        case bytes([UInt8])
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
        if case .none = input {} else if pipe(&stdinPipe) != 0 { throw Failure(message: "cannot create a pipe") }
        let actions = SpawnFileActions()
        actions.duplicate(output[1], as: 1)
        actions.duplicate(errors[1], as: 2)
        for descriptor in [output[0], errors[0], output[1], errors[1]] { actions.close(descriptor) }
        if stdinPipe[0] >= 0 {
            actions.duplicate(stdinPipe[0], as: 0)
            actions.close(stdinPipe[0])
            actions.close(stdinPipe[1])
        } else {
            actions.open("/dev/null", as: 0, flags: O_RDONLY)
        }
        // posix_spawn has no portable "change folder": a shell does it and then becomes the program.
        let command = workingDirectory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, program] + arguments } ?? [program] + arguments
        let variables = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let spawned = Spawn.start(command[0], arguments: command, environment: variables, fileActions: actions, searchingPath: true)
        close(output[1])
        close(errors[1])
        if stdinPipe[0] >= 0 { close(stdinPipe[0]) }
        var inputEnd = stdinPipe[1]
        defer { if inputEnd >= 0 { close(inputEnd) } }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure):
            close(output[0])
            close(errors[0])
            throw Failure(message: "cannot run \(program): \(failure)")
        }
        var feed: [UInt8]?
        if case .bytes(let bytes) = input { feed = bytes }
        let (out, err, timedOut, peak) = exchange(feed, into: &inputEnd, output[0], errors[0], pid: pid, timeout: timeout)
        close(output[0])
        close(errors[0])
        guard let exit = Spawn.waitForExit(pid) else { throw Failure(message: "cannot wait for \(program): \(SystemError(code: errno))") }
        return Outcome(status: exit.code, stdout: out, stderr: err, timedOut: timedOut, peakMemoryBytes: peak)
    }

    /// Writes `feed` (if any) to the program's input and reads its two output pipes to their
    /// ends, with poll, so that no pipe fills up and blocks either side; closes the input once
    /// it is written (setting `input` to -1); kills the program once the time limit passes; and
    /// samples its peak memory at least every `sampleMilliseconds`.
    private static func exchange(
        _ feed: [UInt8]?, into input: inout Int32, _ first: Int32, _ second: Int32, pid: pid_t, timeout: Double?
    ) -> (stdout: [UInt8], stderr: [UInt8], timedOut: Bool, peakMemory: Int) {
        var buffers: [[UInt8]] = [[], []]
        var open = [true, true]
        let descriptors = [first, second]
        var chunk = [UInt8](repeating: 0, count: 65536)
        let clock = ContinuousClock()
        let start = clock.now
        var timedOut = false
        var written = 0
        var peak = 0
        var sampled = -Double.infinity
        let pipeGuard = feed.map { _ in BrokenPipeGuard(writingTo: input) }
        defer { pipeGuard?.end() }
        func finishInput() {
            close(input)
            input = -1
        }
        if let feed, input >= 0 {
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            if feed.isEmpty { finishInput() }
        }
        while open.contains(true) {
            var polls = descriptors.enumerated().filter { open[$0.offset] }.map { pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0) }
            let writing = feed != nil && input >= 0
            if writing { polls.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&polls, nfds_t(polls.count), sampleMilliseconds)
            if ready < 0, errno != EINTR { break }
            let elapsedTime = start.duration(to: clock.now).components
            let elapsed = Double(elapsedTime.seconds) + Double(elapsedTime.attoseconds) / 1e18
            if elapsed - sampled >= Double(sampleMilliseconds) / 1000 {
                peak = max(peak, ProcessMemory.peakBytes(of: pid) ?? 0)
                sampled = elapsed
            }
            if let timeout, !timedOut {
                if elapsed > timeout {
                    kill(pid, SIGKILL)
                    timedOut = true
                }
            }
            for entry in polls where entry.revents != 0 {
                if writing, entry.fd == input, let feed {
                    let count = feed.withUnsafeBytes { bytes in
                        write(input, bytes.baseAddress.map { $0 + written }, min(bytes.count - written, chunk.count))
                    }
                    if count > 0 { written += count }
                    // The program stopped reading (EPIPE) or the input is all written.
                    if (count < 0 && errno != EAGAIN && errno != EINTR) || written == feed.count { finishInput() }
                    continue
                }
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return (buffers[0], buffers[1], timedOut, peak)
    }

    /// How often the loop wakes when nothing happens: to sample memory and check the time limit.
    private static let sampleMilliseconds: Int32 = 100
}

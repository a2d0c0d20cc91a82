#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the staged manifests from the git index, so that a partly staged file is judged as it
/// will be committed. Works from any folder of the repository.
public enum GitIndex {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// The staged YAML files (added, copied, modified, renamed; deletions skipped) with their
    /// staged content, named relative to the working folder.
    public static func stagedFiles(workingDirectory: String) throws(Failure) -> [InputFile] {
        let top = try run(["rev-parse", "--show-toplevel"]).trimmed
        guard !top.isEmpty else { throw Failure(message: "not inside a git repository") }
        let listing = try run(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR"])
        var files: [InputFile] = []
        for path in listing.split(separator: "\0").map(String.init) where Discovery.extensions.contains(where: { path.lowercased().hasSuffix($0) }) {
            let content = try runBytes(["show", ":\(path)"], workingDirectory: top)
            files.append(InputFile(path: relative("\(top)/\(path)", from: workingDirectory), named: false, content: content))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The folder git runs hooks from (`core.hooksPath` respected), absolute.
    public static func hooksFolder() throws(Failure) -> String {
        let path = try run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"]).trimmed
        guard !path.isEmpty else { throw Failure(message: "not inside a git repository") }
        return path
    }

    /// `target` as seen from `folder`, with `..` where needed.
    static func relative(_ target: String, from folder: String) -> String {
        let targetParts = target.split(separator: "/")
        let folderParts = folder.split(separator: "/")
        var common = 0
        while common < min(targetParts.count, folderParts.count), targetParts[common] == folderParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: folderParts.count - common)
        return (ups + targetParts[common...].map(String.init)).joined(separator: "/")
    }

    static func run(_ arguments: [String], workingDirectory: String? = nil) throws(Failure) -> String {
        String(decoding: try runBytes(arguments, workingDirectory: workingDirectory), as: UTF8.self)
    }

    /// Runs git with the arguments and returns its standard output; a non-zero exit is a failure
    /// that carries git's own message.
    static func runBytes(_ arguments: [String], workingDirectory: String? = nil) throws(Failure) -> [UInt8] {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw Failure(message: "cannot create a pipe to run git") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let command = (workingDirectory.map { ["-C", $0] } ?? []) + arguments
        let argv = (["git"] + command).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        close(output[1])
        close(errors[1])
        guard status == 0 else {
            close(output[0])
            close(errors[0])
            throw Failure(message: "cannot run git: \(String(cString: strerror(status)))")
        }
        let (out, err) = readBoth(output[0], errors[0])
        close(output[0])
        close(errors[0])
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
        guard exitStatus == 0 else {
            let message = String(decoding: err, as: UTF8.self).trimmed
            throw Failure(message: "git \(arguments.joined(separator: " ")) failed: \(message.isEmpty ? "exit status \(exitStatus)" : message)")
        }
        return out
    }

    /// Reads two pipes to their ends with poll, so that neither fills up and blocks git.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var buffers: [[UInt8]] = [[], []]
        var open = [true, true]
        let descriptors = [first, second]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open.contains(true) {
            var polls = descriptors.enumerated().filter { open[$0.offset] }.map { pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), -1) >= 0 || errno == EINTR else { break }
            for entry in polls where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = chunk.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return (buffers[0], buffers[1])
    }
}

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
        let command = (workingDirectory.map { ["-C", $0] } ?? []) + arguments
        let outcome: Subprocess.Outcome
        do throws(Subprocess.Failure) {
            outcome = try Subprocess.run("git", command)
        } catch {
            throw Failure(message: error.message)
        }
        guard outcome.status == 0 else {
            let message = String(decoding: outcome.stderr, as: UTF8.self).trimmed
            throw Failure(message: "git \(arguments.joined(separator: " ")) failed: \(message.isEmpty ? "exit status \(outcome.status)" : message)")
        }
        return outcome.stdout
    }
}

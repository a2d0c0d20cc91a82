/// Reads the staged manifests from the git index, so that a partly staged file is judged as it
/// will be committed. Works from any folder of the repository.
///
/// Two git processes whatever the number of files: `git diff --cached --raw` lists each staged
/// change with the blob id the index holds for it, and one `git cat-file --batch` reads every
/// blob by that id. Going by blob id, never by `git show :<name>`, no name can be misread (`0:x.yml`
/// is a name, not "stage 0 of x.yml"), and names are bytes from end to end (`-z`): a name with
/// `:`, a newline or bytes that are not UTF-8 is read like any other.
///
/// `diff --cached` rather than `ls-files -s`: a hook checks what the commit changes, not the
/// whole index, and the diff already gives each changed file's staged blob id and mode.
public enum GitIndex {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    static let gitlinkMode = Array("160000".utf8)
    static let symlinkMode = Array("120000".utf8)

    /// The staged YAML files (added, copied, modified; deletions skipped) with their staged
    /// content, named relative to `workingDirectory`, where git runs. Submodules and symlinks are
    /// not files with content to check: each is a note.
    public static func stagedFiles(workingDirectory: String) throws(Failure) -> DiscoveryResult {
        var prefix = try runBytes(["rev-parse", "--show-prefix"], workingDirectory: workingDirectory)
        if prefix.last == UInt8(ascii: "\n") { prefix.removeLast() }
        let listing = try runBytes(
            ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-relative", "--diff-filter=ACMR"], workingDirectory: workingDirectory)
        var staged: [(path: [UInt8], blob: [UInt8])] = []
        var result = DiscoveryResult(files: [])
        for change in changes(in: listing) where Discovery.hasYAMLExtension(change.path) {
            let shown = InputFile.displayPath(relative(change.path, from: prefix))
            if change.mode == gitlinkMode {
                result.notes.append("\(shown): skipped, a submodule (gitlink), not a file")
            } else if change.mode == symlinkMode {
                result.notes.append("\(shown): skipped, a symlink (its target is checked if it is staged)")
            } else {
                staged.append((change.path, change.blob))
            }
        }
        guard !staged.isEmpty else { return result }
        let request = staged.flatMap { $0.blob + [UInt8(ascii: "\n")] }
        let contents = try blobs(in: try runBytes(["cat-file", "--batch"], workingDirectory: workingDirectory, input: request))
        guard contents.count == staged.count else {
            throw Failure(message: "git cat-file --batch answered \(contents.count) of \(staged.count) requests")
        }
        for (file, content) in zip(staged, contents) {
            let path = relative(file.path, from: prefix)
            guard let content else {
                result.notes.append("\(InputFile.displayPath(path)): skipped, git cannot read its staged content")
                continue
            }
            result.files.append(InputFile(fileSystemPath: path, named: false, content: content))
        }
        result.files.sort { $0.path < $1.path }
        return result
    }

    /// One staged change of `git diff --raw -z`: the staged mode, blob id and path.
    struct Change {
        var mode: [UInt8]
        var blob: [UInt8]
        var path: [UInt8]
    }

    /// Parses `:old-mode new-mode old-id new-id status NUL path NUL` records (a copy or rename has two paths, the new one last).
    static func changes(in listing: [UInt8]) -> [Change] {
        var fields = listing.split(separator: 0, omittingEmptySubsequences: false)[...]
        var found: [Change] = []
        while let header = fields.popFirst(), header.first == UInt8(ascii: ":") {
            let parts = header.dropFirst().split(separator: UInt8(ascii: " "))
            guard parts.count == 5, let status = parts[4].first, let path = fields.popFirst() else { break }
            var target = path
            if status == UInt8(ascii: "R") || status == UInt8(ascii: "C") {
                guard let newPath = fields.popFirst() else { break }
                target = newPath
            }
            found.append(Change(mode: Array(parts[1]), blob: Array(parts[3]), path: Array(target)))
        }
        return found
    }

    /// The contents of `git cat-file --batch` answers, in request order: nil for an object git
    /// reports missing.
    static func blobs(in output: [UInt8]) throws(Failure) -> [[UInt8]?] {
        var contents: [[UInt8]?] = []
        var index = 0
        while index < output.count {
            guard let lineEnd = output[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = output[index..<lineEnd].split(separator: UInt8(ascii: " "))
            index = lineEnd + 1
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)), size >= 0 else {
                contents.append(nil)
                continue
            }
            guard index + size <= output.count else {
                throw Failure(message: "git cat-file --batch gave a short answer (\(output.count - index) of \(size) bytes)")
            }
            contents.append(Array(output[index..<index + size]))
            index += size + 1
        }
        return contents
    }

    /// The folder git runs hooks from (`core.hooksPath` respected), absolute.
    public static func hooksFolder() throws(Failure) -> String {
        let path = try run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"]).trimmed
        guard !path.isEmpty else { throw Failure(message: "not inside a git repository") }
        return path
    }

    /// A path relative to the repository's top as seen from the folder `prefix` (relative to the
    /// top too, as `rev-parse --show-prefix` gives it), with `..` where needed.
    static func relative(_ target: [UInt8], from prefix: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let targetParts = target.split(separator: slash)
        let folderParts = prefix.split(separator: slash)
        var common = 0
        while common < min(targetParts.count - 1, folderParts.count), targetParts[common].elementsEqual(folderParts[common]) { common += 1 }
        let ups = Array(repeating: Array("..".utf8)[...], count: folderParts.count - common)
        return Array((ups + targetParts[common...]).joined(separator: [slash]))
    }

    static func run(_ arguments: [String], workingDirectory: String? = nil) throws(Failure) -> String {
        String(decoding: try runBytes(arguments, workingDirectory: workingDirectory), as: UTF8.self)
    }

    /// Runs git with the arguments (and standard input) and returns its standard output; a
    /// non-zero exit is a failure that carries git's own message.
    static func runBytes(_ arguments: [String], workingDirectory: String? = nil, input: [UInt8]? = nil) throws(Failure) -> [UInt8] {
        let command = (workingDirectory.map { ["-C", $0] } ?? []) + arguments
        let outcome: Subprocess.Outcome
        do throws(Subprocess.Failure) {
            outcome = try Subprocess.run("git", command, input: input.map(Subprocess.Input.bytes) ?? .none)
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

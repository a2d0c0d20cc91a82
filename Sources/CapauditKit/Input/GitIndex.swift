/// The git index as `--staged` judges it: the files, the config, the baseline and the app's code
/// as they will be committed. Works from any folder of the repository.
///
/// A fixed number of git processes whatever the number of files: `rev-parse` finds the top,
/// `ls-files -s` lists every entry of the index with its mode, blob id and stage, `diff --cached
/// --raw` lists the paths the commit changes, and `cat-file --batch` reads blobs by id. Going by
/// blob id, never by `git show :<name>`, no name can be misread (`0:x.yml` is a name, not "stage
/// 0 of x.yml"), and names are bytes from end to end (`-z`): a name with `:`, a newline or bytes
/// that are not UTF-8 is read like any other.
///
/// What a changed path holds is read from the index entry, never from the status letter of the
/// diff: whatever git calls the change (added, copied, modified, renamed, type changed, broken,
/// unknown), a regular file in the index is checked, a symlink or a submodule is a note, a path
/// with no entry is removed by the commit, and a path with a merge conflict stops the run.
public struct GitIndex: Sendable {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// What a stage-0 entry is, by its mode.
    enum Kind: Equatable, Sendable {
        case file, symlink, gitlink
        case other(String)

        init(mode: [UInt8]) {
            switch String(decoding: mode, as: UTF8.self) {
            case "100644", "100755": self = .file
            case "120000": self = .symlink
            case "160000": self = .gitlink
            case let mode: self = .other(mode)
            }
        }
    }

    struct Entry: Sendable {
        var kind: Kind
        var blob: [UInt8]
    }

    /// The working folder, where git runs.
    let workingDirectory: String
    /// The working folder relative to the top of the repository (`rev-parse --show-prefix`).
    let prefix: [UInt8]
    /// The top of the repository, absolute.
    public let topLevel: String
    /// The stage-0 entries by path (relative to the top).
    let entries: [[UInt8]: Entry]
    /// Paths with a merge conflict in the index (entries at stages 1 to 3 only).
    let unmerged: Set<[UInt8]>
    /// The paths the commit adds, changes or removes, relative to the top, in git's order.
    let changedPaths: [[UInt8]]

    init(workingDirectory: String, prefix: [UInt8], topLevel: String, entries: [[UInt8]: Entry], unmerged: Set<[UInt8]>, changedPaths: [[UInt8]]) {
        self.workingDirectory = workingDirectory
        self.prefix = prefix
        self.topLevel = topLevel
        self.entries = entries
        self.unmerged = unmerged
        self.changedPaths = changedPaths
    }

    public static func read(workingDirectory: String) throws(Failure) -> GitIndex {
        let location = try runBytes(["rev-parse", "--show-cdup", "--show-prefix"], workingDirectory: workingDirectory)
        // `--show-cdup` is `../` repeated, one line; the rest, but its line end, is the prefix (which may hold a newline).
        guard let firstLineEnd = location.firstIndex(of: UInt8(ascii: "\n")) else {
            throw Failure(message: "git rev-parse gave no repository location; is this a git work tree?")
        }
        let cdup = String(decoding: location[..<firstLineEnd], as: UTF8.self)
        var prefix = Array(location[(firstLineEnd + 1)...])
        if prefix.last == UInt8(ascii: "\n") { prefix.removeLast() }
        let topLevel = Session.absolute(cdup, cwd: workingDirectory)
        let listing = try runBytes(["ls-files", "--stage", "-z"], workingDirectory: topLevel)
        let (entries, unmerged) = try indexEntries(in: listing)
        let diff = try runBytes(
            ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--no-relative", "--ignore-submodules=none"],
            workingDirectory: workingDirectory)
        return GitIndex(
            workingDirectory: workingDirectory, prefix: prefix, topLevel: topLevel, entries: entries, unmerged: unmerged,
            changedPaths: changes(in: diff).map(\.path))
    }

    /// The staged YAML files with their staged content, named relative to the working folder: the
    /// changed ones, or with `everyFile` every one in the index. Symlinks and submodules are not
    /// files with content to check: each is a note.
    func yamlFiles(everyFile: Bool) throws(Failure) -> DiscoveryResult {
        let candidates = everyFile ? entries.keys.sorted { $0.lexicographicallyPrecedes($1) } + unmerged.sorted { $0.lexicographicallyPrecedes($1) } : changedPaths
        var staged: [(path: [UInt8], blob: [UInt8])] = []
        var result = DiscoveryResult(files: [])
        for path in candidates where Discovery.hasYAMLExtension(path) {
            let shown = displayPath(path)
            try refuseConflict(path)
            guard let entry = entries[path] else { continue }  // the commit removes it
            switch entry.kind {
            case .file: staged.append((path, entry.blob))
            case .gitlink: result.notes.append("\(shown): skipped, a submodule (gitlink), not a file")
            case .symlink: result.notes.append("\(shown): skipped, a symlink in the index (its target is checked if it is staged)")
            case .other(let mode): throw Failure(message: "\(shown): the index holds it with mode \(mode), which capaudit does not know; check the repository with `git fsck`")
            }
        }
        for (file, content) in zip(staged, try contents(of: staged.map(\.blob))) {
            guard let content else {
                result.notes.append("\(displayPath(file.path)): skipped, git cannot read its staged content")
                continue
            }
            result.files.append(InputFile(fileSystemPath: relativeToWorkingDirectory(file.path), named: false, content: content))
        }
        result.files.sort { $0.path < $1.path }
        return result
    }

    /// Whether the commit changes (adds, modifies or removes) one of the paths (relative to the
    /// top, `""` for the whole repository) or a path under one of them.
    func changes(under paths: [[UInt8]]) -> Bool {
        changedPaths.contains { changed in paths.contains { changed == $0 || Self.isInside(changed, $0) } }
    }

    /// The regular files under `folder` (relative to the top) that `accepts` (given the path
    /// relative to the folder), with their staged content. A conflict under the folder stops the run.
    func files(under folder: [UInt8], accepts: ([UInt8]) -> Bool) throws(Failure) -> [(path: [UInt8], content: [UInt8]?)] {
        let chosen = try entries(under: folder).filter { $0.entry.kind == .file && accepts($0.path) }
        return zip(chosen, try contents(of: chosen.map(\.entry.blob))).map { ($0.0.path, $0.1) }
    }

    /// Whether the index holds an entry under `folder` (relative to the top).
    func holdsFolder(_ folder: [UInt8]) -> Bool {
        entries.keys.contains { Self.isInside($0, folder) } || unmerged.contains { Self.isInside($0, folder) }
    }

    /// Every stage-0 entry under `folder` (relative to the top), named relative to the folder, in
    /// path order. A conflict under the folder stops the run.
    func entries(under folder: [UInt8]) throws(Failure) -> [(path: [UInt8], entry: Entry)] {
        let start = folder.isEmpty ? 0 : folder.count + 1
        if let conflict = unmerged.first(where: { Self.isInside($0, folder) }) { try refuseConflict(conflict) }
        return entries.filter { Self.isInside($0.key, folder) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { (Array($0.key[start...]), $0.value) }
    }

    /// The files of the work tree under `folder` (relative to the top) that the index does not
    /// hold and git does not ignore, named relative to the folder: one `ls-files --others`.
    func untrackedFiles(under folder: [UInt8]) throws(Failure) -> [[UInt8]] {
        let start = folder.isEmpty ? 0 : folder.count + 1
        let pathspec = folder.isEmpty ? "." : String(decoding: folder, as: UTF8.self)
        let listing = try Self.runBytes(["--literal-pathspecs", "ls-files", "--others", "--exclude-standard", "-z", "--", pathspec], workingDirectory: topLevel)
        return listing.split(separator: 0).filter { Self.isInside(Array($0), folder) }.map { Array($0.dropFirst(start)) }
    }

    /// The sizes of the blobs in request order, read by one `git cat-file --batch-check` without
    /// reading their content: nil for an object git reports missing.
    func sizes(of blobs: [[UInt8]]) throws(Failure) -> [Int?] {
        guard !blobs.isEmpty else { return [] }
        let request = blobs.flatMap { $0 + [UInt8(ascii: "\n")] }
        let answers = try Self.runBytes(["cat-file", "--batch-check"], workingDirectory: workingDirectory, input: request).split(separator: UInt8(ascii: "\n"))
        guard answers.count == blobs.count else {
            throw Failure(message: "git cat-file --batch-check answered \(answers.count) of \(blobs.count) requests")
        }
        return answers.map { answer in
            let fields = answer.split(separator: UInt8(ascii: " "))
            return fields.count == 3 ? Int(String(decoding: fields[2], as: UTF8.self)) : nil
        }
    }

    /// The content of a regular file in the index at `path` (relative to the top); nil when the
    /// index has no entry there. A link, submodule or conflict there is a failure that says so.
    func fileContent(_ path: [UInt8], what: String) throws(Failure) -> [UInt8]? {
        try refuseConflict(path)
        guard let entry = entries[path] else { return nil }
        guard entry.kind == .file else {
            throw Failure(message: "\(what) `\(displayPath(path))` is \(entry.kind == .symlink ? "a symlink" : "not a regular file") in the git index, and --staged reads it from there; make it a regular file")
        }
        guard let content = try contents(of: [entry.blob]).first, let content else {
            throw Failure(message: "git cannot read the staged content of \(what) `\(displayPath(path))`")
        }
        return content
    }

    /// A path given relative to the working folder (or absolute), relative to the top; nil
    /// when it is outside the repository.
    func topRelative(_ path: String) -> [UInt8]? {
        let absolute = Session.absolute(path, cwd: workingDirectory)
        guard absolute != topLevel else { return [] }
        let top = topLevel.hasSuffix("/") ? topLevel : topLevel + "/"
        guard absolute.hasPrefix(top) else { return nil }
        return Array(absolute.dropFirst(top.count).utf8)
    }

    /// A path relative to the top, relative to the working folder instead.
    func relativeToWorkingDirectory(_ path: [UInt8]) -> [UInt8] {
        Self.relative(path, from: prefix)
    }

    func displayPath(_ path: [UInt8]) -> String {
        ControlEscaping.escape(InputFile.displayPath(relativeToWorkingDirectory(path)))
    }

    private func refuseConflict(_ path: [UInt8]) throws(Failure) {
        guard unmerged.contains(path) else { return }
        throw Failure(
            message: "\(displayPath(path)) has a merge conflict in the index, so there is no one staged content to check; resolve it and `git add` the file, then commit")
    }

    static func isInside(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        folder.isEmpty || (path.count > folder.count && path.starts(with: folder) && path[folder.count] == UInt8(ascii: "/"))
    }

    /// Parses `ls-files --stage -z`: `mode SP blob SP stage TAB path NUL`.
    static func indexEntries(in listing: [UInt8]) throws(Failure) -> (entries: [[UInt8]: Entry], unmerged: Set<[UInt8]>) {
        var entries: [[UInt8]: Entry] = [:]
        var unmerged: Set<[UInt8]> = []
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else {
                throw Failure(message: "git ls-files gave a line capaudit cannot read: \(ControlEscaping.escape(String(decoding: record, as: UTF8.self)))")
            }
            let header = record[..<tab].split(separator: UInt8(ascii: " "))
            let path = Array(record[(tab + 1)...])
            guard header.count == 3 else { throw Failure(message: "git ls-files gave an entry capaudit cannot read for \(InputFile.displayPath(path))") }
            if header[2].elementsEqual("0".utf8) {
                entries[path] = Entry(kind: Kind(mode: Array(header[0])), blob: Array(header[1]))
            } else {
                unmerged.insert(path)
            }
        }
        return (entries, unmerged)
    }

    /// One change of `git diff --raw -z`: its status letter, the staged mode and blob id, and the
    /// path (the new one of a copy or rename).
    struct Change {
        var status: UInt8
        var mode: [UInt8]
        var blob: [UInt8]
        var path: [UInt8]
    }

    /// Parses `:old-mode new-mode old-id new-id status NUL path NUL` records (a copy or rename has
    /// two paths, the new one last).
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
            found.append(Change(status: status, mode: Array(parts[1]), blob: Array(parts[3]), path: Array(target)))
        }
        return found
    }

    /// The blobs' contents in request order, read by one `git cat-file --batch`: nil for an object git reports missing.
    func contents(of blobs: [[UInt8]]) throws(Failure) -> [[UInt8]?] {
        guard !blobs.isEmpty else { return [] }
        let request = blobs.flatMap { $0 + [UInt8(ascii: "\n")] }
        let contents = try Self.blobs(in: try Self.runBytes(["cat-file", "--batch"], workingDirectory: workingDirectory, input: request))
        guard contents.count == blobs.count else {
            throw Failure(message: "git cat-file --batch answered \(contents.count) of \(blobs.count) requests")
        }
        return contents
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
            guard size <= output.count - index else {
                throw Failure(message: "git cat-file --batch gave a short answer (\(output.count - index) of \(size) bytes)")
            }
            contents.append(Array(output[index..<index + size]))
            index += size + 1
        }
        return contents
    }

    /// The folder git runs hooks from (`core.hooksPath` respected), absolute.
    public static func hooksFolder() throws(Failure) -> String {
        let path = String(decoding: try runBytes(["rev-parse", "--path-format=absolute", "--git-path", "hooks"]), as: UTF8.self).trimmed
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

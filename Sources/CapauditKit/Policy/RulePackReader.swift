import SystemInterface

/// Reads a rule pack folder (laid out like `Rules/`) into policy sources, from the work tree or,
/// under `--staged`, from the git index (the pack the commit carries).
///
/// A pack named in a config may not reach outside the repository: no absolute path, no `..`,
/// and no file whose real path (after symlinks) leaves the repository. In the index a link has
/// no file to read: a link in a pack read from there stops the run. A pack given with `--rules`
/// on the command line may live anywhere.
public enum RulePackReader {
    public static let maxFiles = 2_000
    public static let maxFileBytes = 4 * 1024 * 1024

    /// Where a pack's files are read from.
    public enum Files: Sendable {
        case workTree
        case index(GitIndex)
    }

    /// A pack as read: its files, and notes on the files of the work tree it leaves out.
    public struct Pack: Sendable {
        public var sources: [PolicySource] = []
        public var notes: [String] = []
    }

    /// - Parameters:
    ///   - path: the pack folder, as the config or command line gives it.
    ///   - base: the folder relative paths start from (the config's folder).
    ///   - confinedTo: the repository root a config's pack must stay in; nil for the command line.
    ///   - files: the work tree, or the git index under `--staged`.
    public static func read(_ path: String, base: String, confinedTo root: String?, displayBase: String, from files: Files = .workTree) throws(PolicyError) -> Pack {
        let reading = Reading(path: path, displayBase: displayBase)
        if root != nil {
            if path.hasPrefix("/") { throw reading.fail("a config may name only packs inside the repository (no absolute path); pass it with --rules instead") }
            if path.split(separator: "/").contains("..") { throw reading.fail("`..` may not leave the config's folder") }
        }
        let folder = path.hasPrefix("/") ? path : "\(base)/\(path)"
        switch files {
        case .workTree: return Pack(sources: try reading.workTree(folder, confinedTo: root))
        case .index(let index): return try reading.index(index, folder: folder)
        }
    }

    static func isPackFile(_ name: String) -> Bool {
        name.hasSuffix(".yml") || name.hasSuffix(".yaml")
    }

    /// A name under a hidden folder, or hidden itself: a read of the work tree skips it.
    static func isHidden(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// One pack being read: what errors name and how files become policy sources.
    private struct Reading {
        let path: String
        let displayBase: String

        /// An error about a file of the pack or a rule it breaks: "rule pack `p`: message".
        func fail(_ message: String) -> PolicyError {
            failPack(": \(message)")
        }

        /// An error about the pack as a whole: "rule pack `p` is ...".
        func failPack(_ predicate: String) -> PolicyError {
            PolicyError(problems: [.init(file: displayBase, position: nil, message: "rule pack `\(path)`\(predicate)")])
        }

        /// Runs git through the index; its failure is an error of the pack.
        func git<T>(_ body: () throws(GitIndex.Failure) -> T) throws(PolicyError) -> T {
            do throws(GitIndex.Failure) {
                return try body()
            } catch {
                throw fail("--staged: \(error.message)")
            }
        }

        func display(_ relative: String) -> String {
            "\(displayBase == "" ? "" : displayBase + "/")\(relative)"
        }

        /// A file of the pack, `relative` to its folder; `.yaml` is read as `.yml`.
        func source(_ relative: String, bytes: [UInt8]) -> PolicySource {
            let normalized = relative.hasSuffix(".yaml") ? String(relative.dropLast(5)) + ".yml" : relative
            return PolicySource(relativePath: normalized, displayPath: display(relative), bytes: bytes)
        }

        func workTree(_ folder: String, confinedTo root: String?) throws(PolicyError) -> [PolicySource] {
            guard FileReader.kind(of: folder) == .directory else { throw failPack(" is not a folder (looked at \(folder))") }
            let realRoot = root.flatMap(FileReader.realPath)
            var sources: [PolicySource] = []
            var stack = [""]
            var seen = Set<String>()
            while let relativeFolder = stack.popLast() {
                let current = relativeFolder.isEmpty ? folder : "\(folder)/\(relativeFolder)"
                guard let real = FileReader.realPath(current), seen.insert(real).inserted else { continue }
                guard let entries = FileSystem.entries(of: current) else { throw fail("cannot read \(current)") }
                let names = entries.map { String(decoding: $0.name, as: UTF8.self) }.filter { !$0.hasPrefix(".") }
                for name in names.sorted() {
                    let relative = relativeFolder.isEmpty ? name : "\(relativeFolder)/\(name)"
                    let full = "\(folder)/\(relative)"
                    if let realRoot, let resolved = FileReader.realPath(full), !(resolved == realRoot || resolved.hasPrefix(realRoot + "/")) {
                        throw fail("`\(relative)` leads outside the repository")
                    }
                    switch FileReader.kind(of: full) {
                    case .directory: stack.append(relative)
                    case .regular where isPackFile(name):
                        guard sources.count < maxFiles else { throw failPack(" has more than \(maxFiles) files") }
                        switch FileReader.read(full, limit: maxFileBytes) {
                        case .success(let bytes): sources.append(source(relative, bytes: bytes))
                        case .failure(let failure): throw fail("\(relative): \(failure)")
                        }
                    default: continue
                    }
                }
            }
            return sources
        }

        /// The pack as the index holds it: the same files a read of the work tree takes (no
        /// hidden names, `.yml` and `.yaml` only, the same limits), sizes checked before any
        /// content is read. Files of the work tree the index does not hold are notes.
        func index(_ index: GitIndex, folder: String) throws(PolicyError) -> Pack {
            guard let top = index.topRelative(folder) else {
                throw failPack(" is outside the repository, and --staged reads rule packs from the git index; keep the pack in the repository")
            }
            if let entry = index.entries[top] {
                let what = entry.kind == .symlink ? "a symlink" : entry.kind == .gitlink ? "a submodule" : "a file"
                throw failPack(" is \(what), not a folder, in the git index, and --staged reads rule packs from there; make it a folder of the repository")
            }
            let entries = try git { () throws(GitIndex.Failure) in try index.entries(under: top) }
            guard !entries.isEmpty else {
                throw failPack(" is not in the git index, and --staged judges the commit by the rule packs it carries; `git add \(index.displayPath(top))`, or remove it from `rule-packs`")
            }
            var chosen: [(relative: String, blob: [UInt8])] = []
            for (name, entry) in entries {
                let relative = String(decoding: name, as: UTF8.self)
                guard !isHidden(relative) else { continue }
                switch entry.kind {
                case .file:
                    guard isPackFile(relative) else { continue }
                    guard chosen.count < maxFiles else { throw failPack(" has more than \(maxFiles) files") }
                    chosen.append((relative, entry.blob))
                case .symlink:
                    throw fail("`\(relative)` is a symlink in the git index, and --staged reads rule packs from there, where a link has no file to read; make it a regular file")
                case .gitlink:
                    throw fail("`\(relative)` is a submodule in the git index, and --staged reads rule packs from there, where a submodule has no files; copy its files into the pack")
                case .other(let mode):
                    throw fail("`\(relative)` has mode \(mode) in the git index, which capaudit does not know; check the repository with `git fsck`")
                }
            }
            for (file, size) in zip(chosen, try git { () throws(GitIndex.Failure) in try index.sizes(of: chosen.map(\.blob)) }) {
                guard let size else { throw fail("\(file.relative): git cannot read its staged content") }
                if size > maxFileBytes { throw fail("\(file.relative): \(ReadFailure.tooLarge(bytes: size, limit: maxFileBytes, option: nil))") }
            }
            var pack = Pack()
            for (file, content) in zip(chosen, try git { () throws(GitIndex.Failure) in try index.contents(of: chosen.map(\.blob)) }) {
                guard let content else { throw fail("\(file.relative): git cannot read its staged content") }
                pack.sources.append(source(file.relative, bytes: content))
            }
            let untracked = try git { () throws(GitIndex.Failure) in try index.untrackedFiles(under: top) }
            for name in untracked {
                let relative = String(decoding: name, as: UTF8.self)
                guard isPackFile(relative), !isHidden(relative) else { continue }
                pack.notes.append(
                    "\(ControlEscaping.escape(display(relative))) is not in the git index (untracked, or its removal is staged), so --staged leaves it out of the rule pack `\(ControlEscaping.escape(path))`")
            }
            return pack
        }
    }
}

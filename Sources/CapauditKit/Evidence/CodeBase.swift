import SourceScan
import YAML

/// The app's code as evidence reads it: one source index per platform whose source roots the
/// run was given, built once per run before any manifest is checked (docs/evidence.md).
public struct CodeBase: Sendable {
    public let platforms: [Platform: PlatformCode]
    /// What the scans left out by design (a link out of the folder, a loop) or could not walk (a
    /// folder), one line each, naming files relative to the working folder.
    public let notes: [RunStart.Note]
    /// The source files the scans meant to read and could not, by path.
    public let unread: [UnreadSource]

    init(platforms: [Platform: PlatformCode], notes: [RunStart.Note], unread: [UnreadSource] = []) {
        self.platforms = platforms
        self.notes = notes
        self.unread = unread.sorted { $0.file < $1.file }
    }

    /// The roots of each platform, in the platforms' order, each platform once.
    private static func byPlatform(_ folders: [SourceFolder]) -> [(platform: Platform, roots: [SourceFolder])] {
        Platform.allCases.compactMap { platform in
            let roots = folders.filter { $0.platform == platform }
            return roots.isEmpty ? nil : (platform, roots)
        }
    }

    /// Whether the path `relative` of a root is left out: by the config's `exclude` (globs
    /// relative to the working folder) or the root's own (relative to the root).
    private static func isExcluded(_ relative: String, in root: SourceFolder, _ exclude: [Glob]) -> Bool {
        exclude.contains { $0.matches(root.displayPath(relative)) } || root.exclude.contains { $0.matches(relative) }
    }

    /// Scans each platform's roots into one index on `workers` threads with the taxonomy's
    /// patterns, leaving out what the config's `exclude` and each root's `exclude` match. The
    /// index names each file by its path from the working folder.
    public static func scan(_ folders: [SourceFolder], taxonomy: Taxonomy, exclude: [Glob] = [], workers: Int) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        var notes: [RunStart.Note] = []
        var unread: [UnreadSource] = []
        for (platform, roots) in byPlatform(folders) {
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: platform)
            let scanRoots = roots.map { root in
                ScanRoot(
                    folder: root.absolutePath, prefix: root.path == "." ? "" : root.path,
                    exclude: { relative in isExcluded(relative, in: root, exclude) }, includesTests: root.includesTests)
            }
            let index = SourceIndex.scan(roots: scanRoots, platform: platform.sourcePlatform, patterns: patterns.set, workers: workers)
            for note in index.notes {
                // A root that could not be read at all is named as given.
                let file = roots.first { $0.absolutePath == note.path }?.path ?? note.path
                if let source = UnreadSource(note, file: file, platform: platform) {
                    unread.append(source)
                } else {
                    notes.append(RunStart.Note(note.description(naming: file), file: file))
                }
            }
            let code = PlatformCode(platform: platform, roots: roots, index: index, patterns: patterns)
            notes += deploymentTargetNotes(code)
            platforms[platform] = code
        }
        return CodeBase(platforms: platforms, notes: notes, unread: unread)
    }

    /// The code as the git index holds it (`--staged`): in each root, the regular files a scan
    /// of the root would read (the same skipped folders, test code, `exclude` and size limit),
    /// with their staged content.
    static func staged(_ folders: [SourceFolder], index: GitIndex, taxonomy: Taxonomy, exclude: [Glob] = []) throws(GitIndex.Failure) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        var unread: [UnreadSource] = []
        var notes: [RunStart.Note] = []
        for (platform, roots) in byPlatform(folders) {
            let sourcePlatform = platform.sourcePlatform
            var contents: [(path: String, bytes: [UInt8])] = []
            var seen: Set<String> = []
            for root in roots {
                guard let top = index.topRelative(root.absolutePath) else {
                    throw GitIndex.Failure(
                        message: "the \(platform.displayName) source folder `\(ControlEscaping.escape(root.path))` is outside the repository, and --staged reads the code from the git index; check it without --staged")
                }
                let files = try index.files(under: top) { relative in
                    let parts = String(decoding: relative, as: UTF8.self).split(separator: "/").map(String.init)
                    let path = parts.joined(separator: "/")
                    let isLeftOut = parts.indices.contains { depth in
                        ScanLimits.skippedFolders.contains(parts[depth]) || isExcluded(parts[...depth].joined(separator: "/"), in: root, exclude)
                    }
                    return !isLeftOut && (root.includesTests || !ScanRoot.isTestCode(path, platform: sourcePlatform))
                        && SourceFileKind.of(path, platform: sourcePlatform) != nil
                }
                for file in files {
                    let path = root.displayPath(InputFile.displayPath(file.path))
                    guard seen.insert(path).inserted else { continue }
                    guard let content = file.content else {
                        unread.append(UnreadSource(file: path, platform: platform, reason: .unreadable("git cannot read its staged content")))
                        continue
                    }
                    contents.append((path, content))
                }
            }
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: platform)
            let keepsTests = ScanRoot.holder(of: roots.filter(\.includesTests).map(\.path))
            let sourceIndex = SourceIndex.scan(contents: contents, platform: sourcePlatform, patterns: patterns.set, keepsTests: keepsTests)
            // Content in memory is only ever left out unread (not UTF-8, too large).
            unread += sourceIndex.notes.compactMap { UnreadSource($0, file: $0.path, platform: platform) }
            let code = PlatformCode(platform: platform, roots: roots, index: sourceIndex, patterns: patterns)
            notes += deploymentTargetNotes(code)
            platforms[platform] = code
        }
        return CodeBase(platforms: platforms, notes: notes, unread: unread)
    }

    /// Why `deployment-target` is not compared, when the Xcode projects cannot say which value
    /// is the app's: one note per application target whose value differs, or one for a
    /// `source.target` that names none of them. The index names files from the working folder.
    static func deploymentTargetNotes(_ code: PlatformCode) -> [RunStart.Note] {
        switch code.index.buildFacts.appDeploymentTarget(named: code.target) {
        case .differing(let targets):
            return targets.map { target in
                let file = target.location.file
                let value = target.deploymentTarget.map { "deployment target \($0.valueText)" } ?? "a deployment target that cannot be read"
                return RunStart.Note(
                    "\(ControlEscaping.escape(file)):\(target.location.line):\(target.location.column): application target `\(ControlEscaping.escape(target.name))` has \(value); "
                        + "the application targets differ, so `deployment-target` is not compared: name the app's with `target:` under `source:` in .capaudit.yml",
                    file: file)
            }
        case .notFound(let name?, let among):
            let names = among.isEmpty ? "there is none" : "there are " + among.map { "`\(ControlEscaping.escape($0.name))`" }.joined(separator: ", ")
            return [RunStart.Note(
                "`source.target` names `\(ControlEscaping.escape(name))`, but no application target of the Xcode projects in \(ControlEscaping.escape(code.rootNames)) has that name "
                    + "(\(names)), so `deployment-target` is not compared: correct the name")]
        case .found, .unknown, .notFound(nil, _):
            return []
        }
    }

    /// A code base from file contents given in memory, each path relative to its platform's
    /// folder `folder` (rule examples, tests).
    public static func contents(_ files: [SourceText], folder: String = ".", taxonomy: Taxonomy) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        for platform in Platform.allCases {
            let contents = files.filter { $0.platform == platform }
            guard !contents.isEmpty else { continue }
            let root = SourceFolder(platform: platform, path: folder, absolutePath: folder)
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: platform)
            let index = SourceIndex.scan(
                contents: contents.map { (root.displayPath($0.path), Array($0.text.utf8)) }, platform: platform.sourcePlatform, patterns: patterns.set)
            platforms[platform] = PlatformCode(platform: platform, roots: [root], index: index, patterns: patterns)
        }
        return CodeBase(platforms: platforms, notes: [])
    }
}

/// One platform's source: its roots, their index, and which patterns stand for which mechanism.
public struct PlatformCode: Sendable {
    /// What the index's paths start from: the working folder, so that a path of the index is
    /// the file as findings name it (`folder.displayPath` leaves it as it is).
    public let folder: SourceFolder
    /// The roots read, relative to the working folder; a `code` path is relative to the root
    /// that holds it.
    public let roots: [SourceFolder]
    public let index: SourceIndex
    let patterns: EvidencePatterns
    /// The packages some `pubspec.yaml` or `package.json` of the source depends on.
    let dependencies: Set<String>
    /// Positions in the index's occurrences, grouped by pattern, for searches of the whole source.
    private let occurrencesByPattern: [PatternID: [Int]]

    init(platform: Platform, roots: [SourceFolder], index: SourceIndex, patterns: EvidencePatterns) {
        folder = SourceFolder(platform: platform, path: ".", absolutePath: ".")
        self.roots = roots
        self.index = index
        self.patterns = patterns
        dependencies = Set(index.buildFacts.packageManifests.flatMap(\.dependencies))
        var byPattern: [PatternID: [Int]] = [:]
        for (position, occurrence) in index.occurrences.enumerated() { byPattern[occurrence.pattern, default: []].append(position) }
        occurrencesByPattern = byPattern
    }

    /// The application target whose deployment target counts: the first a root names.
    var target: String? { roots.lazy.compactMap(\.target).first }

    /// The roots as messages name them: "android/app and android/feature-cards".
    var rootNames: String { Phrases.list(roots.map(\.path)) }

    /// An index path as a `code` entry names it: relative to the innermost root that holds it.
    func rootPath(of file: String) -> String {
        let holders = roots.filter { $0.path == "." || $0.path.isEmpty || file.hasPrefix("\($0.path)/") }
        guard let root = holders.max(by: { $0.path.count < $1.path.count }), root.path != ".", !root.path.isEmpty else { return file }
        return String(file.dropFirst(root.path.count + 1))
    }

    /// The index's paths of the file that a `code` path names, relative to its root: one per
    /// root that holds such a file.
    func files(atRootPath path: String) -> [String] {
        var seen: Set<String> = []
        return roots.map { $0.displayPath(path) }.filter { index.file(atPath: $0) != nil && seen.insert($0).inserted }
    }

    /// Occurrences of the given patterns anywhere in the source, in file order (the index's).
    func occurrences(of ids: Set<PatternID>) -> [PatternOccurrence] {
        ids.flatMap { occurrencesByPattern[$0] ?? [] }.sorted().map { index.occurrences[$0] }
    }

    /// A location in this source as findings name it: the file relative to the working folder.
    func related(_ location: SourceLocation, _ message: String) -> RelatedLocation {
        RelatedLocation(file: folder.displayPath(location.file), position: SourcePosition(line: location.line, column: location.column), message: message)
    }

    func related(_ declaration: TypeDeclaration, _ message: String) -> RelatedLocation {
        RelatedLocation(file: folder.displayPath(declaration.file), position: SourcePosition(line: declaration.line, column: declaration.column), message: message)
    }
}

/// The taxonomy's evidence patterns for one platform, compiled into one set, with the ids that
/// show each mechanism applied (`sets`) or undone (`clears`).
struct EvidencePatterns: Sendable {
    let set: PatternSet
    private let sets: [String: Set<PatternID>]
    private let clears: [String: Set<PatternID>]

    init(taxonomy: Taxonomy, platform: Platform) {
        var definitions: [PatternDefinition] = []
        var owners: [(mechanism: String, clears: Bool)] = []
        func add(_ pattern: EvidencePattern, _ mechanism: String, clears: Bool) {
            let definition = PatternDefinition(language: pattern.language, text: pattern.text, tag: mechanism, scope: pattern.scope, package: pattern.package)
            // The policy loader compiled every pattern already; one that fails here is left out, never the whole set.
            guard (try? PatternSet([definition])) != nil else { return }
            definitions.append(definition)
            owners.append((mechanism, clears))
        }
        for mechanism in taxonomy.mechanisms where mechanism.platform == platform && mechanism.evidence.declaredOnly == nil {
            for pattern in mechanism.evidence.sets where pattern.language.serves(platform) { add(pattern, mechanism.id, clears: false) }
            for pattern in mechanism.evidence.clears where pattern.language.serves(platform) { add(pattern, mechanism.id, clears: true) }
        }
        set = (try? PatternSet(definitions)) ?? PatternSet()
        var sets: [String: Set<PatternID>] = [:]
        var clears: [String: Set<PatternID>] = [:]
        for (id, owner) in zip(set.ids, owners) {
            if owner.clears { clears[owner.mechanism, default: []].insert(id) } else { sets[owner.mechanism, default: []].insert(id) }
        }
        self.sets = sets
        self.clears = clears
    }

    func sets(_ mechanism: String) -> Set<PatternID> { sets[mechanism] ?? [] }
    func clears(_ mechanism: String) -> Set<PatternID> { clears[mechanism] ?? [] }

    /// The mechanisms some of whose `sets` patterns are among `ids`, in the taxonomy's order.
    func mechanisms(setBy ids: Set<PatternID>) -> [String] {
        sets.filter { !$0.value.isDisjoint(with: ids) }.map(\.key).sorted()
    }

    /// The pattern as the policy wrote it.
    func text(_ id: PatternID) -> String { set[id].text }

    /// The pattern's scope, if it counts only in handlers' bodies.
    func scope(_ id: PatternID) -> PatternScope? { set[id].scope }

    /// The package whose API the pattern names, if any.
    func package(_ id: PatternID) -> String? { set[id].package }
}

extension Platform {
    var sourcePlatform: SourcePlatform { self == .ios ? .ios : .android }
}

import SourceScan
import YAML

/// The app's code as evidence reads it: one source index per platform whose source folder the
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

    /// Scans each folder on `workers` threads with the taxonomy's patterns, leaving out what the
    /// config's `exclude` matches (globs relative to the working folder).
    public static func scan(_ folders: [SourceFolder], taxonomy: Taxonomy, exclude: [Glob] = [], workers: Int) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        var notes: [RunStart.Note] = []
        var unread: [UnreadSource] = []
        for folder in folders {
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: folder.platform)
            let options = SourceScanOptions(
                exclude: { relative in exclude.contains { $0.matches(folder.displayPath(relative)) } }, workers: workers)
            let index = SourceIndex.scan(folder: folder.absolutePath, platform: folder.platform.sourcePlatform, patterns: patterns.set, options: options)
            for note in index.notes {
                // A folder that could not be read at all is named by the scan as given.
                let file = note.path == folder.absolutePath ? folder.path : folder.displayPath(note.path)
                if let source = UnreadSource(note, file: file, platform: folder.platform) {
                    unread.append(source)
                } else {
                    notes.append(RunStart.Note(note.description(naming: file), file: file))
                }
            }
            platforms[folder.platform] = PlatformCode(folder: folder, index: index, patterns: patterns)
        }
        return CodeBase(platforms: platforms, notes: notes, unread: unread)
    }

    /// The code as the git index holds it (`--staged`): in each folder, the regular files a scan
    /// of the folder would read (the same skipped folders, `exclude` and size limit), with their
    /// staged content.
    static func staged(_ folders: [SourceFolder], index: GitIndex, taxonomy: Taxonomy, exclude: [Glob] = []) throws(GitIndex.Failure) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        var unread: [UnreadSource] = []
        for folder in folders {
            guard let top = index.topRelative(folder.absolutePath) else {
                throw GitIndex.Failure(
                    message: "the \(folder.platform.displayName) source folder `\(ControlEscaping.escape(folder.path))` is outside the repository, and --staged reads the code from the git index; check it without --staged")
            }
            let sourcePlatform = folder.platform.sourcePlatform
            let files = try index.files(under: top) { relative in
                let parts = String(decoding: relative, as: UTF8.self).split(separator: "/").map(String.init)
                let isLeftOut = parts.indices.contains { depth in
                    ScanLimits.skippedFolders.contains(parts[depth]) || exclude.contains { $0.matches(folder.displayPath(parts[...depth].joined(separator: "/"))) }
                }
                return !isLeftOut && SourceFileKind.of(parts.joined(separator: "/"), platform: sourcePlatform) != nil
            }
            var contents: [(path: String, bytes: [UInt8])] = []
            for file in files {
                let path = InputFile.displayPath(file.path)
                guard let content = file.content else {
                    unread.append(UnreadSource(file: folder.displayPath(path), platform: folder.platform, reason: .unreadable("git cannot read its staged content")))
                    continue
                }
                contents.append((path, content))
            }
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: folder.platform)
            let sourceIndex = SourceIndex.scan(contents: contents, platform: sourcePlatform, patterns: patterns.set)
            // Content in memory is only ever left out unread (not UTF-8, too large).
            unread += sourceIndex.notes.compactMap { UnreadSource($0, file: folder.displayPath($0.path), platform: folder.platform) }
            platforms[folder.platform] = PlatformCode(folder: folder, index: sourceIndex, patterns: patterns)
        }
        return CodeBase(platforms: platforms, notes: [], unread: unread)
    }

    /// A code base from file contents given in memory, each path relative to its platform's
    /// folder `folder` (rule examples, tests).
    public static func contents(_ files: [SourceText], folder: String = ".", taxonomy: Taxonomy) -> CodeBase {
        var platforms: [Platform: PlatformCode] = [:]
        for platform in Platform.allCases {
            let contents = files.filter { $0.platform == platform }
            guard !contents.isEmpty else { continue }
            let patterns = EvidencePatterns(taxonomy: taxonomy, platform: platform)
            let index = SourceIndex.scan(contents: contents.map { ($0.path, Array($0.text.utf8)) }, platform: platform.sourcePlatform, patterns: patterns.set)
            platforms[platform] = PlatformCode(folder: SourceFolder(platform: platform, path: folder, absolutePath: folder), index: index, patterns: patterns)
        }
        return CodeBase(platforms: platforms, notes: [])
    }
}

/// One platform's source: where it is, its index, and which patterns stand for which mechanism.
public struct PlatformCode: Sendable {
    public let folder: SourceFolder
    public let index: SourceIndex
    let patterns: EvidencePatterns
    /// The packages some `pubspec.yaml` or `package.json` of the source depends on.
    let dependencies: Set<String>
    /// Positions in the index's occurrences, grouped by pattern, for searches of the whole source.
    private let occurrencesByPattern: [PatternID: [Int]]

    init(folder: SourceFolder, index: SourceIndex, patterns: EvidencePatterns) {
        self.folder = folder
        self.index = index
        self.patterns = patterns
        dependencies = Set(index.buildFacts.packageManifests.flatMap(\.dependencies))
        var byPattern: [PatternID: [Int]] = [:]
        for (position, occurrence) in index.occurrences.enumerated() { byPattern[occurrence.pattern, default: []].append(position) }
        occurrencesByPattern = byPattern
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
            let definition = PatternDefinition(language: pattern.language, text: pattern.text, tag: mechanism, package: pattern.package)
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

    /// The package whose API the pattern names, if any.
    func package(_ id: PatternID) -> String? { set[id].package }
}

extension Platform {
    var sourcePlatform: SourcePlatform { self == .ios ? .ios : .android }
}

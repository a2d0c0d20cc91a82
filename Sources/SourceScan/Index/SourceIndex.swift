import Dispatch
import Synchronization
import SystemInterface

/// Where a pattern occurs.
public struct PatternOccurrence: Sendable, Hashable {
    public let pattern: PatternID
    /// The pattern's tag, as its definition gave it.
    public let tag: String
    public let location: SourceLocation
    /// The innermost type declaration around it (see `SourceIndex.enclosingTypes(of:)` for the chain).
    public let enclosingDeclaration: Int?
}

/// A secure-input marker (`PasswordVisualTransformation`, `isSecureTextEntry`, `SecureField`, a
/// password `InputType` constant) in code.
public struct SecureInputMarker: Sendable, Hashable {
    public let name: String
    public let location: SourceLocation
    public let enclosingDeclaration: Int?
}

/// How a scan runs.
public struct SourceScanOptions: Sendable {
    /// Paths (relative to the scanned folder, `/`-separated, no trailing `/`) of files and folders
    /// to leave out, besides `ScanLimits.skippedFolders`.
    public var exclude: @Sendable (String) -> Bool
    /// Threads reading files; at least 1.
    public var workers: Int

    public init(exclude: @escaping @Sendable (String) -> Bool = { _ in false }, workers: Int = SourceScanOptions.processorCount) {
        self.exclude = exclude
        self.workers = workers
    }

    public static var processorCount: Int { ThisProcess.processorCount }
}

/// Everything evidence needs from one platform's source folder, read in one pass: declared types
/// with their supertypes and bodies, pattern occurrences with their enclosing types, build facts,
/// and notes on what was skipped.
public struct SourceIndex: Sendable {
    public let platform: SourcePlatform
    public let patterns: PatternSet
    /// Every file read, by relative path in order.
    public let files: [SourceFile]
    /// Every type declaration (Swift extensions included); `TypeDeclaration.id` is the index.
    public let declarations: [TypeDeclaration]
    /// Every pattern occurrence, by file then position.
    public let occurrences: [PatternOccurrence]
    public let secureInputs: [SecureInputMarker]
    public let buildFacts: BuildFacts
    /// Files and folders left out, and why.
    public let notes: [ScanNote]

    private let filesByPath: [String: SourceFile]
    /// Each file's declarations and occurrences, which sit together in file order.
    private let declarationRanges: [String: Range<Int>]
    private let occurrenceRanges: [String: Range<Int>]
    private let declarationsByName: [String: [Int]]
    /// Each Kotlin or Java file's single-type imports, by path.
    private let importsByFile: [String: Set<String>]
    private let extensionsByName: [String: [Int]]
    private let children: [[Int]]
    private let occurrencesByDeclaration: [[Int]]
    private let secureInputsByDeclaration: [[Int]]

    /// Scans `folder` (the platform's source root) with `patterns`, on `options.workers` threads.
    public static func scan(folder: String, platform: SourcePlatform, patterns: PatternSet, options: SourceScanOptions = SourceScanOptions()) -> SourceIndex {
        scan(roots: [ScanRoot(folder: folder, prefix: "", exclude: options.exclude)], platform: platform, patterns: patterns, workers: options.workers)
    }

    /// Scans several roots of one platform into one index, on `workers` threads. Each file is
    /// named by its root's `prefix` and its path in the root; a file that two roots hold (one root
    /// inside another) is read once, under the first root's name. A root that cannot be read is a
    /// note naming its `prefix`, or its folder when it has none.
    public static func scan(roots: [ScanRoot], platform: SourcePlatform, patterns: PatternSet, workers: Int) -> SourceIndex {
        var files: [WalkedFile] = []
        var notes: [ScanNote] = []
        var seen: Set<[UInt8]> = []
        var testsKept: [String] = []
        for root in roots {
            let walk = SourceWalker(platform: platform, exclude: root.exclude, includesTests: root.includesTests).walk(root.folder)
            for file in walk.files where seen.insert(file.absolutePath).inserted {
                files.append(WalkedFile(path: root.name(file.path), absolutePath: file.absolutePath, kind: file.kind))
            }
            notes += walk.notes.map { ScanNote(path: $0.path == root.folder ? (root.prefix.isEmpty ? root.folder : root.prefix) : root.name($0.path), reason: $0.reason) }
            if root.includesTests { testsKept.append(root.prefix) }
        }
        files.sort { $0.path < $1.path }
        let scanner = FileScanner(patterns: patterns)
        let scans = parallelMap(files, workers: workers) { scanner.scan($0) }
        let above = platform == .android && !scans.contains { !($0.facts.settingsFiles.isEmpty) } ? gradleRootFacts(above: roots, scanner: scanner) : BuildFacts()
        return SourceIndex(platform: platform, patterns: patterns, scans: scans, walkNotes: notes, keepsTests: ScanRoot.holder(of: testsKept), factsAbove: above)
    }

    /// How many folders up from a module the Gradle project's root (its `settings.gradle(.kts)`) is sought.
    static let gradleRootLevels = 3

    /// When the scanned folder is a module, the values its build reads from the Gradle project's
    /// root: the root build file's `ext`/`extra` properties and `gradle/libs.versions.toml`, named
    /// relative to the scanned folder (`../build.gradle`). Nothing else of the root counts.
    private static func gradleRootFacts(above roots: [ScanRoot], scanner: FileScanner) -> BuildFacts {
        var facts = BuildFacts()
        var named: Set<String> = []
        for root in roots {
            for scan in gradleRootScans(above: root, scanner: scanner) where named.insert(scan.file?.path ?? "").inserted {
                facts.extraProperties.merge(scan.facts.extraProperties) { $0 + $1 }
                facts.catalogVersions += scan.facts.catalogVersions
                facts.settingsFiles += scan.facts.settingsFiles
            }
        }
        return facts
    }

    /// The Gradle root's files nearest above `root` (none when no settings file is found).
    private static func gradleRootScans(above root: ScanRoot, scanner: FileScanner) -> [FileScan] {
        var prefix = ""
        for _ in 0..<gradleRootLevels {
            prefix += "../"
            let names = ["settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts", "gradle/\(VersionCatalogReader.fileName)"]
            let read = names.compactMap { name -> FileScan? in
                guard case .success(let bytes) = SourceFileReader.read(Array("\(root.folder)/\(prefix)\(name)".utf8), limit: ScanLimits.maxFileBytes),
                    let kind = SourceFileKind.of(name, platform: .android)
                else { return nil }
                return scanner.scan(bytes, path: root.name(above: prefix + name), kind: kind)
            }
            if read.contains(where: { !$0.facts.settingsFiles.isEmpty }) { return read }
        }
        return []
    }

    /// Builds an index from file contents given in memory (tests, `--staged`), under the size
    /// limit that files read from disk meet. `keepsTests` says which files' `XCTestCase`
    /// subclasses are read all the same (a root with `tests: include`).
    public static func scan(
        contents: [(path: String, bytes: [UInt8])], platform: SourcePlatform, patterns: PatternSet,
        keepsTests: (String) -> Bool = { _ in false }
    ) -> SourceIndex {
        let scanner = FileScanner(patterns: patterns)
        let scans = contents.sorted { $0.path < $1.path }.compactMap { file -> FileScan? in
            guard let kind = SourceFileKind.of(file.path, platform: platform) else { return nil }
            guard file.bytes.count <= ScanLimits.maxFileBytes else { return FileScan(note: ScanNote(path: file.path, reason: .tooLarge(bytes: file.bytes.count))) }
            return scanner.scan(file.bytes, path: file.path, kind: kind)
        }
        return SourceIndex(platform: platform, patterns: patterns, scans: scans, walkNotes: [], keepsTests: keepsTests, factsAbove: BuildFacts())
    }

    private init(platform: SourcePlatform, patterns: PatternSet, scans: [FileScan], walkNotes: [ScanNote], keepsTests: (String) -> Bool, factsAbove: BuildFacts) {
        self.platform = platform
        self.patterns = patterns
        var files: [SourceFile] = []
        var declarations: [TypeDeclaration] = []
        var occurrences: [PatternOccurrence] = []
        var secureInputs: [SecureInputMarker] = []
        var facts = factsAbove
        var notes = walkNotes
        var declarationRanges: [String: Range<Int>] = [:]
        let dependencies = PackageDependencies(scans.flatMap(\.facts.packageManifests))
        var imports: [String: Set<String>] = [:]
        for scan in scans {
            if let note = scan.note { notes.append(note) }
            guard let file = scan.file else { continue }
            files.append(file)
            if !scan.imports.isEmpty { imports[file.path] = Set(scan.imports) }
            let offset = declarations.count
            defer { declarationRanges[file.path] = offset..<declarations.count }
            for (index, found) in scan.declarations.enumerated() {
                declarations.append(
                    TypeDeclaration(
                        id: offset + index, name: found.name, qualifiedName: found.qualifiedName, package: scan.package, kind: found.kind,
                        language: file.kind.codeLanguage ?? .kotlin, file: file.path, line: found.line, column: found.column,
                        supertypes: found.supertypes, body: found.body, parent: found.parent.map { $0 + offset }))
            }
            for match in scan.occurrences where dependencies.allow(patterns[match.pattern].package, in: file) {
                occurrences.append(
                    PatternOccurrence(
                        pattern: match.pattern, tag: patterns[match.pattern].tag,
                        location: SourceLocation(file: file.path, line: match.line, column: match.column),
                        enclosingDeclaration: match.enclosing.map { $0 + offset }))
            }
            for match in scan.secureInputs {
                secureInputs.append(
                    SecureInputMarker(
                        name: SecureInput.patterns[match.pattern].text, location: SourceLocation(file: file.path, line: match.line, column: match.column),
                        enclosingDeclaration: match.enclosing.map { $0 + offset }))
            }
            facts.append(scan.facts)
        }
        self.files = files
        self.declarations = declarations
        // XCTestCase subclasses and what they hold are tests, not the app: their occurrences go.
        var isTestCase = [Bool](repeating: false, count: declarations.count)
        for declaration in declarations {
            isTestCase[declaration.id] = !keepsTests(declaration.file)
                && (declaration.supertypes.contains { TestCode.testCaseSupertypes.contains($0.name) } || declaration.parent.map { isTestCase[$0] } ?? false)
        }
        occurrences.removeAll { occurrence in occurrence.enclosingDeclaration.map { isTestCase[$0] } ?? false }
        self.occurrences = occurrences
        self.secureInputs = secureInputs
        facts.resolve()
        buildFacts = facts
        self.notes = notes.sorted { $0.path < $1.path }
        filesByPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.declarationRanges = declarationRanges
        importsByFile = imports
        occurrenceRanges = Self.ranges(of: occurrences)
        var byName: [String: [Int]] = [:]
        var extensions: [String: [Int]] = [:]
        var children = [[Int]](repeating: [], count: declarations.count)
        for declaration in declarations where !isTestCase[declaration.id] {
            if declaration.kind == .extension {
                extensions[declaration.name, default: []].append(declaration.id)
            } else {
                byName[declaration.name, default: []].append(declaration.id)
            }
            if let parent = declaration.parent { children[parent].append(declaration.id) }
        }
        declarationsByName = byName
        extensionsByName = extensions
        self.children = children
        occurrencesByDeclaration = Self.group(occurrences.map(\.enclosingDeclaration), count: declarations.count)
        secureInputsByDeclaration = Self.group(secureInputs.map(\.enclosingDeclaration), count: declarations.count)
    }

    /// Each file's occurrences, which sit together in file order.
    private static func ranges(of occurrences: [PatternOccurrence]) -> [String: Range<Int>] {
        var ranges: [String: Range<Int>] = [:]
        for (index, occurrence) in occurrences.enumerated() {
            let file = occurrence.location.file
            ranges[file] = (ranges[file]?.lowerBound ?? index)..<(index + 1)
        }
        return ranges
    }

    private static func group(_ owners: [Int?], count: Int) -> [[Int]] {
        var groups = [[Int]](repeating: [], count: count)
        for (index, owner) in owners.enumerated() {
            if let owner { groups[owner].append(index) }
        }
        return groups
    }

    // MARK: Lookups

    /// The file at `path` (relative to the scanned folder), if it was read.
    public func file(atPath path: String) -> SourceFile? { filesByPath[path] }

    /// Declarations (not extensions) named `name`, case-sensitively: a simple name (`CardActivity`)
    /// or a qualified one that ends the declaration's qualified name (`Outer.Inner`) or is its
    /// full name (`com.example.cards.CardActivity`).
    public func declarations(named name: String) -> [TypeDeclaration] {
        Self.lookUp(name, in: declarationsByName, declarations).map { declarations[$0] }
    }

    /// The declarations (not extensions) a screen's `code` entry names: as `declarations(named:)`,
    /// but a simple name matches top-level declarations only (a nested type is named `Outer.Inner`).
    public func declarations(namedBy entry: String) -> [TypeDeclaration] {
        Self.lookUp(entry, in: declarationsByName, declarations, topLevelOnly: true).map { declarations[$0] }
    }

    /// Swift extensions of the type named `name` (simple or qualified, as for `declarations(named:)`).
    public func extensions(of name: String) -> [TypeDeclaration] {
        Self.lookUp(name, in: extensionsByName, declarations).map { declarations[$0] }
    }

    /// A simple name matches top-level declarations only when `topLevelOnly` (a `code` entry: a
    /// nested type is named by its qualified form, `Outer.Inner`); any when resolving a supertype.
    private static func lookUp(_ name: String, in table: [String: [Int]], _ declarations: [TypeDeclaration], topLevelOnly: Bool = false) -> [Int] {
        guard let dot = name.lastIndex(of: ".") else {
            let found = table[name] ?? []
            return topLevelOnly ? found.filter { declarations[$0].parent == nil } : found
        }
        let simple = String(name[name.index(after: dot)...])
        return (table[simple] ?? []).filter {
            let qualified = declarations[$0].qualifiedName
            return qualified == name || qualified.hasSuffix("." + name) || declarations[$0].fullName == name
        }
    }

    /// The declarations in the file at `path`, in order (nested ones after their parent).
    public func declarations(inFile path: String) -> [TypeDeclaration] {
        declarationRanges[path].map { Array(declarations[$0]) } ?? []
    }

    /// The declarations around an occurrence, innermost first.
    public func enclosingTypes(of occurrence: PatternOccurrence) -> [TypeDeclaration] {
        var chain: [TypeDeclaration] = []
        var current = occurrence.enclosingDeclaration
        while let id = current, declarations.indices.contains(id) {
            chain.append(declarations[id])
            current = declarations[id].parent
        }
        return chain
    }

    /// Occurrences of the given patterns (all when nil) in the file at `path`.
    public func occurrences(inFile path: String, of patterns: Set<PatternID>? = nil) -> [PatternOccurrence] {
        guard let range = occurrenceRanges[path] else { return [] }
        return occurrences[range].filter { patterns?.contains($0.pattern) ?? true }
    }

    /// Occurrences of the given patterns anywhere in the source.
    public func occurrences(of patterns: Set<PatternID>) -> [PatternOccurrence] {
        occurrences.filter { patterns.contains($0.pattern) }
    }

    /// Where evidence for a type is sought: its declarations and extensions, and the supertypes
    /// declared in the source, up to `ScanLimits.supertypeDepth` levels, with what was found there.
    public func search(type name: String, for patterns: Set<PatternID>? = nil) -> TypeSearch {
        search(supertypeChain(of: name), name: name, for: patterns)
    }

    /// As `search(type:for:)`, from one declaration: the one a `code` entry resolved to, whatever
    /// other declarations share its name. A type brings its extensions; an extension only itself.
    public func search(declaration: TypeDeclaration, for patterns: Set<PatternID>? = nil) -> TypeSearch {
        let extensions = declaration.kind == .extension ? [] : Self.lookUp(declaration.qualifiedName, in: extensionsByName, declarations)
        let own = [declaration.id] + extensions
        return search(supertypeChain(from: own, name: declaration.qualifiedName), name: declaration.qualifiedName, for: patterns)
    }

    private func search(_ chain: (declarations: [Int], names: [String], unresolved: [String]), name: String, for patterns: Set<PatternID>?) -> TypeSearch {
        let found = bodies(of: chain.declarations).flatMap { occurrencesByDeclaration[$0] }.sorted().map { occurrences[$0] }
        return TypeSearch(
            name: name, declarations: chain.declarations.map { declarations[$0] },
            unresolvedSupertypes: chain.unresolved, occurrences: found.filter { patterns?.contains($0.pattern) ?? true })
    }

    /// The declarations and every type nested in them, each once.
    private func bodies(of roots: [Int]) -> [Int] {
        var seen: Set<Int> = []
        var pending = roots
        while let id = pending.popLast() {
            guard seen.insert(id).inserted else { continue }
            pending.append(contentsOf: children[id])
        }
        return seen.sorted()
    }

    /// The type's declarations and extensions and those of its supertypes, breadth first, and
    /// the supertype names declared nowhere in the source.
    private func supertypeChain(of name: String) -> (declarations: [Int], names: [String], unresolved: [String]) {
        let own = Self.lookUp(name, in: declarationsByName, declarations, topLevelOnly: true) + Self.lookUp(name, in: extensionsByName, declarations)
        return supertypeChain(from: own, name: name)
    }

    /// The chain above the declarations `own` (a type's own and its extensions), named `name`.
    private func supertypeChain(from own: [Int], name: String) -> (declarations: [Int], names: [String], unresolved: [String]) {
        var seen: Set<String> = [name]
        var names: [String] = [name]
        var ids = own
        var unresolved: [String] = []
        var level: [(name: String, subtype: Int)] = []
        for id in own {
            for supertype in declarations[id].supertypes where seen.insert(supertype.name).inserted { level.append((supertype.name, id)) }
        }
        for _ in 0..<ScanLimits.supertypeDepth {
            var next: [(name: String, subtype: Int)] = []
            for current in level {
                names.append(current.name)
                let declared = supertype(current.name, of: current.subtype)
                if declared.isEmpty { unresolved.append(current.name) }
                let found = declared + Self.lookUp(current.name, in: extensionsByName, declarations)
                ids += found
                for id in found {
                    for supertype in declarations[id].supertypes where seen.insert(supertype.name).inserted {
                        next.append((supertype.name, id))
                    }
                }
            }
            level = next
        }
        return (ids, names, unresolved)
    }

    /// The declarations a supertype name in `subtype`'s header stands for. Where files of several
    /// packages declare that name (a `BaseActivity` per module), Kotlin and Java say which one:
    /// the one the subtype's file imports, else the one of its own package; when neither tells,
    /// all of them.
    private func supertype(_ name: String, of subtype: Int) -> [Int] {
        let all = Self.lookUp(name, in: declarationsByName, declarations)
        let from = declarations[subtype]
        guard from.package != nil || importsByFile[from.file] != nil, Set(all.map { declarations[$0].file }).count > 1 else { return all }
        let imported = importsByFile[from.file] ?? []
        let byImport = all.filter { imported.contains(declarations[$0].fullName) }
        if !byImport.isEmpty { return byImport }
        let byPackage = all.filter { declarations[$0].package == from.package }
        return byPackage.isEmpty ? all : byPackage
    }

    // MARK: init --from-source

    /// What a declared type looks like to `init --from-source`: a screen, and whether it holds a
    /// secure input (in its body, its nested types or its extensions).
    public func screenTraits(of declaration: TypeDeclaration) -> ScreenTraits {
        let chain = supertypeChain(of: declaration.name).names.dropFirst()
        let kind: ScreenKind?
        switch declaration.language {
        case .kotlin, .java:
            kind = chain.contains { $0.hasSuffix("Activity") } ? .androidActivity : chain.contains { $0.hasSuffix("Fragment") } ? .androidFragment : nil
        case .swift:
            kind = chain.contains { $0 == "UIViewController" || $0.hasSuffix("ViewController") }
                ? .iosViewController : chain.contains("View") ? .swiftUIView : nil
        case .dart, .typescript, .xmlAttribute:
            kind = nil
        }
        let owners = bodies(of: [declaration.id] + Self.lookUp(declaration.qualifiedName, in: extensionsByName, declarations))
        let markers = owners.flatMap { secureInputsByDeclaration[$0] }.sorted().map { secureInputs[$0] }
        return ScreenTraits(kind: kind, secureInputs: markers)
    }

    /// Every declared type (not extension) that looks like a screen, in file order.
    public func screens() -> [(declaration: TypeDeclaration, traits: ScreenTraits)] {
        declarations.filter { $0.kind != .extension }.compactMap { declaration in
            let traits = screenTraits(of: declaration)
            return traits.kind == nil ? nil : (declaration, traits)
        }
    }
}

/// Which packages the files of a source folder may call: those their nearest package manifest
/// (`pubspec.yaml` for Dart, `package.json` for TypeScript/JavaScript) depends on.
private struct PackageDependencies {
    private let byFolder: [PackageEcosystem: [String: Set<String>]]

    init(_ manifests: [PackageManifest]) {
        var byFolder: [PackageEcosystem: [String: Set<String>]] = [:]
        for manifest in manifests { byFolder[manifest.ecosystem, default: [:]][manifest.folder] = manifest.dependencies }
        self.byFolder = byFolder
    }

    /// Whether an occurrence of a pattern of `package` (nil: of no package) in `file` counts.
    func allow(_ package: String?, in file: SourceFile) -> Bool {
        guard let package else { return true }
        guard let ecosystem = file.kind.packageEcosystem, let folders = byFolder[ecosystem] else { return false }
        var folder = Substring(file.path)
        while true {
            folder = folder.lastIndex(of: "/").map { folder[..<$0] } ?? ""
            if let dependencies = folders[String(folder)] { return dependencies.contains(package) }
            if folder.isEmpty { return false }
        }
    }
}

/// The result of `SourceIndex.search(type:for:)`.
public struct TypeSearch: Sendable {
    public let name: String
    /// Declarations searched: the type's own, its extensions, its supertypes' and theirs.
    public let declarations: [TypeDeclaration]
    /// Supertype names declared in no scanned file (in a skipped or missing file, or a
    /// framework's): where the search stopped.
    public let unresolvedSupertypes: [String]
    /// Occurrences in those declarations' bodies (nested types included), in file order.
    public let occurrences: [PatternOccurrence]

    /// The files searched, in order.
    public var files: [String] {
        var seen: Set<String> = []
        return declarations.map(\.file).filter { seen.insert($0).inserted }
    }
}

/// What kind of screen a type is, judged by its supertype chain.
public enum ScreenKind: String, Sendable {
    /// Reaches a supertype whose name ends in `Activity`.
    case androidActivity = "activity"
    /// Reaches a supertype whose name ends in `Fragment`.
    case androidFragment = "fragment"
    /// Reaches `UIViewController` or a name ending in `ViewController`.
    case iosViewController = "view-controller"
    /// Conforms to `View` (SwiftUI).
    case swiftUIView = "swiftui-view"
}

/// What `init --from-source` needs to know of a type.
public struct ScreenTraits: Sendable {
    public let kind: ScreenKind?
    public let secureInputs: [SecureInputMarker]

    public var holdsSecureInput: Bool { !secureInputs.isEmpty }
}

/// Runs `transform` over `items` on up to `workers` threads, handing out items one at a time;
/// results come back in item order. Each worker keeps its results to itself until all are done,
/// so no lock is needed.
func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], workers: Int, _ transform: @Sendable (Item) -> Result) -> [Result] {
    let threads = min(max(1, workers), items.count)
    guard threads > 1 else { return items.map(transform) }
    let outputs = (0..<threads).map { _ in WorkerOutput<Result>() }
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        let output = outputs[worker]
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            output.results.append((index, transform(items[index])))
        }
    }
    var ordered = [Result?](repeating: nil, count: items.count)
    for output in outputs {
        for (index, result) in output.results { ordered[index] = result }
    }
    return ordered.compactMap { $0 }
}

/// One worker's results: written by that worker only, read after all workers have finished.
private final class WorkerOutput<Result>: @unchecked Sendable {
    var results: [(Int, Result)] = []
}

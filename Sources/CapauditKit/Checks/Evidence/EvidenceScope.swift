import SourceScan

/// A mechanism the manifest declares, with where its evidence is sought (docs/evidence.md): in a
/// screen's code for a screen's or a field's `protect`, anywhere in the platform's source for
/// `capture.protect` and `capture.detect`.
struct DeclaredMechanism {
    enum Scope {
        case screen(Screen, CodeSearch)
        case app
    }

    let use: MechanismUse
    let mechanism: Mechanism
    let scope: Scope
    let code: PlatformCode

    /// Occurrences of some of the given patterns where the mechanism is sought.
    func occurrences(of ids: Set<PatternID>) -> [PatternOccurrence] {
        switch scope {
        case .screen(_, let search): return search.occurrences(of: ids)
        case .app: return code.occurrences(of: ids)
        }
    }

    /// Evidence that the code applies the mechanism.
    var setting: [PatternOccurrence] { occurrences(of: code.patterns.sets(mechanism.id)) }

    /// Evidence that the code undoes it.
    var clearing: [PatternOccurrence] { occurrences(of: code.patterns.clears(mechanism.id)) }

    /// Whether evidence is sought at all: the mechanism has `sets` patterns for this platform and
    /// is not *declared only*.
    var isSought: Bool { mechanism.evidence.declaredOnly == nil && !code.patterns.sets(mechanism.id).isEmpty }

    /// "screen `cards`", "`capture.protect`": what declares the mechanism, for messages.
    var declaredBy: String {
        switch scope {
        case .screen(let screen, _): return "screen `\(screen.id)`"
        case .app: return use.location.path.hasPrefix("capture.detect") ? "`capture.detect`" : "`capture.protect`"
        }
    }

    /// "CardActivity and its supertype BaseSecureActivity (app/…/CardActivity.kt, app/…/Base.kt)",
    /// "the whole Android source (app)": where the search looked, for messages.
    var searched: String {
        switch scope {
        case .screen(_, let search):
            return Self.describe(search, code: code)
        case .app:
            return "the whole \(code.folder.platform.displayName) source (\(code.rootNames))"
        }
    }

    static func describe(_ search: CodeSearch, code: PlatformCode) -> String {
        var names: [String] = []
        for declaration in search.declarations {
            let name = declaration.kind == .extension ? "extension \(declaration.qualifiedName)" : declaration.qualifiedName
            if !names.contains(name) { names.append(name) }
        }
        let files = search.files.map { code.folder.displayPath($0) }
        if names.isEmpty { return Phrases.list(files) }
        return "\(Phrases.list(names)) in \(Phrases.list(files))"
    }

    /// "`setFlags(… FLAG_SECURE …)`, … or `setSecure(true)`": what was sought, for messages; a
    /// package's patterns only when the app depends on the package.
    /// Patterns that count only in handlers' bodies are named with their handlers: "`addSubview(…)`
    /// or `present(…)` in the body of `func sceneWillResignActive`, or of `onChange` when it tests
    /// `.background`".
    var sought: String {
        let ids = code.patterns.sets(mechanism.id).filter { code.patterns.package($0).map(code.dependencies.contains) ?? true }.sorted()
        let plain = Self.alternatives(ids.filter { code.patterns.scope($0) == nil }.map { code.patterns.text($0) })
        let scoped = ids.filter { code.patterns.scope($0) != nil }
        var seenScopes: Set<PatternScope> = []
        let scopes = scoped.compactMap { code.patterns.scope($0) }.filter { seenScopes.insert($0).inserted }
        guard !scopes.isEmpty else { return plain ?? "nothing" }
        let handlers = scopes.map { scope in
            let names = Self.alternatives(scope.handlers) ?? ""
            return Self.alternatives(scope.testing).map { "\(names) when it tests \($0)" } ?? names
        }
        let inside = "\(Self.alternatives(scoped.map { code.patterns.text($0) }) ?? "") in the body of \(handlers.joined(separator: ", or of "))"
        return plain.map { "\($0), or \(inside)" } ?? inside
    }

    /// "`a`, `b` or `c`", each text once; nil for none.
    private static func alternatives(_ texts: [String]) -> String? {
        var seen: Set<String> = []
        let unique = texts.filter { seen.insert($0).inserted }.map { "`\($0)`" }
        guard unique.count > 1 else { return unique.first }
        return unique.dropLast().joined(separator: ", ") + " or " + (unique.last ?? "")
    }
}

extension EvaluationContext {
    /// The code of one platform, when the run has its source and the app ships it.
    func code(on platform: Platform) -> PlatformCode? {
        manifest.app.ships(platform) ? code?.platforms[platform] : nil
    }

    /// The platforms whose code the run has, in the manifest's order.
    var platformsWithCode: [(platform: Platform, code: PlatformCode)] {
        manifest.app.platforms.compactMap { platform in code(on: platform).map { (platform, $0) } }
    }

    /// Where a screen's evidence is sought on a platform; nil when its `code` names nothing there.
    func codeSearch(_ screen: Screen, on platform: Platform) -> CodeSearch? {
        let entries = screen.code(on: platform)
        guard !entries.isEmpty, let code = code(on: platform) else { return nil }
        let key = "\(platform.rawValue)\t\(screen.id)"
        if let cached = codeSearches[key] { return cached }
        let search = CodeSearch(entries: entries, code: code)
        codeSearches[key] = search
        return search
    }

    /// Every mechanism the manifest declares on a platform whose code the run has, with where its
    /// evidence is sought: screens (with a `code` that found something and no ambiguous entry,
    /// whose verdict depends on the declaration meant) in order, their own then their fields'
    /// `protect`, then `capture.protect` and `capture.detect`.
    func declaredMechanisms(on platform: Platform) -> [DeclaredMechanism] {
        guard let code = code(on: platform) else { return [] }
        var result: [DeclaredMechanism] = []
        func add(_ uses: [MechanismUse], _ scope: DeclaredMechanism.Scope) {
            for use in uses where use.applies(on: platform) {
                guard let mechanism = taxonomy.mechanism(use.name, on: platform) else { continue }
                result.append(DeclaredMechanism(use: use, mechanism: mechanism, scope: scope, code: code))
            }
        }
        for screen in manifest.screens {
            guard let search = codeSearch(screen, on: platform), search.ambiguous.isEmpty, !search.files.isEmpty else { continue }
            add(screen.protect + screen.fields.flatMap(\.protect), .screen(screen, search))
        }
        add(manifest.capture.protect + manifest.capture.detect, .app)
        return result
    }

    /// Whether the manifest lists a mechanism for a screen on a platform: in the screen's or its
    /// fields' `protect`, or in `capture.protect` or `capture.detect`.
    func lists(_ mechanism: String, for screen: Screen, on platform: Platform) -> Bool {
        let uses = screen.protect + screen.fields.flatMap(\.protect) + manifest.capture.protect + manifest.capture.detect
        return uses.contains { $0.name == mechanism && $0.applies(on: platform) }
    }
}

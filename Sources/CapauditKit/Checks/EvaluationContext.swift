import YAML

/// One manifest document under one profile, with what several checks share computed once.
final class EvaluationContext {
    let manifest: Manifest
    let profile: Profile
    let policy: Policy
    let source: SourceLines
    /// The app's code, when the run was given its source (docs/evidence.md); nil turns evidence off.
    let code: CodeBase?

    init(manifest: Manifest, profile: Profile, policy: Policy, source: SourceLines, code: CodeBase? = nil) {
        self.manifest = manifest
        self.profile = profile
        self.policy = policy
        self.source = source
        self.code = code
    }

    /// Each screen's code search per platform, made once for every evidence check.
    var codeSearches: [String: CodeSearch] = [:]

    var taxonomy: Taxonomy { policy.taxonomy }

    /// The fixes a check writes for a finding: every finding carries its fixes, lowered to text
    /// edits by the evaluate stage.
    func fixes(_ make: () -> [ManifestFix]) -> [ManifestFix] {
        make()
    }

    /// What fixes need to know of the other rules, gathered on first use.
    lazy var ruleFacts = FixPlanner.RuleFacts(policy)

    /// The `protect` of every screen, field and action by its path, for fixes that add to one: a lookup,
    /// not a walk over every screen for each finding.
    lazy var protectByPath: [String: [MechanismUse]] = {
        var protect: [String: [MechanismUse]] = [:]
        for screen in manifest.screens {
            if protect[screen.location.path] == nil { protect[screen.location.path] = screen.protect }
            for field in screen.fields where protect[field.location.path] == nil { protect[field.location.path] = field.protect }
            for action in screen.actions where protect[action.location.path] == nil { protect[action.location.path] = action.protect }
        }
        return protect
    }()

    // MARK: Mechanisms

    /// Every mechanism use of the manifest with the list it stands in.
    lazy var allMechanismUses: [(use: MechanismUse, list: MechanismList)] = {
        var uses: [(MechanismUse, MechanismList)] = manifest.capture.detect.map { ($0, .detect) }
        uses += manifest.capture.protect.map { ($0, .protect) }
        for screen in manifest.screens {
            uses += screen.protect.map { ($0, .protect) }
            for field in screen.fields { uses += field.protect.map { ($0, .protect) } }
        }
        return uses
    }()

    /// The mechanisms a use resolves to on the shipped platforms it applies to.
    func mechanisms(of use: MechanismUse) -> [Mechanism] {
        manifest.app.platforms.compactMap { platform in
            use.applies(on: platform) ? taxonomy.mechanism(use.name, on: platform) : nil
        }
    }

    /// Uses of a mechanism (by name) that apply on a platform, in any list.
    func uses(of name: String, on platform: Platform, in list: MechanismList? = nil) -> [MechanismUse] {
        guard manifest.app.ships(platform), taxonomy.mechanism(name, on: platform) != nil else { return [] }
        return allMechanismUses.filter { entry in
            entry.use.name == name && entry.use.applies(on: platform) && (list == nil || entry.list == list)
        }.map(\.use)
    }

    func detects(_ name: String, on platform: Platform) -> Bool {
        manifest.capture.detect.contains { $0.name == name && $0.applies(on: platform) } && taxonomy.mechanism(name, on: platform) != nil
    }

    // MARK: Coverage

    /// Coverage of every field on every platform that has its screen, in manifest order. A field
    /// outside the app's window (a notification, a widget, a hosted screen) is covered by nothing
    /// and nothing is required of it; a plain input's `display` covers nothing, since it shows
    /// every character while it is typed.
    lazy var coverage: [FieldCoverage] = {
        var result: [FieldCoverage] = []
        let everything = taxonomy.allThreats
        for screen in manifest.screens {
            for field in screen.fields {
                let outside = isOutsideAppWindow(field, on: screen)
                let requirement = outside ? nil : profile.coverage[field.kind]
                for platform in manifest.app.platforms where screen.appears(on: platform) {
                    let mechanisms = outside ? [] : effectiveMechanisms(field: field, screen: screen, platform: platform)
                    let covered = mechanisms.reduce(ThreatSet()) { $0.union($1.covers) }
                    let displayCovers = !field.isShownInFull
                    let required = requirement?.required ?? ThreatSet()
                    let missing = displayCovers ? ThreatSet() : required.subtracting(covered)
                    result.append(FieldCoverage(
                        screen: screen, field: field, platform: platform, mechanisms: mechanisms, covered: displayCovers ? everything : covered,
                        displayCovers: displayCovers, requirement: requirement, missing: missing))
                }
            }
        }
        return result
    }()

    /// The protect mechanisms of a field, its screen and `capture.protect` on one platform, in that
    /// order, without repeats; on Android with Compose or Flutter a dialog, sheet or popup also has
    /// its parent's screen-level mechanisms, since it shares the parent's window flag.
    func effectiveMechanisms(field: Field, screen: Screen, platform: Platform) -> [Mechanism] {
        var found: [Mechanism] = []
        for use in field.protect + screen.protect + inheritedProtect(of: screen, on: platform) + manifest.capture.protect where use.applies(on: platform) {
            guard let mechanism = taxonomy.mechanism(use.name, on: platform), mechanism.role == .protect else { continue }
            if !found.contains(where: { $0.id == mechanism.id }) { found.append(mechanism) }
        }
        return found
    }

    /// The parent's screen-level `protect` that a dialog shares (Compose and Flutter on Android).
    func inheritedProtect(of screen: Screen, on platform: Platform) -> [MechanismUse] {
        guard platform == .android, screen.window != .screen, manifest.app.android?.dialogsShareParentWindow == true,
            let parent = screen.parent.flatMap(self.screen)
        else { return [] }
        return parent.protect
    }

    /// Whether a screen's window has a mechanism (by name) at window level on a platform: its
    /// screen-level `protect`, `capture.protect`, or the parent's for a dialog that shares it.
    func windowHas(_ name: String, screen: Screen, on platform: Platform, inheriting: Bool = true) -> Bool {
        let uses = screen.protect + manifest.capture.protect + (inheriting ? inheritedProtect(of: screen, on: platform) : [])
        return uses.contains { $0.name == name && $0.applies(on: platform) } && taxonomy.mechanism(name, on: platform) != nil
    }

    func isSensitive(_ kind: String) -> Bool {
        !(profile.coverage[kind]?.required.isEmpty ?? true)
    }

    func screen(_ id: String) -> Screen? { manifest.screens.first { $0.id == id } }

    // MARK: Texts

    lazy var texts: [PersonFacingText] = {
        var result: [PersonFacingText] = []
        // Each language is looked up in the store once per document, and each text read once
        // however many screens repeat it (and, within the run's bound, however many manifests).
        var lexicons: [String: SharedLexicon?] = [:]
        var readings: [TextReading.Key: TextReading] = [:]
        func add(_ text: LocalizedText?, _ role: PersonFacingText.Role, _ screen: Screen?, screenIndex: Int?, actionKind: String? = nil) {
            for entry in text?.entries ?? [] {
                let key = TextReading.Key(language: entry.language, value: entry.value)
                let reading: TextReading
                if let known = readings[key] {
                    reading = known
                } else {
                    reading = policy.lexicons.readings.reading(key) {
                        let lexicon: SharedLexicon?
                        if let known = lexicons[entry.language] {
                            lexicon = known
                        } else {
                            lexicon = policy.lexicon(for: entry.language).map(SharedLexicon.init)
                            lexicons[entry.language] = lexicon
                        }
                        return TextReading(entry.value, lexicon: lexicon)
                    }
                    readings[key] = reading
                }
                result.append(PersonFacingText(entry: entry, role: role, screen: screen, screenIndex: screenIndex, reading: reading, actionKind: actionKind))
            }
        }
        add(manifest.capture.notice?.text, .captureNotice, nil, screenIndex: nil)
        add(manifest.capture.onScreenshot?.text, .screenshotText, nil, screenIndex: nil)
        for (index, screen) in manifest.screens.enumerated() {
            for action in screen.actions { add(action.message, .actionMessage, screen, screenIndex: index, actionKind: action.kind) }
            for notice in screen.notices { add(notice.text, notice.when == .capture ? .captureNotice : .screenshotText, screen, screenIndex: index) }
        }
        return result
    }()

    /// The texts each selection reads that have a lexicon, gathered once for every check that reads them.
    var checkedTextsBySelection: [TextSelection: [(text: PersonFacingText, lexicon: SharedLexicon)]] = [:]

    private var sourceMaps: [SourcePosition: ScalarSourceMap] = [:]

    /// Where value scalars `start..<end` of a text stand in the source.
    func span(of entry: TextEntry, from start: Int, to end: Int) -> (start: SourcePosition, end: SourcePosition)? {
        guard let scalar = entry.node.scalar else { return nil }
        let map = sourceMaps[entry.node.start] ?? ScalarSourceMap(scalar: scalar, node: entry.node, source: source)
        sourceMaps[entry.node.start] = map
        return map.span(from: start, to: end)
    }

    /// The location of words inside a text: inside the anchored scalar, even when reached through an alias.
    func location(of entry: TextEntry, from start: Int, to end: Int) -> (Location, SourcePosition?) {
        guard let span = span(of: entry, from: start, to: end) else { return (entry.location, nil) }
        return (Location(position: span.start, path: entry.location.path), span.end)
    }
}

enum MechanismList { case protect, detect }

/// A field's coverage on one platform. A class: several checks walk every field's coverage, and
/// a copy of a field, its screen and its mechanisms retains each of their strings.
final class FieldCoverage {
    let screen: Screen
    let field: Field
    let platform: Platform
    let mechanisms: [Mechanism]
    let covered: ThreatSet
    let displayCovers: Bool
    let requirement: CoverageRequirement?
    let missing: ThreatSet

    init(
        screen: Screen, field: Field, platform: Platform, mechanisms: [Mechanism], covered: ThreatSet, displayCovers: Bool,
        requirement: CoverageRequirement?, missing: ThreatSet
    ) {
        self.screen = screen
        self.field = field
        self.platform = platform
        self.mechanisms = mechanisms
        self.covered = covered
        self.displayCovers = displayCovers
        self.requirement = requirement
        self.missing = missing
    }
}

/// A text of the manifest with what every wording check reads of it, worked out once. A class,
/// so that the checks share one copy.
final class PersonFacingText {
    enum Role: String { case captureNotice = "capture-notice", screenshotText = "screenshot-text", actionMessage = "action-message" }

    let entry: TextEntry
    let role: Role
    let screen: Screen?
    /// The position of `screen` in the manifest's screens.
    let screenIndex: Int?
    let reading: TextReading
    /// For an action's `message`, the action's kind.
    let actionKind: String?

    init(entry: TextEntry, role: Role, screen: Screen?, screenIndex: Int?, reading: TextReading, actionKind: String? = nil) {
        self.entry = entry
        self.actionKind = actionKind
        self.role = role
        self.screen = screen
        self.screenIndex = screenIndex
        self.reading = reading
    }

    var lexicon: SharedLexicon? { reading.lexicon }
    var tokens: [Token] { reading.tokens }
    var matches: TextMatches? { reading.matches }
    var scalars: [Unicode.Scalar] { reading.scalars }

    /// Value scalars `start..<end`, as text.
    func words(from start: Int, to end: Int) -> String {
        reading.words(from: start, to: end)
    }
}

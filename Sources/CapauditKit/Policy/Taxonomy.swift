import SourceScan

/// The vocabulary of the policy, loaded from `Rules/taxonomy.yml` and rule packs:
/// threats, data kinds, action kinds and mechanisms.
public struct Taxonomy: Sendable {
    public var threats: [Threat] = []
    public var threatGroups: [String: ThreatSet] = [:]
    public var categories: [String] = []
    public var dataKinds: [DataKind] = []
    public var actionKinds: [ActionKind] = []
    /// In file order: the smallest-fix search takes the first that fits.
    public var mechanisms: [Mechanism] = []

    private var kindIndex: [String: Int] = [:]
    private var actionKindIndex: [String: Int] = [:]

    public init() {}

    init(threats: [Threat], threatGroups: [String: ThreatSet], categories: [String], dataKinds: [DataKind], actionKinds: [ActionKind], mechanisms: [Mechanism]) {
        self.threats = threats
        self.threatGroups = threatGroups
        self.categories = categories
        self.mechanisms = mechanisms
        for kind in dataKinds { add(kind) }
        for kind in actionKinds { add(kind) }
    }

    public func threat(named name: String) -> Threat? { threats.first { $0.id == name } }

    /// A data kind by its id or one of its aliases.
    public func dataKind(named name: String) -> DataKind? {
        kindIndex[name].map { dataKinds[$0] }
    }

    public func actionKind(named name: String) -> ActionKind? {
        actionKindIndex[name].map { actionKinds[$0] }
    }

    public func mechanism(_ name: String, on platform: Platform) -> Mechanism? {
        mechanisms.first { $0.id == name && $0.platform == platform }
    }

    public func mechanisms(named name: String) -> [Mechanism] {
        mechanisms.filter { $0.id == name }
    }

    /// Every name accepted as a `kind` of a field (ids and aliases).
    public var dataKindNames: [String] { dataKinds.flatMap { [$0.id] + $0.aliases } }
    public var mechanismNames: [String] {
        var seen = Set<String>()
        return mechanisms.compactMap { seen.insert($0.id).inserted ? $0.id : nil }
    }

    /// Threat names in taxonomy order, for messages.
    public func names(of set: ThreatSet) -> [String] {
        threats.filter { set.contains($0.bit) }.map(\.id)
    }

    public var allThreats: ThreatSet {
        threats.reduce(ThreatSet()) { $0.union($1.bit) }
    }

    mutating func add(_ kind: DataKind) {
        dataKinds.append(kind)
        kindIndex[kind.id] = dataKinds.count - 1
        for alias in kind.aliases where kindIndex[alias] == nil { kindIndex[alias] = dataKinds.count - 1 }
    }

    mutating func add(_ kind: ActionKind) {
        actionKinds.append(kind)
        actionKindIndex[kind.id] = actionKinds.count - 1
    }
}

public struct Threat: Sendable {
    public var id: String
    public var title: String
    public var description: String
    public var bit: ThreatSet
}

/// A set of threats, one bit per threat of the taxonomy.
public struct ThreatSet: OptionSet, Sendable, Hashable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var count: Int { rawValue.nonzeroBitCount }
}

public struct DataKind: Sendable {
    public var id: String
    public var category: String
    public var title: String
    /// What the kind holds, where the title alone leaves it open.
    public var description: String = ""
    /// Hint phrases for CAP010.
    public var hints: [Hint]
    public var aliases: [String]
}

/// A hint for CAP010 or CAP014 (MANIFEST.md, "Data kinds"): a phrase of one to
/// `IdentifierWords.maxPhraseWords` lowercase tokens in one language, and the longer phrases
/// around it that cancel a match ("card" except "card design").
public struct Hint: Sendable, Hashable {
    /// A base language tag (`en`, `de`): the hint applies for `en` and for the app's language.
    public var language: String
    public var words: [String]
    public var except: [[String]] = []
}

public enum Risk: String, Sendable, Comparable, CaseIterable {
    case low, medium, high

    public static func < (lhs: Risk, rhs: Risk) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

public struct ActionKind: Sendable {
    public var id: String
    public var risk: Risk
    /// Hint phrases for CAP014.
    public var hints: [Hint] = []
}

public struct Mechanism: Sendable {
    /// protect: covers threats; detect: tells the app that capture happens; harden: covers no
    /// capture threat but closes another way in (overlays, accessibility services).
    public enum Role: String, Sendable, CaseIterable { case protect, detect, harden }

    /// Where a manifest may list the mechanism (`applies-to`): a field's, a screen's, an
    /// action's `protect`, or `capture.protect`.
    public enum Placement: String, Sendable, CaseIterable {
        case field, screen, capture, action

        /// Where a mechanism applies when its taxonomy entry does not say.
        public static let defaults: [Placement] = [.field, .screen, .capture]

        /// The place's `protect` list, for messages: "a field's `protect`".
        public var protectList: String {
            switch self {
            case .field: "a field's `protect`"
            case .screen: "a screen's `protect`"
            case .capture: "`capture.protect`"
            case .action: "an action's `protect`"
            }
        }
    }

    public var id: String
    public var platform: Platform
    public var role: Role
    public var covers: ThreatSet
    /// The OS version it needs, if any: an Android API level N is `N.0`.
    public var minVersion: OSVersion?
    /// It relies on undocumented behaviour: never proposed as a fix but as the last resort.
    public var isFragile = false
    /// It depends on how the app is deployed rather than on its code (`conditional: true`): it
    /// counts as declared, is never proposed as a fix, and no code is sought for it.
    public var isConditional = false
    /// It acts on the whole app (`scope: app`): listed only in `capture.protect`.
    public var isAppWide = false
    /// Where a manifest may list it, in `Placement` order.
    public var appliesTo: [Placement] = Placement.defaults
    public var caveat: String
    public var description: String
    /// How to apply it per UI toolkit (`platforms.<platform>.ui`), for fix texts.
    public var how: [String: String] = [:]
    /// The caveat as a clause for messages ("driven by …, never screenshots"), made once.
    public var caveatClause: String
    /// What in the app's code shows the mechanism applied or undone (docs/evidence.md).
    public var evidence = MechanismEvidence()

    /// Whether a fix may propose it: neither relying on undocumented behaviour nor on how the app
    /// is deployed.
    public var isProposable: Bool { !isFragile && !isConditional }

    /// Whether a manifest may list it in a `protect` of this place.
    public func applies(to placement: Placement) -> Bool {
        isAppWide ? placement == .capture : appliesTo.contains(placement)
    }

    /// Whether it works on every device from the app's minimum version up.
    public func isAvailable(from minimum: OSVersion?) -> Bool {
        guard let minVersion, let minimum else { return true }
        return minVersion <= minimum
    }

    /// The call for a UI toolkit, else the general description.
    public func how(in toolkit: String?) -> String {
        toolkit.flatMap { how[$0] } ?? description
    }
}

/// The code patterns that show a mechanism applied (`sets`) or undone (`clears`), per language:
/// data from the taxonomy and rule packs, matched by the source scan.
public struct MechanismEvidence: Sendable {
    public var sets: [EvidencePattern] = []
    public var clears: [EvidencePattern] = []
    /// Why no evidence is sought for the mechanism, when no pattern can tell it apart (the
    /// secure-layer trick): the manifest's word is taken as it is.
    public var declaredOnly: String?

    public init() {}

    init(sets: [EvidencePattern], clears: [EvidencePattern], declaredOnly: String?) {
        self.sets = sets
        self.clears = clears
        self.declaredOnly = declaredOnly
    }

    /// Whether evidence can be sought at all: some `sets` pattern, and not declared only.
    public var isSought: Bool { declaredOnly == nil && !sets.isEmpty }
}

/// One pattern of `evidence`, in the language whose files it is matched in; with a scope, it
/// counts only in the bodies of the scope's handlers (`PatternScope`).
public struct EvidencePattern: Sendable, Hashable {
    public var language: SourceLanguage
    public var text: String
    public var scope: PatternScope?
    /// The Dart or JavaScript package whose API it names: it counts only where the app depends on it.
    public var package: String?

    init(language: SourceLanguage, text: String, scope: PatternScope? = nil, package: String? = nil) {
        self.language = language
        self.text = text
        self.scope = scope
        self.package = package
    }
}

extension SourceLanguage {
    /// Whether the platform's source holds files of this language: Dart and TypeScript serve both
    /// (a Flutter or React Native app is one source for Android and iOS).
    func serves(_ platform: Platform) -> Bool {
        switch self {
        case .swift: return platform == .ios
        case .kotlin, .java, .xmlAttribute: return platform == .android
        case .dart, .typescript: return true
        }
    }

    /// Whether its patterns name a package's API, so that each names the package it comes from.
    var patternsNamePackages: Bool { self == .dart || self == .typescript }
}

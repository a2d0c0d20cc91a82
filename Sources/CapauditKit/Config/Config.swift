import YAML

/// The settings of `.capaudit.yml`.
public struct Config: Sendable {
    public var file: String?
    public var profile: String?
    public var include: [Glob] = []
    public var exclude: [Glob] = []
    /// Severity settings by rule id (slugs resolved to ids), or `RULE/case`.
    public var rules: [String: SeveritySetting] = [:]
    /// Rule pack folders, relative to the config's folder.
    public var rulePacks: [String] = []
    public var wording = WordingAdditions()
    public var baseline: String?
    public var failOn: FailOn?
    /// Run preview rules (`preview: true`).
    public var preview = false
    /// A run that finds no manifest passes (`allow-empty: true`) instead of exiting 2.
    public var allowEmpty = false
    /// Rules that inline suppressions may not silence.
    public var unsuppressible: Set<String> = []
    /// `source`: the roots of the app's code, relative to the config's folder (docs/evidence.md).
    public var sources: [ConfiguredSource] = []
    /// SUP003 and the like: found in the config, reported as findings.
    public var problems: [SettingsProblem] = []

    public init() {}
}

/// A root of the app's code as the config names it: an entry of the `source` list, or one
/// platform of the `source` map.
public struct ConfiguredSource: Sendable {
    /// The platforms whose code the root holds; nil: every platform the app ships.
    public var platforms: [Platform]?
    /// As written, relative to the config's folder.
    public var folder: String
    /// Where the folder is written, for a message when it does not exist: its position and its
    /// key (`source.android`, `source[1].path`).
    public var position: SourcePosition
    public var key: String
    /// `exclude`: paths relative to the root to leave out.
    public var exclude: [Glob] = []
    /// `tests: include`: read test code too.
    public var includesTests = false
    /// `packages`: names of packages to read under `node_modules` or the pub cache, with where each is written.
    public var packages: [ConfiguredName] = []
    /// `target`: the application target whose build settings count (iOS).
    public var target: ConfiguredName?
}

/// A name the config writes, with where.
public struct ConfiguredName: Sendable, Equatable {
    public var name: String
    public var position: SourcePosition
}

/// When the exit code turns 1.
public enum FailOn: String, Sendable, CaseIterable {
    case error, warning, info, never

    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .error: return severity >= .error
        case .warning: return severity >= .warning
        case .info: return true
        case .never: return false
        }
    }
}

/// Extra lexicon entries from the config: for every language, or per language.
public struct WordingAdditions: Sendable {
    public var everyLanguage: Lexicon?
    public var byLanguage: [String: Lexicon] = [:]

    public init() {}

    public var isEmpty: Bool { everyLanguage == nil && byLanguage.isEmpty }
}

/// A finding about the config or a rule pack (a rule name that names no rule): reported with the
/// manifests' findings and judged by the same settings, since a stale name must not break every build.
public struct SettingsProblem: Sendable {
    public var rule: BuiltInRule
    /// The rule's case (`deprecated`), when the problem is one.
    public var caseName: String? = nil
    public var file: String
    public var message: String
    public var position: SourcePosition
    public var path: String
    public var fix: String?
    /// What tells two problems of one file apart, for fingerprints.
    public var detail: String
}

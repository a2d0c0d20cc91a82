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
    /// `source`: each platform's source folder, relative to the config's folder (docs/evidence.md).
    public var sources: [ConfiguredSource] = []
    /// SUP003 and the like: found in the config, reported as findings.
    public var problems: [SettingsProblem] = []

    public init() {}
}

/// A platform's source folder as the config names it.
public struct ConfiguredSource: Sendable {
    public var platform: Platform
    /// As written, relative to the config's folder.
    public var folder: String
    /// Where the folder is written, for a message when it does not exist.
    public var position: SourcePosition
    /// iOS: the application target whose deployment target counts (`source.target`).
    public var target: String?
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

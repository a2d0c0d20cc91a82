import YAML

/// A rule as the policy data describes it: identity, the built-in check it runs and how,
/// its severity, its message, and the documentation `explain` and SARIF show.
public struct RuleDefinition: Sendable {
    public var id: String
    public var slug: String
    public var title: String
    /// Whether the rule runs by default, only with the preview opt-in, or never (docs/configuration.md, "Preview and deprecated rules").
    public var status: RuleStatus
    /// The rule a deprecated rule's name stands for.
    public var replacedBy: String?
    /// The name of the built-in check that implements it.
    public var check: String
    public var parameters: YAMLNode?
    /// The severity of its main case in the general profile; nil when the profile matrix decides.
    public var defaultSetting: SeveritySetting?
    /// Named variants with their own default severity.
    public var cases: [String: SeveritySetting]
    /// Messages of cases that say something else than the main message.
    public var caseMessages: [String: String]
    /// Cases a policy retired, with that policy ("Policy 3"): they never fire, and their names stay
    /// valid wherever a case is named (RULES.md, "Rule lifecycle").
    public var retiredCases: [String: String] = [:]
    public var pointsAt: String
    public var message: String
    public var references: [String]
    /// SARIF `security-severity` (0.0 to 10.0) when the rule sets its own; else it follows the severity.
    public var securitySeverity: Double?
    /// How far `check --fix` may apply the rule's fixes (`fix-applicability`; `unsafe` unless the
    /// rule says otherwise). A fix without edits is always `display`.
    public var fixApplicability: FixApplicability = .unsafe
    /// Why the rule's fixes have that applicability (`fix-applicability-reason`), for docs/rules.md.
    public var fixApplicabilityReason: String = ""
    let documentation: RuleDocumentation
    /// Where it was defined, for errors about it.
    public var file: String

    public var usesMatrix: Bool { defaultSetting == nil }

    public var rationale: String { documentation.rationale }
    public var fix: String { documentation.fix }
    public var failingExample: String { documentation.failingExample }
    public var failingMarkers: [ExampleMarker] { documentation.failingMarkers }
    public var passingExample: String { documentation.passingExample }
    /// The app's code each example is checked against; empty for rules that read no code.
    public var failingSource: [SourceText] { documentation.failingSource }
    public var passingSource: [SourceText] { documentation.passingSource }

    public func isRetired(case name: String?) -> Bool {
        name.map { retiredCases[$0] != nil } ?? false
    }

    public func message(case name: String?) -> String {
        name.flatMap { caseMessages[$0] } ?? message
    }

    /// The setting key of a case: `RULE` for the main case, `RULE/case` otherwise.
    public func settingKey(case name: String?) -> String {
        name.map { "\(id)/\($0)" } ?? id
    }
}

/// Where a rule is in its life: as in ruff, a preview rule runs only when the run opts in, and a
/// deprecated one never runs, its name standing for its replacement.
public enum RuleStatus: String, Sendable, CaseIterable {
    case stable, preview, deprecated

    /// Said wherever statuses are listed.
    public static let note =
        "status: preview rules run only with --preview (or `preview: true` in the config), at the severities shown; deprecated rules never run, and their names stand for their replacement"

    /// What the status means for this rule, for its page; nil for a stable rule.
    func sentence(replacedBy replacement: String?) -> String? {
        switch self {
        case .stable: return nil
        case .preview: return "Preview: runs only with --preview (or `preview: true` in the config); its id and meaning may still change."
        case .deprecated: return "Deprecated: never runs; a suppression, config entry or --select/--ignore naming it stands for \(replacement ?? "its replacement")."
        }
    }
}

public struct Reference: Sendable {
    public var id: String
    public var title: String
    public var url: String?
    public var note: String?
}

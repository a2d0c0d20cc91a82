import YAML

/// A finding before the user's settings: which rule, what and where, with no severity yet.
/// Every finding, whatever made it (a check, the reader, a suppression, the config, the
/// baseline), is one of these until the resolve stage judges it.
struct RawFinding: Sendable {
    /// Shared with the rule's other findings: a finding holds a reference, not a copy of the definition.
    let rule: SharedRule
    var caseName: String?
    /// The severity the profile matrix gives, for rules whose severity is `matrix`.
    var matrixSeverity: Severity?
    var document: Int
    /// The severity settings of the document's profile, which sit between the rule's and the config's.
    var profileSettings: [String: SeveritySetting]?
    var position: SourcePosition
    var end: SourcePosition?
    var path: String
    var platform: Platform?
    var missing: [String]
    /// Values for the rule's message template; `{rule}` is always the rule's id.
    var arguments: [String: String]
    /// The help line; for a check's finding, rendered from its fixes by the evaluate stage.
    var help: String?
    var fixes: [Fix] = []
    /// What, beyond rule, file, path and platform, tells this finding apart (never a line number).
    var detail: String
    var related: [RelatedLocation] = []

    /// A finding of a built-in rule, whose message is written where it is found.
    init(_ rule: RuleDefinition, message: String, document: Int = 0, at position: SourcePosition, path: String, help: String? = nil, detail: String = "") {
        self.rule = SharedRule(rule)
        caseName = nil
        matrixSeverity = nil
        self.document = document
        profileSettings = nil
        self.position = position
        end = nil
        self.path = path
        platform = nil
        missing = []
        arguments = ["message": message]
        self.help = help
        self.detail = detail
    }

    /// A check's emission for a rule in one document.
    init(_ rule: SharedRule, emission: Emission, document: Int, profileSettings: [String: SeveritySetting]) {
        self.rule = rule
        caseName = emission.caseName
        matrixSeverity = emission.severity
        self.document = document
        self.profileSettings = profileSettings
        position = emission.location.position
        end = emission.end
        path = emission.location.path
        platform = emission.platform
        missing = emission.missing
        arguments = emission.arguments
        help = nil
        detail = emission.detail
        related = emission.related
    }

    /// Gives the finding its fixes, and the help line that says them: each fix's message and
    /// change, alternatives joined with "; or ", the recommended one first.
    mutating func attach(_ fixes: [Fix]) {
        self.fixes = fixes
        help = fixes.isEmpty ? nil : fixes.map(\.help).joined(separator: Self.alternativeSeparator)
    }

    /// Between two alternatives of a help line.
    static let alternativeSeparator = "; or "
}

/// A rule's definition behind a reference, made once per run for each rule whose check runs.
final class SharedRule: Sendable {
    let definition: RuleDefinition

    init(_ definition: RuleDefinition) {
        self.definition = definition
    }
}

extension Policy {
    /// The definition of a built-in rule. The shipped rules define every one of them, and a
    /// rule pack cannot remove a shipped rule; a stand-in keeps the run going regardless.
    func definition(of rule: BuiltInRule) -> RuleDefinition {
        self.rule(rule.id) ?? RuleDefinition(
            id: rule.id, slug: rule.id.lowercased(), title: rule.id, status: .stable, replacedBy: nil, check: "", parameters: nil, defaultSetting: nil, cases: [:],
            caseMessages: [:], pointsAt: "", message: "{message}", references: [], securitySeverity: nil,
            documentation: RuleDocumentation(rationale: "", fix: "", failingExample: "", passingExample: ""), file: "")
    }
}

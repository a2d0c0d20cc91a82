/// How severe a rule is under each profile, for its main case and each named case, as the
/// profiles and the rule's defaults set it (a config or the command line may still change it).
public struct RuleSeverities: Sendable {
    /// One setting key (`CAP007` or `CAP007/with-reason`) with its severity per profile.
    public struct Row: Sendable {
        public var key: String
        /// `error`, `warning`, `info`, `off` or `matrix`, in the order of `profiles`.
        public var values: [String]
    }

    public var profiles: [String]
    /// The main case first, then the named cases by name.
    public var rows: [Row]

    /// Said wherever `matrix` stands for a severity.
    public static let matrixNote = "matrix (from the profile's coverage matrix / action policy): each finding takes the severity that the profile gives the data kind or action it is about"

    public init(rule: RuleDefinition, profiles: [Profile]) {
        self.profiles = profiles.map(\.id)
        let caseNames: [String?] = [nil] + rule.cases.keys.sorted().map { Optional($0) }
        rows = caseNames.map { caseName in
            Row(key: rule.settingKey(case: caseName), values: profiles.map { Self.severity(of: rule, caseName: caseName, in: $0) })
        }
    }

    public var usesMatrix: Bool { rows.contains { $0.values.contains("matrix") } }

    /// The severity one profile gives one case of a rule.
    static func severity(of rule: RuleDefinition, caseName: String?, in profile: Profile) -> String {
        if rule.status == .deprecated || rule.isRetired(case: caseName) { return "off" }
        // The severities a preview rule has once the run opts in; its status is shown beside them.
        if let severity = RuleSettings(preview: true).severity(of: rule, caseName: caseName, profile: profile, matrix: nil) {
            return severity.description
        }
        let turnedOff = profile.ruleSettings[rule.id] == .off || caseName.map { profile.ruleSettings[rule.settingKey(case: $0)] == .off } == true
        return rule.usesMatrix && !turnedOff ? "matrix" : "off"
    }

    /// The profiles in the order people read them: the base profiles first (fewest `extends`), then by name.
    public static func displayOrder(_ policy: Policy) -> [Profile] {
        policy.profiles.values.sorted { lhs, rhs in
            lhs.lineage.count != rhs.lineage.count ? lhs.lineage.count < rhs.lineage.count : lhs.id < rhs.id
        }
    }
}

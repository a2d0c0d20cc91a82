/// Severity settings above the profile: the config's, then the command line's.
///
/// Precedence (lowest first): the rule's default < the profile < the config < the command line.
/// A `RULE/case` key sets one case; a bare `RULE` sets the main case, and `off` turns off every case.
public struct RuleSettings: Sendable {
    /// Highest precedence first.
    public var layers: [[String: SeveritySetting]]
    /// The run opted in to preview rules (`--preview`, config `preview: true`).
    public var preview: Bool

    public init(layers: [[String: SeveritySetting]] = [], preview: Bool = false) {
        self.layers = layers
        self.preview = preview
    }

    /// The severity of a finding, or nil when its rule or case is off. This is where the rule
    /// lifecycle applies: a deprecated rule never fires, a preview rule only with the opt-in.
    func severity(of rule: RuleDefinition, caseName: String?, profile: Profile?, matrix: Severity?) -> Severity? {
        switch rule.status {
        case .stable: break
        case .preview: guard preview else { return nil }
        case .deprecated: return nil
        }
        if rule.id.hasPrefix("MAN") { return .error }
        let all = layers + [profile?.ruleSettings ?? [:]]
        for layer in all {
            if let caseName, let setting = layer["\(rule.id)/\(caseName)"] { return setting.severity }
            if let setting = layer[rule.id] {
                if setting == .off { return nil }
                if caseName == nil || rule.cases[caseName ?? ""] == nil { return setting.severity }
            }
        }
        if let caseName, let setting = rule.cases[caseName] { return setting.severity }
        if let setting = rule.defaultSetting { return setting.severity }
        return matrix
    }
}

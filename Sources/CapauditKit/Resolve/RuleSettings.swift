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
    /// lifecycle applies: a deprecated rule or a retired case never fires, a preview rule only with the opt-in.
    func severity(of rule: RuleDefinition, caseName: String?, profile: Profile?, matrix: Severity?) -> Severity? {
        severity(of: rule, caseName: caseName, profileSettings: profile?.ruleSettings, matrix: matrix)
    }

    /// `profileSettings`: the settings of the profile the finding's document is judged by.
    func severity(of rule: RuleDefinition, caseName: String?, profileSettings: [String: SeveritySetting]?, matrix: Severity?) -> Severity? {
        switch rule.status {
        case .stable: break
        case .preview: guard preview else { return nil }
        case .deprecated: return nil
        }
        if rule.isRetired(case: caseName) { return nil }
        if rule.id.hasPrefix("MAN") { return .error }
        let caseKey = caseName.map { "\(rule.id)/\($0)" }
        for layer in layers {
            if let setting = Self.setting(in: layer, rule: rule, caseName: caseName, caseKey: caseKey) { return setting.severity }
        }
        if let layer = profileSettings, let setting = Self.setting(in: layer, rule: rule, caseName: caseName, caseKey: caseKey) {
            return setting.severity
        }
        if let caseName, let setting = rule.cases[caseName] { return setting.severity }
        if let setting = rule.defaultSetting { return setting.severity }
        return matrix
    }

    /// The setting of one layer that decides a finding's severity, if that layer has one: its
    /// `RULE/case` key, else the rule's `off`, else the rule's severity for the main case or a
    /// case the rule does not grade on its own.
    private static func setting(in layer: [String: SeveritySetting], rule: RuleDefinition, caseName: String?, caseKey: String?) -> SeveritySetting? {
        if let caseKey, let setting = layer[caseKey] { return setting }
        guard let setting = layer[rule.id] else { return nil }
        if setting == .off { return .off }
        if caseName == nil || rule.cases[caseName ?? ""] == nil { return setting }
        return nil
    }
}

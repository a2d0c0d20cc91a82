/// Everything capaudit judges by: the taxonomy, the rules with their checks, the resolved
/// profiles, the wording lexicons and the references. Loaded once per process.
public struct Policy: Sendable {
    public var taxonomy: Taxonomy
    /// Sorted by id.
    public var rules: [RuleDefinition]
    public var profiles: [String: Profile]
    let lexicons: LexiconStore
    public var references: [String: Reference]
    /// Rule names in rule packs' profiles that name no rule (reported as SUP003).
    public var unknownRuleNames: [PolicyError.Problem]
    /// Deprecated rule names in rule packs' profiles (reported as SUP003 at info).
    public var deprecatedRuleNames: [PolicyError.Problem]
    /// Each rule's check, built once from its parameters, in rule order.
    var checks: [(rule: RuleDefinition, check: any Check)]

    private var ruleIndex: [String: Int]

    init(
        taxonomy: Taxonomy, rules: [RuleDefinition], profiles: [String: Profile], lexicons: LexiconStore,
        references: [String: Reference], unknownRuleNames: [PolicyError.Problem] = [], deprecatedRuleNames: [PolicyError.Problem] = [],
        checks: [(rule: RuleDefinition, check: any Check)]
    ) {
        self.taxonomy = taxonomy
        self.rules = rules
        self.profiles = profiles
        self.lexicons = lexicons
        self.references = references
        self.unknownRuleNames = unknownRuleNames
        self.deprecatedRuleNames = deprecatedRuleNames
        self.checks = checks
        var index: [String: Int] = [:]
        for (position, rule) in rules.enumerated() {
            index[rule.id] = position
            index[rule.slug] = position
        }
        ruleIndex = index
    }

    /// A rule by id or slug.
    public func rule(_ name: String) -> RuleDefinition? {
        ruleIndex[name].map { rules[$0] } ?? ruleIndex[name.uppercased()].map { rules[$0] }
    }

    /// The rule a name stands for where a suppression, the config or the command line names it:
    /// a deprecated rule's name stands for its replacement, and `deprecated` is then that rule.
    public func resolve(_ name: String) -> (rule: RuleDefinition, deprecated: RuleDefinition?)? {
        guard let rule = rule(name) else { return nil }
        guard rule.status == .deprecated, let replacement = rule.replacedBy.flatMap(self.rule) else { return (rule, nil) }
        return (replacement, rule)
    }

    /// What SUP003 says about a deprecated rule's name.
    public static func deprecationNote(_ rule: RuleDefinition, replacement: RuleDefinition) -> String {
        "\(rule.id) (`\(rule.slug)`) is deprecated and replaced by \(replacement.id) (`\(replacement.slug)`), which this name now stands for; write \(replacement.id) instead"
    }

    /// Every id and slug, for suggestions.
    public var ruleNames: [String] { rules.flatMap { [$0.id, $0.slug] } }

    public var profileNames: [String] { profiles.keys.sorted() }

    /// The languages that have a wording lexicon.
    public var languages: [String] { lexicons.languages }

    /// Every language's lexicon, in the order of `languages`.
    public var allLexicons: [Lexicon] { languages.compactMap(lexicon(for:)) }

    /// The lexicon for a language tag: exact, else its primary language (`en-GB` → `en`).
    public func lexicon(for tag: String) -> Lexicon? {
        let lowered = tag.lowercased()
        if let exact = lexicons.lexicon(for: lowered) { return exact }
        let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
        return primary == lowered ? nil : lexicons.lexicon(for: primary)
    }
}

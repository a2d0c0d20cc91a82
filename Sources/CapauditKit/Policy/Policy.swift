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
    /// Each rule's check, built once from its parameters, in rule order.
    var checks: [(rule: RuleDefinition, check: any Check)]

    private var ruleIndex: [String: Int]

    init(
        taxonomy: Taxonomy, rules: [RuleDefinition], profiles: [String: Profile], lexicons: LexiconStore,
        references: [String: Reference], unknownRuleNames: [PolicyError.Problem] = [], checks: [(rule: RuleDefinition, check: any Check)]
    ) {
        self.taxonomy = taxonomy
        self.rules = rules
        self.profiles = profiles
        self.lexicons = lexicons
        self.references = references
        self.unknownRuleNames = unknownRuleNames
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

    /// Every id and slug, for suggestions.
    public var ruleNames: [String] { rules.flatMap { [$0.id, $0.slug] } }

    public var profileNames: [String] { profiles.keys.sorted() }

    /// The languages that have a wording lexicon.
    public var languages: [String] { lexicons.languages }

    /// The lexicon for a language tag: exact, else its primary language (`en-GB` → `en`).
    public func lexicon(for tag: String) -> Lexicon? {
        let lowered = tag.lowercased()
        if let exact = lexicons.lexicon(for: lowered) { return exact }
        let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
        return primary == lowered ? nil : lexicons.lexicon(for: primary)
    }
}

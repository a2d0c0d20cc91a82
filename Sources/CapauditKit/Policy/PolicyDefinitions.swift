/// The policy as data, before profiles are resolved and checks built: what `PolicyLoader` reads
/// from `Rules/`, and what `PolicyCompiler` writes into the binary as `CompiledPolicy`, so that
/// a run parses no policy YAML unless a rule pack is given.
public struct PolicyDefinitions: Sendable {
    var taxonomy: Taxonomy
    var references: [String: Reference]
    /// Sorted by id.
    var rules: [RuleDefinition]
    /// Sorted by id, rule keys canonical.
    var profiles: [ProfileDefinition]
    /// By language, each read when a text in that language is first checked.
    var lexicons: [String: @Sendable () -> LexiconDefinition?]
}

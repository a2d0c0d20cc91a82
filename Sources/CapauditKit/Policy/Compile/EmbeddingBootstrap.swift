#if CAPAUDIT_EMBEDDING
/// While scripts/embed-rules builds the compiler, `CompiledPolicy.swift` is left out (it may not
/// fit the code being built): the compiler reads `Rules/` from its YAML and needs no shipped policy.
enum CompiledPolicy {
    static let definitions = PolicyDefinitions(taxonomy: Taxonomy(), references: [:], rules: [], profiles: [], lexicons: [:])
}
#endif

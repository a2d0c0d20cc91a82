/// CAP001: a sensitive field misses threats its profile requires covered, on one platform.
struct CoverageCheck: Check {
    static let name = "coverage"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for coverage in context.coverage where !coverage.missing.isEmpty {
            if coverage.screen.optOut?.hasReason == true { continue }
            if WindowFlagCheck.isWindowWithoutFlag(coverage, context) { continue }
            guard let severity = coverage.requirement?.severity(of: coverage.missing) else { continue }
            let taxonomy = context.taxonomy
            let missing = taxonomy.names(of: coverage.missing)
            emissions.append(Emission(
                severity: severity, location: coverage.field.location, platform: coverage.platform, missing: missing,
                arguments: [
                    "field": coverage.field.id, "kind": coverage.field.kind, "platform": coverage.platform.displayName,
                    "missing": Phrases.list(missing), "covered": Self.coveredPhrase(coverage, taxonomy),
                ],
                fix: SmallestFix(coverage: coverage, context: context).advice))
        }
        return emissions
    }

    /// What the field's mechanisms do cover; for a mechanism that covers several threats but not
    /// the missing ones, its caveat says why (the gap people do not expect).
    static func coveredPhrase(_ coverage: FieldCoverage, _ taxonomy: Taxonomy) -> String {
        guard !coverage.mechanisms.isEmpty else { return "nothing protects it there" }
        let parts = coverage.mechanisms.map { mechanism -> String in
            let covers = taxonomy.names(of: mechanism.covers)
            let coversText = covers.isEmpty ? "covers nothing alone" : "covers \(Phrases.list(covers))"
            let explains = mechanism.covers.count >= 2 && !mechanism.covers.isSuperset(of: coverage.missing) && !mechanism.caveat.isEmpty
            return "`\(mechanism.id)` \(coversText)" + (explains ? " (\(mechanism.caveatClause))" : "")
        }
        return parts.joined(separator: "; ")
    }
}

/// The smallest change that closes a coverage gap on one platform: one mechanism that covers
/// every missing threat (first in taxonomy order, available at the app's minimum OS), else the
/// fewest that do together; and `display: masked` as the alternative.
struct SmallestFix {
    let mechanisms: [Mechanism]
    let coverage: FieldCoverage

    init(coverage: FieldCoverage, context: EvaluationContext) {
        self.coverage = coverage
        let minSDK = context.manifest.app.android?.minSDK ?? 0
        let candidates = context.taxonomy.mechanisms.filter { mechanism in
            mechanism.platform == coverage.platform && mechanism.role == .protect && !mechanism.covers.isEmpty
                && (coverage.platform != .android || (mechanism.minVersion ?? 0) <= minSDK)
                && !coverage.mechanisms.contains { $0.id == mechanism.id }
        }
        self.mechanisms = Self.fewest(candidates, covering: coverage.missing)
    }

    /// The first smallest subset, in taxonomy order, whose union covers `missing`.
    static func fewest(_ candidates: [Mechanism], covering missing: ThreatSet) -> [Mechanism] {
        let pool = Array(candidates.prefix(12))
        for size in 1...max(1, pool.count) {
            if let found = firstSubset(of: pool, size: size, from: 0, covering: missing, chosen: []) { return found }
        }
        return []
    }

    private static func firstSubset(of pool: [Mechanism], size: Int, from start: Int, covering missing: ThreatSet, chosen: [Mechanism]) -> [Mechanism]? {
        if chosen.count == size {
            let union = chosen.reduce(ThreatSet()) { $0.union($1.covers) }
            return union.isSuperset(of: missing) ? chosen : nil
        }
        guard start < pool.count else { return nil }
        for index in start..<pool.count {
            if let found = firstSubset(of: pool, size: size, from: index + 1, covering: missing, chosen: chosen + [pool[index]]) { return found }
        }
        return nil
    }

    var advice: String {
        let platform = coverage.platform.rawValue
        let masked = "or show it masked (`display: masked`, no `reveal: tap`)"
        guard !mechanisms.isEmpty else {
            return "no \(coverage.platform.displayName) mechanism covers this at the app's minimum OS: \(masked)"
        }
        let names = mechanisms.map(\.id)
        let caveats = mechanisms.filter { !$0.caveat.isEmpty }.map { "`\($0.id)`: \($0.caveatClause)" }
        let caveatText = caveats.isEmpty ? "" : "; mind: \(caveats.joined(separator: "; "))"
        return "add \(Phrases.code(names)) to its `protect` for \(platform) (`protect: {\(platform): \(Phrases.flowList(names))}`) \(masked)\(caveatText)"
    }
}

/// CAP001: a sensitive field misses threats its profile requires covered, on one platform.
struct CoverageCheck: Check {
    static let name = "coverage"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        var wordings: [Gap: GapWording] = [:]
        for coverage in context.coverage where !coverage.missing.isEmpty {
            if coverage.screen.optOut?.hasReason == true { continue }
            if WindowFlagCheck.isWindowWithoutFlag(coverage, context) { continue }
            guard let severity = coverage.requirement?.severity(of: coverage.missing) else { continue }
            let gap = Gap(coverage)
            let wording = wordings[gap] ?? GapWording(coverage, context)
            wordings[gap] = wording
            emissions.append(Emission(
                severity: severity, location: coverage.field.location, platform: coverage.platform, missing: wording.missing,
                arguments: [
                    "field": coverage.field.id, "kind": coverage.field.kind, "platform": coverage.platform.displayName,
                    "missing": wording.missingPhrase, "covered": wording.covered,
                ],
                fixes: context.fixes { SmallestFix(coverage: coverage, context: context).fixes(context) }))
        }
        return emissions
    }

    /// What the wording of a gap depends on, besides the document: many fields of a manifest
    /// share a gap, and its wording is worked out once for all of them.
    struct Gap: Hashable {
        let platform: Platform
        let mechanisms: [String]
        let missing: ThreatSet
        let input: InputKind
        let reveal: Reveal

        init(_ coverage: FieldCoverage) {
            platform = coverage.platform
            mechanisms = coverage.mechanisms.map(\.id)
            missing = coverage.missing
            input = coverage.field.input
            reveal = coverage.field.reveal
        }
    }

    /// The texts of a gap's finding.
    struct GapWording {
        let missing: [String]
        let missingPhrase: String
        let covered: String

        init(_ coverage: FieldCoverage, _ context: EvaluationContext) {
            missing = context.taxonomy.names(of: coverage.missing)
            missingPhrase = Phrases.list(missing)
            covered = CoverageCheck.coveredPhrase(coverage, context.taxonomy)
        }
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

/// The smallest change that closes a coverage gap on one platform (CAP001 in docs/rules.md): one robust
/// mechanism that covers every missing threat (first in taxonomy order, available from the app's
/// minimum OS version), else the fewest that do together; where no robust mechanism covers a
/// missing threat (iOS screenshots), the value masked (a secure input). It never proposes what
/// another rule flags, such as a fragile mechanism (IOS002), nor a conditional one, which depends
/// on how the app is deployed rather than on its code.
struct SmallestFix {
    let mechanisms: [Mechanism]
    /// The fewest robust mechanisms that cover what robust mechanisms can of the gap (all of it
    /// when `mechanisms` is not empty).
    let robustPart: [Mechanism]
    let coverage: FieldCoverage
    let toolkit: String?

    init(coverage: FieldCoverage, context: EvaluationContext) {
        self.coverage = coverage
        let minimum = context.manifest.app.minimumVersion(on: coverage.platform)
        let usable = context.taxonomy.mechanisms.filter { mechanism in
            mechanism.platform == coverage.platform && mechanism.role == .protect && !mechanism.covers.isEmpty
                && mechanism.isAvailable(from: minimum) && !coverage.mechanisms.contains { $0.id == mechanism.id }
        }
        let robust = usable.filter(\.isProposable)
        let robustCover = robust.reduce(ThreatSet()) { $0.union($1.covers) }
        let coverable = coverage.missing.intersection(robustCover)
        robustPart = coverable.isEmpty ? [] : Self.fewest(robust, covering: coverable)
        mechanisms = robustCover.isSuperset(of: coverage.missing) ? robustPart : []
        toolkit = context.manifest.app.toolkit(on: coverage.platform)
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

    var field: Field { coverage.field }

    /// `display: masked` (and no `reveal: tap`), or for an input `input: secure`: covers every threat.
    var maskedEdits: [ManifestEdit] {
        let path = field.location.path
        var edits: [ManifestEdit] = []
        if field.input == .plain { edits.append(.set("input", to: .name(InputKind.secure.rawValue), at: path)) }
        if field.display == .full { edits.append(.set("display", to: .name(Display.masked.rawValue), at: path)) }
        if field.reveal == .tap { edits.append(.set("reveal", to: .name(Reveal.none.rawValue), at: path)) }
        return edits
    }

    var maskedPhrase: String {
        if field.input == .plain { return "make the input secure, shown masked" }
        return field.reveal == .tap ? "keep it masked, never revealed" : "show it masked"
    }

    func fixes(_ context: EvaluationContext) -> [ManifestFix] {
        let masked = ManifestFix(maskedPhrase, maskedEdits)
        guard !mechanisms.isEmpty else { return [masked] }
        let names = mechanisms.map(\.id)
        let adding = FixPlanner(context: context).adding(names, on: coverage.platform, to: field.protect, at: field.location.path, screen: coverage.screen)
        let calls = mechanisms.map { "`\($0.id)`: \($0.how(in: toolkit))" }
        let message = "protect the field on \(coverage.platform.displayName) (\(calls.joined(separator: "; ")))"
        return [ManifestFix(message, adding), masked]
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// Each rule says how far `check --fix` may apply its fixes and why (`fix-applicability`,
/// `fix-applicability-reason`), and the rule's page, which docs/rules.md is made of, says both.
@Suite struct FixApplicabilityTests {
    static let rule = """
        id: ACME200
        slug: full-card-number
        title: Card number in full
        check: field
        parameters:
          where: {kind: [card-number], display: [full]}
          set: {display: masked}
        severity: warning
        message: "`{field}` shows the card number"
        fix-applicability: safe
        fix-applicability-reason: "Masking is what the screen already does."
        """

    static func load(_ text: String) throws(PolicyError) -> Policy {
        try PolicyLoader.load(adding: [PolicySource(relativePath: "rules/ACME200.yml", displayPath: "pack/rules/ACME200.yml", bytes: Array(text.utf8))])
    }

    @Test(arguments: Manifests.policy.rules.map(\.id))
    func everyShippedRuleSaysWhyItsFixesApplyAsTheyDo(_ id: String) throws {
        let rule = try #require(Manifests.policy.rule(id))
        #expect(rule.fixApplicabilityReason.hasSuffix("."), "\(id) gives no `fix-applicability-reason` sentence")
        let page = RulePage(rule: rule, policy: Manifests.policy)
        #expect(page.markdown().contains("Fix applicability: \(rule.fixApplicability.rawValue): \(rule.fixApplicabilityReason)"))
    }

    @Test func aPackRuleCarriesItsApplicabilityAndReason() throws {
        let rule = try #require(try Self.load(Self.rule).rule("ACME200"))
        #expect(rule.fixApplicability == .safe)
        #expect(rule.fixApplicabilityReason == "Masking is what the screen already does.")
        let plain = try #require(try Self.load(Self.rule.replacingOccurrences(of: "fix-applicability: safe\n", with: "")).rule("ACME200"))
        #expect(plain.fixApplicability == .unsafe)
    }

    @Test func anEmptyReasonIsReportedWhereItIs() {
        let empty = Self.rule.replacingOccurrences(of: "\"Masking is what the screen already does.\"", with: "\"\"")
        do throws(PolicyError) {
            _ = try Self.load(empty)
            Issue.record("an empty `fix-applicability-reason` was accepted")
        } catch {
            #expect(error.problems.map(\.position) == [SourcePosition(line: 11, column: 27)], "\(error.problems.map(\.message))")
        }
    }
}

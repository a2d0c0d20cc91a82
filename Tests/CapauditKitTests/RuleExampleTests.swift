import CapauditKit
import TestSupport
import Testing

/// Every rule's examples in Rules/ are tests: the failing one fires the rule, the passing one
/// does not, both against the example's app code when the rule reads code. A rule added to the
/// data is tested without new Swift.
@Suite struct RuleExampleTests {
    static let rules = Manifests.policy.rules.map(\.id)

    @Test(arguments: rules)
    func failingExampleFiresTheRule(_ id: String) throws {
        let rule = try #require(Manifests.policy.rule(id))
        #expect(!rule.failingExample.isEmpty, "\(id) has no failing example")
        let result = Manifests.check(rule.failingExample, path: "Rules/rules/\(id).yml", source: rule.failingSource)
        let active = result.findings.filter { $0.suppression == nil }
        #expect(active.contains { $0.ruleID == id }, "\(id)'s failing example does not fire it: \(Manifests.summary(result))")
        if !id.hasPrefix("MAN") {
            #expect(!active.contains { $0.ruleID.hasPrefix("MAN") }, "\(id)'s failing example is not a valid manifest: \(Manifests.summary(result))")
        }
    }

    @Test(arguments: rules)
    func passingExampleDoesNotFireTheRule(_ id: String) throws {
        let rule = try #require(Manifests.policy.rule(id))
        #expect(!rule.passingExample.isEmpty, "\(id) has no passing example")
        let result = Manifests.check(rule.passingExample, path: "Rules/rules/\(id).yml", source: rule.passingSource)
        let active = result.findings.filter { $0.suppression == nil }
        #expect(!active.contains { $0.ruleID == id }, "\(id)'s passing example fires it: \(Manifests.summary(result))")
        #expect(!active.contains { $0.ruleID.hasPrefix("MAN") }, "\(id)'s passing example is not a valid manifest: \(Manifests.summary(result))")
    }
}

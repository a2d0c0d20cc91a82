@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// EVD005 `ambiguous` says its fix as manifest edits, unlike the other evidence findings (whose
/// fix is in the code, and which HelpLineTests leaves out): each alternative of its help line,
/// read back from its words and applied to the rule's failing example, checked against the
/// example's source, clears the finding and adds none.
@Suite struct AmbiguousCodeHelpTests {
    static func check(_ document: EditableNode, source: [SourceText]) -> RuleFixTests.Checked {
        let text = document.yaml
        return RuleFixTests.Checked(text: text, result: Manifests.check(text, path: "example.yml", preview: true, source: source))
    }

    @Test func eachAlternativeNamesOneCandidateAndClearsTheFinding() throws {
        let rule = try #require(RuleFixTests.policy.rule("EVD005"))
        let document = EditableNode(try #require(try YAMLLoader.load(Array(rule.failingExample.utf8)).documents.first))
        let before = Self.check(document, source: rule.failingSource)
        let ambiguous = before.active.filter { $0.ruleID == "EVD005" && $0.caseName == "ambiguous" }
        #expect(ambiguous.count == 1)
        for finding in ambiguous {
            let help = try #require(finding.help)
            let alternatives = try HelpLine.alternatives(help)
            #expect(alternatives == [
                [.set("ios", to: .list([.name("CardsFeature/CardListViewController.swift")]), at: "screens[id=cards].code")],
                [.set("ios", to: .list([.name("LegacyCards/CardListViewController.swift")]), at: "screens[id=cards].code")],
            ], "\(help)")
            for edits in alternatives {
                let after = Self.check(try ManifestEditor.apply(edits, to: document), source: rule.failingSource)
                #expect(!after.fingerprints.contains(finding.fingerprint), "\(help) leaves its finding:\n\(after.text)")
                #expect(HelpLineTests.newFindings(after, since: before).isEmpty, "\(help):\n\(after.text)")
            }
        }
    }
}

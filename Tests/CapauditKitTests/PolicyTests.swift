@testable import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing
import YAML

@Suite struct PolicyTests {
    let policy = Manifests.policy

    @Test func everyRuleOfTheCatalogueIsShipped() {
        let groups = ["MAN": 4, "CAP": 16, "BNK": 3, "HLT": 1, "AND": 11, "IOS": 5, "WRD": 9, "SUP": 4, "EVD": 7]
        for (prefix, count) in groups {
            let ids = (1...count).map { String(format: "\(prefix)%03d", $0) }
            for id in ids { #expect(policy.rule(id) != nil, "missing rule \(id)") }
        }
        #expect(policy.rules.count == groups.values.reduce(0, +))
    }

    @Test func everyCheckIsUsedAndEveryRuleNamesAKnownCheck() {
        let used = Set(policy.rules.map(\.check))
        #expect(used == Set(CheckRegistry.names))
    }

    /// The unit tests of the checks are the rule examples (RuleExampleTests runs them, position-exact):
    /// every check must have a rule that runs, with a failing example whose findings are marked
    /// and a passing example.
    @Test func everyCheckHasAMarkedFailingExampleAndAPassingOne() {
        for name in CheckRegistry.names {
            let rules = policy.rules.filter { $0.check == name && $0.status != .deprecated }
            #expect(
                rules.contains { !$0.failingMarkers.isEmpty && !$0.passingExample.isEmpty },
                "check `\(name)` has no running rule with a marked failing example and a passing one")
        }
    }

    @Test func profilesResolveTheirExtendsChains() throws {
        let banking = try #require(policy.profiles["banking"])
        #expect(banking.lineage == ["general", "banking"])
        let taxonomy = policy.taxonomy
        func threats(_ names: [String]) -> ThreatSet {
            names.reduce(ThreatSet()) { $0.union(taxonomy.threat(named: $1)?.bit ?? ThreatSet()) }
        }
        let account = try #require(banking.coverage["account-number"])
        #expect(account.severity(ofThreat: threats(["recording"])) == .error)
        #expect(account.severity(ofThreat: threats(["screenshot"])) == .warning)
        #expect(banking.coverage["booking-reference"] == nil)
        #expect(policy.profiles["general"]?.coverage["booking-reference"]?.severity(ofThreat: threats(["screenshot"])) == .info)
        #expect(banking.actionRequirement(kind: "fund-transfer", risk: .high)?.minimum == .disable)
        #expect(policy.profiles["health"]?.actionRequirement(kind: "other", risk: .high)?.severity == .error)
    }

    @Test func severitiesFollowTheCatalogueColumns() throws {
        let settings = RuleSettings()
        func severity(_ rule: String, _ profile: String, case caseName: String? = nil) throws -> Severity? {
            settings.severity(of: try #require(policy.rule(rule)), caseName: caseName, profile: policy.profiles[profile], matrix: nil)
        }
        #expect(try severity("CAP003", "general") == .info)
        #expect(try severity("CAP003", "banking") == .warning)
        #expect(try severity("BNK001", "health") == nil)
        #expect(try severity("HLT001", "general") == nil)
        #expect(try severity("HLT001", "health") == .warning)
        #expect(try severity("CAP007", "banking", case: "no-reason") == .error)
        #expect(try severity("CAP007", "banking", case: "with-reason") == .info)
        #expect(try severity("AND001", "general", case: "unused") == .info)
        // the general, banking and health columns of docs/evidence.md.
        let evidence = ["EVD001": "WEE", "EVD002": "EEE", "EVD003": "WEE", "EVD004": "III", "EVD005": "EEE", "EVD006": "IWW", "EVD007": "III"]
        for (rule, columns) in evidence {
            for (profile, letter) in zip(["general", "banking", "health"], columns) {
                #expect(try severity(rule, profile)?.description.uppercased().first == letter, "\(rule) under \(profile)")
            }
        }
        let configured = RuleSettings(layers: [["CAP003": .on(.error), "AND001": .off]])
        #expect(configured.severity(of: try #require(policy.rule("CAP003")), caseName: nil, profile: policy.profiles["general"], matrix: nil) == .error)
        #expect(configured.severity(of: try #require(policy.rule("AND001")), caseName: "unused", profile: nil, matrix: nil) == nil)
    }

    @Test func brokenPackIsReportedAtItsFileLineAndColumn() {
        let broken = PolicySource(relativePath: "rules/X001.yml", displayPath: "pack/rules/X001.yml", bytes: Array("id: X001\nslug: x\ntitle: X\ncheck: fild\nseverity: warning\nmessage: m\n".utf8))
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [broken])
            Issue.record("a pack with an unknown check loaded")
        } catch {
            let problem = error.problems.first
            #expect(problem?.file == "pack/rules/X001.yml")
            #expect(problem?.position == SourcePosition(line: 4, column: 8))
            #expect(problem?.message.contains("did you mean `field`?") == true)
        }
    }

    @Test func extendsCyclesAreErrors() {
        let a = PolicySource(relativePath: "profiles/a.yml", displayPath: "pack/profiles/a.yml", bytes: Array("id: a\nextends: b\n".utf8))
        let b = PolicySource(relativePath: "profiles/b.yml", displayPath: "pack/profiles/b.yml", bytes: Array("id: b\nextends: a\n".utf8))
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [a, b])
            Issue.record("an extends cycle loaded")
        } catch {
            #expect(error.problems.contains { $0.message.contains("cycle") && $0.position != nil })
        }
    }
}

/// The shipped lexicons and rule documentation are read on first use; they must all be valid.
@Suite struct ShippedPolicyIsValidTests {
    @Test func everyShippedLexiconLoads() {
        let policy = Manifests.policy
        #expect(policy.languages == ["de", "en", "es", "fr", "vi"])
        for language in policy.languages {
            let lexicon = policy.lexicon(for: language)
            #expect(lexicon != nil, "Rules/wording/\(language).yml does not load")
            #expect(lexicon?.list("alarm").entries.isEmpty == false)
        }
        #expect(policy.lexicon(for: "en-GB")?.language == "en")
        #expect(policy.lexicon(for: "it") == nil)
    }

    @Test func shippedLexiconsHaveNoErrors() throws {
        let lexicons = try RulesFolder.sources().filter { $0.relativePath.hasPrefix("wording/") }
        #expect(lexicons.count == 5)
        for source in lexicons {
            let root = try #require(try YAMLLoader.load(source.bytes).documents.first)
            let decoder = NodeDecoder()
            #expect(PolicyLoader.lexiconDefinition(root, source: source, decoder) != nil)
            #expect(decoder.problems.isEmpty, "\(source.displayPath): \(decoder.problems.map(\.message))")
        }
    }

    @Test func documentationIsReadFromItsKeysWithTheMarkersTakenOut() throws {
        let text = "id: X\nrationale: |\n  why\n  more\nfix: >\n  do\nexamples:\n  failing: |\n    a: ↓1\nreferences: [S1]\n"
        let documentation = RuleDocumentation(try #require(try YAMLLoader.load(Array(text.utf8)).documents.first))
        #expect(documentation.rationale == "why\nmore\n")
        #expect(documentation.fix == "do\n")
        #expect(documentation.failingExample == "a: 1\n")
        #expect(documentation.failingMarkers == [ExampleMarker(caseName: nil, line: 1, column: 4)])
    }
}

@Suite struct SecuritySeverityTests {
    @Test func aRuleMaySetItsOwnSecuritySeverity() throws {
        let policy = Manifests.policy
        #expect(policy.rule("CAP002")?.securitySeverity == 9.0)
        #expect(policy.rule("CAP003")?.securitySeverity == nil)
        let sarif = try JSONParser.parse(SarifReporter.render([], context: .test(policy: policy)))
        let rules = sarif["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        func securitySeverity(_ id: String) -> String? {
            rules.first { $0["id"]?.stringValue == id }?["properties"]?["security-severity"]?.stringValue
        }
        #expect(securitySeverity("CAP002") == "9.0")
        #expect(securitySeverity("CAP003") == "2.0")
        #expect(securitySeverity("BNK001") == "5.0")
    }
}

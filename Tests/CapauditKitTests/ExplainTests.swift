import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing
import YAML

/// The pages of `capaudit explain` and `capaudit rules`, the per-finding advice, the starter
/// manifest, and docs/rules.md, built without a terminal.
@Suite struct ExplainTests {
    static let policy = Manifests.policy
    static let rules = Manifests.policy.rules.map(\.id)

    /// The rule's file in Rules/, read from disk: what the page must show.
    static func ruleFile(_ id: String) throws -> YAMLNode {
        let url = Paths.packageRoot.appendingPathComponent("Rules/rules/\(id).yml")
        let stream = try YAMLLoader.load(try readBytes(url))
        return try #require(stream.documents.first)
    }

    // MARK: Rule pages

    @Test(arguments: rules)
    func everyRuleHasACompletePage(_ id: String) throws {
        let rule = try #require(Self.policy.rule(id))
        let page = RulePage(rule: rule, policy: Self.policy)
        let text = page.text
        let file = try Self.ruleFile(id)
        // The page shows the failing example without the markers that say where its findings point.
        let failing = ExampleMarker.strip(try #require(file["examples"]?["failing"]?.scalar?.value)).text
        let passing = try #require(file["examples"]?["passing"]?.scalar?.value)
        let rationale = try #require(file["rationale"]?.scalar?.value)
        let fix = try #require(file["fix"]?.scalar?.value)
        #expect(!rationale.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(id) has no rationale")
        #expect(!fix.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(id) has no fix")

        // The examples on the page are exactly those of Rules/rules/ID.yml.
        #expect(page.rule.failingExample == failing)
        #expect(page.rule.passingExample == passing)
        let indentedFailing = failing.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        let indentedPassing = passing.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        #expect(text.contains("Failing example (reports \(id))\n" + indentedFailing.trimmingCharacters(in: .newlines)))
        #expect(text.contains("Passing example\n" + indentedPassing.trimmingCharacters(in: .newlines)))
        let markdown = page.markdown()
        #expect(markdown.contains("```yaml\n" + failing.trimmingCharacters(in: .newlines) + "\n```"))
        #expect(markdown.contains("```yaml\n" + passing.trimmingCharacters(in: .newlines) + "\n```"))

        // Rationale and fix: every word of the data is on the page, in order (the text form reflows lines).
        for (heading, prose) in [("Why", rationale), ("How to fix", fix)] {
            let words = prose.split(whereSeparator: { $0 == " " || $0 == "\n" })
            let section = try #require(text.components(separatedBy: "\n\(heading)\n").dropFirst().first)
            #expect(section.split(whereSeparator: { $0 == " " || $0 == "\n" }).starts(with: words), "\(id): \(heading) differs from the rule data")
            #expect(markdown.contains(prose.trimmingCharacters(in: .newlines)))
        }

        // References: at least one for every rule about platforms, regulations or wording, each resolved to a
        // title. capaudit's rule catalogue gives no source for MAN, SUP and WRD009 (capaudit's own input and reach),
        // nor EVD005 (a `code` entry that names nothing in the source) and EVD007 (a source file capaudit could not read).
        if !id.hasPrefix("MAN") && !id.hasPrefix("SUP") && !["WRD009", "EVD005", "EVD007"].contains(id) {
            #expect(!page.references.isEmpty, "\(id) cites no reference")
        }
        let flowing = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for reference in page.references {
            #expect(reference.title != reference.id, "\(id) cites \(reference.id), which Rules/references.yml does not define")
            #expect(flowing.contains("\(reference.id) \(reference.title)"))
            if let url = reference.url { #expect(text.contains(url) && markdown.contains("](\(url))")) }
        }
        #expect(text.hasPrefix("\(id)  \(rule.slug)\n\(rule.title)\n"))
        #expect(text.contains("\nSeverity\n"))
    }

    @Test func severityPerProfileFollowsTheProfilesAndTheMatrix() throws {
        func rows(_ id: String) throws -> [String: [String]] {
            let page = RulePage(rule: try #require(Self.policy.rule(id)), policy: Self.policy)
            #expect(page.severities.profiles == ["general", "banking", "health"])
            return Dictionary(uniqueKeysWithValues: page.severities.rows.map { ($0.key, $0.values) })
        }
        #expect(try rows("CAP001") == ["CAP001": ["matrix", "matrix", "matrix"]])
        #expect(try rows("CAP004") == ["CAP004": ["matrix", "matrix", "matrix"]])
        #expect(try rows("BNK001") == ["BNK001": ["warning", "error", "off"]])
        #expect(try rows("HLT001") == ["HLT001": ["off", "off", "warning"]])
        #expect(try rows("CAP006") == ["CAP006": ["warning", "info", "info"]])
        #expect(try rows("MAN001") == ["MAN001": ["error", "error", "error"]])
        let optOut = try rows("CAP007")
        #expect(optOut["CAP007/no-reason"] == ["warning", "error", "warning"])
        #expect(optOut["CAP007/with-reason"] == ["info", "info", "info"])
        #expect(try rows("AND001")["AND001/unused"] == ["info", "info", "info"])

        let page = RulePage(rule: try #require(Self.policy.rule("CAP001")), policy: Self.policy)
        #expect(page.text.contains("  CAP001  matrix   matrix   matrix\n"))
        #expect(page.text.contains("matrix (from the profile's coverage matrix / action policy)"))
        #expect(page.json["severity"]?["CAP001"]?["banking"] == .string("matrix"))
    }

    @Test func ruleIndexListsEveryRuleOncePerProfileColumn() throws {
        let index = RuleIndex(policy: Self.policy)
        let lines = index.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "RULE    SLUG                             STATUS      GENERAL  BANKING  HEALTH   TITLE")
        for rule in Self.policy.rules {
            #expect(lines.filter { $0.hasPrefix(rule.id + " ") }.count == 1, "\(rule.id) is not listed once")
        }
        #expect(lines.contains("BNK001  card-number-unmasked             stable      warning  error    off      Card number shown in full"))
        #expect(lines.contains("          /with-reason                               info     info     info"))

        let banking = RuleIndex(policy: Self.policy, profile: "banking")
        #expect(banking.profiles == ["banking"])
        #expect(banking.text.contains("BNK001  card-number-unmasked             stable      error    Card number shown in full"))
        let json = banking.json()
        #expect(json["profiles"] == .array([.string("banking")]))
        let rules = try #require(json["rules"]?.arrayValue)
        #expect(rules.count == Self.policy.rules.count)
        #expect(rules.first { $0["id"] == .string("CAP007") }?["severity"]?["CAP007/no-reason"] == .object([("banking", .string("error"))]))
        #expect(index.markdown().contains("| CAP001 | `sensitive-data-exposed` | stable | matrix | matrix | matrix | Sensitive data not covered against required capture threats |"))
    }

    /// docs/rules.md is generated; this fails when Rules/ changed and the file was not regenerated.
    @Test func docsRulesMarkdownIsUpToDate() throws {
        let url = Paths.packageRoot.appendingPathComponent("docs/rules.md")
        let onDisk = (try? readText(url)) ?? ""
        let generated = RuleBook.markdown(RuleIndex(policy: Self.policy), lexicons: Self.policy.allLexicons)
        #expect(onDisk == generated, "docs/rules.md is stale; regenerate it with `\(RuleBook.regenerateCommand)`")
        #expect(generated.contains(RuleBook.regenerateCommand))
        for rule in Self.policy.rules {
            #expect(generated.contains("\n## \(rule.id) \(rule.slug)\n"))
            #expect(generated.contains("[\(rule.id)](#\(rule.id.lowercased())-\(rule.slug))"))
        }
    }

    // MARK: Advice per finding

    static let flawedExamples = ["bank", "health", "travel", "bugreport"]

    static func checkExample(_ name: String) throws -> FileOutcome {
        let path = "Examples/\(name)/flawed.yml"
        let text = try readText(Paths.packageRoot.appendingPathComponent(path))
        return Manifests.check(text, path: path, policy: Self.policy)
    }

    @Test(arguments: flawedExamples)
    func everyFindingOfAFlawedExampleGetsAConcreteFix(_ name: String) throws {
        let result = try Self.checkExample(name)
        let advice = FindingAdvice.advise(result, policy: Self.policy)
        #expect(advice.count == result.findings.count)
        #expect(!advice.isEmpty)
        for entry in advice {
            let finding = entry.finding
            let place = "\(finding.ruleID) at \(finding.start)"
            #expect(entry.fixIsForThisNode || !entry.fixes.isEmpty, "\(name): \(place) gets only the rule's general fix")
            #expect(entry.page?.rule.id == finding.ruleID)
            let text = entry.text()
            #expect(text.hasPrefix("Examples/\(name)/flawed.yml:\(finding.start.line):\(finding.start.column): \(finding.severity) \(finding.ruleID) \(finding.slug)\n"))
            #expect(text.contains("  Why (\(finding.ruleID): "))
            #expect(entry.fixes.map(\.fix) == finding.fixes, "\(place): explain shows the finding's own fixes")
            for shown in entry.fixes where !shown.diff.isEmpty {
                #expect(shown.diff.hasPrefix("--- a/Examples/\(name)/flawed.yml\n+++ b/Examples/\(name)/flawed.yml\n@@ "), "\(place): \(shown.diff)")
            }
            if finding.ruleID == "CAP001" {
                // The masked alternative is always offered, last, for the field itself.
                let help = entry.fixes.last?.fix.help ?? ""
                #expect(help.contains("in `\(finding.path)`"), "\(place): \(help)")
                #expect(help.contains("display: masked") || help.contains("input: secure"), "\(place): \(help)")
            }
        }
    }

    @Test func coverageAdviceNamesTheMechanismPlatformAndMaskedAlternative() throws {
        let advice = FindingAdvice.advise(try Self.checkExample("bank"), policy: Self.policy, line: 81)
        #expect(advice.map(\.finding.ruleID) == ["BNK002", "CAP001"])
        // iOS screenshots: no robust mechanism, so the value masked; the fragile secure-layer, which IOS002 flags, is not offered.
        let coverage = try #require(advice.last)
        #expect(coverage.fixes.map(\.fix.help) == ["show it masked: set `display: masked` in `screens[id=cards].fields[id=security-code]`"])
        #expect(coverage.fix == "show it masked: set `display: masked` in `screens[id=cards].fields[id=security-code]`")
        #expect(!coverage.fix.contains("secure-layer"))
        #expect(coverage.text().contains("-        display: full "), "the diff shows the line the fix replaces: \(coverage.text())")
        #expect(coverage.text().contains("+        display: masked "), "\(coverage.text())")
        // BNK002 keeps a value the person must read readable: masked, revealed on request.
        let securityCode = try #require(advice.first)
        #expect(securityCode.fixIsForThisNode)
        #expect(securityCode.fixes.first?.fix.help.hasSuffix(
            ": set `display: masked` in `screens[id=cards].fields[id=security-code]`, set `reveal: tap` in `screens[id=cards].fields[id=security-code]`") == true)
    }

    @Test func actionAdviceFollowsTheProfile() throws {
        let advice = FindingAdvice.advise(try Self.checkExample("bank"), policy: Self.policy, line: 133)
        let send = try #require(advice.first { $0.finding.ruleID == "CAP004" })
        #expect(send.fix.hasPrefix("meet the banking profile's minimum for `send`: set `on-capture: disable` in `screens[id=transfer-review].actions[id=send]`"))
        #expect(send.fixes.first?.diff.contains("-        on-capture: confirm ") == true)
        #expect(send.fixes.first?.diff.contains("+        on-capture: disable ") == true)
    }

    @Test func fieldRuleFixIsOfferedOnlyWhenItClearsTheFinding() throws {
        // A PIN in a notification: masked with `reveal: tap` (BNK002's example) still fires; hidden does not.
        let text = """
            capaudit: 1
            app:
              name: Northwind Bank
              profile: banking
              platforms:
                android: {min-sdk: 28, target-sdk: 35}
            screens:
              - id: alerts
                title: Alerts
                protect: [flag-secure]
                fields:
                  - id: new-pin
                    label: New PIN
                    kind: pin
                    context: notification
                    display: masked
            """
        let result = Manifests.check(text, path: "m.yml", policy: Self.policy)
        let advice = try #require(FindingAdvice.advise(result, policy: Self.policy).first { $0.finding.ruleID == "BNK002" })
        #expect(advice.fixes.count == 1)
        #expect(advice.fixes.first?.fix.help.hasSuffix(": set `display: hidden` in `screens[id=alerts].fields[id=new-pin]`") == true, "\(advice.fixes)")
    }

    @Test func optOutWithAReasonShowsTheProtectionThatWouldReplaceIt() throws {
        let advice = FindingAdvice.advise(try Self.checkExample("health"), policy: Self.policy, line: 79)
        let optOut = try #require(advice.first)
        #expect(optOut.finding.ruleID == "CAP007")
        // iOS cannot cover the lab result's screenshot robustly: it is masked, never given secure-layer.
        #expect(optOut.fixes.map(\.fix.help) == [
            "remove `opt-out` and protect the screen `lab-results`: remove `opt-out` from `screens[id=lab-results]`, "
                + "set `display: masked` in `screens[id=lab-results].fields[id=result-value]`, set `protect: {android: [flag-secure]}` in `screens[id=lab-results]`, "
                // Without the opt-out, AND007 judges the high-risk control (Policy 3); the app-wide
                // filter-obscured-touches already meets AND008.
                + "set `protect: {android: [accessibility-data-sensitive]}` in `screens[id=lab-results].actions[id=share-results]`",
        ])
    }

    @Test func adviceFiltersByLineAndKeepsReportOrder() throws {
        let result = try Self.checkExample("bank")
        #expect(FindingAdvice.advise(result, policy: Self.policy, line: 199).map(\.finding.ruleID) == ["BNK003", "CAP001", "CAP002", "CAP003"])
        #expect(FindingAdvice.advise(result, policy: Self.policy, line: 1).isEmpty)
        let advice = try #require(FindingAdvice.advise(result, policy: Self.policy, line: 81).last)
        let document = try JSONParser.parse(FindingAdvice.jsonDocument([advice], path: "m.yml", line: 81))
        let json = try #require(document["findings"]?.arrayValue?.first)
        #expect(json["rule"] == .string("CAP001"))
        #expect(json["advice"]?["fixIsForThisNode"] == .bool(true))
        #expect(json["advice"]?["fixes"]?.arrayValue?.first?["message"] == .string(advice.fixes.first?.fix.help ?? "-"))
        #expect(json["advice"]?["references"]?.arrayValue?.first?["id"] == .string("S1"))
    }

    // MARK: Text layout

    @Test func wrapBreaksAtSpacesKeepsIndentationAndCutsLongWords() {
        #expect(TextLayout.wrap("    one two three four", to: 12) == ["    one two", "    three", "    four"])
        #expect(TextLayout.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("short", to: 10) == ["short"])
        #expect(TextLayout.wrap("anything", to: 0) == [])
    }

    @Test func reflowJoinsParagraphsAndKeepsFencedCode() {
        let prose = "First line\nof a paragraph.\n\n```yaml\nprotect:   [flag-secure]\n```\n- a list item\n- another"
        #expect(TextLayout.reflow(prose, indent: 2, to: 40) == [
            "  First line of a paragraph.", "", "  ```yaml", "  protect:   [flag-secure]", "  ```", "  - a list item", "  - another",
        ])
    }

    @Test func widthCountsWideCharactersTwice() {
        #expect(TextLayout.width(of: "abc") == 3)
        #expect(TextLayout.width(of: "漢字") == 4)
        #expect(TextLayout.width(of: "Việt") == 4)
        #expect(TextLayout.fit("漢字x", to: 3) == "漢 ")
        #expect(TextLayout.fit("ab", to: 4) == "ab  ")
    }

    // MARK: Starter manifest

    static let profiles = ["general", "banking", "health"]
    static let platformChoices: [[Platform]] = [[.ios], [.android], [.ios, .android]]

    @Test(arguments: profiles, platformChoices)
    func starterManifestPassesWithoutAFinding(_ profile: String, _ platforms: [Platform]) throws {
        let lineage = try #require(Self.policy.profiles[profile]).lineage
        let text = StarterManifest.text(profile: profile, lineage: lineage, platforms: platforms)
        #expect(text.hasPrefix("# yaml-language-server: $schema=./capaudit.schema.json\n"))
        #expect(text.contains("capaudit schema > capaudit.schema.json"))
        #expect(text.contains("  profile: \(profile) "))
        #expect(text.contains("    ios:\n") == platforms.contains(.ios))
        #expect(text.contains("    android:\n") == platforms.contains(.android))
        let result = Manifests.check(text)
        #expect(result.findings.isEmpty, "\(profile) on \(platforms): \(Manifests.summary(result))")
    }
}

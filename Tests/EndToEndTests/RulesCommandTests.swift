import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

@Suite struct RulesCommandTests {
    @Test func listsEveryRuleWithItsSeverityPerProfile() throws {
        let result = try runCapaudit(["rules"], in: Paths.packageRoot)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "RULE    SLUG                             STATUS      GENERAL  BANKING  HEALTH   TITLE")
        #expect(lines.contains("HLT001  health-data-overexposed          stable      off      off      warning  Health data shown in full on a glanceable surface"))
        #expect(lines.contains("CAP004  risky-action-during-capture      stable      matrix   matrix   matrix   Risky action allowed while the screen is captured"))
        #expect(Manifests.policy.rules.allSatisfy { rule in lines.contains { $0.hasPrefix(rule.id + "  ") } })
    }

    @Test func oneProfileAndMachineReadableForms() throws {
        let banking = try runCapaudit(["rules", "--profile", "banking"], in: Paths.packageRoot)
        #expect(banking.stdout.hasPrefix("RULE    SLUG                             STATUS      BANKING  TITLE\n"))
        #expect(banking.stdout.contains("\nCAP006  blanket-lockdown                 stable      info     Protection applied where nothing needs it\n"))
        let json = try JSONParser.parse(try runCapaudit(["rules", "--format", "json"], in: Paths.packageRoot).stdout)
        #expect(json["version"] == .integer(1))
        #expect(json["profiles"] == .array(["general", "banking", "health"].map(JSONValue.string)))
        #expect(json["rules"]?.arrayValue?.count == Manifests.policy.rules.count)
        let markdown = try runCapaudit(["rules", "--format", "markdown"], in: Paths.packageRoot)
        #expect(markdown.stdout.hasPrefix("| rule | slug | status | general | banking | health | title |\n|---|---|---|---|---|---|---|\n"))
    }

    @Test func unknownProfileIsSuggestedAndExitsTwo() throws {
        let result = try runCapaudit(["rules", "--profile", "bankng"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown profile `bankng`; did you mean `banking`?"))
    }

    /// The Markdown with every page is docs/rules.md, byte for byte.
    @Test func markdownPagesAreDocsRules() throws {
        let result = try runCapaudit(["rules", "--format", "markdown", "--pages"], in: Paths.packageRoot)
        let onDisk = try readText(Paths.packageRoot.appendingPathComponent("docs/rules.md"))
        #expect(result.stdout == onDisk, "docs/rules.md is stale; regenerate it with `\(RuleBook.regenerateCommand)`")
    }

    @Test func aRulePacksRulesAndProfilesAreListed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
            id: fintech
            title: Fintech
            extends: banking
            description: Banking, with stricter keyboards.
            rules:
              CAP003: error
            """, to: folder.appendingPathComponent("pack/profiles/fintech.yml"))
        let result = try runCapaudit(["rules", "--rules", "pack"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("RULE    SLUG                             STATUS      GENERAL  BANKING  HEALTH   FINTECH  TITLE\n"))
        #expect(result.stdout.contains("\nCAP003  sensitive-input-cached           stable      info     warning  warning  error    "))
    }
}

import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

@Suite struct ExplainCommandTests {
    @Test func explainsARuleById() throws {
        let result = try runCapaudit(["explain", "CAP001"], in: Paths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let text = result.stdout
        #expect(text.hasPrefix("CAP001  sensitive-data-exposed\nSensitive data not covered against required capture threats\n"))
        for heading in ["What it checks", "Severity", "Why", "References", "How to fix", "Failing example (reports CAP001)", "Passing example"] {
            #expect(text.contains("\n\(heading)\n"), "no \(heading) section")
        }
        #expect(text.contains("  CAP001  matrix   matrix   matrix\n"))
        #expect(text.contains("matrix (from the profile's coverage matrix / action policy)"))
        #expect(text.contains("  S1  OWASP MASVS-PLATFORM-3\n      https://mas.owasp.org/MASVS/controls/MASVS-PLATFORM-3/\n"))
        #expect(text.contains("    screens:\n      - id: lab-results\n"))
    }

    @Test func pipedOutputIsNeverPaged() throws {
        let result = try runCapaudit(["explain", "CAP001"], in: Paths.packageRoot, environment: ["PAGER": "sed 's/^/paged: /'"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("CAP001  sensitive-data-exposed\n"))
    }

    @Test func explainsARuleBySlugTheSameWay() throws {
        let byID = try runCapaudit(["explain", "CAP007"], in: Paths.packageRoot)
        let bySlug = try runCapaudit(["explain", "opt-out"], in: Paths.packageRoot)
        #expect(bySlug.status == 0)
        #expect(bySlug.stdout == byID.stdout)
        #expect(bySlug.stdout.contains("  CAP007/no-reason    warning  error    warning\n"))
    }

    @Test func nearMissSuggestsTheRuleAndExitsTwo() throws {
        let result = try runCapaudit(["explain", "CAP01"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("capaudit explain: no rule or file named `CAP01`; did you mean `CAP001`?"))
        let slug = try runCapaudit(["explain", "sensitive-data-exposd"], in: Paths.packageRoot)
        #expect(slug.status == 2)
        #expect(slug.stderr.contains("did you mean `sensitive-data-exposed`?"))
        let missingFile = try runCapaudit(["explain", "Examples/bank/nope.yml:3"], in: Paths.packageRoot)
        #expect(missingFile.status == 2)
        #expect(missingFile.stderr.contains("Examples/bank/nope.yml:3: no such file or folder"))
    }

    @Test func jsonAndMarkdownPagesCarryTheSameData() throws {
        let json = try runCapaudit(["explain", "BNK001", "--format", "json"], in: Paths.packageRoot)
        #expect(json.status == 0)
        let page = try JSONParser.parse(json.stdout)
        let rule = try #require(Manifests.policy.rule("BNK001"))
        #expect(page["id"] == .string("BNK001"))
        #expect(page["severity"]?["BNK001"] == .object([("general", .string("warning")), ("banking", .string("error")), ("health", .string("off"))]))
        #expect(page["examples"]?["failing"] == .string(rule.failingExample))
        #expect(page["examples"]?["passing"] == .string(rule.passingExample))
        #expect(page["references"]?.arrayValue?.first?["url"] == .string("https://www.pcisecuritystandards.org/document_library/"))
        let markdown = try runCapaudit(["explain", "BNK001", "--format", "markdown"], in: Paths.packageRoot)
        #expect(markdown.stdout.hasPrefix("# BNK001 card-number-unmasked\n"))
        #expect(markdown.stdout.contains("| `BNK001` | warning | error | off |"))
    }

    /// Every finding of every flawed example gets a fix written for its node: a CAP001 finding
    /// ends with the masked alternative (or a secure input), as a fix, and never proposes the
    /// fragile secure-layer.
    @Test(arguments: ["bank", "health", "travel", "bugreport"])
    func flawedExampleGetsAConcreteFixForEachFinding(_ name: String) throws {
        let path = "Examples/\(name)/flawed.yml"
        let check = try runCapaudit(["check", "--format", "json", path], in: Paths.packageRoot)
        let checked = try #require(JSONParser.parse(check.stdout)["findings"]?.arrayValue)
        let result = try runCapaudit(["explain", path, "--format", "json"], in: Paths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let explained = try #require(JSONParser.parse(result.stdout)["findings"]?.arrayValue)
        #expect(explained.map { $0["fingerprint"] } == checked.map { $0["fingerprint"] }, "explain and check disagree on the findings")
        for finding in explained {
            let rule = finding["rule"]?.stringValue ?? "?"
            let advice = try #require(finding["advice"])
            let fixes = advice["fixes"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
            #expect(advice["fixIsForThisNode"] == .bool(true) || !fixes.isEmpty, "\(path): \(rule) at line \(finding["line"]?.intValue ?? 0) has no concrete fix")
            #expect(advice["rationale"]?.stringValue?.isEmpty == false)
            if rule == "CAP001" {
                #expect(fixes.last.map { $0.contains("display: masked") || $0.contains("input: secure") || $0.contains("reveal: none") } == true, "\(fixes)")
                #expect(!fixes.contains { $0.contains("secure-layer") }, "\(path): CAP001 proposes the fragile secure-layer")
            }
        }

        let text = try runCapaudit(["explain", path], in: Paths.packageRoot)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("\(explained.count) findings in \(path)\n\n"))
        #expect(text.stdout.components(separatedBy: "\n  Why (").count - 1 == explained.count)
    }

    @Test func fileAndLineExplainsOnlyThatLine() throws {
        let result = try runCapaudit(["explain", "Examples/bank/flawed.yml:81"], in: Paths.packageRoot)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("2 findings in Examples/bank/flawed.yml, line 81\n\n"))
        #expect(result.stdout.contains("Examples/bank/flawed.yml:81:9: error BNK002 security-code-displayed\n"))
        #expect(result.stdout.contains("Examples/bank/flawed.yml:81:9: error CAP001 sensitive-data-exposed\n"))
        #expect(result.stdout.contains("  Fix:\n    show it masked: set `display: masked` in\n    `screens[id=cards].fields[id=security-code]`"), "\(result.stdout)")
        #expect(result.stdout.contains("+        display: masked "), "the fix as a diff of the file: \(result.stdout)")
        // As `check` prints it, with the column.
        let withColumn = try runCapaudit(["explain", "Examples/bank/flawed.yml:81:9"], in: Paths.packageRoot)
        #expect(withColumn.stdout == result.stdout)
        let quiet = try runCapaudit(["explain", "Examples/bank/flawed.yml:2"], in: Paths.packageRoot)
        #expect(quiet.status == 0)
        #expect(quiet.stdout.hasPrefix("No finding in Examples/bank/flawed.yml, line 2. Findings are on lines 19, 26, 28, 29, 81, "))
        let clean = try runCapaudit(["explain", "Examples/bank/clean.yml"], in: Paths.packageRoot)
        #expect(clean.stdout == "No finding in Examples/bank/clean.yml.\n")
    }

    /// Not on a terminal, `explain` prints the rule index and exits; it never waits for input,
    /// even with standard input left open.
    @Test func withoutATerminalPrintsTheIndexAndNeverWaits() throws {
        let result = try runCapaudit(["explain"], in: Paths.packageRoot, input: .heldOpen, timeout: 30)
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.hasPrefix("RULE    SLUG "))
        #expect(text.contains("\nCAP001  sensitive-data-exposed           stable      matrix   matrix   matrix   "))
        #expect(text.hasSuffix("Run `capaudit explain RULE` (an id or a slug) for a rule's rationale, fix and examples.\n"))
        #expect(!text.contains("\u{1B}"), "no terminal control sequence when not on a terminal")
    }

    /// A case is named as `--select` and the config name it, and leads to its rule's page.
    @Test func aCaseLeadsToItsRulesPage() throws {
        let result = try runCapaudit(["explain", "CAP007/with-reason", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONParser.parse(result.stdout)["id"] == .string("CAP007"))
        let slug = try runCapaudit(["explain", "opt-out/no-reason", "--format", "json"])
        #expect(try JSONParser.parse(slug.stdout)["id"] == .string("CAP007"))
        let unknown = try runCapaudit(["explain", "CAP007/always"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("CAP007 has no case `always`; its cases are no-reason, with-reason"), "\(unknown.stderr)")
    }
}

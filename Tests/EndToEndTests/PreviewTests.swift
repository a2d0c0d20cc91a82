import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// The preview opt-in end to end (docs/configuration.md, "Preview and deprecated rules"): `--preview` and the config's
/// `preview: true` run preview rules, `--select` of one without the opt-in exits 2 with the
/// hint, a deprecated rule's name on the command line stands for its replacement (SUP003 at
/// info), and SARIF tags each rule with its status.
@Suite struct PreviewTests {
    static let flawed = "Examples/bank/flawed.yml"

    func rules(_ result: RunResult) throws -> [String] {
        let findings = try #require(JSONParser.parse(result.stdout)["findings"]?.arrayValue)
        return findings.compactMap { $0["rule"]?.stringValue }
    }

    @Test func previewRulesRunOnlyWithTheOptIn() throws {
        let without = try runCapaudit(["check", "--format", "json", Self.flawed], in: Paths.packageRoot)
        #expect(!(try rules(without)).contains("CAP013"))
        let with = try runCapaudit(["check", "--format", "json", "--preview", Self.flawed], in: Paths.packageRoot)
        #expect(try rules(with).contains("CAP013"))
        #expect(try rules(with).contains("AND009"))
    }

    @Test func selectingAPreviewRuleNeedsTheOptIn() throws {
        let refused = try runCapaudit(["check", "--select", "CAP013", Self.flawed], in: Paths.packageRoot)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("CAP013 (`sensitive-copy`) is a preview rule"))
        #expect(refused.stderr.contains("add --preview"))
        let selected = try runCapaudit(["check", "--format", "json", "--preview", "--select", "sensitive-copy", Self.flawed], in: Paths.packageRoot)
        #expect(selected.status == 1)
        #expect(try rules(selected) == ["CAP013"])
        let ignored = try runCapaudit(["check", "--ignore", "CAP013", Self.flawed], in: Paths.packageRoot)
        #expect(ignored.status == 1, "ignoring a preview rule needs no opt-in")
    }

    @Test func theConfigOptsInToo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(try readText(Paths.packageRoot.appendingPathComponent(Self.flawed)), to: folder.appendingPathComponent("bank.yml"))
        try write("preview: true\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let result = try runCapaudit(["check", "--format", "json", "bank.yml"], in: folder)
        #expect(try rules(result).contains("CAP013"))
        try write("preview: yes\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let broken = try runCapaudit(["check", "bank.yml"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains(".capaudit.yml:1:10: `preview` must be true or false, got the string \"yes\""))
    }

    @Test func aDeprecatedNameOnTheCommandLineStandsForItsReplacement() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(RulePacks.deprecatedCopyRule, to: folder.appendingPathComponent("pack/rules/ACME900.yml"))
        try write(try readText(Paths.packageRoot.appendingPathComponent(Self.flawed)), to: folder.appendingPathComponent("bank.yml"))
        let result = try runCapaudit(["check", "--format", "json", "--rules", "pack", "--preview", "--select", "ACME900", "bank.yml"], in: folder)
        let found = try rules(result)
        #expect(found.sorted() == ["CAP013", "SUP003"], "\(result.stdout)")
        #expect(result.stdout.contains("ACME900 (`old-copy-rule`) is deprecated and replaced by CAP013"))
        let listing = try runCapaudit(["rules", "--rules", "pack"], in: folder)
        #expect(listing.stdout.contains("\nACME900  old-copy-rule                    deprecated  off      off      off      Old name of CAP013\n"))
    }

    @Test func sarifAndTheRuleListShowTheStatus() throws {
        let sarif = try runCapaudit(["check", "--format", "sarif", Self.flawed], in: Paths.packageRoot)
        let rules = try #require(JSONParser.parse(sarif.stdout)["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue)
        func tags(_ id: String) -> [String] {
            rules.first { $0["id"]?.stringValue == id }?["properties"]?["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        #expect(tags("CAP012") == ["security", "coverage", "preview"])
        #expect(tags("CAP001") == ["security", "coverage"])
        let listing = try runCapaudit(["rules"], in: Paths.packageRoot)
        let rows = listing.stdout.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.dropFirst(3).prefix(3).allSatisfy(\.isNumber) }
        #expect(rows.count == 60, "42 stable, 11 preview and 7 evidence rules")
        #expect(rows.filter { $0.contains(" preview ") }.map { String($0.prefix(6)) } == ["AND007", "AND008", "AND009", "AND010", "AND011", "CAP012", "CAP013", "CAP014", "CAP015", "CAP016", "IOS005"])
        let page = try runCapaudit(["explain", "CAP012"], in: Paths.packageRoot)
        #expect(page.stdout.contains("Preview: runs only with --preview"))
    }
}

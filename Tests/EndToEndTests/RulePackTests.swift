import Foundation
import TestSupport
import Testing

/// A user rule pack (Tests/Fixtures/RulePack) adds a data kind, a mechanism, a profile that
/// extends banking, a rule on a built-in check and lexicon entries: results change without
/// rebuilding capaudit.
@Suite struct RulePackTests {
    func findings(_ result: RunResult) throws -> [[String: Any]] {
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return report["findings"] as? [[String: Any]] ?? []
    }

    func summary(_ findings: [[String: Any]]) -> [String] {
        findings.map { "\($0["rule"] ?? "") \($0["severity"] ?? "") \($0["line"] ?? ""):\($0["column"] ?? "")" }
    }

    @Test func withoutThePackTheNamesAreUnknown() throws {
        let result = try runCapaudit(["check", "--format", "json", "Tests/Fixtures/rule-pack-app.yml"], in: Paths.packageRoot)
        #expect(result.status == 1)
        let rules = summary(try findings(result))
        #expect(rules.contains("MAN002 error 4:12"), "unknown profile: \(rules)")
    }

    @Test func thePackChangesResults() throws {
        let result = try runCapaudit(["check", "--format", "json", "--rules", "Tests/Fixtures/RulePack", "Tests/Fixtures/rule-pack-app.yml"], in: Paths.packageRoot)
        let all = try findings(result)
        let rules = summary(all)
        #expect(!rules.contains { $0.hasPrefix("MAN") }, "the pack's kind, alias, mechanism and profile are known: \(rules)")
        #expect(rules.contains("CAP001 error 17:9"), "the fintech row makes a balance's screenshot gap an error: \(rules)")
        let balance = all.first { $0["rule"] as? String == "CAP001" }
        #expect(balance?["missingThreats"] as? [String] == ["screenshot"], "blur-on-resign covers the app switcher")
        #expect(rules.contains("ACME001 warning 23:9"), "the pack's rule runs: \(rules)")
        #expect(rules.contains("WRD001 warning 11:46"), "the pack's lexicon entry is merged into English: \(rules)")
        #expect(result.status == 1)
    }

    @Test func configRulePacksWork() throws {
        let folder = try makeTemporaryFolder()
        let pack = Paths.fixture("RulePack")
        for name in ["taxonomy.yml", "profiles/fintech.yml", "rules/ACME001.yml", "wording/en.yml"] {
            try write(try readText(pack.appendingPathComponent(name)), to: folder.appendingPathComponent("policy/\(name)"))
        }
        try write(try readText(Paths.fixture("rule-pack-app.yml")), to: folder.appendingPathComponent("app.yml"))
        try write("rule-packs: [policy]\nrules:\n  loyalty-in-notification: error\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let result = try runCapaudit(["check", "--format", "json", "app.yml"], in: folder)
        let rules = summary(try findings(result))
        #expect(rules.contains("ACME001 error 23:9"), "config severity applies to a pack rule by slug: \(rules)")
    }

    @Test func configPacksCannotLeaveTheRepository() throws {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try write("id: x\n", to: folder.appendingPathComponent("outside/profiles/x.yml"))
        let repo = folder.appendingPathComponent("repo")
        try write("rule-packs: [../outside]\n", to: repo.appendingPathComponent(".capaudit.yml"))
        let dotDot = try runCapaudit(["check"], in: repo)
        #expect(dotDot.status == 2)
        #expect(dotDot.stderr.contains("`..` may not leave"), "\(dotDot.stderr)")
        try write("rule-packs: [\(folder.appendingPathComponent("outside").path)]\n", to: repo.appendingPathComponent(".capaudit.yml"))
        let absolute = try runCapaudit(["check"], in: repo)
        #expect(absolute.status == 2)
        #expect(absolute.stderr.contains("no absolute path"), "\(absolute.stderr)")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("pack"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("pack/profiles").path, withDestinationPath: folder.appendingPathComponent("outside/profiles").path)
        try write("rule-packs: [pack]\n", to: repo.appendingPathComponent(".capaudit.yml"))
        let symlink = try runCapaudit(["check"], in: repo)
        #expect(symlink.status == 2)
        #expect(symlink.stderr.contains("leads outside the repository"), "\(symlink.stderr)")
        try FileManager.default.removeItem(at: repo.appendingPathComponent(".capaudit.yml"))
        try write("""
            capaudit: 1
            app:
              name: Outside
              profile: x
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            screens:
              - id: home
            """, to: repo.appendingPathComponent("app.yml"))
        let commandLine = try runCapaudit(["check", "--rules", folder.appendingPathComponent("outside").path], in: repo)
        #expect(commandLine.status == 0, "--rules may name any folder, and its profile `x` is known: \(commandLine.stdout)\(commandLine.stderr)")
        #expect(commandLine.stdout.contains("No findings in 1 manifest."), "\(commandLine.stdout)")
        #expect(!commandLine.stderr.contains("absolute"), "\(commandLine.stderr)")
    }

    @Test func configWordingAdditions() throws {
        let folder = try makeTemporaryFolder()
        try write("""
            capaudit: 1
            app:
              name: Words
              profile: general
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            capture:
              notice:
                text: {en: "ACME details are hidden. Kaboom.", de: "Einige Daten sind verborgen. Bumm.", it: "Alcuni dati sono nascosti."}
            screens:
              - id: home
            """, to: folder.appendingPathComponent("app.yml"))
        let before = summary(try findings(try runCapaudit(["check", "--format", "json", "app.yml"], in: folder)))
        #expect(before.contains("WRD002 warning 9:17"), "ACME is shouted without the config: \(before)")
        #expect(before.contains("WRD009 info 9:98"), "Italian has no lexicon: \(before)")
        try write("wording:\n  alarm: [kaboom]\n  acronyms: [ACME]\n  languages:\n    de:\n      alarm: [bumm]\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let after = summary(try findings(try runCapaudit(["check", "--format", "json", "app.yml"], in: folder)))
        #expect(!after.contains { $0.hasPrefix("WRD002") }, "ACME is an acronym now: \(after)")
        #expect(after.contains("WRD001 warning 9:42"), "kaboom is alarming in English: \(after)")
        #expect(after.contains("WRD001 warning 9:86"), "bumm is alarming in German only: \(after)")
    }
}

@Suite struct PackProfileRuleNamesTests {
    /// A manifest under the pack's profile `strict` with a loyalty number in a notification (ACME001).
    static let strictApp = """
        capaudit: 1
        app:
          name: Strict
          profile: strict
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: points
            fields:
              - id: card
                kind: loyalty-number
                context: notification
                display: masked
        """

    @Test func unknownRuleNamesInAPackAreWarningsAndSlugsWork() throws {
        let folder = try makeTemporaryFolder()
        let pack = Paths.fixture("RulePack")
        for name in ["taxonomy.yml", "rules/ACME001.yml"] {
            try write(try readText(pack.appendingPathComponent(name)), to: folder.appendingPathComponent("pack/\(name)"))
        }
        try write("id: strict\nextends: general\nrules:\n  loyalty-in-notification: error\n  ACME002: off\n", to: folder.appendingPathComponent("pack/profiles/strict.yml"))
        try write(Self.strictApp, to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "--format", "json", "--rules", "pack", "app.yml"], in: folder)
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let findings = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["severity"] ?? "") \($0["line"] ?? "")" }
        #expect(findings.contains("app.yml ACME001 error 10"), "a slug in a pack's profile sets the severity: \(findings)")
        #expect(findings.contains("pack/profiles/strict.yml SUP003 warning 5"), "an unknown rule name is SUP003, not a broken pack: \(findings)")
        #expect(result.status == 1)
    }
}

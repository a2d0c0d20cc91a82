import Foundation
import TestSupport
import Testing

/// Every finding, whatever made it, meets the user's settings in the one resolve stage: a check,
/// the reader and decoder, suppression comments, the config, a rule pack and the baseline. Each
/// source is shown to obey a config severity, `off`, `--ignore`, `--select` and the baseline.
@Suite struct PipelineTests {
    /// CAP002 (a check), SUP001 (a suppression of CAP003 without a reason: it still applies),
    /// SUP002 (unused) and SUP003 (unknown rule).
    static let manifest = """
        capaudit: 1
        app:
          name: Sources
          profile: general
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: login
            fields:
              # capaudit: ignore CAP003
              - id: pin
                kind: pin
                input: plain
                display: masked
                protect: [flag-secure]
              # capaudit: ignore WRD001 -- nothing here
              # capaudit: ignore NOPE999 -- a typo
              - id: name
                kind: personal-name

        """

    static let pack = (profile: """
        id: strict
        title: Strict
        extends: general
        description: A pack profile that names a rule that does not exist.
        rules:
          PACK404: error
        """, path: "pack/profiles/strict.yml")

    /// A repository with the manifest, a broken manifest, a config that names an unknown rule and
    /// a rule pack, and a baseline entry that matches nothing.
    func repository(settings: String = "") throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(Self.manifest, to: folder.appendingPathComponent("app.yml"))
        try write("capaudit: 1\napp: [\n", to: folder.appendingPathComponent("broken.yml"))
        try write(Self.pack.profile, to: folder.appendingPathComponent(Self.pack.path))
        try write("rule-packs: [pack]\nbaseline: baseline.json\nrules:\n  GHOST001: warning\n\(settings)", to: folder.appendingPathComponent(".capaudit.yml"))
        try write("""
            {"version": 1, "tool": "capaudit", "findings": [
              {"fingerprint": "0123456789abcdef", "rule": "CAP001", "file": "app.yml", "path": "screens[id=gone]", "count": 1}
            ]}
            """, to: folder.appendingPathComponent("baseline.json"))
        return folder
    }

    /// "file RULE severity" of each finding that counts.
    func findings(_ result: RunResult) throws -> [String] {
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
        return (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["severity"] ?? "")" }
    }

    /// One finding of each source, as the run reports it with no setting of the user's.
    static let everySource = [
        ".capaudit.yml SUP003 warning",  // the config names GHOST001
        "pack/profiles/strict.yml SUP003 warning",  // the pack's profile names PACK404
        "app.yml SUP001 warning",  // a suppression without a reason
        "app.yml SUP002 warning",  // an unused suppression (WRD001)
        "app.yml SUP003 warning",  // a suppression of NOPE999
        "app.yml CAP002 error",  // a check
        "broken.yml MAN001 error",  // the reader
        "baseline.json SUP002 warning",  // a stale baseline entry
    ]

    @Test func everySourceIsReportedWithDefaults() throws {
        let result = try runCapaudit(["check", "--format", "json"], in: try repository())
        #expect(try findings(result).sorted() == Self.everySource.sorted())
        #expect(result.status == 1)
    }

    @Test func aConfigSeverityAppliesToEverySource() throws {
        let repo = try repository(settings: "  SUP001: info\n  SUP002: info\n  SUP003: info\n  CAP002: info\n")
        let found = try findings(try runCapaudit(["check", "--format", "json"], in: repo))
        #expect(found.sorted() == Self.everySource.map { $0.contains("MAN001") ? $0 : $0.replacingOccurrences(of: "warning", with: "info").replacingOccurrences(of: "error", with: "info") }.sorted())
    }

    @Test func offInTheConfigTurnsOffEverySource() throws {
        let repo = try repository(settings: "  SUP001: off\n  SUP002: off\n  SUP003: off\n  CAP002: off\n")
        let result = try runCapaudit(["check", "--format", "json", "--fail-on", "warning"], in: repo)
        #expect(try findings(result) == ["broken.yml MAN001 error"])
    }

    @Test func ignoreLeavesOutEverySourceAndTheExitCodeFollows() throws {
        let repo = try repository()
        let result = try runCapaudit(["check", "--format", "json", "--ignore", "SUP001,SUP002,SUP003", "--fail-on", "warning", "app.yml"], in: repo)
        #expect(try findings(result) == ["app.yml CAP002 error"])
        let onlySuppressions = try runCapaudit(["check", "--format", "json", "--ignore", "SUP001,SUP002,SUP003,CAP002", "--fail-on", "warning", "app.yml"], in: repo)
        #expect(try findings(onlySuppressions) == [])
        #expect(onlySuppressions.status == 0, "nothing left to fail on: \(onlySuppressions.stdout)")
    }

    /// Selection comes after suppressions are matched: the valid suppression of CAP003 is not unused.
    @Test func selectShowsOneRuleWithoutMakingSuppressionsLookUnused() throws {
        let result = try runCapaudit(["check", "--format", "json", "--select", "SUP002"], in: try repository())
        #expect(try findings(result).sorted() == ["app.yml SUP002 warning", "baseline.json SUP002 warning", "broken.yml MAN001 error"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let messages = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(!messages.contains { $0.contains("CAP003") }, "the CAP003 suppression matched its finding: \(messages)")
    }

    /// A baseline written now hides every finding of every source next time, MAN included.
    @Test func aBaselineRoundTripsWithEverySource() throws {
        let repo = try repository()
        let write = try runCapaudit(["check", "--write-baseline", "new.json"], in: repo)
        #expect(write.status == 0, "\(write.stderr)")
        // Every source but the stale baseline entry, which a run that writes a baseline does not read.
        #expect(write.stderr.contains("wrote 7 baseline entries to new.json"), "\(write.stderr)")
        let again = try runCapaudit(["check", "--format", "json", "--baseline", "new.json", "--fail-on", "info"], in: repo)
        #expect(try findings(again) == [])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func manifestRulesCannotBeTurnedOffOrIgnored() throws {
        let repo = try repository(settings: "  MAN002: off\n")
        let config = try runCapaudit(["check"], in: repo)
        #expect(config.status == 2)
        #expect(config.stderr.contains(".capaudit.yml:5:3: MAN002 cannot be turned off"), "\(config.stderr)")
        let ignore = try runCapaudit(["check", "--ignore", "MAN001"], in: try repository())
        #expect(ignore.status == 2)
        #expect(ignore.stderr.contains("--ignore: MAN001 cannot be ignored"), "\(ignore.stderr)")
        let select = try runCapaudit(["check", "--format", "json", "--select", "CAP002"], in: try repository())
        #expect(try findings(select).sorted() == ["app.yml CAP002 error", "broken.yml MAN001 error"])
    }

    @Test func aCaseCanBeSelectedAndIgnored() throws {
        let folder = try makeTemporaryFolder()
        try write("""
            capaudit: 1
            app:
              name: Cases
              profile: general
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            screens:
              - id: a
                opt-out: {reason: "shown to a clinician"}
                fields: [{id: pin, kind: pin}]
              - id: b
                opt-out: {reason: ""}
                fields: [{id: code, kind: pin, display: masked}]
            """, to: folder.appendingPathComponent("m.yml"))
        let selected = try findings(try runCapaudit(["check", "--format", "json", "--select", "CAP007/with-reason", "m.yml"], in: folder))
        #expect(selected == ["m.yml CAP007 info"])
        let ignored = try findings(try runCapaudit(["check", "--format", "json", "--ignore", "CAP007/no-reason", "m.yml"], in: folder))
        #expect(ignored.filter { $0.contains("CAP007") } == ["m.yml CAP007 info"])
        let unknown = try runCapaudit(["check", "--select", "CAP007/sometimes", "m.yml"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("CAP007 has no case `sometimes`; its cases are no-reason, with-reason"), "\(unknown.stderr)")
    }

    // MARK: Exclusion

    /// `exclude` applies to files named on the command line (as the pre-commit framework names
    /// them) with a note, and to the staged files of `--staged`, not only to walked folders.
    @Test func excludeAppliesToNamedAndStagedFiles() throws {
        let repo = try makeTemporaryFolder()
        func git(_ arguments: String...) throws {
            let result = try run("/usr/bin/env", ["git"] + arguments, in: repo)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git("init", "-q")
        try write("exclude: [\"legacy/\"]\n", to: repo.appendingPathComponent(".capaudit.yml"))
        try write(Self.manifest, to: repo.appendingPathComponent("legacy/old.yml"))
        try write(Self.manifest, to: repo.appendingPathComponent("apps/new.yml"))
        let named = try runCapaudit(["check", "--format", "json", "legacy/old.yml", "apps/new.yml"], in: repo)
        #expect(try findings(named).allSatisfy { $0.hasPrefix("apps/new.yml ") })
        #expect(named.stderr.contains("note: legacy/old.yml: skipped, excluded by `legacy/` in .capaudit.yml"), "\(named.stderr)")
        // Under --staged the config is the one the commit carries: staged with the file it excludes.
        try git("add", ".capaudit.yml", "legacy/old.yml")
        let staged = try runCapaudit(["check", "--staged", "--format", "json"], in: repo)
        #expect(try findings(staged) == [])
        #expect(staged.status == 0, "\(staged.stdout)")
        try git("add", "apps/new.yml")
        let both = try runCapaudit(["check", "--staged", "--format", "json"], in: repo)
        #expect(try findings(both).contains("apps/new.yml CAP002 error"))
        #expect(!(try findings(both)).contains { $0.hasPrefix("legacy/") })
    }

    /// An unknown profile stops the policy rules of its document, never its schema checks: every
    /// other mistake of the file is still reported in the same run.
    @Test func anUnknownProfileStillReportsTheSchemaErrors() throws {
        let folder = try makeTemporaryFolder()
        try write("""
            capaudit: 1
            app:
              name: Typos
              profile: bankng
              platforms:
                android: {min-sdk: "35", target-sdk: 35}
            screens:
              - id: login
                titel: Log in
                fields:
                  - id: pin
                    kind: pin
                    input: plain
            """, to: folder.appendingPathComponent("m.yml"))
        let result = try runCapaudit(["check", "--format", "json", "m.yml"], in: folder)
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let found = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "")@\($0["line"] ?? 0):\($0["column"] ?? 0)" }
        #expect(found == ["MAN002@4:12", "MAN002@6:24", "MAN002@9:5"], "the profile, the quoted min-sdk and the unknown key, and no policy rule: \(found)")
        #expect(result.status == 1)
    }
}

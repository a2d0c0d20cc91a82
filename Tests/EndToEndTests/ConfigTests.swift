import Foundation
import TestSupport
import Testing

/// `.capaudit.yml` discovery and settings, and the command-line options of `check`.
@Suite struct ConfigTests {
    static let flawed = """
        capaudit: 1
        app:
          name: Options
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: pay
            fields:
              - id: card-no
                label: Card
              - id: pin
                kind: pin
                input: plain
        """

    /// A repository with the manifest under apps/ and a fixture copy that config can exclude.
    func repository(config: String?) throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(Self.flawed, to: folder.appendingPathComponent("apps/pay.yml"))
        try write(Self.flawed, to: folder.appendingPathComponent("apps/fixtures/old.yml"))
        if let config { try write(config, to: folder.appendingPathComponent(".capaudit.yml")) }
        return folder
    }

    func rules(_ result: RunResult) throws -> [String] {
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["severity"] ?? "")" }
    }

    @Test func configIsFoundFromASubfolderAndItsSettingsApply() throws {
        let repo = try repository(config: """
            profile: banking
            exclude: ["**/fixtures/**"]
            rules:
              untagged-sensitive-field: error
              CAP003: off
            fail-on: warning
            """)
        let result = try runCapaudit(["check", "--format", "json"], in: repo.appendingPathComponent("apps"))
        let found = try rules(result)
        #expect(!found.contains { $0.contains("fixtures") }, "excluded by the config: \(found)")
        #expect(found.contains("pay.yml CAP010 error"), "a slug's severity from the config: \(found)")
        #expect(!found.contains { $0.contains("CAP003") }, "turned off by the config: \(found)")
        #expect(found.contains("pay.yml BNK003 error"), "the config's profile is banking: \(found)")
        #expect(result.status == 1)
    }

    @Test func configAboveTheRepositoryRootIsNotUsed() throws {
        let outer = try makeTemporaryFolder()
        try write("profile: nonsense\n", to: outer.appendingPathComponent(".capaudit.yml"))
        let repo = outer.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(Self.flawed, to: repo.appendingPathComponent("pay.yml"))
        let result = try runCapaudit(["check", "--profile", "general", "pay.yml"], in: repo)
        #expect(result.status == 1, "the outer config is beyond the repository root: \(result.stderr)")
    }

    @Test func failOnSelectAndIgnore() throws {
        let repo = try repository(config: nil)
        let apps = repo.appendingPathComponent("apps")
        #expect(try runCapaudit(["check", "--profile", "general", "--fail-on", "never", "pay.yml"], in: apps).status == 0)
        let selected = try rules(try runCapaudit(["check", "--profile", "general", "--format", "json", "--select", "CAP010,secret-input-unmasked", "pay.yml"], in: apps))
        #expect(Set(selected.map { $0.split(separator: " ")[1] }) == ["CAP010", "CAP002"])
        let ignored = try rules(try runCapaudit(["check", "--profile", "general", "--format", "json", "--ignore", "CAP002", "--ignore", "CAP010", "pay.yml"], in: apps))
        #expect(!ignored.contains { $0.contains("CAP002") || $0.contains("CAP010") })
        let unknown = try runCapaudit(["check", "--select", "CAP0100", "pay.yml"], in: apps)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown rule `CAP0100`; did you mean `CAP010`?"))
        let profile = try runCapaudit(["check", "--profile", "bankin", "pay.yml"], in: apps)
        #expect(profile.status == 2)
        #expect(profile.stderr.contains("did you mean `banking`?"))
    }

    @Test func severalReportsInOneRunAndDeterministicJobs() throws {
        let repo = try repository(config: "profile: health\n")
        for index in 0..<12 { try write(Self.flawed, to: repo.appendingPathComponent("apps/more/app-\(index).yml")) }
        let result = try runCapaudit(["check", "--format", "sarif=out.sarif", "--format", "junit=out.xml", "--format", "text", "apps"], in: repo)
        #expect(result.status == 1)
        #expect(result.stdout.contains("apps/pay.yml:"))
        #expect(try readText(repo.appendingPathComponent("out.sarif")).contains("\"version\": \"2.1.0\""))
        #expect(try readText(repo.appendingPathComponent("out.xml")).hasPrefix("<?xml"))
        let one = try runCapaudit(["check", "--format", "json", "--jobs", "1", "apps"], in: repo)
        let four = try runCapaudit(["check", "--format", "json", "--jobs", "4", "apps"], in: repo)
        #expect(one.stdout == four.stdout, "the report does not depend on the number of jobs")
        let twoStdout = try runCapaudit(["check", "--format", "json", "--format", "text", "apps"], in: repo)
        #expect(twoStdout.status == 2)
    }

    @Test func colourQuietAndStats() throws {
        let repo = try repository(config: "profile: health\n")
        let apps = repo.appendingPathComponent("apps")
        let always = try runCapaudit(["check", "--color", "always", "pay.yml"], in: apps)
        #expect(always.stdout.contains("\u{1B}["))
        let noColor = try runCapaudit(["check", "pay.yml"], in: apps, environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
        let piped = try runCapaudit(["check", "pay.yml"], in: apps)
        #expect(!piped.stdout.contains("\u{1B}["), "no colour when not on a terminal")
        let clean = try makeTemporaryFolder()
        try write("capaudit: 1\napp:\n  name: C\n  profile: general\n  platforms:\n    android: {min-sdk: 35, target-sdk: 35}\nscreens:\n  - id: home\n", to: clean.appendingPathComponent("ok.yml"))
        let quiet = try runCapaudit(["check", "--quiet", "ok.yml", "missing-key.yml"], in: clean)
        #expect(quiet.status == 2)
        let quietClean = try runCapaudit(["check", "--quiet"], in: clean)
        #expect(quietClean.status == 0)
        #expect(quietClean.stdout.isEmpty && quietClean.stderr.isEmpty)
        let stats = try runCapaudit(["check", "--stats", "pay.yml"], in: apps)
        #expect(stats.stderr.contains("stats: 1 file, 1 manifest"))
    }

    @Test func noManifestFoundSaysSoAndExitsTwo() throws {
        let folder = try makeTemporaryFolder()
        try write("name: not a manifest\n", to: folder.appendingPathComponent("other.yml"))
        let result = try runCapaudit(["check"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no manifest found"))
    }

    @Test func theDocumentedExampleConfigLoads() throws {
        let repo = try repository(config: try readText(Paths.packageRoot.appendingPathComponent("docs/examples/capaudit.yml")))
        for folder in ["app", "ios"] {
            try FileManager.default.createDirectory(at: repo.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let written = try runCapaudit(["check", "--write-baseline", ".capaudit-baseline.json", "apps/pay.yml"], in: repo)
        #expect(written.status == 0, "\(written.stderr)")
        let result = try runCapaudit(["check", "apps/pay.yml"], in: repo)
        #expect(result.status == 0, "everything is baselined: \(result.stdout)\(result.stderr)")
    }
}

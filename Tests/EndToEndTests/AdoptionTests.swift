import Foundation
import TestSupport
import Testing

/// Inline suppressions, the baseline and `--staged`, end to end on the built binary.
@Suite struct AdoptionTests {
    static let manifest = """
        capaudit: 1
        app:
          name: Adoption
          profile: banking
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        capture:
          notice:
            text: "Hackers may see this. # capaudit: ignore WRD001 -- inside a string, not a comment"
        screens:
          - id: cards
            fields:
              # capaudit: ignore CAP001 -- the value is masked by the card SDK
              - id: pan
                kind: card-number
                display: masked
                reveal: tap
          - id: payees
            fields:
              - id: iban   # capaudit: ignore sensitive-data-exposed
                kind: account-number
        """

    func json(_ result: RunResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func rules(_ findings: Any?) -> [String] {
        ((findings as? [[String: Any]]) ?? []).map { "\($0["rule"] ?? "")@\($0["line"] ?? "")" }
    }

    @Test func suppressionsSilenceTheirNodeAndReportTheirOwnMistakes() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.manifest, to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "--format", "json", "app.yml"], in: folder)
        let report = try json(result)
        let active = rules(report["findings"])
        let suppressed = rules(report["suppressed"])
        #expect(active.contains("WRD001@9"), "a # inside a quoted string is not a suppression: \(active)")
        #expect(suppressed.contains("CAP001@14"))
        #expect(suppressed.contains("CAP001@20"))
        #expect(active.contains("SUP001@20"), "a suppression without a reason is reported: \(active)")
        #expect(!active.contains { $0.hasPrefix("CAP001") })
        #expect(result.status == 0, "only warnings remain")
        #expect(try runCapaudit(["check", "--fail-on", "warning", "app.yml"], in: folder).status == 1)
    }

    @Test func unknownAndUnusedSuppressionsAreReported() throws {
        let folder = try makeTemporaryFolder()
        let text = Self.manifest.replacingOccurrences(of: "ignore CAP001 -- the value", with: "ignore CAP001, CAP999, BNK001 -- the value")
        try write(text, to: folder.appendingPathComponent("app.yml"))
        let active = rules(try json(try runCapaudit(["check", "--format", "json", "app.yml"], in: folder))["findings"])
        #expect(active.contains("SUP003@13"))
        #expect(active.contains("SUP002@13"))
    }

    @Test func configCanForbidInlineSuppressions() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.manifest, to: folder.appendingPathComponent("app.yml"))
        try write("inline-suppressions:\n  forbid: [CAP001]\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let active = rules(try json(try runCapaudit(["check", "--format", "json", "app.yml"], in: folder))["findings"])
        #expect(active.contains("CAP001@14"))
        #expect(active.contains("SUP002@13"))
    }

    @Test func baselineHidesTodaysFindingsAndSurvivesAMove() throws {
        let folder = try makeTemporaryFolder()
        let flawed = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        try write(flawed, to: folder.appendingPathComponent("bank.yml"))
        let written = try runCapaudit(["check", "--write-baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try readText(folder.appendingPathComponent("baseline.json"))
        #expect(baseline.contains("\"fingerprint\""))
        let clean = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(clean.status == 0, "\(clean.stdout)")

        let moved = Self.moveLastScreenFirst(flawed)
        #expect(moved != flawed)
        try write(moved, to: folder.appendingPathComponent("bank.yml"))
        let afterMove = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(afterMove.status == 0, "a moved screen keeps its fingerprints: \(afterMove.stdout)")

        try write(flawed, to: folder.appendingPathComponent("copy.yml"))
        let copy = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml", "copy.yml"], in: folder)
        #expect(copy.status == 1, "the same findings in another file are new")

        let fixed = flawed.replacingOccurrences(of: "    style: alert", with: "    style: banner")
        try write(fixed, to: folder.appendingPathComponent("bank.yml"))
        let stale = try runCapaudit(["check", "--format", "json", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(rules(try json(stale)["findings"]).contains { $0.hasPrefix("SUP002") }, "a fixed finding leaves a stale baseline entry, reported")
    }

    /// Moves the last screen of `screens:` to the top of the list.
    static func moveLastScreenFirst(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let screensLine = lines.firstIndex(of: "screens:"),
            let lastScreen = lines.lastIndex(where: { $0.hasPrefix("  - id: ") })
        else { return text }
        var end = lines.count
        while end > lastScreen + 1, lines[end - 1].isEmpty { end -= 1 }
        let block = Array(lines[lastScreen..<end])
        lines.removeSubrange(lastScreen..<end)
        lines.insert(contentsOf: block, at: screensLine + 1)
        return lines.joined(separator: "\n")
    }

    @Test func stagedJudgesTheIndexNotTheWorkingCopy() throws {
        let folder = try makeTemporaryFolder()
        func git(_ arguments: String...) throws {
            let result = try run("git", ["-C", folder.path] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git("init", "-q")
        try git("config", "user.email", "t@example.com")
        try git("config", "user.name", "T")
        let clean = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/clean.yml"))
        let flawed = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        try write(flawed, to: folder.appendingPathComponent("apps/bank.yml"))
        try git("add", "apps/bank.yml")
        try write(clean, to: folder.appendingPathComponent("apps/bank.yml"))
        let staged = try runCapaudit(["check", "--staged"], in: folder.appendingPathComponent("apps"))
        #expect(staged.status == 1, "the staged flawed content fails although the working copy is clean")
        #expect(staged.stdout.contains("bank.yml:81:9: error BNK002"))
        try git("add", "apps/bank.yml")
        try write(flawed, to: folder.appendingPathComponent("apps/bank.yml"))
        let cleanStaged = try runCapaudit(["check", "--staged"], in: folder)
        #expect(cleanStaged.status == 0, "\(cleanStaged.stdout)")
        try git("commit", "-q", "-m", "clean bank")
        try git("rm", "-q", "--cached", "apps/bank.yml")
        let deleted = try runCapaudit(["check", "--staged"], in: folder)
        #expect(deleted.status == 0)
    }

}

@Suite struct SuppressedInSarifTests {
    @Test func sarifLeavesSuppressedFindingsOutUnlessAsked() throws {
        let folder = try makeTemporaryFolder()
        try write(AdoptionTests.manifest, to: folder.appendingPathComponent("app.yml"))
        func results(_ extra: [String]) throws -> [[String: Any]] {
            let result = try runCapaudit(["check", "--format", "sarif"] + extra + ["app.yml"], in: folder)
            let sarif = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let runs = try #require(sarif["runs"] as? [[String: Any]])
            return runs.first?["results"] as? [[String: Any]] ?? []
        }
        let plain = try results([])
        #expect(!plain.contains { $0["suppressions"] != nil })
        let shown = try results(["--show-suppressed"])
        #expect(shown.count == plain.count + 2)
        let suppressed = shown.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 2)
        let first = (suppressed.first?["suppressions"] as? [[String: Any]])?.first
        #expect(first?["kind"] as? String == "inSource")
        #expect(first?["justification"] as? String == "the value is masked by the card SDK")
    }
}

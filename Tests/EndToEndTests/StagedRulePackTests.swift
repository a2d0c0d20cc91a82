import Foundation
import TestSupport
import Testing

/// `check --staged` reads the rule packs a config names from the git index: the pack the commit
/// carries decides it, not an unstaged edit of the pack, and the index keeps the packs' trust
/// rules (no link is followed, the size limit holds).
@Suite struct StagedRulePackTests {
    typealias Repository = HostileIndexTests.Repository

    /// ACME001 (the fixture pack's rule) is an error under the pack's profile `strict`.
    static let strictProfile = "id: strict\nextends: general\nrules:\n  loyalty-in-notification: error\n"
    static let lenientProfile = "id: strict\nextends: general\nrules:\n  loyalty-in-notification: off\n"
    /// A manifest with one finding, ACME001, under the profile `strict`.
    static let app = PackProfileRuleNamesTests.strictApp + "\n"

    /// A repository whose config names the pack `pack` (taxonomy, rule ACME001, profile `strict`),
    /// committed, and `app.yml` staged.
    static func repositoryWithACommittedPack() throws -> Repository {
        let repo = try Repository()
        let fixture = Paths.fixture("RulePack")
        for name in ["taxonomy.yml", "rules/ACME001.yml"] {
            try repo.write(try readText(fixture.appendingPathComponent(name)), "pack/\(name)")
        }
        try repo.write(strictProfile, "pack/profiles/strict.yml")
        try repo.write("rule-packs: [pack]\n", ".capaudit.yml")
        try repo.git("add", "-A")
        try repo.commit()
        try repo.write(app, "app.yml")
        try repo.git("add", "app.yml")
        return repo
    }

    static func findings(_ report: [String: Any]) -> [String] {
        (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["severity"] ?? "")" }
    }

    /// An unstaged edit of the pack that turns the rule off decides nothing; staged, it does.
    @Test func anUnstagedPackEditDoesNotDecideTheCommit() throws {
        let repo = try Self.repositoryWithACommittedPack()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        let (committed, committedReport) = try repo.check()
        #expect(committed.status == 1, "\(committed.stdout.prefix(1500))\n\(committed.stderr)")
        #expect(Self.findings(committedReport) == ["app.yml ACME001 error"])
        try repo.write(Self.lenientProfile, "pack/profiles/strict.yml")
        let (unstaged, unstagedReport) = try repo.check()
        #expect(unstaged.status == 1, "the pack the commit carries makes ACME001 an error: \(unstaged.stdout.prefix(1500))\n\(unstaged.stderr)")
        #expect(Self.findings(unstagedReport) == ["app.yml ACME001 error"])
        try repo.git("add", "pack/profiles/strict.yml")
        let (staged, stagedReport) = try repo.check()
        #expect(staged.status == 0, "the commit carries the rule turned off: \(staged.stdout.prefix(1500))\n\(staged.stderr)")
        #expect(Self.findings(stagedReport).isEmpty)
        #expect((stagedReport["notes"] as? [String] ?? []).contains { $0.hasPrefix("the commit changes the code or capaudit's settings") })
    }

    /// `--rules FOLDER` is the user's explicit choice of a folder of the work tree: read from there.
    @Test func aPackOnTheCommandLineIsReadFromTheWorkTree() throws {
        let repo = try Self.repositoryWithACommittedPack()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("{}\n", ".capaudit.yml")
        try repo.git("add", ".capaudit.yml")
        try repo.write(Self.lenientProfile, "pack/profiles/strict.yml")
        let (result, report) = try repo.check(["--rules", "pack"])
        #expect(result.status == 0, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect(Self.findings(report).isEmpty)
    }

    /// A pack file only in the work tree (untracked) is not part of the commit: left out, with a note.
    @Test func anUntrackedPackFileIsLeftOutWithANote() throws {
        let repo = try Self.repositoryWithACommittedPack()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("id: [unclosed\n", "pack/rules/ACME009.yml")
        let (result, report) = try repo.check()
        #expect(result.status == 1, "the untracked, broken rule file is not read: \(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect(Self.findings(report) == ["app.yml ACME001 error"])
        let note = "pack/rules/ACME009.yml is not in the git index (untracked, or its removal is staged), so --staged leaves it out of the rule pack `pack`"
        #expect((report["notes"] as? [String] ?? []).contains(note), "\(report["notes"] ?? "")")
    }

    /// A pack the config names that the index does not hold stops the run: `git add` it.
    @Test func aPackMissingFromTheIndexStopsTheRun() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        let fixture = Paths.fixture("RulePack")
        for name in ["taxonomy.yml", "rules/ACME001.yml"] {
            try repo.write(try readText(fixture.appendingPathComponent(name)), "policy/acme/\(name)")
        }
        try repo.write(Self.strictProfile, "policy/acme/profiles/strict.yml")
        try repo.write("rule-packs: [policy/acme]\n", ".capaudit.yml")
        try repo.write(Self.app, "app.yml")
        try repo.git("add", ".capaudit.yml", "app.yml")
        let (result, _) = try repo.check()
        #expect(result.status == 2, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect(
            result.stderr.contains(
                "rule pack `policy/acme` is not in the git index, and --staged judges the commit by the rule packs it carries; `git add policy/acme`"),
            "\(result.stderr)")
    }

    /// The index keeps the trust rules of packs: a link is not followed (in the index it has no
    /// content to read) and a file over the size limit is refused, each at the pack's file.
    @Test func theIndexKeepsThePacksTrustRules() throws {
        let cases: [(name: String, build: @Sendable (Repository) throws -> Void, message: String)] = [
            ("a link to a file of the repository", { repo in
                try repo.write(Self.lenientProfile, "lenient.yml")
                try repo.link("pack/profiles/strict.yml", to: "../../lenient.yml")
            }, "rule pack `pack`: `profiles/strict.yml` is a symlink in the git index"),
            ("a link out of the repository", { repo in
                try repo.link("pack/profiles/strict.yml", to: "/etc/hostname")
            }, "rule pack `pack`: `profiles/strict.yml` is a symlink in the git index"),
            ("a file over the size limit", { repo in
                try repo.write(Self.strictProfile + "# " + String(repeating: "x", count: 4 * 1024 * 1024) + "\n", "pack/profiles/strict.yml")
            }, "rule pack `pack`: profiles/strict.yml: "),
        ]
        for (name, build, message) in cases {
            let repo = try Self.repositoryWithACommittedPack()
            defer { try? FileManager.default.removeItem(at: repo.folder) }
            try build(repo)
            try repo.git("add", "-A")
            let (result, _) = try repo.check()
            #expect(result.status == 2, "\(name): \(result.stdout.prefix(1500))\n\(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        }
    }

    /// A merge conflict on a pack file leaves no one staged pack to judge by: the run stops.
    @Test func aConflictInAPackStopsTheRun() throws {
        let repo = try Self.repositoryWithACommittedPack()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.git("checkout", "-q", "-b", "other")
        try repo.write(Self.lenientProfile, "pack/profiles/strict.yml")
        try repo.git("commit", "-q", "--no-verify", "-am", "lenient")
        try repo.git("checkout", "-q", "-")
        try repo.write(Self.strictProfile.replacingOccurrences(of: "error", with: "warning"), "pack/profiles/strict.yml")
        try repo.git("commit", "-q", "--no-verify", "-am", "warning")
        try repo.git("merge", "-q", "other", expectSuccess: false)
        let (result, _) = try repo.check()
        #expect(result.status == 2, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect(
            result.stderr.contains("rule pack `pack`: --staged: pack/profiles/strict.yml has a merge conflict in the index"), "\(result.stderr)")
    }
}

import CapauditKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `check --staged` against the less common states of the git index: every status `git diff
/// --cached` can give, conflicts, links, submodules, and settings and code that the commit
/// carries (or does not).
@Suite struct HostileIndexTests {
    /// What `check --staged` is designed to do with a repository state.
    enum Designed: CustomStringConvertible, Sendable {
        /// `bad.yml` (or the file named) is checked: its MAN002 error, exit 1.
        case checked(String)
        /// Nothing to check: exit 0 with this note in JSON `notes` (nil: no note asked for).
        case passes(note: String?)
        /// The run stops, exit 2, with this on standard error.
        case refused(String)

        var description: String {
            switch self {
            case .checked(let file): return "checked \(file)"
            case .passes(let note): return "passes (\(note ?? "-"))"
            case .refused(let message): return "refused (\(message))"
            }
        }
    }

    /// A repository state, built by git commands, and what `--staged` must do with it.
    struct IndexState: Sendable {
        var name: String
        var status: String
        var build: @Sendable (Repository) throws -> Void
        var designed: Designed
    }

    /// A scratch repository with a committer.
    struct Repository: Sendable {
        let folder: URL

        init() throws {
            folder = try makeTemporaryFolder("capaudit-index")
            try makeGitRepository(at: folder)
        }

        @discardableResult
        func git(_ arguments: String..., expectSuccess: Bool = true) throws -> RunResult {
            let result = try run("git", ["-C", folder.path] + arguments)
            if expectSuccess { #expect(result.status == 0, "git \(arguments): \(result.stderr)") }
            return result
        }

        func write(_ text: String, _ name: String) throws {
            try TestSupport.write(text, to: folder.appendingPathComponent(name))
        }

        func link(_ name: String, to target: String) throws {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        }

        func remove(_ name: String) throws {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }

        func commit(_ message: String = "base") throws {
            try git("commit", "-q", "--no-verify", "-m", message)
        }

        func check(_ extra: [String] = [], environment: [String: String] = [:]) throws -> (RunResult, [String: Any]) {
            let result = try runCapaudit(["check", "--staged", "--format", "json"] + extra, in: folder, environment: environment)
            return (result, HostileInputTests.json(result))
        }
    }

    static let good = HostileInputTests.good
    static let flawed = HostileInputTests.flawed

    /// Every status of `git diff --cached --raw` that a repository can be brought to, and the
    /// states around them (links, submodules, intent-to-add, skip-worktree, a staged file gone
    /// from the work tree). `X` (unknown) and `B` (broken pair) come from no repository state
    /// `--staged` asks about; `everyStatusLetterChecksTheRegularFileTheIndexHolds` covers them.
    static let states: [IndexState] = [
        IndexState(name: "added", status: "A", build: { repo in
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "copied with a change", status: "C", build: { repo in
            try repo.write(good, "good.yml")
            try repo.git("add", "good.yml")
            try repo.commit()
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "deleted", status: "D", build: { repo in
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.commit()
            try repo.git("rm", "-q", "--cached", "bad.yml")
        }, designed: .passes(note: nil)),
        IndexState(name: "modified", status: "M", build: { repo in
            try repo.write(good, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.commit()
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "renamed with a change", status: "R", build: { repo in
            try repo.write(good, "old.yml")
            try repo.git("add", "old.yml")
            try repo.commit()
            try repo.git("mv", "old.yml", "bad.yml")
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "a symlink replaced by a regular file", status: "T", build: { repo in
            try repo.write(good, "good.yml")
            try repo.link("bad.yml", to: "good.yml")
            try repo.git("add", "good.yml", "bad.yml")
            try repo.commit()
            try repo.remove("bad.yml")
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "a regular file replaced by a symlink", status: "T", build: { repo in
            try repo.write(good, "good.yml")
            try repo.write(good, "bad.yml")
            try repo.git("add", "good.yml", "bad.yml")
            try repo.commit()
            try repo.link("bad.yml", to: "good.yml")
            try repo.git("add", "bad.yml")
        }, designed: .passes(note: "bad.yml: skipped, a symlink in the index (its target is checked if it is staged)")),
        IndexState(name: "a merge conflict", status: "U", build: { repo in
            try repo.write(good, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.commit()
            try repo.git("checkout", "-q", "-b", "other")
            try repo.write(flawed.replacingOccurrences(of: "bogus: 1", with: "bogus: 2"), "bad.yml")
            try repo.git("commit", "-q", "--no-verify", "-am", "other")
            try repo.git("checkout", "-q", "-")
            try repo.write(flawed, "bad.yml")
            try repo.git("commit", "-q", "--no-verify", "-am", "flawed")
            try repo.git("merge", "-q", "other", expectSuccess: false)
        }, designed: .refused("bad.yml has a merge conflict in the index")),
        IndexState(name: "a submodule", status: "A", build: { repo in
            try repo.git("update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),bad.yml")
        }, designed: .passes(note: "bad.yml: skipped, a submodule (gitlink), not a file")),
        IndexState(name: "intent to add (the commit does not carry it)", status: "-", build: { repo in
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "-N", "bad.yml")
        }, designed: .passes(note: nil)),
        IndexState(name: "staged, then deleted from the work tree", status: "A", build: { repo in
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.remove("bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "skip-worktree, work tree clean", status: "M", build: { repo in
            try repo.write(good, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.commit()
            try repo.write(flawed, "bad.yml")
            try repo.git("add", "bad.yml")
            try repo.git("update-index", "--skip-worktree", "bad.yml")
            try repo.write(good, "bad.yml")
        }, designed: .checked("bad.yml")),
        IndexState(name: "a name with a newline, renamed", status: "R", build: { repo in
            try repo.write(good, "old.yml")
            try repo.git("add", "old.yml")
            try repo.commit()
            try repo.git("mv", "old.yml", "new\nline.yml")
            try repo.write(flawed, "new\nline.yml")
            try repo.git("add", "new\nline.yml")
        }, designed: .checked("new\nline.yml")),
    ]

    @Test func everyIndexStateGivesItsDesignedResult() throws {
        for state in Self.states {
            let repo = try Repository()
            defer { try? FileManager.default.removeItem(at: repo.folder) }
            try state.build(repo)
            let (result, report) = try repo.check()
            let label = "\(state.status) \(state.name): designed \(state.designed)"
            switch state.designed {
            case .checked(let file):
                #expect(result.status == 1, "\(label); exit \(result.status)\n\(result.stdout.prefix(1500))\n\(result.stderr)")
                let found = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["line"] ?? ""):\($0["column"] ?? "")" }
                #expect(found == ["\(file) MAN002 9:5"], "\(label): \(found)")
            case .passes(let note):
                #expect(result.status == 0, "\(label); exit \(result.status)\n\(result.stdout.prefix(1500))\n\(result.stderr)")
                #expect((report["findings"] as? [Any])?.isEmpty == true, "\(label): \(result.stdout.prefix(1500))")
                if let note { #expect((report["notes"] as? [String] ?? []).contains(note), "\(label): \(report["notes"] ?? "")") }
            case .refused(let message):
                #expect(result.status == 2, "\(label); exit \(result.status)\n\(result.stdout.prefix(1500))\n\(result.stderr)")
                #expect(result.stderr.contains(message), "\(label): \(result.stderr)")
            }
        }
    }

    /// Whatever letter git gives a change (`ACDMRTUXB`: a `git` first on PATH answers `diff` with
    /// that letter), a regular file that the index holds at the path is checked: the letter never
    /// decides what is read.
    @Test func everyStatusLetterChecksTheRegularFileTheIndexHolds() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write(Self.flawed, "bad.yml")
        try repo.git("add", "bad.yml")
        let blob = try repo.git("rev-parse", ":bad.yml").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let zero = String(repeating: "0", count: 40)
        let realGit = try run("/bin/sh", ["-c", "command -v git"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let bin = repo.folder.appendingPathComponent(".fake-bin")
        for letter in "ACDMRTUXB" {
            let paths = letter == "R" || letter == "C" ? "old.yml\\000bad.yml" : "bad.yml"
            let record = ":100644 100644 \(zero) \(blob) \(letter)\(letter == "R" || letter == "C" ? "100" : "")\\000\(paths)\\000"
            try TestSupport.write(
                "#!/bin/sh\nfor argument in \"$@\"; do [ \"$argument\" = diff ] && { printf '\(record)'; exit 0; }; done\nexec '\(realGit)' \"$@\"\n",
                to: bin.appendingPathComponent("git"))
            chmod(bin.appendingPathComponent("git").path, 0o755)
            let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            let (result, report) = try repo.check(environment: ["PATH": path])
            #expect(result.status == 1, "status \(letter): exit \(result.status)\n\(result.stdout.prefix(1500))\n\(result.stderr)")
            let found = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "")" }
            #expect(found == ["bad.yml MAN002"], "status \(letter): \(found)")
        }
    }

    // MARK: settings the commit carries

    /// An unstaged `fail-on: never` must not let a staged error through: the config is the staged one.
    @Test func anUnstagedConfigDoesNotDecideTheCommit() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("profile: general\n", ".capaudit.yml")
        try repo.git("add", ".capaudit.yml")
        try repo.commit()
        try repo.write("profile: general\nfail-on: never\n", ".capaudit.yml")
        try repo.write(Self.flawed, "bad.yml")
        try repo.git("add", "bad.yml")
        let (result, report) = try repo.check()
        #expect(result.status == 1, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect((report["notes"] as? [String] ?? []).contains("config: .capaudit.yml, as staged in the git index"), "\(report["notes"] ?? "")")
        let text = try runCapaudit(["check", "--staged", "--verbose"], in: repo.folder)
        #expect(text.stderr.contains("note: config: .capaudit.yml, as staged in the git index\n"), "\(text.stderr)")
        try repo.git("add", ".capaudit.yml")
        #expect(try repo.check().0.status == 0, "staged, the same setting decides")
    }

    /// A config only in the work tree (untracked) is not part of the commit: left out, with a note.
    @Test func anUntrackedConfigIsLeftOutWithANote() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("fail-on: never\n", ".capaudit.yml")
        try repo.write(Self.flawed, "bad.yml")
        try repo.git("add", "bad.yml")
        let (result, report) = try repo.check()
        #expect(result.status == 1, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        let note = ".capaudit.yml is not in the git index (untracked, or its removal is staged), so --staged leaves it out: the commit is judged by the default settings"
        #expect((report["notes"] as? [String] ?? []).contains(note), "\(report["notes"] ?? "")")
    }

    /// The config's baseline is read from the index: one that hides the staged error only in the
    /// work tree hides nothing, and one missing from the index stops the run.
    @Test func theBaselineIsTheOneTheCommitCarries() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("baseline: capaudit-baseline.json\n", ".capaudit.yml")
        try repo.write(Self.flawed, "bad.yml")
        #expect(try runCapaudit(["check", "--write-baseline", "capaudit-baseline.json", "bad.yml"], in: repo.folder).status == 0)
        try repo.git("add", ".capaudit.yml", "bad.yml")
        let (missing, _) = try repo.check()
        #expect(missing.status == 2, "\(missing.stdout.prefix(1500))\n\(missing.stderr)")
        #expect(missing.stderr.contains("the config's baseline `capaudit-baseline.json` is not in the git index"), "\(missing.stderr)")
        let emptyBaseline = try readText(repo.folder.appendingPathComponent("capaudit-baseline.json"))
        try repo.write(Self.good, "bad.yml")
        #expect(try runCapaudit(["check", "--write-baseline", "capaudit-baseline.json", "bad.yml"], in: repo.folder).status == 0)
        try repo.git("add", "capaudit-baseline.json")
        try repo.write(emptyBaseline, "capaudit-baseline.json")
        let (staged, report) = try repo.check()
        #expect(staged.status == 1, "the staged baseline records nothing: \(staged.stdout.prefix(1500))\n\(staged.stderr)")
        #expect((report["findings"] as? [[String: Any]] ?? []).contains { $0["rule"] as? String == "MAN002" })
    }

    /// A staged config that is a symlink has no content in the index to read: the run stops.
    @Test func aStagedConfigThatIsASymlinkStopsTheRun() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("fail-on: never\n", "settings.yml")
        try repo.link(".capaudit.yml", to: "settings.yml")
        try repo.write(Self.flawed, "bad.yml")
        try repo.git("add", "-A")
        let (result, _) = try repo.check()
        #expect(result.status == 2, "\(result.stdout.prefix(1500))\n\(result.stderr)")
        #expect(result.stderr.contains("the config `.capaudit.yml` is a symlink in the git index"), "\(result.stderr)")
    }

    // MARK: code the commit carries (evidence)

    static let evidenceManifest = EvidenceTests.small.replacing("    code:", with: "    protect: [flag-secure]\n    code:")
    static let secured = "class Ok : AppCompatActivity() { fun f() { window.addFlags(FLAG_SECURE) } }\n"
    static let unsecured = "class Ok : AppCompatActivity() { fun f() { } }\n"

    /// A commit that removes FLAG_SECURE from Kotlin, the manifest untouched, is judged by the
    /// staged code: EVD001, exit 1. The same removal left unstaged passes.
    @Test func aStagedChangeToTheCodeChecksTheManifestsAgainstTheStagedCode() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("source:\n  android: app\nrules:\n  EVD001: error\n  CAP006: off\n", ".capaudit.yml")
        try repo.write(Self.evidenceManifest, "capture.yml")
        try repo.write(Self.secured, "app/src/Ok.kt")
        try repo.git("add", "-A")
        let (clean, cleanReport) = try repo.check()
        #expect(clean.status == 0, "\(clean.stdout.prefix(1500))\n\(clean.stderr)")
        #expect((cleanReport["findings"] as? [Any])?.isEmpty == true)
        try repo.commit()

        try repo.write(Self.unsecured, "app/src/Ok.kt")
        try repo.git("add", "app/src/Ok.kt")
        try repo.write(Self.secured, "app/src/Ok.kt")
        let (removed, report) = try repo.check()
        #expect(removed.status == 1, "\(removed.stdout.prefix(1500))\n\(removed.stderr)")
        let rules = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "")" }
        #expect(rules == ["capture.yml EVD001"], "\(rules)")

        try repo.git("add", "app/src/Ok.kt")
        try repo.write(Self.unsecured, "app/src/Ok.kt")
        try repo.write("class Other\n", "app/src/Other.kt")
        try repo.git("add", "app/src/Other.kt")
        let (unstaged, unstagedReport) = try repo.check()
        #expect(unstaged.status == 0, "the removal is not staged: \(unstaged.stdout.prefix(1500))\n\(unstaged.stderr)")
        #expect((unstagedReport["findings"] as? [Any])?.isEmpty == true)
        #expect((unstagedReport["files"] as? [[String: Any]] ?? []).contains { $0["path"] as? String == "capture.yml" }, "the manifest was checked")
    }

    /// Under --staged the source folder is looked for where the code is read from, the index: a
    /// folder deleted from the work tree but still staged is checked, and one the index does not
    /// hold would be read as an empty code base (every protection unapplied), so it stops the run.
    @Test func theSourceFolderIsLookedForInTheIndex() throws {
        let repo = try Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write("source:\n  android: app\nrules:\n  EVD001: error\n  CAP006: off\n", ".capaudit.yml")
        try repo.write(Self.evidenceManifest, "capture.yml")
        try repo.write(Self.unsecured, "app/src/Ok.kt")
        try repo.git("add", "-A")
        try repo.remove("app")
        let (deleted, report) = try repo.check()
        #expect(deleted.status == 1, "the staged code is read although the work tree lost it: \(deleted.stdout.prefix(1500))\n\(deleted.stderr)")
        let rules = (report["findings"] as? [[String: Any]] ?? []).map { "\($0["file"] ?? "") \($0["rule"] ?? "")" }
        #expect(rules == ["capture.yml EVD001"], "\(rules)")

        try repo.git("rm", "-r", "-q", "--cached", "app")
        try repo.write(Self.secured, "app/src/Ok.kt")
        let (unstaged, _) = try repo.check()
        #expect(unstaged.status == 2, "\(unstaged.stdout.prefix(1500))")
        #expect(unstaged.stderr.contains(".capaudit.yml:2:"), "\(unstaged.stderr)")
        #expect(unstaged.stderr.contains("the folder `app` holds no file in the git index, and --staged reads the code from there; `git add` it"), "\(unstaged.stderr)")
    }
}

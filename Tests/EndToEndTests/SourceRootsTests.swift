import Foundation
import TestSupport
import Testing

/// Source roots (EVIDENCE.md, Evidence 2): a monorepo (Tests/Fixtures/Source/roots) with two
/// Android modules as two roots of the config, a folder the second root excludes, test code, and an
/// unrelated app beside them that must not be read. vault.yml maps a screen to each: every planted
/// drift is found at its place, and each "not read" is paired with a run that reads it.
@Suite struct SourceRootsTests {
    static let fixture = Paths.fixture("Source/roots")
    static let cards = "android/feature-cards/src/main/java/com/harbor/cards/CardsActivity.kt"

    static func findings(_ arguments: [String]) throws -> (status: Int32, findings: [String], stderr: String) {
        let result = try runCapaudit(["check", "vault.yml", "--format", "json"] + arguments, in: fixture)
        return (result.status, try EvidenceTests.findings(result.stdout), result.stderr)
    }

    /// The config's two roots: MainActivity (android/app) applies the flag; CardsActivity's base is
    /// in the excluded `generated/` folder, so the search stops there (EVD001); LegacyActivity lives
    /// only in other-app/ and the test file only in src/test (EVD005 each).
    @Test func theConfigsRootsAreReadAndNothingBesideThem() throws {
        let run = try Self.findings([])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.findings == ["EVD001 21:15 android see \(Self.cards):5:7", "EVD005 33:17 android", "EVD005 43:17 android"])
        let text = try runCapaudit(["check", "vault.yml"], in: Self.fixture).stdout
        #expect(text.contains("vault.yml:33:17: error EVD005 unknown-code-name: `LegacyActivity` names no type declared in the Android source (android/app and android/feature-cards)\n"))
        #expect(text.contains("the search stopped at `SecureCardsBase`, declared in no scanned file"))
    }

    /// Without the root's `exclude`, SecureCardsBase is read and applies the flag: the EVD001 above
    /// is the exclude at work. Two `--source` options for one platform are two roots.
    @Test func aRootsExcludeLeavesOutOnlyWhatItMatches() throws {
        let run = try Self.findings(["--source", "android=android/app", "--source", "android=android/feature-cards"])
        #expect(run.findings == ["EVD005 33:17 android", "EVD005 43:17 android"])
    }

    /// `tests: include` on the app root reads src/test: the test file the screen names is found.
    @Test func testsIncludeReadsTheRootsTestCode() throws {
        let run = try Self.findings(["--config", "with-tests.capaudit.yml"])
        #expect(run.findings == ["EVD001 21:15 android see \(Self.cards):5:7", "EVD005 33:17 android"])
    }

    /// `--source FOLDER` is a root of every platform, replacing the config's: the whole tree is
    /// read, other-app's LegacyActivity included, and a `code` path is relative to the root that
    /// holds it, so the module-relative path of `cards` now names nothing.
    @Test func aFolderWithoutAPlatformIsARootOfEveryPlatform() throws {
        let run = try Self.findings(["--source", "."])
        #expect(run.findings == ["EVD005 23:17 android", "EVD005 43:17 android"])
        let text = try runCapaudit(["check", "vault.yml", "--source", "."], in: Self.fixture).stdout
        #expect(text.contains("`src/main/java/com/harbor/cards/CardsActivity.kt` names no file of the Android source (.)"))
    }

    /// `check --staged` reads the roots from the git index the same way: the same findings, test
    /// code left out (the file in src/test names nothing) and the other app unread.
    @Test func stagedCodeIsReadRootByRoot() throws {
        let repo = try HostileIndexTests.Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        let files = try #require(FileManager.default.subpaths(atPath: Self.fixture.path)).filter { !$0.hasPrefix("with-tests") }
        for file in files where !Self.isFolder(Self.fixture.appendingPathComponent(file)) {
            try repo.write(try readText(Self.fixture.appendingPathComponent(file)), file)
        }
        try repo.git("add", "-A")
        let (result, _) = try repo.check()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try EvidenceTests.findings(result.stdout) == ["EVD001 21:15 android see \(Self.cards):5:7", "EVD005 33:17 android", "EVD005 43:17 android"])
    }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    @Test func aRootThatDoesNotExistStopsTheRunAtItsPlace() throws {
        let folder = try makeTemporaryFolder()
        try write(try readText(Self.fixture.appendingPathComponent("vault.yml")), to: folder.appendingPathComponent("vault.yml"))
        try write("profile: banking\nsource:\n  - path: android/app\n    platforms: [android]\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let configured = try runCapaudit(["check", "vault.yml"], in: folder)
        #expect(configured.status == 2)
        #expect(configured.stderr.contains(".capaudit.yml:3:11: `source[0].path`: the folder `android/app` does not exist (relative to the config's folder)"), "\(configured.stderr)")
        let given = try runCapaudit(["check", "vault.yml", "--source", "nope"], in: folder)
        #expect(given.status == 2)
        #expect(given.stderr.contains("--source nope: the folder `nope` does not exist; give the app's source folder relative to the working folder"), "\(given.stderr)")
    }
}

import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// Evidence from the app's code, end to end, on Harbor Bank (Tests/Fixtures/Source): an Android
/// module and an iOS app whose manifest (drift.yml) has every EVD rule planted, beside screens
/// whose protection the code shows through a base class, a Swift extension and a named file.
@Suite struct EvidenceTests {
    static let fixture = Paths.fixture("Source")
    static let sources = ["--source", "android=android", "--source", "ios=ios"]

    /// "RULE line:col platform" and each related location, for every finding of a JSON report.
    static func findings(_ stdout: String) throws -> [String] {
        let report = try JSONParser.parse(stdout)
        return (report["findings"]?.arrayValue ?? []).map { finding in
            let related = (finding["related"]?.arrayValue ?? []).map { place in
                " see \(place["file"]?.stringValue ?? ""):\(place["line"]?.intValue ?? 0):\(place["column"]?.intValue ?? 0)"
            }
            return "\(finding["rule"]?.stringValue ?? "") \(finding["line"]?.intValue ?? 0):\(finding["column"]?.intValue ?? 0) "
                + (finding["platform"]?.stringValue ?? "-") + related.joined()
        }
    }

    static let kotlin = "android/src/main/java/com/harbor/bank"

    /// Every finding of drift.yml with the code: each EVD rule where it was planted and nowhere
    /// else. Patterns only in a comment or a string (TransferActivity.java), only in `build/`
    /// (LoginBase) or only in `Pods/` (ShieldedViewController) are no evidence; a base class
    /// (SecureActivity), a Swift extension (AccountsViewController+Capture.swift) and a named
    /// Compose file (StatementsScreen.kt) are.
    static let expected = [
        "EVD002 9:7 ios see ios/HarborBank.xcodeproj/project.pbxproj:54:34",
        "EVD002 11:7 android see android/build.gradle.kts:12:9",
        "AND002 15:33 android",
        "EVD004 27:5 android see \(kotlin)/accounts/AccountsActivity.kt:15:9",
        "EVD003 42:17 android see \(kotlin)/cards/CardDetailsActivity.kt:18:16",
        "EVD001 57:13 ios see ios/HarborBank/Transfer/TransferViewController.swift:5:13",
        "EVD001 58:17 android see \(kotlin)/transfer/TransferActivity.java:7:14",
        "EVD001 87:17 android see \(kotlin)/login/LoginActivity.kt:6:7",
        "EVD005 111:17 android",
        "EVD005 112:13 ios",
        "EVD006 117:9 android",
        "EVD006 117:9 ios",
    ]

    @Test func plantedDriftGivesExactlyTheEvidenceFindings() throws {
        let result = try runCapaudit(["check", "drift.yml", "--format", "json"] + Self.sources, in: Self.fixture)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Self.findings(result.stdout) == Self.expected)
        #expect(result.stderr.isEmpty, "skipped folders are not notes: \(result.stderr)")
    }

    @Test func textNamesWhatWasSoughtWhereAndWhereTheSearchStopped() throws {
        let result = try runCapaudit(["check", "drift.yml"] + Self.sources, in: Self.fixture)
        let text = result.stdout
        #expect(text.contains("""
            drift.yml:87:17: error EVD001 claim-without-evidence: `flag-secure` is declared for screen `sign-in` on Android, but no code there \
            applies it: searched LoginActivity in \(Self.kotlin)/login/LoginActivity.kt for `setFlags(… FLAG_SECURE …, … FLAG_SECURE …)`, `addFlags(… FLAG_SECURE …)`, \
            `SecureFlagPolicy.SecureOn` or `setSecure(true)`; the search stopped at `LoginBase`, declared in no scanned file
            """))
        #expect(text.contains("the search stopped at `ShieldedViewController`, declared in no scanned file"))
        #expect(text.contains("= see: \(Self.kotlin)/cards/CardDetailsActivity.kt:18:16: undoes flag-secure: `clearFlags(… FLAG_SECURE …)`"))
        #expect(text.contains("= see: \(Self.kotlin)/login/LoginActivity.kt:6:7: searched: class LoginActivity"))
        #expect(text.contains(
            "drift.yml:111:17: error EVD005 unknown-code-name: `ProfileActivty` names no type declared in the Android source (android)\n"))
        #expect(text.contains("= help: did you mean `ProfileActivity`?"))
        #expect(text.contains("drift.yml:9:7: error EVD002 build-facts-differ: `deployment-target` differs from the build files: \"17.0\" in the manifest, IPHONEOS_DEPLOYMENT_TARGET 16.4 in ios/HarborBank.xcodeproj/project.pbxproj"))
    }

    @Test func explainShowsTheCodeAFindingReliesOn() throws {
        let result = try runCapaudit(["explain", "drift.yml:42", "--format", "markdown"] + Self.sources, in: Self.fixture)
        #expect(result.stdout.contains("- See \(Self.kotlin)/cards/CardDetailsActivity.kt:18:16: undoes flag-secure: \\`clearFlags(… FLAG\\_SECURE …)\\`"), "\(result.stdout)")
    }

    @Test func sarifRelatedLocationsAreRelativeToTheRepositoryRoot() throws {
        let result = try runCapaudit(["check", "drift.yml", "--format", "sarif"] + Self.sources, in: Self.fixture)
        let sarif = try JSONParser.parse(result.stdout)
        let results = sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
        let cleared = try #require(results.first { $0["ruleId"]?.stringValue == "EVD003" })
        let place = try #require(cleared["relatedLocations"]?.arrayValue?.first)
        let physical = place["physicalLocation"]
        #expect(physical?["artifactLocation"]?["uri"]?.stringValue == "Tests/Fixtures/Source/\(Self.kotlin)/cards/CardDetailsActivity.kt")
        #expect(physical?["region"]?["startLine"]?.intValue == 18)
        #expect(physical?["region"]?["startColumn"]?.intValue == 16)
        #expect(place["message"]?["text"]?.stringValue == "undoes flag-secure: `clearFlags(… FLAG_SECURE …)`")
    }

    @Test func oneJobOrManyGiveTheSameBytes() throws {
        let one = try runCapaudit(["check", "drift.yml", "--format", "json", "--jobs", "1"] + Self.sources, in: Self.fixture)
        let many = try runCapaudit(["check", "drift.yml", "--format", "json", "--jobs", "8"] + Self.sources, in: Self.fixture)
        #expect(one.stdout == many.stdout)
    }

    @Test func withoutSourceEvidenceIsOff() throws {
        let result = try runCapaudit(["check", "drift.yml", "--format", "json"], in: Self.fixture)
        #expect(try Self.findings(result.stdout) == ["AND002 15:33 android"])
        let report = try runCapaudit(["report", "drift.yml", "--format", "markdown"], in: Self.fixture)
        #expect(!report.stdout.contains("<sub>evidenced</sub>"))
        #expect(report.stdout.contains("✓ FS<br><sub>unchecked</sub>"))
    }

    @Test func theConfigNamesTheFoldersAndTheCommandLineWinsPerPlatform() throws {
        let folder = try makeTemporaryFolder()
        try write(try readText(Self.fixture.appendingPathComponent("drift.yml")), to: folder.appendingPathComponent("drift.yml"))
        let android = Self.fixture.appendingPathComponent("android").path
        let ios = Self.fixture.appendingPathComponent("ios").path
        try write("source:\n  android: \(android)\n  ios: \(ios)\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let configured = try runCapaudit(["check", "drift.yml", "--format", "json"], in: folder)
        let rules = try Self.findings(configured.stdout).map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(rules == Self.expected.map { $0.split(separator: " ").prefix(3).joined(separator: " ") })

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty-ios"), withIntermediateDirectories: true)
        let overridden = try runCapaudit(["check", "drift.yml", "--format", "json", "--source", "ios=empty-ios"], in: folder)
        let iosFindings = try Self.findings(overridden.stdout).filter { $0.contains(" ios") }
        // An empty iOS folder: no type the screens name, and no app-wide detector or cover anywhere.
        #expect(iosFindings.contains("EVD005 29:13 ios"), "\(iosFindings)")
        #expect(iosFindings.contains("EVD001 15:12 ios") && iosFindings.contains("EVD001 17:11 ios"), "\(iosFindings)")
        #expect(!iosFindings.contains { $0.hasPrefix("EVD002") })
    }

    @Test func aSourceFolderThatDoesNotExistStopsTheRun() throws {
        let given = try runCapaudit(["check", "drift.yml", "--source", "android=nope"], in: Self.fixture)
        #expect(given.status == 2)
        #expect(given.stderr.contains("--source android=nope: the folder `nope` does not exist; give the Android source folder relative to the working folder"))

        let folder = try makeTemporaryFolder()
        try write(try readText(Self.fixture.appendingPathComponent("drift.yml")), to: folder.appendingPathComponent("drift.yml"))
        try write("profile: banking\nsource:\n  ios: app/ios\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let configured = try runCapaudit(["check", "drift.yml"], in: folder)
        #expect(configured.status == 2)
        #expect(configured.stderr.contains(".capaudit.yml:3:8: `source.ios`: the folder `app/ios` does not exist (relative to the config's folder)"))

        let malformed = try runCapaudit(["check", "drift.yml", "--source", "android="], in: Self.fixture)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--source takes FOLDER or PLATFORM=FOLDER (`--source android=app/`), got `android=`"))
        let unknown = try runCapaudit(["check", "drift.yml", "--source", "andriod=android"], in: Self.fixture)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown platform `andriod`; did you mean `android`?"))
    }

    @Test func skippedSourceFilesAreNamedByNotesOrFindings() throws {
        let folder = try makeTemporaryFolder()
        let app = folder.appendingPathComponent("app")
        try write("class Ok : AppCompatActivity()\n", to: app.appendingPathComponent("src/Ok.kt"))
        try Data(repeating: UInt8(ascii: "a"), count: 4 * 1024 * 1024 + 1).write(to: folder.appendingPathComponent("app/src/Huge.kt"))
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x0A, 0xFF, 0xFE]).write(to: app.appendingPathComponent("src/Latin1.kt"))
        let outside = try makeTemporaryFolder()
        try write("class Elsewhere\n", to: outside.appendingPathComponent("Elsewhere.kt"))
        try FileManager.default.createSymbolicLink(at: app.appendingPathComponent("src/Linked.kt"), withDestinationURL: outside.appendingPathComponent("Elsewhere.kt"))
        try write(Self.small, to: folder.appendingPathComponent("capaudit.yml"))
        let result = try runCapaudit(["check", "capaudit.yml", "--source", "android=app", "--format", "json"], in: folder)
        // A file that could hold evidence and was not read is an EVD007 finding (UnreadSourceTests); a link out is a note.
        #expect(result.stderr == "note: app/src/Linked.kt: skipped, a symbolic link to \(outside.appendingPathComponent("Elsewhere.kt").path), outside the source folder\n")
        let report = try JSONParser.parse(result.stdout)
        let notes = report["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.count == 1 && notes.allSatisfy { $0.hasPrefix("app/src/Linked.kt: ") }, "\(notes)")
        let unread = (report["findings"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "EVD007" }
        #expect(unread.map { "\($0["file"]?.stringValue ?? ""):\($0["line"]?.intValue ?? 0):\($0["column"]?.intValue ?? 0)" } == ["app/src/Huge.kt:1:1", "app/src/Latin1.kt:2:1"])
        let quiet = try runCapaudit(["check", "capaudit.yml", "--source", "android=app", "--quiet"], in: folder)
        #expect(quiet.stderr.isEmpty)
    }

    /// The config's `exclude` leaves source files out as it leaves manifests out: a base class
    /// only in an excluded folder is no evidence, and the search stops at it.
    @Test func theConfigsExcludeAppliesToSourceFiles() throws {
        let folder = try makeTemporaryFolder()
        try write("class Ok : SecureBase()\n", to: folder.appendingPathComponent("app/src/Ok.kt"))
        try write(
            "abstract class SecureBase : AppCompatActivity() { fun f() { window.addFlags(FLAG_SECURE) } }\n",
            to: folder.appendingPathComponent("app/generated/SecureBase.kt"))
        try write(Self.small.replacing("    code:", with: "    protect: [flag-secure]\n    code:"), to: folder.appendingPathComponent("capaudit.yml"))
        let included = try runCapaudit(["check", "capaudit.yml", "--source", "android=app", "--format", "json"], in: folder)
        #expect(try Self.findings(included.stdout).filter { $0.hasPrefix("EVD") }.isEmpty, "\(included.stdout)")
        try write("exclude: [\"app/generated/\"]\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let excluded = try runCapaudit(["check", "capaudit.yml", "--source", "android=app"], in: folder)
        #expect(excluded.stdout.contains("capaudit.yml:11:15: warning EVD001 claim-without-evidence:"), "\(excluded.stdout)")
        #expect(excluded.stdout.contains("the search stopped at `SecureBase`, declared in no scanned file"))
    }

    static let small = """
        capaudit: 1
        app:
          name: Small
          profile: general
          platforms:
            android:
              min-sdk: 28
              target-sdk: 35
        screens:
          - id: home
            code:
              android: [Ok]

        """

    @Test func theReportMarksEachProtectedCell() throws {
        let markdown = try runCapaudit(["report", "drift.yml", "--format", "markdown"] + Self.sources, in: Self.fixture).stdout
        func row(_ field: String) -> String {
            markdown.split(separator: "\n").first { $0.hasPrefix("| \(field)") }.map(String.init) ?? ""
        }
        // Accounts: flag-secure through the base class, redaction through the Swift extension.
        #expect(row("Available balance `balance`").contains("✓ ROC<br><sub>evidenced</sub>"))
        #expect(row("Available balance `balance`").contains("✓ FS<br><sub>evidenced</sub>"))
        // Transfer: claimed, and the code does not show it (comment, string, Pods): EVD001 contradicts the cells.
        #expect(row("Available balance `from-balance`").contains("⚠ FS F7<br><sub>contradicted</sub>"))
        #expect(row("Available balance `from-balance`").contains("⚠ ROC F6<br><sub>contradicted</sub>"))
        // Loans: no `code`, so unchecked, except the app-wide cover found anywhere.
        #expect(row("Loan balance").contains("✓ FS<br><sub>unchecked</sub>"))
        #expect(row("Loan balance").contains("✓ COB<br><sub>evidenced</sub>"))
        // A masked field is covered by its display: no mark.
        #expect(row("Card number").contains("✓ masked |"))
        #expect(!["evidenced", "declared only", "unchecked"].contains { row("Card number").contains($0) })

        let html = try runCapaudit(["report", "drift.yml", "--format", "html"] + Self.sources, in: Self.fixture).stdout
        #expect(html.contains("title=\"Screen recording on Android: covered by flag-secure; evidenced in \(Self.kotlin)/ui/SecureActivity.kt:16\">✓ FS<small class=\"evidence\">evidenced</small></td>"))
        #expect(html.contains("<td class=\"contradicted\" title=\"Screen recording on Android: claimed by flag-secure, contradicted by the code (finding 7)\">"))
    }

    @Test func initFromSourceDraftsAManifestThatChecksApartFromItsFields() throws {
        let folder = try makeTemporaryFolder()
        let draft = folder.appendingPathComponent("draft.yml")
        let written = try runCapaudit(["init", "--from-source", "--profile", "banking", draft.path] + Self.sources, in: Self.fixture)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.hasPrefix("Wrote \(draft.path): a draft with 6 screens found in the code, for the banking profile.\n"))
        let text = try readText(draft)
        #expect(text.contains("      deployment-target: \"16.4\"     # deployment target of application target `HarborBank`\n"))
        #expect(text.contains("      min-sdk: 26                   # minSdk of the Gradle file\n"))
        #expect(text.contains("  - id: accounts\n    title: Accounts\n    code:\n      ios: [AccountsViewController]\n      android: [AccountsActivity]\n"))
        #expect(text.contains("      android: [flag-secure, recents-screenshot-disabled]\n"))
        #expect(text.contains("# To tag: a secure input (SecureField at ios/HarborBank/Login/LoginView.swift:10)"))
        #expect(!text.contains("SecureActivity]"), "a base class is not a screen")

        let checked = try runCapaudit(["check", draft.path, "--format", "json"] + Self.sources, in: Self.fixture)
        let rules = try Self.findings(checked.stdout).map { String($0.prefix(6)) }
        // What is left: the fields to tag (CAP006: a protection with no field to protect yet), the
        // clearFlags the code really has (EVD003), and the detectors' OS levels the code really
        // has: sceneCaptureState alone on iOS 16.4 (IOS004), the callback below API 34 (AND002).
        #expect(Set(rules) == ["CAP006", "EVD003", "IOS004", "AND002"], "\(checked.stdout)")
        #expect(rules.filter { $0 == "EVD003" }.count == 1)
    }

    /// Examples/wallet: evidence on from its folder (its .capaudit.yml names the source), clean,
    /// every protected cell evidenced; the same app with FLAG_SECURE gone from its base class is not.
    @Test func theWalletExampleIsCleanAgainstItsCode() throws {
        let wallet = Paths.packageRoot.appendingPathComponent("Examples/wallet")
        let clean = try runCapaudit(["check", "--format", "json"], in: wallet)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(try Self.findings(clean.stdout).isEmpty)
        let report = try runCapaudit(["report", "clean.yml", "--format", "markdown"], in: wallet).stdout
        #expect(report.contains("<sub>evidenced</sub>"))
        #expect(!report.contains("<sub>declared only</sub>") && !report.contains("<sub>unchecked</sub>"))

        let copy = try makeTemporaryFolder()
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: wallet, to: copy)
        let base = copy.appendingPathComponent("android/src/main/java/com/example/wallet/ui/SecureActivity.kt")
        let unsecured = try readText(base).split(separator: "\n").filter { !$0.contains("FLAG_SECURE") }.joined(separator: "\n")
        try write(unsecured, to: base)
        let drifted = try runCapaudit(["check", "--format", "json"], in: copy)
        #expect(drifted.status == 1)
        #expect(try Self.findings(drifted.stdout).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == ["EVD001 31:51 android", "EVD001 50:17 android"])
    }

    @Test func initFromSourceNeedsTheSourceFolders() throws {
        let folder = try makeTemporaryFolder()
        let result = try runCapaudit(["init", "--from-source"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--from-source needs the app's source folders: give --source PLATFORM=FOLDER, or `source:` in the config"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("capaudit.yml").path))
    }
}

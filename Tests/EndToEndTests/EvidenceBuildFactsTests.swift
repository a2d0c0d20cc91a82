import Foundation
import TestSupport
import Testing

/// Evidence 2's build facts end to end (Tests/Fixtures/Source/ev2-build): the iOS deployment
/// target of the application target, not of a sample app, a package or a project default; Gradle
/// values through the version catalog, `ext`/`extra` properties and flavours; the release app's
/// permissions. Every finding is listed with its position, and nothing else is found.
@Suite struct EvidenceBuildFactsTests {
    static let fixture = Paths.fixture("Source/ev2-build")

    static func check(_ manifest: String, _ source: String, in folder: URL = fixture) throws -> (status: Int32, findings: [String], stderr: String) {
        let result = try runCapaudit(["check", manifest, "--format", "json"] + (source.isEmpty ? [] : ["--source", source]), in: folder)
        return (result.status, try EvidenceTests.findings(result.stdout), result.stderr)
    }

    /// The `platforms:` lines of a draft `init --from-source` writes for `source`.
    static func draftedPlatforms(_ source: String, in folder: URL = fixture) throws -> String {
        let draft = try makeTemporaryFolder().appendingPathComponent("draft.yml")
        let written = try runCapaudit(["init", "--from-source"] + (source.isEmpty ? [] : ["--source", source]) + [draft.path], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let text = try readText(draft)
        guard let start = text.range(of: "  platforms:\n"), let end = text.range(of: "\n\n", range: start.upperBound..<text.endIndex) else { return text }
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theAppTargetCountsNotTheSampleAppThePackageOrTheProjectDefault() throws {
        let honest = try Self.check("ios.yml", "ios=ios-app")
        #expect(honest.status == 0 && honest.findings.isEmpty && honest.stderr.isEmpty, "\(honest)")
        let drifted = try Self.check("ios-drift.yml", "ios=ios-app")
        #expect(drifted.status == 1)
        #expect(drifted.findings == ["EVD002 8:7 ios see ios-app/Bank.xcodeproj/project.pbxproj:46:34"])
        #expect(drifted.stderr.isEmpty, "\(drifted.stderr)")
        #expect(try Self.draftedPlatforms("ios=ios-app") == "    ios:\n      deployment-target: \"16.0\"     # deployment target of application target `Bank`")
    }

    @Test func differingApplicationTargetsAreNotesUntilTheConfigNamesOne() throws {
        let unnamed = try Self.check("ios-two-apps.yml", "ios=named-target/ios-two-apps")
        #expect(unnamed.status == 0 && unnamed.findings.isEmpty, "\(unnamed)")
        let project = "named-target/ios-two-apps/Bank.xcodeproj/project.pbxproj"
        let advice = "the application targets differ, so `deployment-target` is not compared: name the app's with `target:` under `source:` in .capaudit.yml"
        #expect(unnamed.stderr == """
            note: \(project):15:11: application target `Bank` has deployment target 16.0; \(advice)
            note: \(project):24:11: application target `BankLite` has deployment target 15.0; \(advice)

            """)
        #expect(try Self.draftedPlatforms("ios=named-target/ios-two-apps") == """
                ios:
                  deployment-target:            # the application targets differ (`Bank` 16.0, `BankLite` 15.0); `target:` under `source:` names the app's: fill in the oldest iOS version supported
            """)

        let folder = Self.fixture.appendingPathComponent("named-target")
        let named = try Self.check("manifest.yml", "", in: folder)
        #expect(named.status == 1 && named.stderr.isEmpty, "\(named)")
        #expect(named.findings == ["EVD002 8:7 ios see ios-two-apps/Bank.xcodeproj/project.pbxproj:46:34"])
        #expect(try Self.draftedPlatforms("", in: folder) == "    ios:\n      deployment-target: \"16.0\"     # deployment target of application target `Bank`")
    }

    /// EVD002 at the manifest's `deployment-target`, seeing application target `Bank`'s value
    /// (the project is named relative to a temporary folder, so by its end).
    static func isTheBankTargetsDeploymentTarget(_ finding: String) -> Bool {
        finding.hasPrefix("EVD002 8:7 ios see ") && finding.hasSuffix("/named-target/ios-two-apps/Bank.xcodeproj/project.pbxproj:46:34")
    }

    /// One `target` field, set from the map or from a root of the list; a `--source` folder keeps it.
    @Test func aRootOfTheSourceListNamesTheTargetAndSourceOnTheCommandLineKeepsIt() throws {
        let folder = try makeTemporaryFolder()
        let apps = Self.fixture.appendingPathComponent("named-target/ios-two-apps").path
        try write(try readText(Self.fixture.appendingPathComponent("named-target/manifest.yml")), to: folder.appendingPathComponent("manifest.yml"))
        try write("source:\n  - path: \(apps)\n    platforms: [ios]\n    target: Bank\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let listed = try Self.check("manifest.yml", "", in: folder)
        #expect(listed.status == 1 && listed.stderr.isEmpty, "\(listed)")
        #expect(listed.findings.count == 1 && listed.findings.allSatisfy(Self.isTheBankTargetsDeploymentTarget), "\(listed.findings)")

        try write("source:\n  ios: \(apps)\n  target: Bank\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let given = try Self.check("manifest.yml", "ios=\(apps)", in: folder)
        #expect(given.status == 1 && given.stderr.isEmpty, "\(given)")
        #expect(given.findings.count == 1 && given.findings.allSatisfy(Self.isTheBankTargetsDeploymentTarget), "\(given.findings)")
    }

    @Test func aTargetNoProjectHasIsANoteAndATargetWithoutAnIOSFolderIsAnError() throws {
        let folder = try makeTemporaryFolder()
        let apps = Self.fixture.appendingPathComponent("named-target/ios-two-apps").path
        try write(try readText(Self.fixture.appendingPathComponent("named-target/manifest.yml")), to: folder.appendingPathComponent("manifest.yml"))
        try write("source:\n  ios: \(apps)\n  target: Bnak\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let misnamed = try Self.check("manifest.yml", "", in: folder)
        #expect(misnamed.status == 0 && misnamed.findings.isEmpty, "\(misnamed)")
        #expect(misnamed.stderr.hasPrefix("note: `source.target` names `Bnak`, but no application target of the Xcode projects in "), "\(misnamed.stderr)")
        #expect(misnamed.stderr.hasSuffix(" has that name (there are `Bank`, `BankLite`), so `deployment-target` is not compared: correct the name\n"))

        try write("source:\n  android: .\n  target: Bank\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let result = try runCapaudit(["check", "manifest.yml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(
            ".capaudit.yml:3:11: `source.target` names an iOS application target, but `source` has no `ios` folder; add `ios: FOLDER` or remove `target`"), "\(result.stderr)")
    }

    @Test func valuesFromTheVersionCatalogAboveTheModule() throws {
        let checked = try Self.check("android-catalog.yml", "android=android-catalog/app")
        #expect(checked.status == 1 && checked.stderr.isEmpty, "\(checked.stderr)")
        #expect(checked.findings == ["EVD002 10:7 android see android-catalog/app/build.gradle.kts:10:9", "AND001 11:21 android"])
        let text = try runCapaudit(["check", "android-catalog.yml", "--source", "android=android-catalog/app"], in: Self.fixture).stdout
        #expect(text.contains(
            "= see: android-catalog/app/build.gradle.kts:10:9: targetSdk = libs.versions.target.sdk.get().toInt() (35 at android-catalog/gradle/libs.versions.toml:4)"), "\(text)")
        #expect(try Self.draftedPlatforms("android=android-catalog/app") == """
                android:
                  min-sdk: 24                   # minSdk of the Gradle file, read through `libs.versions.minSdk.get().toInt()`
                  target-sdk: 35                # targetSdk of the Gradle file, read through `libs.versions.target.sdk.get().toInt()`
                  permissions:                  # as in AndroidManifest.xml
                    - DETECT_SCREEN_CAPTURE
            """)
    }

    @Test func extPropertiesFlavoursAndTheReleaseAppsPermissions() throws {
        let checked = try Self.check("android-groovy.yml", "android=android-groovy")
        #expect(checked.status == 1 && checked.stderr.isEmpty, "\(checked.stderr)")
        // min-sdk 23 is the root's ext, but the `legacy` flavour's 21 is the minimum; the removed
        // READ_EXTERNAL_STORAGE and the debug-only DETECT_SCREEN_RECORDING are not declared.
        #expect(checked.findings == ["EVD002 10:7 android see android-groovy/app/build.gradle:13:13", "AND001 12:21 android"])
        #expect(try Self.draftedPlatforms("android=android-groovy") == """
                android:
                  min-sdk: 21                   # minSdk of the Gradle file (a product flavour's, the lowest)
                  target-sdk: 34                # targetSdk of the Gradle file, read through `targetSdkVersion`
                  permissions:                  # as in AndroidManifest.xml
                    - DETECT_SCREEN_CAPTURE
            """)
    }

    @Test func aValueThatCannotBeReadIsComparedWithNothingAndLeftForThePerson() throws {
        let checked = try Self.check("android-unknown.yml", "android=android-unknown/app")
        #expect(checked.status == 1 && checked.stderr.isEmpty, "\(checked.stderr)")
        #expect(checked.findings == ["AND001 11:21 android", "EVD002 11:21 android"])
        let file = "android-unknown/app/build.gradle.kts"
        #expect(try Self.draftedPlatforms("android=android-unknown/app") == """
                android:
                  min-sdk:                      # `minSdk = providers.gradleProperty("notes.minSdk").get().toInt()` at \(file):4 cannot be read: fill in the oldest API level supported
                  target-sdk:                   # `targetSdk = libs.versions.targetSdk.get().toInt()` at \(file):5 cannot be read: fill in the API level targeted
            """)
        // The keys left without a value are where checking the draft points: fill them in.
        let draft = try makeTemporaryFolder().appendingPathComponent("draft.yml")
        _ = try runCapaudit(["init", "--from-source", "--source", "android=android-unknown/app", draft.path], in: Self.fixture)
        let drafted = try Self.check(draft.path, "android=android-unknown/app")
        #expect(drafted.status == 1)
        #expect(drafted.findings.filter { $0.hasPrefix("MAN") } == ["MAN002 13:15 -", "MAN002 14:18 -"], "\(drafted.findings)")
    }
}

import Foundation
import TestSupport
import Testing

/// A `code` entry resolves to one declaration (Tests/Fixtures/Source/names): two Android modules
/// each declare `MainActivity` (only `vault`'s sets FLAG_SECURE) and two iOS modules each declare
/// `CardListViewController` (only `CardsFeature`'s redacts). The simple names are ambiguous
/// (EVD005), the qualified name and the path are clean, and the other module's declaration is
/// EVD001 drift that the same-named declaration cannot hide.
@Suite struct EvidenceNamesTests {
    static let fixture = Paths.fixture("Source/names")
    static let sources = ["--source", "android=android", "--source", "ios=ios"]
    static let vault = "android/vault/src/main/java/com/example/vault"
    static let onboarding = "android/onboarding/src/main/java/com/example/onboarding"

    static func check(_ manifest: String) throws -> (status: Int32, findings: [String]) {
        let result = try runCapaudit(["check", manifest, "--format", "json"] + sources, in: fixture)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return (result.status, try EvidenceTests.findings(result.stdout))
    }

    @Test func aSimpleNameOfTwoModulesIsAmbiguousAndTakesNoEvidence() throws {
        let (status, findings) = try Self.check("ambiguous.yml")
        #expect(status == 1)
        #expect(findings == [
            "EVD005 24:17 android see \(Self.onboarding)/MainActivity.kt:9:7 see \(Self.vault)/MainActivity.kt:7:7",
            "EVD005 25:13 ios see ios/CardsFeature/CardListViewController.swift:3:13 see ios/LegacyCards/CardListViewController.swift:4:13",
        ])
    }

    @Test func theAmbiguityOffersEachCandidateByNameOrPath() throws {
        let result = try runCapaudit(["check", "ambiguous.yml"] + Self.sources, in: Self.fixture)
        #expect(result.stdout.contains("""
            ambiguous.yml:24:17: error EVD005 unknown-code-name: `MainActivity` names 2 top-level declarations in the Android source (android), \
            so no evidence is taken from any of them
            """))
        #expect(result.stdout.contains("""
               = help: name the one in \(Self.onboarding)/MainActivity.kt: set `android: [com.example.onboarding.MainActivity, VaultFragment]` \
            in `screens[id=vault].code`; or name the one in \(Self.vault)/MainActivity.kt: \
            set `android: [com.example.vault.MainActivity, VaultFragment]` in `screens[id=vault].code`
            """))
        #expect(result.stdout.contains("   = see: \(Self.vault)/MainActivity.kt:7:7: candidate `com.example.vault.MainActivity`\n"))
        #expect(result.stdout.contains("""
               = help: name the one in ios/CardsFeature/CardListViewController.swift: set `ios: ["CardsFeature/CardListViewController.swift"]` \
            in `screens[id=vault].code`; or name the one in ios/LegacyCards/CardListViewController.swift: \
            set `ios: ["LegacyCards/CardListViewController.swift"]` in `screens[id=vault].code`
            """))
    }

    @Test func theQualifiedNameAndThePathAreTheRightDeclarations() throws {
        let (status, findings) = try Self.check("qualified.yml")
        #expect(status == 0)
        #expect(findings == [])
    }

    /// Before names resolved to one declaration, the other module's FLAG_SECURE and redaction
    /// counted here, and this drift went unseen.
    @Test func theOtherModulesDeclarationIsDriftThatTheSameNameCannotHide() throws {
        let (status, findings) = try Self.check("wrong.yml")
        #expect(status == 0, "EVD001 is a warning")
        #expect(findings == [
            "EVD001 20:13 ios see ios/LegacyCards/CardListViewController.swift:4:13",
            "EVD001 21:17 android see \(Self.onboarding)/MainActivity.kt:9:7 see \(Self.vault)/VaultFragment.kt:5:7",
        ])
    }

    /// The draft names the screen so that `check` resolves it: the ambiguous simple name becomes
    /// the qualified one.
    @Test func initFromSourceWritesAnEntryThatNamesOneDeclaration() throws {
        let folder = try makeTemporaryFolder()
        let draft = folder.appendingPathComponent("draft.yml")
        let written = try runCapaudit(["init", "--from-source", draft.path] + Self.sources, in: Self.fixture)
        #expect(written.status == 0, "\(written.stderr)")
        let text = try readText(draft)
        #expect(text.contains("  - id: main\n    title: Main\n    code:\n      android: [com.example.vault.MainActivity]\n    protect:"), "\(text)")
        #expect(text.contains("  - id: card-list\n    title: Card list\n    code:\n      ios: [CardsFeature/CardListViewController.swift]\n"), "\(text)")
        let checked = try runCapaudit(["check", draft.path, "--format", "json"] + Self.sources, in: Self.fixture)
        #expect(try !EvidenceTests.findings(checked.stdout).contains { $0.hasPrefix("EVD005") }, "\(checked.stdout)")
    }
}

import Foundation
import TestSupport
import Testing

/// The Policy 3 mechanisms' evidence (Tests/Fixtures/Source/policy3): each pattern that sets and
/// each that clears, found where planted and nowhere else; EVD006 skips a hosted screen.
@Suite struct EvidencePolicy3Tests {
    static let fixture = Paths.fixture("Source/policy3")
    static let shield = "android/src/main/java/com/example/shield"

    static func check(ios: String) throws -> (status: Int32, findings: [String]) {
        let result = try runCapaudit(["check", "policy3.yml", "--format", "json", "--source", "android=android", "--source", "ios=\(ios)"], in: fixture)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return (result.status, try EvidenceTests.findings(result.stdout))
    }

    /// `sign-in` is clean: the Kotlin property forms set both of its mechanisms. `transfer` sets
    /// them in Java and in its layout and clears `filter-obscured-touches` in both (EVD003, the
    /// two places related); `statements` only names the content-capture constant (EVD001). The
    /// hosted `partner-sign-in` has no EVD006, the app's own `change-pin` has one. `ios/` refuses
    /// custom keyboards, so `system-keyboard-only` is evidenced; `managed-capture-disabled` is
    /// declared only and never sought.
    static let expected = [
        "EVD003 36:15 android see \(shield)/TransferActivity.java:14:17 see android/src/main/res/layout/transfer.xml:10:9",
        "EVD001 42:15 android see \(shield)/StatementsActivity.kt:9:7",
        "EVD006 53:9 android",
    ]

    @Test func eachMechanismIsFoundWherePlantedAndNowhereElse() throws {
        let (status, findings) = try Self.check(ios: "ios")
        #expect(status == 0)
        #expect(findings == Self.expected)
    }

    /// ios-decoys/ declares the delegate method in a protocol and implements it allowing every
    /// extension: neither refuses custom keyboards.
    @Test func aDeclarationOrAnAllowingBodyIsNoKeyboardEvidence() throws {
        let (status, findings) = try Self.check(ios: "ios-decoys")
        #expect(status == 0)
        #expect(findings == ["EVD001 19:11 ios"] + Self.expected)
    }

    /// A Compose secure text field makes a screen of the activity that holds it, and nothing else
    /// there does (PinActivity applies no mechanism).
    @Test func initFromSourceDraftsTheActivityOfAComposeSecureField() throws {
        let folder = try makeTemporaryFolder()
        let draft = folder.appendingPathComponent("draft.yml")
        let written = try runCapaudit(["init", "--from-source", draft.path, "--source", "android=android"], in: Self.fixture)
        #expect(written.status == 0, "\(written.stderr)")
        let text = try readText(draft)
        #expect(text.contains("""
              - id: pin
                title: Pin
                code:
                  android: [PinActivity]
                # To tag: list the values this screen shows or takes (id, label, kind); the kinds decide
                # what the profile requires of the screen.
                fields:
                  # To tag: a secure input (BasicSecureTextField at \(Self.shield)/PinActivity.kt:12); give it a kind
            """), "\(text)")
        #expect(text.contains("# To tag: a secure input (SecureTextField at \(Self.shield)/SignInActivity.kt:21)"), "\(text)")
    }
}

import Foundation
import TestSupport
import Testing

/// A protection that follows a setting (EVIDENCE.md, Evidence 2): Harbor Wallet
/// (Tests/Fixtures/Source/settings) clears FLAG_SECURE when the person turns "screen security" off.
/// Without `app.settings` the clearing is EVD003 at its severity, with the key as a way out; with it,
/// the same clearing is case `setting` at info and the report marks the cells "follows a setting".
@Suite struct ProtectionSettingTests {
    static let fixture = Paths.fixture("Source/settings")
    static let source = ["--source", "android=app"]
    static let activity = "app/src/main/java/com/harbor/wallet/WalletActivity.kt"

    @Test func withoutTheKeyTheClearingIsADrift() throws {
        let result = try runCapaudit(["check", "without-setting.yml", "--format", "json"] + Self.source, in: Self.fixture)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try EvidenceTests.findings(result.stdout) == ["EVD003 12:15 android see \(Self.activity):15:20"])
        let text = try runCapaudit(["check", "without-setting.yml"] + Self.source, in: Self.fixture).stdout
        #expect(text.contains("without-setting.yml:12:15: error EVD003 protection-cleared: `flag-secure` is declared for screen `wallet` on Android, but `clearFlags(… FLAG_SECURE …)` at \(Self.activity):15 undoes it\n"))
        #expect(text.contains("declare that setting: add `{id: screen-security, controls: [flag-secure], default: on}` to `app.settings`"))
    }

    @Test func withTheKeyTheClearingIsTheSettingAtWork() throws {
        let result = try runCapaudit(["check", "with-setting.yml", "--format", "json"] + Self.source, in: Self.fixture)
        #expect(result.status == 0, "an info finding does not fail the run: \(result.stderr)")
        #expect(try EvidenceTests.findings(result.stdout) == ["EVD003 16:15 android see \(Self.activity):15:20"])
        let text = try runCapaudit(["check", "with-setting.yml"] + Self.source, in: Self.fixture).stdout
        #expect(text.contains("""
            with-setting.yml:16:15: info EVD003 protection-cleared: `flag-secure` is declared for screen `wallet` on Android and follows the app's \
            setting `screen-security` (default on): `clearFlags(… FLAG_SECURE …)` at \(Self.activity):15 turns it off when the person chooses\n
            """), "\(text)")
    }

    @Test func theReportMarksTheCellsThatFollowASetting() throws {
        let with = try runCapaudit(["report", "with-setting.yml", "--format", "markdown"] + Self.source, in: Self.fixture)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("<sub>evidenced</sub><br><sub>follows a setting</sub>"), "\(with.stdout)")
        #expect(!with.stdout.contains("<sub>contradicted</sub>"))
        let without = try runCapaudit(["report", "without-setting.yml", "--format", "markdown"] + Self.source, in: Self.fixture)
        #expect(without.stdout.contains("<sub>contradicted</sub>"), "\(without.stdout)")
        #expect(!without.stdout.contains("<sub>follows a setting</sub>"))
    }
}

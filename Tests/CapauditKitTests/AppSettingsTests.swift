@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// `app.settings` (MANIFEST.md, Policy 3 keys; EVIDENCE.md, Evidence 2, "Protections that follow a
/// setting"): what it decodes to, each mistake's finding and place, and EVD003 with and without it.
@Suite struct AppSettingsTests {
    static func manifest(settings: String) -> String {
        """
        capaudit: 1
        app:
          name: Harbor Wallet
          profile: banking
          platforms:
            android:
              min-sdk: 28
              target-sdk: 35
        \(settings)
        screens:
          - id: wallet
            title: Wallet
            protect: [flag-secure]
            code:
              android: [WalletActivity]
            fields:
              - id: balance
                label: Balance
                kind: balance
        """
    }

    static let source = [
        SourceText(platform: .android, path: "src/main/java/com/harbor/wallet/WalletActivity.kt", text: """
            class WalletActivity : AppCompatActivity() {
                fun applyScreenSecurity(enabled: Boolean) {
                    if (enabled) {
                        window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)
                    } else {
                        window.clearFlags(WindowManager.LayoutParams.FLAG_SECURE)
                    }
                }
            }
            """)
    ]

    @Test func aSettingDecodesWithItsMechanismsAndDefault() throws {
        let text = Self.manifest(settings: "  settings:\n    - id: screen-security\n      controls: [flag-secure, recents-screenshot-disabled]\n      default: off")
        let outcome = Manifests.check(text)
        let manifest = try #require(outcome.manifests.first?.manifest)
        let setting = try #require(manifest.app.settings.first)
        #expect(setting.id == "screen-security")
        #expect(setting.controls.map(\.name) == ["flag-secure", "recents-screenshot-disabled"])
        #expect(setting.controls.map(\.location.path) == ["app.settings[id=screen-security].controls[0]", "app.settings[id=screen-security].controls[1]"])
        #expect(!setting.isOnByDefault)
        #expect(manifest.app.setting(controlling: "flag-secure", on: .android)?.id == "screen-security")
        #expect(manifest.app.setting(controlling: "content-sensitivity", on: .android) == nil)
    }

    /// Each mistake under `app.settings`: "RULE@line:col message".
    static let mistakes: [(settings: String, expected: String)] = [
        ("  settings:\n    - id: screen-security\n      controls: [flag-secrue]\n      default: on",
         "MAN002@11:18 unknown mechanism `flag-secrue`; did you mean `flag-secure`?"),
        ("  settings:\n    - id: screen-security\n      controls: [secure-layer]\n      default: on",
         "MAN004@11:18 `secure-layer` exists only on ios, which `app.platforms` does not ship; remove it or add the platform"),
        ("  settings:\n    - id: screen-security\n      controls: [flag-secure]\n      default: maybe",
         "MAN002@12:16 `default` must be one of on, off, got `maybe`"),
        ("  settings:\n    - id: screen-security\n      controls: []\n      default: on",
         "MAN002@11:17 `controls` needs at least one mechanism that the setting turns on or off, such as [flag-secure]"),
        ("  settings:\n    - id: screen-security\n      controls: [flag-secure]",
         "MAN002@10:7 a setting needs the key `default`"),
        ("  settings:\n    - id: screen-security\n      control: [flag-secure]\n      default: on",
         "MAN002@11:7 unknown key `control` in a setting; did you mean `controls`?"),
        ("  settings: screen-security", "MAN002@9:13 `app.settings` must be a list, got the string \"screen-security\""),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeInASettingIsReportedAtItsPlace(_ index: Int) {
        let mistake = Self.mistakes[index]
        let outcome = Manifests.check(Self.manifest(settings: mistake.settings))
        let found = outcome.findings.filter { $0.ruleID.hasPrefix("MAN") }.map { "\($0.ruleID)@\($0.start.line):\($0.start.column) \($0.message)" }
        #expect(found.contains(mistake.expected), "\(found)")
    }

    /// Without `settings`, EVD003 keeps its severity and its help declares the setting as a literal
    /// edit; applied as written, the same clearing becomes case `setting` at info.
    @Test func theHelpDeclaresTheSettingAndTurnsTheFindingIntoTheSettingCase() throws {
        let text = Self.manifest(settings: "")
        let before = Manifests.check(text, source: Self.source).findings.filter { $0.ruleID == "EVD003" }
        let finding = try #require(before.first)
        #expect(before.count == 1)
        #expect(finding.caseName == nil)
        #expect(finding.severity == .error)
        let help = try #require(finding.help)
        #expect(help.hasSuffix("; or if the person may turn the protection off in the app, declare that setting: add `{id: screen-security, controls: [flag-secure], default: on}` to `app.settings`"))
        let edits = try #require(try HelpLine.alternatives(help).last)
        let document = EditableNode(try #require(try YAMLLoader.load(Array(text.utf8)).documents.first))
        let after = Manifests.check(try ManifestEditor.apply(edits, to: document).yaml, source: Self.source)
        let evidence = after.findings.filter { $0.ruleID.hasPrefix("EVD") || $0.ruleID.hasPrefix("MAN") }
        #expect(evidence.map { "\($0.ruleID)/\($0.caseName ?? "") \($0.severity)" } == ["EVD003/setting info"])
        #expect(evidence.first?.message.contains("follows the app's setting `screen-security` (default on)") == true, "\(evidence.first?.message ?? "")")
    }
}

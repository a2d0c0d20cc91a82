@testable import CapauditKit
import TestSupport
import Testing

/// The facts Policy 2 corrected (CHANGELOG.md, 0.2.0: Policy 2),
/// each on the smallest manifest that shows it.
@Suite struct Policy2Tests {
    /// A manifest with the given platforms block (indented under `platforms:`) and screens block.
    static func manifest(profile: String = "general", platforms: String, capture: String = "", screens: String) -> String {
        """
        capaudit: 1
        app:
          name: Policy Two
          profile: \(profile)
          platforms:
        \(platforms)
        \(capture)
        screens:
        \(screens)
        """
    }

    static let ios17 = "    ios:\n      deployment-target: \"17.0\""
    static let android26 = "    android:\n      min-sdk: 26\n      target-sdk: 35"

    static func findings(_ text: String, preview: Bool = false) -> [Finding] {
        Manifests.check(text, preview: preview).findings.filter { $0.suppression == nil }
    }

    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.ruleID)\($0.caseName.map { "/\($0)" } ?? "")@\($0.start.line):\($0.start.column) \($0.platform?.rawValue ?? "-")" }.sorted()
    }

    @Test func sceneCaptureStateAloneBelowIOS17IsTheRangeCaseOfIOS004() {
        let capture = "capture:\n  detect: [scene-capture-state]\n  notice:\n    text: \"Screen sharing is active. Some details are hidden.\""
        let screens = "  - id: results\n    fields:\n      - id: result\n        kind: lab-result\n        protect: [redact-on-capture, cover-on-background]"
        let below = Self.findings(Self.manifest(platforms: "    ios:\n      deployment-target: \"16.4\"", capture: capture, screens: screens))
        #expect(Self.summary(below) == ["IOS004/range@9:12 ios"])
        #expect(below.first?.message.contains("exists only from iOS 17.0, but the app supports iOS 16.4") == true)
        #expect(Self.findings(Self.manifest(platforms: Self.ios17, capture: capture, screens: screens)).isEmpty)
        let none = Self.findings(Self.manifest(platforms: Self.ios17, capture: "", screens: screens))
        #expect(Self.summary(none).contains("IOS004@14:19 ios"))
    }

    @Test func notificationFieldsAreOutsideTheWindowRules() {
        let screens = """
              - id: alerts
                fields:
                  - id: result
                    kind: lab-result
                    context: notification
                    protect:
                      android: [content-sensitivity]
                      ios: [secure-layer]
            """
        let sdk = "  sdks:\n    - {name: Replay, captures: session-replay}"
        let text = Self.manifest(profile: "health", platforms: Self.ios17 + "\n" + Self.android26 + "\n" + sdk, screens: screens)
        let found = Self.findings(text, preview: true)
        #expect(found.filter { ["CAP001", "CAP009", "AND004", "AND005", "AND009", "IOS002"].contains($0.ruleID) }.isEmpty, "\(Self.summary(found))")
        #expect(Self.summary(found).contains("CAP008@17:9 -"), "what the notification shows is still judged")
    }

    @Test func composeAndFlutterDialogsShareTheParentsFlagViewsDoNot() {
        func screens() -> String {
            """
              - id: cards
                protect: [flag-secure]
                fields:
                  - id: pan
                    kind: card-number
                    display: masked
              - id: reveal
                window: sheet
                parent: cards
                fields:
                  - id: pan
                    kind: card-number
                    display: masked
                    reveal: tap
            """
        }
        func findings(_ toolkit: String) -> [String] {
            Self.summary(Self.findings(Self.manifest(platforms: Self.android26 + "\n      ui: \(toolkit)", screens: screens())))
        }
        #expect(findings("views") == ["AND005@22:9 android"])
        #expect(findings("react-native") == ["AND005@22:9 android"])
        #expect(findings("compose").isEmpty)
        #expect(findings("flutter").isEmpty)
    }

    @Test func coverageFixNeverProposesTheFragileSecureLayer() throws {
        let text = Self.manifest(platforms: Self.ios17, capture: "capture:\n  detect: [scene-capture-state]", screens: "  - id: keys\n    fields:\n      - id: key\n        kind: secret-key")
        let finding = try #require(Self.findings(text).first { $0.ruleID == "CAP001" })
        let fix = try #require(finding.help)
        // `secure-layer`, which IOS002 flags as the only screenshot protection, is never offered.
        #expect(fix == "show it masked: set `display: masked` in `screens[id=keys].fields[id=key]`")
        let result = Manifests.check(text)
        let fixes = ManifestFixes(policy: Manifests.policy, manifests: result.manifests).fixes(for: finding)
        #expect(fixes.map(\.edits) == [[.set("display", to: .name("masked"), at: "screens[id=keys].fields[id=key]")]])
    }

    @Test func hintsArePhrasesOfConsecutiveWords() {
        func hinted(_ id: String, _ label: String) -> [String] {
            Self.findings(Self.manifest(platforms: Self.android26, screens: "  - id: s\n    fields:\n      - id: \(id)\n        label: \(label)"))
                .filter { $0.ruleID == "CAP010" }.map(\.message)
        }
        #expect(hinted("cardNumber", "Number").first?.contains("(`card number`); tag it `kind: card-number`") == true)
        #expect(hinted("backup", "Backup codes").first?.contains("`kind: recovery-code`") == true)
        #expect(hinted("take-home", "Net pay").first?.contains("`kind: salary`") == true)
        #expect(hinted("cardnumber", "Entry").isEmpty, "a glued word matches only itself")
    }

    @Test func actionHintsNeverTakeABareCommonVerb() {
        func hinted(_ id: String) -> [String] {
            Self.findings(Self.manifest(platforms: Self.ios17, screens: "  - id: s\n    actions:\n      - id: \(id)"), preview: true)
                .filter { $0.ruleID == "CAP014" }.map(\.message)
        }
        #expect(hinted("delete").isEmpty)
        #expect(hinted("share").isEmpty)
        #expect(hinted("delete-account").first?.contains("suggests `delete-account` (`delete account`)") == true)
        #expect(hinted("addPayee").first?.contains("suggests `add-payee`") == true)
    }

    @Test func everyLexiconHasANeutralNoticeThatNoWordingRuleFlags() throws {
        for language in Manifests.policy.languages {
            let notice = try #require(Manifests.policy.lexicon(for: language)?.neutralNotice, "\(language) has no neutral-notice")
            let text = Self.manifest(
                platforms: Self.ios17, capture: "capture:\n  detect: [scene-capture-state]\n  notice:\n    text: {\(language): \"\(notice)\"}",
                screens: "  - id: s\n    fields:\n      - id: f")
            #expect(Self.findings(text).filter { $0.ruleID.hasPrefix("WRD") }.isEmpty, "\(language): \(notice)")
        }
    }

    @Test func alarmingWordsGetTheNeutralNoticeNotANonsenseSwap() throws {
        let text = Self.manifest(
            platforms: Self.ios17, capture: "capture:\n  detect: [scene-capture-state]\n  notice:\n    text: \"Scammers may be watching. Warning: details are hidden.\"",
            screens: "  - id: s\n    fields:\n      - id: f")
        let alarms = Self.findings(text).filter { $0.ruleID == "WRD001" }
        #expect(alarms.count == 2)
        let scammers = try #require(alarms.first)
        #expect(scammers.message == "alarming wording \"Scammers\"; write the neutral notice: \"Screen sharing is active. Some details are hidden.\"")
        #expect(!(scammers.help ?? "").contains("unexpected"))
        #expect(alarms.last?.message.contains("say \"Note\" instead, or write the neutral notice") == true)
    }

    @Test func credentialCitationFollowsTheProfile() {
        func message(_ profile: String) -> String? {
            Self.findings(Self.manifest(profile: profile, platforms: Self.android26, screens: "  - id: s\n    protect: [flag-secure]\n    fields:\n      - id: pin\n        kind: pin"))
                .first { $0.ruleID == "BNK003" }?.message
        }
        #expect(message("banking")?.contains("PSD2 RTS art. 22(2)(a)") == true)
        #expect(message("general")?.contains("OWASP MASTG-BEST-0044") == true)
        #expect(message("health")?.contains("PSD2") == false)
    }

    @Test func overlayHidingNeedsItsPermission() {
        let text = Self.manifest(platforms: Self.android26, screens: "  - id: sign-in\n    protect: [flag-secure, hide-overlay-windows]\n    fields:\n      - id: f\n        kind: password\n        input: secure")
        #expect(Self.summary(Self.findings(text)) == ["AND001/overlay-permission@12:28 android"])
    }

    @Test func apiNamesKeepTheirCaseInClauses() {
        #expect(Phrases.clause("WindowManager.LayoutParams.FLAG_SECURE applies to one window.") == "WindowManager.LayoutParams.FLAG_SECURE applies to one window")
        #expect(Phrases.clause("Driven by a capture detector.") == "driven by a capture detector")
    }
}

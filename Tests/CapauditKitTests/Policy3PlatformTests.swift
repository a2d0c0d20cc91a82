@testable import CapauditKit
import TestSupport
import Testing

/// Policy 3's changes to the platform and preview rules (RULES.md, "Policy 3: what changed",
/// "Rule lifecycle"), each on the smallest manifest that shows it, generated over the values
/// the spec names.
@Suite struct Policy3PlatformTests {
    static let policy = Manifests.policy

    static func manifest(profile: String = "general", platforms: String, capture: String = "", screens: String) -> String {
        Policy2Tests.manifest(profile: profile, platforms: platforms, capture: capture, screens: screens)
    }

    static func android(_ minSDK: Int, permissions: String = "[]") -> String {
        "    android:\n      min-sdk: \(minSDK)\n      target-sdk: 35\n      permissions: \(permissions)"
    }

    static let ios16 = "    ios:\n      deployment-target: \"16.0\""

    static func findings(_ text: String, preview: Bool = true) -> [Finding] {
        Manifests.check(text, preview: preview).findings.filter { $0.suppression == nil }
    }

    static func summary(_ findings: [Finding], rules: Set<String>) -> [String] {
        findings.filter { rules.contains($0.ruleID) }
            .map { "\($0.ruleID)\($0.caseName.map { "/\($0)" } ?? "")@\($0.start.line):\($0.start.column) \($0.platform?.rawValue ?? "-")" }.sorted()
    }

    // MARK: Retired cases

    static let retired: [(rule: String, caseName: String)] = policy.rules.flatMap { rule in
        rule.retiredCases.keys.sorted().map { (rule.id, $0) }
    }

    @Test func policy3RetiredAND002RecordingAndCAP012Notice() {
        #expect(Self.retired.map { "\($0.rule)/\($0.caseName)" } == ["AND002/recording", "CAP012/notice"])
        #expect(Set(Self.policy.rules.flatMap { $0.retiredCases.values }) == ["Policy 3"])
    }

    @Test(arguments: [Severity.error, .warning, .info])
    func aRetiredCaseHasNoSeverityWhateverTheSettingsSay(_ severity: Severity) throws {
        for (id, caseName) in Self.retired {
            let rule = try #require(Self.policy.rule(id))
            for profile in Self.policy.profiles.values {
                let settings = RuleSettings(layers: [["\(id)/\(caseName)": .on(severity)], [id: .on(severity)]], preview: true)
                #expect(settings.severity(of: rule, caseName: caseName, profile: profile, matrix: severity) == nil, "\(id)/\(caseName) under \(profile.id)")
            }
            let row = try #require(RuleSeverities(rule: rule, profiles: RuleSeverities.displayOrder(Self.policy)).rows.first { $0.key == "\(id)/\(caseName)" })
            #expect(Set(row.values) == ["off"])
        }
    }

    @Test func aRetiredCaseNameStaysValidOnTheCommandLineWithoutSUP003() throws {
        for (id, caseName) in Self.retired {
            var problems: [SettingsProblem] = []
            let keys = try RuleSelection.keys(["\(id)/\(caseName)"], option: "--select", preview: true, policy: Self.policy, problems: &problems)
            #expect(keys == ["\(id)/\(caseName)"])
            #expect(problems.isEmpty)
        }
    }

    @Test func aSuppressionNamingARetiredCaseIsUnused() {
        let text = Self.manifest(
            platforms: Self.android(26, permissions: "[DETECT_SCREEN_RECORDING]"),
            capture: "capture:\n  # capaudit: ignore AND002/recording -- older devices are not told\n  detect: [screen-recording-callback]",
            screens: "  - id: home\n    title: Home")
        let found = Self.findings(text)
        #expect(Self.summary(found, rules: ["AND002", "SUP002", "SUP003"]) == ["SUP002@11:3 -"])
        #expect(found.first { $0.ruleID == "SUP002" }?.message == "unused suppression: no AND002/recording finding on line 12")
    }

    @Test func explainListsEachRetiredCaseWithThePolicyThatRetiredIt() throws {
        for (id, caseName) in Self.retired {
            let page = RulePage(rule: try #require(Self.policy.rule(id)), policy: Self.policy)
            let sentence = "`\(id)/\(caseName)` was retired by Policy 3: it never fires"
            #expect(page.text.contains("Retired cases\n  \(sentence)"))
            #expect(page.markdown(level: 2).contains("### Retired cases\n\n- \(sentence)"))
            #expect(page.json["retiredCases"]?[caseName] == .string("Policy 3"))
        }
    }

    // MARK: AND002

    static let windowProtections = ["flag-secure", "managed-capture-disabled"]

    /// Every form of `capture.protect` that puts the window flag on Android, and ones that do not.
    static let captureProtects: [(protect: String, protectsWindows: Bool)] =
        windowProtections.flatMap { [("[\($0)]", true), ("{android: [\($0)]}", true)] } + [("[recents-screenshot-disabled]", false), ("", false)]

    @Test(arguments: captureProtects.indices)
    func and002SkipsAnAppWhoseEveryWindowIsSecure(_ index: Int) {
        let (protect, protectsWindows) = Self.captureProtects[index]
        let capture = "capture:\n  detect: [screen-capture-callback]\n" + (protect.isEmpty ? "" : "  protect: \(protect)\n")
            + "  on-screenshot:\n    action: prompt-share\n    text: \"Want to share this trip?\""
        let text = Self.manifest(
            platforms: Self.android(26, permissions: "[DETECT_SCREEN_CAPTURE]"), capture: capture, screens: "  - id: home\n    title: Home")
        let found = Self.findings(text)
        #expect(Self.summary(found, rules: ["AND002", "CAP012"]) == (protectsWindows ? [] : ["AND002@11:12 android"]), "\(protect)")
        if !protectsWindows {
            let help = found.first { $0.ruleID == "AND002" }?.help ?? ""
            #expect(help.hasSuffix("; or state that gap in a suppression: add the comment `# capaudit: ignore AND002 -- devices below API 34 detect no screenshot` above `capture.detect[0]`"), "\(help)")
        }
    }

    @Test(arguments: [26, 34])
    func theRecordingCallbackBelowAPI35IsNotAND002(_ minSDK: Int) {
        let text = Self.manifest(
            platforms: Self.android(minSDK, permissions: "[DETECT_SCREEN_RECORDING]"), capture: "capture:\n  detect: [screen-recording-callback]",
            screens: "  - id: home\n    title: Home")
        #expect(Self.summary(Self.findings(text), rules: ["AND002"]).isEmpty)
    }

    // MARK: CAP012

    /// A flag-secure screen whose disabled action opens another screen.
    static func opening(host: String, minSDK: Int, detect: String = "[]", permissions: String = "[]") -> String {
        let screens = """
              - id: pay
                protect: [flag-secure]
                fields:
                  - {id: iban, kind: account-number}
                actions:
                  - id: confirm
                    kind: fund-transfer
                    on-capture: disable
                    message: "Paused while your screen is shared."
                    opens: checkout
              - id: checkout
                host: \(host)
                fields:
                  - {id: total, label: Total}
            """
        return manifest(profile: "banking", platforms: android(minSDK, permissions: permissions), capture: "capture:\n  detect: \(detect)", screens: screens)
    }

    @Test(arguments: ScreenHost.allCases, [26, 34, 35])
    func cap012CountsAnActionThatOpensAHostedScreenWhateverItsWindowFlag(_ host: ScreenHost, _ minSDK: Int) throws {
        let found = Self.findings(Self.opening(host: host.rawValue, minSDK: minSDK))
        let summary = Self.summary(found, rules: ["CAP012"])
        guard host != .app else {
            #expect(summary.isEmpty, "an app screen is under the opening screen's flag")
            return
        }
        #expect(summary == ["CAP012/action@7:7 android"])
        let finding = try #require(found.first { $0.ruleID == "CAP012" })
        #expect(finding.message.contains("`confirm` (disable, which opens the hosted screen `checkout`)"))
        let help = try #require(finding.help)
        if minSDK < 35 {
            #expect(help.hasPrefix("state that gap in a suppression: add the comment `# capaudit: ignore CAP012 -- devices below API 35 open checkout"), "\(help)")
            #expect(help.contains("; or draw it in the app's own window and blank every capture of it: set `host: app` in `screens[id=checkout]`"), "\(help)")
        } else {
            #expect(help.hasPrefix("add a detector that signals over the whole range: add `screen-recording-callback` to `capture.detect`, add `DETECT_SCREEN_RECORDING` to `app.platforms.android.permissions`"), "\(help)")
        }
        let covered = Self.findings(Self.opening(
            host: host.rawValue, minSDK: minSDK, detect: "[screen-recording-callback]", permissions: "[DETECT_SCREEN_RECORDING]"))
        #expect(Self.summary(covered, rules: ["CAP012"]) == (minSDK < 35 ? ["CAP012/action@7:7 android"] : []))
    }

    @Test(arguments: Platform.allCases)
    func cap012CountsAScreenOnlyOnItsPlatforms(_ only: Platform) {
        let screens = """
              - id: pay
                platforms: [\(only.rawValue)]
                fields:
                  - {id: iban, kind: account-number}
                actions:
                  - {id: confirm, kind: fund-transfer, on-capture: disable, message: "Paused while your screen is shared."}
            """
        let text = Self.manifest(profile: "banking", platforms: Self.ios16 + "\n" + Self.android(26), screens: screens)
        let line = only == .ios ? 7 : 9
        #expect(Self.summary(Self.findings(text), rules: ["CAP012"]) == ["CAP012/action@\(line):7 \(only.rawValue)"])
    }

    @Test func cap012OnIOSAddsTheDetectorsTheRangeLacks() throws {
        let screens = "  - id: pay\n    actions:\n      - {id: confirm, kind: fund-transfer, on-capture: confirm}"
        let found = Self.findings(Self.manifest(platforms: Self.ios16, screens: screens))
        let finding = try #require(found.first { $0.ruleID == "CAP012" })
        #expect(finding.help == "add a detector that signals over the whole range: add `scene-capture-state` to `capture.detect`, add `screen-captured-flag` to `capture.detect`")
    }

    /// A screenshot response on Android with the given detectors and `capture.protect`.
    static func screenshotResponse(detect: String, protect: String) -> String {
        let capture = "capture:\n  detect: \(detect)\n" + (protect.isEmpty ? "" : "  protect: \(protect)\n")
            + "  on-screenshot:\n    action: prompt-share\n    text: \"Want to share this trip?\""
        return manifest(platforms: android(26, permissions: "[DETECT_SCREEN_CAPTURE]"), capture: capture, screens: "  - id: home\n    title: Home")
    }

    @Test(arguments: captureProtects.indices)
    func cap012LeavesAScreenshotResponseToTheWindowFlagAndToAND002(_ index: Int) {
        let (protect, protectsWindows) = Self.captureProtects[index]
        let none = Self.findings(Self.screenshotResponse(detect: "[]", protect: protect))
        #expect(Self.summary(none, rules: ["CAP012"]) == (protectsWindows ? [] : ["CAP012/screenshot@7:7 android"]), "\(protect)")
        let callback = Self.findings(Self.screenshotResponse(detect: "[screen-capture-callback]", protect: protect))
        #expect(Self.summary(callback, rules: ["CAP012", "AND002"]) == (protectsWindows ? [] : ["AND002@11:12 android"]), "\(protect)")
    }

    // MARK: AND007, AND008, AND009

    @Test(arguments: [26, 34])
    func and007NamesHighRiskActionsAndReadsTheirOwnProtect(_ minSDK: Int) {
        func text(_ actionProtect: String) -> String {
            let screens = """
                  - id: pay
                    protect: [flag-secure]
                    fields:
                      - {id: iban, kind: account-number}
                    actions:
                      - id: confirm
                        kind: fund-transfer
                        on-capture: confirm\(actionProtect)
                      - {id: help, label: Help}
                """
            return Self.manifest(platforms: Self.android(minSDK), screens: screens)
        }
        let found = Self.findings(text(""))
        #expect(Self.summary(found, rules: ["AND007"]) == ["AND007@12:5 android"])
        let message = found.first { $0.ruleID == "AND007" }?.message ?? ""
        #expect(message.contains("has the high-risk action `confirm` without `accessibility-data-sensitive`"), "\(message)")
        #expect(message.contains("below API 34") == (minSDK < 34), "\(message)")
        #expect(Self.summary(Self.findings(text("\n            protect: [accessibility-data-sensitive]")), rules: ["AND007"]).isEmpty)
    }

    @Test(arguments: ["compose", "flutter", "views"])
    func and007NeverReadsTheParentScreen(_ toolkit: String) {
        let screens = """
              - id: home
                protect: [accessibility-data-sensitive, hide-overlay-windows]
              - id: pin
                window: dialog
                parent: home
                fields:
                  - {id: pin, kind: pin, input: secure}
            """
        let text = Self.manifest(platforms: Self.android(34, permissions: "[HIDE_OVERLAY_WINDOWS]") + "\n      ui: \(toolkit)", screens: screens)
        #expect(Self.summary(Self.findings(text), rules: ["AND007", "AND008"]) == ["AND007@15:5 android", "AND008/hide@15:5 android"])
    }

    /// AND008 for one screen with a PIN input and a high-risk action, by where the mechanisms are.
    static func overlay(minSDK: Int, screenProtect: String, fieldProtect: String = "", actionProtect: String = "") -> String {
        let screens = """
              - id: pay
                protect: \(screenProtect)
                fields:
                  - {id: pin, kind: pin, input: secure\(fieldProtect)}
                actions:
                  - {id: confirm, kind: fund-transfer, on-capture: confirm\(actionProtect)}
            """
        return manifest(platforms: android(minSDK, permissions: "[HIDE_OVERLAY_WINDOWS]"), screens: screens)
    }

    @Test(arguments: [26, 30, 31, 35])
    func and008HideAndLegacyCases(_ minSDK: Int) throws {
        let legacy = minSDK < 31
        let bare = Self.findings(Self.overlay(minSDK: minSDK, screenProtect: "[flag-secure]"))
        #expect(Self.summary(bare, rules: ["AND008"]) == ["AND008/hide@12:5 android"])
        let help = try #require(bare.first { $0.ruleID == "AND008" }?.help)
        #expect(help.contains("add `hide-overlay-windows` to `screens[id=pay].protect`"), "\(help)")
        #expect(help.contains("filter-obscured-touches") == legacy, "\(help)")
        let hidden = Self.findings(Self.overlay(minSDK: minSDK, screenProtect: "[flag-secure, hide-overlay-windows]"))
        #expect(Self.summary(hidden, rules: ["AND008"]) == (legacy ? ["AND008/legacy@12:5 android"] : []))
        if legacy {
            let message = hidden.first { $0.ruleID == "AND008" }?.message ?? ""
            #expect(message.contains("the input `pin` and the high-risk action `confirm`"), "\(message)")
        }
        let filteredEach = Self.overlay(
            minSDK: minSDK, screenProtect: "[flag-secure, hide-overlay-windows]", fieldProtect: ", protect: [filter-obscured-touches]",
            actionProtect: ", protect: [filter-obscured-touches]")
        let filteredScreen = Self.overlay(minSDK: minSDK, screenProtect: "[flag-secure, hide-overlay-windows, filter-obscured-touches]")
        for text in [filteredEach, filteredScreen] { #expect(Self.summary(Self.findings(text), rules: ["AND008"]).isEmpty) }
    }

    @Test(arguments: [26, 34, 35], ["", "[managed-capture-disabled]", "[flag-secure]"])
    func and009FiresBelowAPI35OnAWindowThatNothingSecures(_ minSDK: Int, _ protect: String) {
        let capture = protect.isEmpty ? "" : "capture:\n  protect: \(protect)"
        let text = Self.manifest(platforms: Self.android(minSDK), capture: capture, screens: "  - id: sign-in\n    fields:\n      - {id: password, kind: password, input: secure}")
        let found = Self.findings(text)
        let fires = minSDK < 35 && protect.isEmpty
        #expect(Self.summary(found, rules: ["AND009"]) == (fires ? ["AND009@14:9 android"] : []), "\(minSDK) \(protect)")
        if fires {
            #expect(found.first { $0.ruleID == "AND009" }?.message.contains("on API \(minSDK)–34 Android shows each typed character") == true)
        }
    }

    // MARK: IOS004, CAP005, WRD005

    @Test func ios004RangeOffersTheFallbackOrARaisedDeploymentTarget() throws {
        let capture = "capture:\n  detect: [scene-capture-state]\n  protect:\n    ios: [redact-on-capture]\n  notice:\n    text: \"Screen sharing is active. Some details are hidden.\""
        let found = Self.findings(Self.manifest(platforms: Self.ios16, capture: capture, screens: "  - id: home\n    title: Home"))
        let help = try #require(found.first { $0.ruleID == "IOS004" }?.help)
        #expect(help == "signal capture on older versions too: add `screen-captured-flag` to `capture.detect`; "
            + "or support only versions that have `scene-capture-state`: set `deployment-target: \"17.0\"` in `app.platforms.ios`")
    }

    @Test(arguments: ["disable", "hide"])
    func cap005AcceptsAnActionsOwnMessage(_ onCapture: String) {
        func text(_ message: String) -> String {
            Self.manifest(
                platforms: Self.ios16, capture: "capture:\n  detect: [scene-capture-state, screen-captured-flag]",
                screens: "  - id: pay\n    actions:\n      - {id: confirm, kind: fund-transfer, on-capture: \(onCapture)\(message)}")
        }
        #expect(Self.summary(Self.findings(text("")), rules: ["CAP005"]) == ["CAP005@11:5 -"])
        #expect(Self.summary(Self.findings(text(", message: \"Paused while your screen is shared.\"")), rules: ["CAP005"]).isEmpty)
    }

    /// Each shipped platform set, with and without a detector.
    static let detection: [(platforms: String, detect: String, named: String)] = [
        (ios16, "", "the app has no capture detector, and none can"),
        (android(26), "", "the app has no capture detector, and none can"),
        (ios16, "[scene-capture-state]", "`scene-capture-state` cannot"),
        (android(35, permissions: "[DETECT_SCREEN_RECORDING]"), "[screen-recording-callback]", "`screen-recording-callback` cannot"),
    ]

    @Test(arguments: detection.indices)
    func wrd005FiresWhateverTheAppShipsAndDetects(_ index: Int) throws {
        let (platforms, detect, named) = Self.detection[index]
        let capture = "capture:\n" + (detect.isEmpty ? "" : "  detect: \(detect)\n") + "  notice:\n    text: \"Screen recording is active.\""
        let found = Self.findings(Self.manifest(platforms: platforms, capture: capture, screens: "  - id: home\n    title: Home"))
        let finding = try #require(found.first { $0.ruleID == "WRD005" }, "\(Self.summary(found, rules: ["WRD005"]))")
        #expect(finding.message.contains("names one kind of capture, but \(named) tell recording, mirroring and remote control apart"), "\(finding.message)")
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// The five preview rules of Policy 3 (CAP015, CAP016, AND010, AND011, IOS005; RULES.md): where
/// each fires over every profile, host, context, toolkit and platform the spec distinguishes, at
/// which position, case and severity, and that each help line applied as written, and each fix
/// applied as data, clears its finding and raises no other.
@Suite struct Policy3NewRulesTests {
    static let profiles = ["general", "banking", "health"]

    /// A manifest shipping both platforms (or those named), preview rules on when checked.
    static func document(
        profile: String, platforms: [Platform] = [.ios, .android], minSDK: Int = 26, android: String = "", capture: String = "", screens: String
    ) -> String {
        var lines = ["capaudit: 1", "app:", "  name: Policy Three", "  profile: \(profile)", "  platforms:"]
        if platforms.contains(.ios) { lines += ["    ios:", "      deployment-target: \"17.0\""] }
        if platforms.contains(.android) { lines += ["    android:", "      min-sdk: \(minSDK)", "      target-sdk: 35\(android)"] }
        if !capture.isEmpty { lines.append(capture) }
        lines += ["screens:", screens]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Line and column (1-based) of the first occurrence of `needle`, which must be ASCII.
    static func position(of needle: String, in text: String) -> String {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) { return "\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)" }
        }
        return "missing \(needle)"
    }

    static func findings(_ rule: String, in text: String) -> [Finding] {
        Manifests.check(text, preview: true).findings.filter { $0.ruleID == rule && $0.suppression == nil }
    }

    /// "case@line:col severity platform" for each finding, in report order.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.caseName ?? "-")@\($0.start.line):\($0.start.column) \($0.severity) \($0.platform?.rawValue ?? "app")" }
    }

    /// Each alternative of each finding's help line, applied as written, and each fix it carries,
    /// applied to the text, clears that finding and adds no other (RULES.md, "Help and fix data" 1-2).
    static func expectHelpClears(_ rule: String, in text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = EditableNode(try #require(try YAMLLoader.load(Array(text.utf8)).documents.first))
        let before = RuleFixTests.check(document)
        let findings = before.active.filter { $0.ruleID == rule }
        #expect(!findings.isEmpty, "\(rule) does not fire:\n\(text)", sourceLocation: sourceLocation)
        for finding in findings {
            let help = try #require(finding.help)
            let alternatives = try HelpLine.alternatives(help)
            #expect(alternatives.allSatisfy { !$0.isEmpty }, "\(rule): \(help)", sourceLocation: sourceLocation)
            var afters = try alternatives.map { (help, RuleFixTests.check(try ManifestEditor.apply($0, to: document))) }
            for fix in finding.fixes where !fix.edits.isEmpty {
                let fixed = String(decoding: FixApplication.apply(fix.edits, to: Array(before.text.utf8)), as: UTF8.self)
                afters.append(("fix \(fix.message)", RuleFixTests.Checked(text: fixed, result: Manifests.check(fixed, path: "example.yml", preview: true))))
            }
            #expect(afters.count > alternatives.count || alternatives.allSatisfy(\.isEmpty), "\(rule): no fix as data", sourceLocation: sourceLocation)
            for (label, after) in afters {
                #expect(!after.fingerprints.contains(finding.fingerprint), "\(rule) \(label) leaves its finding:\n\(after.text)", sourceLocation: sourceLocation)
                let new = after.active.filter { !before.fingerprints.contains($0.fingerprint) }
                #expect(new.isEmpty, "\(rule) \(label) adds \(new.map { "\($0.ruleID) \($0.path) \($0.message)" }):\n\(after.text)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: CAP015

    /// A wallet screen whose action opens a hosted page with one field.
    static func hostedPage(host: String, field: String, onCapture: String?, opens: Bool = true, kind: String? = nil, pageExtra: String = "") -> String {
        var action = ["      - id: verify-card", "        label: Verify card"]
        if opens { action.append("        opens: card-check") }
        if let kind { action.append("        kind: \(kind)") }
        if let onCapture { action.append("        on-capture: \(onCapture)") }
        return ([
            "  - id: wallet", "    title: Wallet", "    actions:",
        ] + action + [
            "  - id: card-check", "    title: Card check", "    host: \(host)\(pageExtra)", "    fields:",
            "      - id: secret", "        label: Password", "        kind: password", field,
        ]).joined(separator: "\n")
    }

    static let minimumForHighRisk = ["general": "confirm", "banking": "disable", "health": "disable"]
    static let actionSeverity = ["general": "warning", "banking": "error", "health": "error"]

    @Test(arguments: profiles)
    func cap015AsksTheOpeningActionForTheHighRiskMinimumOnEveryHost(_ profile: String) throws {
        let strength = ["allow": 0, "confirm": 1, "disable": 2, "hide": 2]
        let fields: [(String, Bool)] = [
            ("        display: full", true), ("        display: masked\n        reveal: tap", true), ("        input: plain", true),
            ("        input: secure", true), ("        display: masked", false), ("        display: hidden", false),
        ]
        for host in ScreenHost.allCases {
            for (field, exposed) in fields {
                for onCapture in [nil, "confirm", "disable", "hide"] {
                    let text = Self.document(profile: profile, capture: "capture:\n  detect: [scene-capture-state]", screens: Self.hostedPage(host: host.rawValue, field: field, onCapture: onCapture))
                    let minimum = try #require(Self.minimumForHighRisk[profile])
                    let fires = host != .app && exposed && strength[onCapture ?? "allow", default: 0] < strength[minimum, default: 0]
                    let expected = fires ? ["action@\(Self.position(of: "id: verify-card", in: text)) \(Self.actionSeverity[profile] ?? "") app"] : []
                    #expect(Self.summary(Self.findings("CAP015", in: text)) == expected, "\(host) \(field) \(onCapture ?? "allow")")
                }
            }
        }
    }

    @Test(arguments: profiles)
    func cap015MessageNamesTheScreenItsFieldsAndThatItsProtectCoversNothing(_ profile: String) throws {
        let text = Self.document(profile: profile, screens: Self.hostedPage(host: "auth-session", field: "        input: plain\n        protect: [secure-layer]", onCapture: nil))
        let finding = try #require(Self.findings("CAP015", in: text).first)
        let minimum = try #require(Self.minimumForHighRisk[profile])
        #expect(finding.message == "action `verify-card` opens hosted screen `card-check`, which shows or takes `secret` in a window no mechanism of the app reaches, and stays `on-capture: allow` during capture; the \(profile) profile asks at least `\(minimum)` of it; a `protect` there covers nothing, since the app does not draw that window")
    }

    @Test(arguments: profiles)
    func cap015UnlinkedReportsAHostedScreenNoActionOpens(_ profile: String) throws {
        for host in ["browser-view", "auth-session", "external"] {
            let text = Self.document(profile: profile, screens: Self.hostedPage(host: host, field: "        input: plain", onCapture: nil, opens: false))
            let found = Self.findings("CAP015", in: text)
            #expect(Self.summary(found) == ["unlinked@\(Self.position(of: "id: card-check", in: text)) info app"])
            #expect(found.first?.help?.contains("add `opens: card-check`") == true, "\(found.first?.help ?? "")")
        }
    }

    @Test func cap015LeavesAnActionToCap004WhenItAsksAsMuchAndNotOtherwise() throws {
        // fund-transfer: banking asks `disable` (as much as CAP015), general `confirm` (as much);
        // delete-account: banking asks `confirm` only, so CAP015 still asks for `disable`.
        let cases: [(profile: String, kind: String, cap015: Bool)] = [
            ("banking", "fund-transfer", false), ("general", "fund-transfer", false), ("banking", "delete-account", true),
            ("health", "delete-account", true), ("general", "delete-account", false),
        ]
        for (profile, kind, cap015) in cases {
            let text = Self.document(profile: profile, screens: Self.hostedPage(host: "browser-view", field: "        input: plain", onCapture: nil, kind: kind))
            #expect(Self.findings("CAP015", in: text).count == (cap015 ? 1 : 0), "\(profile) \(kind)")
            #expect(!Self.findings("CAP004", in: text).isEmpty, "\(profile) \(kind): CAP004 fires too")
        }
    }

    @Test func cap015SkipsAHostedScreenOptedOutWithAReasonOnly() throws {
        for (optOut, fires) in [("\n    opt-out: {reason: \"the bank's own page, reviewed\"}", false), ("\n    opt-out: {reason: \" \"}", true)] {
            let text = Self.document(profile: "banking", screens: Self.hostedPage(host: "browser-view", field: "        input: plain", onCapture: nil, pageExtra: optOut))
            #expect(Self.findings("CAP015", in: text).count == (fires ? 1 : 0), "\(optOut)")
        }
    }

    /// On iOS with and without a capture detector; on Android with the opening screen's window
    /// flag and the capture detector in place (what CAP004's help adds there is CAP004's to test).
    @Test(arguments: profiles)
    func cap015HelpClearsIt(_ profile: String) throws {
        for capture in ["", "capture:\n  detect: [scene-capture-state]"] {
            let text = Self.document(profile: profile, platforms: [.ios], capture: capture, screens: Self.hostedPage(host: "browser-view", field: "        input: plain", onCapture: nil))
            try Self.expectHelpClears("CAP015", in: text)
        }
        for host in ["auth-session", "external"] {
            let page = Self.hostedPage(host: host, field: "        display: full", onCapture: nil)
                .replacingOccurrences(of: "    title: Wallet\n", with: "    title: Wallet\n    protect: [flag-secure]\n    fields:\n      - {id: pin, kind: pin, display: masked}\n")
            let text = Self.document(
                profile: profile, platforms: [.android], minSDK: 35, android: "\n      permissions: [DETECT_SCREEN_RECORDING]",
                capture: "capture:\n  detect: [screen-recording-callback]", screens: page)
            try Self.expectHelpClears("CAP015", in: text)
        }
    }

    /// An action that opens a sensitive hosted screen counts as one the action policy asks of
    /// (its high-risk row), so disabling it during capture is no blanket lockdown (CAP006).
    @Test func cap015sMinimumRaisesNoBlanketLockdown() throws {
        let text = Self.document(profile: "banking", platforms: [.ios], capture: "capture:\n  detect: [scene-capture-state]\n  notice: {style: banner, text: \"Screen sharing is active. Some details are hidden.\"}",
            screens: Self.hostedPage(host: "browser-view", field: "        input: plain", onCapture: "disable"))
        #expect(Self.findings("CAP015", in: text).isEmpty)
        #expect(Self.findings("CAP006", in: text).isEmpty)
        let unrelated = text.replacingOccurrences(of: "opens: card-check", with: "kind: other")
        #expect(Self.summary(Self.findings("CAP006", in: unrelated)) == ["-@\(Self.position(of: "id: verify-card", in: unrelated)) info app"])
    }

    // MARK: CAP016

    static let widgetKinds = ["password", "account-number", "diagnosis", "booking-reference"]

    @Test(arguments: profiles)
    func cap016JudgesWidgetsByPlatformRedactionAndCategory(_ profile: String) throws {
        let policy = Manifests.policy
        let coverage = try #require(policy.profiles[profile]).coverage
        let redactions = ["", "field", "screen", "capture"]
        let displays: [(String, Bool)] = [("display: full", true), ("display: masked\n        reveal: tap", true), ("display: masked", false), ("display: hidden", false)]
        for kind in Self.widgetKinds {
            let severity = coverage[kind]?.severities.map(\.severity).max()
            for redaction in redactions {
                for (display, full) in displays {
                    let field = "        \(display)" + (redaction == "field" ? "\n        protect: [privacy-sensitive]" : "")
                    let screenProtect = redaction == "screen" ? "\n    protect: [privacy-sensitive]" : ""
                    let text = Self.document(
                        profile: profile, capture: redaction == "capture" ? "capture:\n  protect: [privacy-sensitive]" : "",
                        screens: "  - id: home\n    title: Home\(screenProtect)\n    fields:\n      - id: glance\n        kind: \(kind)\n        context: widget\n\(field)")
                    var expected: [String] = []
                    if full, let severity {
                        let at = Self.position(of: "id: glance", in: text)
                        let iosUnlocked = !redaction.isEmpty && kind != "password"
                        expected = [iosUnlocked ? "unlocked@\(at) info ios" : "-@\(at) \(severity) ios", "-@\(at) \(severity) android"]
                    }
                    #expect(Self.summary(Self.findings("CAP016", in: text)).sorted() == expected.sorted(), "\(kind) \(redaction) \(display)")
                }
            }
        }
    }

    @Test func cap016LooksOnlyAtWidgetsOfTheAppAndTheScreensPlatforms() throws {
        for context in ["detail", "list-row", "summary", "notification"] {
            let text = Self.document(profile: "banking", screens: "  - id: home\n    fields:\n      - id: glance\n        kind: account-number\n        context: \(context)\n        display: full")
            #expect(Self.findings("CAP016", in: text).isEmpty, "\(context)")
        }
        let widget = "    fields:\n      - id: glance\n        kind: account-number\n        context: widget\n        display: full"
        let hosted = Self.document(profile: "banking", screens: "  - id: home\n    host: external\n\(widget)")
        #expect(Self.findings("CAP016", in: hosted).isEmpty)
        let androidOnly = Self.document(profile: "banking", screens: "  - id: home\n    platforms: [android]\n\(widget)")
        #expect(Self.summary(Self.findings("CAP016", in: androidOnly)) == ["-@\(Self.position(of: "id: glance", in: androidOnly)) error android"])
        let optedOut = Self.document(profile: "banking", screens: "  - id: home\n    opt-out: {reason: \"a kiosk app\"}\n\(widget)")
        #expect(Self.findings("CAP016", in: optedOut).isEmpty)
    }

    @Test(arguments: profiles)
    func cap016HelpClearsBothCases(_ profile: String) throws {
        for kind in ["account-number", "password"] {
            for extra in ["", "\n        protect: [privacy-sensitive]", "\n        reveal: tap"] {
                let text = Self.document(profile: profile, screens: "  - id: home\n    fields:\n      - id: glance\n        kind: \(kind)\n        context: widget\n        display: full\(extra)")
                try Self.expectHelpClears("CAP016", in: text)
            }
        }
        let unlocked = Self.document(profile: profile, platforms: [.ios], screens: "  - id: home\n    fields:\n      - id: glance\n        kind: account-number\n        context: widget\n        display: full\n        protect: [privacy-sensitive]")
        let help = try #require(Self.findings("CAP016", in: unlocked).first?.help)
        #expect(help.contains("; or record that decision in a suppression: add the comment `# capaudit: ignore CAP016 -- "), "\(help)")
    }

    // MARK: AND010

    @Test(arguments: profiles)
    func and010ReportsAReadableCodeInANotificationBelowAPI35(_ profile: String) throws {
        let severity = profile == "banking" ? "warning" : "info"
        for minSDK in [24, 34, 35, 36] {
            for context in FieldContext.allCases {
                for display in Display.allCases {
                    for kind in ["one-time-code", "pin"] {
                        let text = Self.document(
                            profile: profile, minSDK: minSDK,
                            screens: "  - id: sign-in\n    fields:\n      - id: code\n        kind: \(kind)\n        context: \(context.rawValue)\n        display: \(display.rawValue)")
                        let fires = minSDK < 35 && context == .notification && display != .hidden && kind == "one-time-code"
                        #expect(Self.summary(Self.findings("AND010", in: text)) == (fires ? ["-@\(Self.position(of: "id: code", in: text)) \(severity) android"] : []), "\(minSDK) \(context) \(display) \(kind)")
                    }
                }
            }
        }
        let iosOnly = Self.document(profile: profile, platforms: [.ios], screens: "  - id: sign-in\n    fields:\n      - id: code\n        kind: one-time-code\n        context: notification")
        #expect(Self.findings("AND010", in: iosOnly).isEmpty)
        let elsewhere = Self.document(profile: profile, screens: "  - id: sign-in\n    platforms: [ios]\n    fields:\n      - id: code\n        kind: one-time-code\n        context: notification")
        #expect(Self.findings("AND010", in: elsewhere).isEmpty)
    }

    @Test(arguments: profiles)
    func and010HelpConfirmsInTheAppOrSaysWhyInASuppression(_ profile: String) throws {
        let text = Self.document(profile: profile, minSDK: 29, screens: "  - id: sign-in\n    fields:\n      - id: code\n        kind: one-time-code\n        context: notification\n        display: full")
        let finding = try #require(Self.findings("AND010", in: text).first)
        #expect(finding.message == "one-time code `code` shows in a notification (`display: full`): on Android below API 35 (the app supports API 29) every app with notification access reads it, whatever the lock screen shows")
        #expect(try HelpLine.alternatives(try #require(finding.help)).count == 2)
        try Self.expectHelpClears("AND010", in: text)
    }

    // MARK: AND011

    static let toolkits: [(ui: String, inherits: Bool)] = [
        ("views", false), ("compose", true), ("flutter", true), ("react-native", false), ("react-native\n      ui-version: \"0.77.3\"", false),
        ("react-native\n      ui-version: \"0.78\"", true),
    ]

    @Test(arguments: profiles)
    func and011AssistFollowsWindowProtectionAndDialogInheritance(_ profile: String) throws {
        for (ui, inherits) in Self.toolkits {
            for window in WindowKind.allCases {
                for flag in ["flag-secure", "managed-capture-disabled"] {
                    let parentProtect = flag == "flag-secure" ? "\n    protect: [flag-secure, content-capture-excluded]" : ""
                    let capture = flag == "managed-capture-disabled" ? "capture:\n  protect: [managed-capture-disabled]" : ""
                    let text = Self.document(
                        profile: profile, minSDK: 30, android: "\n      ui: \(ui)", capture: capture,
                        screens: "  - id: accounts\n    title: Accounts\(parentProtect)\n  - id: sign-in\n    window: \(window.rawValue)\n    parent: accounts\n    fields:\n      - id: password\n        kind: password\n        input: plain")
                    let at = Self.position(of: "id: sign-in", in: text)
                    let windowProtected = flag == "managed-capture-disabled" || (window != .screen && inherits)
                    let expected = (windowProtected ? [] : ["assist@\(at) info android"]) + ["content-capture@\(at) info android"]
                    #expect(Self.summary(Self.findings("AND011", in: text)) == expected, "\(ui) \(window) \(flag)")
                }
            }
        }
    }

    @Test(arguments: profiles)
    func and011CountsFieldsPerProfileAndNamesThem(_ profile: String) throws {
        // kind, field lines, whether it counts under each profile (general, banking, health).
        let fields: [(String, String, [Bool])] = [
            ("password", "input: secure", [true, true, true]), ("password", "display: masked", [false, false, false]),
            ("pin", "display: masked\n        reveal: tap", [true, true, true]), ("card-number", "display: full", [false, true, false]),
            ("card-security-code", "input: plain", [true, true, true]), ("card-number", "input: plain\n        display: masked", [false, true, false]),
            ("diagnosis", "display: full", [false, false, true]), ("diagnosis", "input: plain", [false, false, true]),
            ("lab-result", "display: masked", [false, false, false]), ("password", "display: full\n        context: notification", [false, false, false]),
        ]
        let index = try #require(Self.profiles.firstIndex(of: profile))
        for (kind, lines, counts) in fields {
            let text = Self.document(profile: profile, screens: "  - id: records\n    fields:\n      - id: value\n        kind: \(kind)\n        \(lines)")
            let found = Self.findings("AND011", in: text)
            let cases = found.compactMap(\.caseName)
            let secure = lines == "input: secure"
            #expect(cases == (counts[index] ? (secure ? [] : ["assist"]) + ["content-capture"] : []), "\(kind) \(lines)")
        }
        let two = Self.document(profile: profile, minSDK: 26, screens: "  - id: sign-in\n    fields:\n      - id: user-pin\n        kind: pin\n        input: plain\n      - id: password\n        kind: password\n        input: secure")
        #expect(Self.findings("AND011", in: two).map(\.message) == [
            "screen `sign-in` shows `user-pin` and `password` without `content-capture-excluded`: the system's Content Capture service receives the text of its views, FLAG_SECURE or not; `importantForContentCapture` needs API 30, and the app supports API 26",
            "screen `sign-in` shows `user-pin` in a window without `flag-secure`: an assistant the person invokes there receives the text of its views and a screenshot",
        ])
    }

    @Test func and011ContentCaptureReadsOnlyTheFieldTheScreenAndCaptureProtect() throws {
        let field = "      - id: password\n        kind: password\n        input: secure"
        let placements: [(String, String, String, Bool)] = [
            ("field", "", "\(field)\n        protect: [content-capture-excluded]", false),
            ("screen", "\n    protect: [content-capture-excluded]", field, false),
            ("capture", "", field, false),
            ("parent", "", field, true),
        ]
        for (place, screenProtect, fieldLines, fires) in placements {
            let capture = place == "capture" ? "capture:\n  protect: [content-capture-excluded]" : ""
            let parent = place == "parent" ? "\n    protect: [flag-secure, content-capture-excluded]" : ""
            let text = Self.document(
                profile: "banking", minSDK: 30, android: "\n      ui: compose", capture: capture,
                screens: "  - id: accounts\(parent)\n  - id: sign-in\n    window: dialog\n    parent: accounts\(screenProtect)\n    fields:\n\(fieldLines)")
            #expect(Self.findings("AND011", in: text).compactMap(\.caseName) == (fires ? ["content-capture"] : []), "\(place)")
        }
    }

    @Test func and011SkipsHostedOptedOutAndOtherPlatformScreens() throws {
        let field = "    fields:\n      - id: password\n        kind: password\n        input: plain"
        for extra in ["\n    host: browser-view", "\n    opt-out: {reason: \"support agents see this screen\"}", "\n    platforms: [ios]"] {
            let text = Self.document(profile: "general", screens: "  - id: sign-in\(extra)\n\(field)")
            #expect(Self.findings("AND011", in: text).isEmpty, "\(extra)")
        }
    }

    @Test(arguments: profiles)
    func and011HelpClearsEachCase(_ profile: String) throws {
        for minSDK in [26, 34] {
            for protect in ["", "\n    protect: [secure-layer]", "\n    protect:\n      ios: [secure-layer]"] {
                let text = Self.document(profile: profile, minSDK: minSDK, screens: "  - id: sign-in\(protect)\n    fields:\n      - id: password\n        kind: password\n        input: plain\n        keyboard-cache: false")
                try Self.expectHelpClears("AND011", in: text)
            }
        }
    }

    // MARK: IOS005

    @Test(arguments: profiles)
    func ios005NamesEverySensitivePlainInputAtTheIOSEntry(_ profile: String) throws {
        let policy = Manifests.policy
        let sensitive = try #require(policy.profiles[profile]).coverage
        let severity = profile == "banking" ? "warning" : "info"
        let kinds = ["password", "account-number", "government-id", "diagnosis", "salary", "email", "booking-reference", "private-message"]
        for kind in kinds {
            for input in InputKind.allCases {
                for context in ["detail", "widget", "notification"] {
                    let text = Self.document(profile: profile, screens: "  - id: form\n    fields:\n      - id: value\n        kind: \(kind)\n        input: \(input.rawValue)\n        context: \(context)")
                    let category = policy.taxonomy.dataKind(named: kind)?.category ?? ""
                    let fires = input == .plain && context == "detail" && !(sensitive[kind]?.required.isEmpty ?? true)
                        && ["credential", "financial", "identity", "health"].contains(category)
                    let expected = fires ? ["-@\(Self.position(of: "deployment-target", in: text)) \(severity) ios"] : []
                    #expect(Self.summary(Self.findings("IOS005", in: text)) == expected, "\(kind) \(input) \(context)")
                }
            }
        }
    }

    @Test func ios005CountsOnlyScreensOfIOSDrawnByTheAppWithoutTheMechanism() throws {
        let field = "    fields:\n      - id: iban\n        kind: account-number\n        input: plain"
        let text = Self.document(profile: "banking", screens: "  - id: a\n\(field)\n  - id: b\n    platforms: [ios]\n\(field)\n  - id: c\n    platforms: [android]\n\(field)\n  - id: d\n    host: browser-view\n\(field)")
        let found = Self.findings("IOS005", in: text)
        #expect(found.map(\.message) == ["on iOS, `a.iban` and `b.iban` take sensitive values in a plain input, and `capture.protect` lacks `system-keyboard-only`: a custom keyboard the person installed receives every key typed there"])
        for capture in ["capture:\n  protect: [system-keyboard-only]", "capture:\n  protect:\n    ios: [system-keyboard-only]"] {
            #expect(Self.findings("IOS005", in: Self.document(profile: "banking", capture: capture, screens: "  - id: a\n\(field)")).isEmpty, "\(capture)")
        }
        #expect(Self.findings("IOS005", in: Self.document(profile: "banking", platforms: [.android], screens: "  - id: a\n\(field)")).isEmpty)
    }

    @Test(arguments: profiles)
    func ios005HelpClearsIt(_ profile: String) throws {
        for capture in ["", "capture:\n  protect: [cover-on-background]", "capture:\n  protect:\n    android: [flag-secure]", "capture:\n  detect: [scene-capture-state]"] {
            let text = Self.document(profile: profile, capture: capture, screens: "  - id: a\n    fields:\n      - id: iban\n        kind: account-number\n        input: plain\n        keyboard-cache: false")
            try Self.expectHelpClears("IOS005", in: text)
        }
    }
}

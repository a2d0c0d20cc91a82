@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// The Policy 3 manifest keys (docs/manifest.md, "Policy 3 keys") and the taxonomy keys behind
/// the new mechanisms: what each decodes to, and each mistake's finding, position and message.
@Suite struct Policy3ManifestKeysTests {
    /// A manifest shipping both platforms unless `platforms` says otherwise; `android` and `ios`
    /// are extra lines of those platforms' entries, `capture` and `screens` whole blocks.
    static func manifest(ios: String = "", android: String = "", platforms: String? = nil, capture: String = "", screens: String) -> String {
        let shipped = platforms ?? """
                ios:
                  deployment-target: "17.0"\(ios)
                android:
                  min-sdk: 26
                  target-sdk: 35\(android)
            """
        return """
            capaudit: 1
            app:
              name: Policy Three
              profile: banking
              platforms:
            \(shipped)
            \(capture)
            screens:
            \(screens)
            """
    }

    static let plainScreen = "  - id: home\n    title: Home"

    static func decode(_ text: String, policy: Policy = Manifests.policy) -> DecodedDocument {
        let decoder = ManifestDecoder(taxonomy: policy.taxonomy, profileNames: policy.profileNames, defaultProfile: nil)
        let root = YAMLLoader.loadDocuments(Array(text.utf8)).documents.first
        return root.map(decoder.decode) ?? DecodedDocument(manifest: nil, problems: [])
    }

    /// "KIND@line:col message" for each problem, in report order.
    static func problems(_ document: DecodedDocument) -> [String] {
        document.problems.map { problem in
            let rule = switch problem.kind {
            case .schema: "MAN002"
            case .duplicate: "MAN003"
            case .wrongPlatform: "MAN004"
            }
            return "\(rule)@\(problem.position.line):\(problem.position.column) \(problem.message)"
        }
    }

    // MARK: ui-version

    @Test func toolkitVersionsReadThreePartsAndCompareAsNumbers() {
        let valid: [(String, [Int])] = [("0.78", [0, 78, 0]), ("1", [1, 0, 0]), ("0.79.2", [0, 79, 2]), ("3.24.0", [3, 24, 0]), ("999.0.999", [999, 0, 999])]
        for (text, parts) in valid {
            #expect(ToolkitVersion(text)?.parts == parts, "\(text)")
        }
        for text in ["", "1.", ".1", "1..2", "1.2.3.4", "+1", "-1", "a.b", "1000", "0.78-rc1", " 0.78", "0x1"] {
            #expect(ToolkitVersion(text) == nil, "\(text)")
        }
        let ordered = ["0.9", "0.78", "0.78.1", "0.80", "1", "1.0.1", "10.0"]
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(ToolkitVersion(lower).flatMap { low in ToolkitVersion(higher).map { low < $0 } } == true, "\(lower) < \(higher)")
        }
        #expect(ToolkitVersion("0.78") == ToolkitVersion("0.78.0"))
        #expect(ToolkitVersion("0.78")?.description == "0.78.0")
    }

    @Test func uiVersionIsDecodedOnBothPlatforms() {
        let text = Self.manifest(
            ios: "\n      ui: flutter\n      ui-version: \"3.24\"", android: "\n      ui: react-native\n      ui-version: \"0.79.1\"", screens: Self.plainScreen)
        let decoded = Self.decode(text)
        #expect(Self.problems(decoded).isEmpty)
        #expect(decoded.manifest?.app.ios?.uiVersion == ToolkitVersion(major: 3, minor: 24))
        #expect(decoded.manifest?.app.android?.uiVersion == ToolkitVersion(major: 0, minor: 79, patch: 1))
        let absent = Self.decode(Self.manifest(screens: Self.plainScreen)).manifest
        #expect(absent?.app.android != nil && absent?.app.android?.uiVersion == nil && absent?.app.ios?.uiVersion == nil)
    }

    @Test func anUnquotedOrMalformedUIVersionIsMAN002WithTheFormAndTheHintToQuote() {
        let cases: [(value: String, message: String)] = [
            ("0.80", "`ui-version` must be a string, got the number 0.80; quote it: \"0.80\" (unquoted, 0.80 reads as 0.8)"),
            ("1", "`ui-version` must be a string, got the number 1; quote it: \"1\" (unquoted, 0.80 reads as 0.8)"),
            ("\"0.78.1.2\"", "`ui-version` must be \"MAJOR[.MINOR[.PATCH]]\" such as \"0.78\" (each part at most 999), got \"0.78.1.2\""),
            ("[0, 78]", "`ui-version` must be a version string such as \"0.78\", got a list"),
        ]
        for (value, message) in cases {
            let decoded = Self.decode(Self.manifest(android: "\n      ui-version: \(value)", screens: Self.plainScreen))
            #expect(Self.problems(decoded) == ["MAN002@11:19 \(message)"], "\(value)")
            // The platform still counts as shipped: no MAN004 follows, but the policy rules skip it.
            #expect(decoded.manifest?.app.android == nil)
        }
    }

    // MARK: host

    @Test func everyHostDecodesAndOnlyAppIsNotHosted() {
        for host in ScreenHost.allCases {
            let screens = "  - id: card-check\n    window: sheet\n    host: \(host.rawValue)\n    parent: home\n\(Self.plainScreen)"
            let screen = Self.decode(Self.manifest(screens: screens)).manifest?.screens.first
            #expect(screen?.host == host)
            #expect(screen?.isHosted == (host != .app))
        }
        let screen = Self.decode(Self.manifest(screens: Self.plainScreen)).manifest?.screens.first
        #expect(screen?.host == .app && screen?.isHosted == false)
    }

    @Test func anUnknownHostIsMAN002WithTheNearestValue() {
        let decoded = Self.decode(Self.manifest(screens: "  - id: card-check\n    host: browser\n\(Self.plainScreen)"))
        #expect(
            Self.problems(decoded) == [
                "MAN002@14:11 `host` must be one of app, browser-view, auth-session, external, got `browser`; did you mean `browser-view`?"
            ])
        #expect(decoded.manifest?.screens.map(\.id) == ["home"])
    }

    @Test func aDialogNeedsAParentOnlyWhenTheAppDrawsIt() {
        for host in ScreenHost.allCases {
            for window in WindowKind.allCases {
                let decoded = Self.decode(Self.manifest(screens: "  - id: code-entry\n    window: \(window.rawValue)\n    host: \(host.rawValue)"))
                let needsParent = window != .screen && host == .app
                let expected = needsParent ? ["MAN002@13:5 a `\(window.rawValue)` needs `parent`: the screen it opens over (its window does not inherit that screen's flags)"] : []
                #expect(Self.problems(decoded) == expected, "\(window) \(host)")
            }
        }
    }

    // MARK: screens[].platforms

    @Test func screenPlatformsDecodeAndDefaultToEveryShippedPlatform() {
        let listed = Self.decode(Self.manifest(screens: "  - id: live-activity\n    platforms: [ios]")).manifest?.screens.first
        #expect(listed?.platforms == [.ios])
        #expect(listed?.appears(on: .ios) == true && listed?.appears(on: .android) == false)
        let absent = Self.decode(Self.manifest(screens: Self.plainScreen)).manifest?.screens.first
        #expect(absent?.platforms == nil)
        #expect(Platform.allCases.allSatisfy { absent?.appears(on: $0) == true })
        let both = Self.decode(Self.manifest(screens: "  - id: home\n    platforms: [android, ios, android]")).manifest?.screens.first
        #expect(both?.platforms == [.android, .ios])
    }

    @Test func aScreenPlatformThatIsNoPlatformIsMAN002AndOneNotShippedIsMAN004() {
        let iosOnly = "    ios:\n      deployment-target: \"17.0\""
        let cases: [(platforms: String, shipped: String?, problem: String)] = [
            ("[windows]", nil, "MAN002@15:17 a `platforms` entry must be one of ios, android, got `windows`"),
            ("[ios, andriod]", nil, "MAN002@15:22 a `platforms` entry must be one of ios, android, got `andriod`; did you mean `android`?"),
            ("[]", nil, "MAN002@15:16 `platforms` needs at least one of ios and android; leave it out for every platform the app ships"),
            ("ios", nil, "MAN002@15:16 `platforms` must be a list, got the string \"ios\""),
            ("[ios, android]", iosOnly, "MAN004@12:22 `platforms` names android, but `app.platforms` does not ship it; remove it or add the platform"),
        ]
        for (platforms, shipped, problem) in cases {
            let decoded = Self.decode(Self.manifest(platforms: shipped, screens: "  - id: cards\n    title: Cards\n    platforms: \(platforms)\n\(Self.plainScreen)"))
            #expect(Self.problems(decoded) == [problem], "\(platforms)")
            #expect(decoded.manifest?.screens.map(\.id) == ["home"], "the screen is left out of the policy rules")
        }
    }

    // MARK: actions[].opens

    static let hostedCheck = "  - id: card-check\n    host: browser-view\n    fields:\n      - id: bank-code\n        kind: one-time-code\n        input: plain"

    static func payScreen(opens: String) -> String {
        "  - id: pay\n    actions:\n      - id: pay-by-card\n        kind: payment\n        opens: \(opens)\n\(Self.hostedCheck)"
    }

    @Test func opensNamesAScreenOfTheDocument() {
        let decoded = Self.decode(Self.manifest(screens: Self.payScreen(opens: "card-check")))
        #expect(Self.problems(decoded).isEmpty)
        let action = decoded.manifest?.screens.first?.actions.first
        #expect(action?.opens == "card-check")
        #expect(action?.opensLocation?.position == SourcePosition(line: 17, column: 16))
        #expect(action?.opensLocation?.path == "screens[id=pay].actions[id=pay-by-card].opens")
        let none = Self.decode(Self.manifest(screens: "  - id: pay\n    actions:\n      - id: pay-by-card")).manifest?.screens.first?.actions.first
        #expect(none != nil && none?.opens == nil && none?.opensLocation == nil && none?.protect.isEmpty == true)
    }

    @Test func anOpensThatNamesNoScreenIsMAN002WithTheNearestID() {
        let decoded = Self.decode(Self.manifest(screens: Self.payScreen(opens: "card-chek")))
        #expect(Self.problems(decoded) == ["MAN002@17:16 `opens` names no screen of this manifest: `card-chek`; did you mean `card-check`?"])
        let wrongType = Self.decode(Self.manifest(screens: Self.payScreen(opens: "[card-check]")))
        #expect(Self.problems(wrongType) == ["MAN002@17:16 `opens` (a screen id) must be a string, got a list"])
        #expect(wrongType.manifest?.screens.first?.actions.isEmpty == true, "the action is left out")
    }

    /// A screen left out for a mistake of its own is still a screen of the document: naming it
    /// in `opens` or `parent` invents no second finding.
    @Test func aReferenceToAScreenWithAMistakeIsNoSecondFinding() {
        let screens = Self.payScreen(opens: "card-check").replacingOccurrences(of: "host: browser-view", with: "host: browser-viewer")
            + "\n  - id: pin-sheet\n    window: sheet\n    parent: card-check"
        let problems = Self.problems(Self.decode(Self.manifest(screens: screens)))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("MAN002@19:11 `host` must be one of") == true, "\(problems)")
    }

    // MARK: actions[].protect and placements

    @Test func anActionsProtectTakesTheListAndTheMapForm() {
        let list = Self.decode(Self.manifest(screens: "  - id: pay\n    actions:\n      - id: send\n        protect: [accessibility-data-sensitive, filter-obscured-touches]"))
        #expect(Self.problems(list).isEmpty)
        let listed = list.manifest?.screens.first?.actions.first?.protect
        #expect(listed?.map(\.name) == ["accessibility-data-sensitive", "filter-obscured-touches"])
        #expect(listed?.map(\.platform) == [nil, nil])
        #expect(listed?.first?.location.path == "screens[id=pay].actions[id=send].protect[0]")
        let map = Self.decode(Self.manifest(screens: "  - id: pay\n    actions:\n      - id: send\n        protect:\n          android: [filter-obscured-touches]"))
        #expect(Self.problems(map).isEmpty)
        let mapped = map.manifest?.screens.first?.actions.first?.protect
        #expect(mapped?.map(\.name) == ["filter-obscured-touches"] && mapped?.first?.platform == .android)
        #expect(mapped?.first?.location.position == SourcePosition(line: 17, column: 21))
    }

    @Test func aMechanismThatCannotApplyToAnActionIsMAN002AtTheElement() {
        let decoded = Self.decode(Self.manifest(screens: "  - id: pay\n    actions:\n      - id: send\n        protect: [flag-secure]"))
        #expect(Self.problems(decoded) == ["MAN002@16:19 `flag-secure` cannot apply to an action; list it on the screen"])
        #expect(decoded.manifest?.screens.first?.actions.isEmpty == true, "the action is left out")
    }

    /// Every mechanism of the taxonomy in every place a manifest lists one: accepted exactly where
    /// its `applies-to` (or, app-wide, `capture.protect` alone) allows, else MAN002 with the hint.
    @Test func everyMechanismIsAcceptedExactlyWhereItApplies() {
        let placements: [(Mechanism.Placement, (String) -> (capture: String, screens: String), SourcePosition)] = [
            (.field, { ("", "  - id: home\n    fields:\n      - id: pin\n        protect: [\($0)]") }, SourcePosition(line: 16, column: 19)),
            (.screen, { ("", "  - id: home\n    protect: [\($0)]") }, SourcePosition(line: 14, column: 15)),
            (.capture, { ("capture:\n  protect: [\($0)]", Self.plainScreen) }, SourcePosition(line: 12, column: 13)),
            (.action, { ("", "  - id: home\n    actions:\n      - id: send\n        protect: [\($0)]") }, SourcePosition(line: 16, column: 19)),
        ]
        let taxonomy = Manifests.policy.taxonomy
        for name in taxonomy.mechanismNames {
            let mechanisms = taxonomy.mechanisms(named: name)
            for (placement, blocks, position) in placements {
                let (capture, screens) = blocks(name)
                let problems = Self.problems(Self.decode(Self.manifest(capture: capture, screens: screens)))
                let applies = mechanisms.contains { $0.applies(to: placement) }
                #expect(applies == mechanisms.contains { $0.isAppWide ? placement == .capture : $0.appliesTo.contains(placement) })
                guard !applies else {
                    #expect(problems.isEmpty, "\(name) in \(placement)")
                    continue
                }
                let hint =
                    if mechanisms.allSatisfy(\.isAppWide) {
                        "acts on the whole app: move it to `capture.protect`"
                    } else if mechanisms.allSatisfy({ $0.role == .detect }) {
                        "cannot apply to an action; it is a detection mechanism: list it in `capture.detect`"
                    } else {
                        "cannot apply to an action; list it on the screen"
                    }
                #expect(placement == .action || mechanisms.allSatisfy(\.isAppWide), "only actions restrict the shipped mechanisms")
                #expect(problems == ["MAN002@\(position.line):\(position.column) `\(name)` \(hint)"], "\(name) in \(placement)")
            }
        }
    }

    @Test func anAppWideMechanismOutsideCaptureProtectIsMAN002EvenInThePlatformMap() {
        let screens = "  - id: home\n    protect:\n      android: [flag-secure, managed-capture-disabled]\n      ios: [system-keyboard-only]"
        let decoded = Self.decode(Self.manifest(screens: screens))
        #expect(
            Self.problems(decoded) == [
                "MAN002@15:30 `managed-capture-disabled` acts on the whole app: move it to `capture.protect`",
                "MAN002@16:13 `system-keyboard-only` acts on the whole app: move it to `capture.protect`",
            ])
        let capture = "capture:\n  protect:\n    android: [managed-capture-disabled]\n    ios: [system-keyboard-only]"
        let accepted = Self.decode(Self.manifest(capture: capture, screens: Self.plainScreen))
        #expect(Self.problems(accepted).isEmpty)
        #expect(accepted.manifest?.capture.protect.map(\.name) == ["managed-capture-disabled", "system-keyboard-only"])
    }

    @Test func aFindingNamesTheRulesOfTheNewMistakes() {
        let screens = "  - id: pay\n    platforms: [ios, android]\n    protect: [system-keyboard-only]\n    actions:\n      - id: send\n        opens: nowhere"
        let iosOnly = "    ios:\n      deployment-target: \"17.0\""
        let outcome = Manifests.check(Self.manifest(platforms: iosOnly, screens: screens))
        #expect(Manifests.summary(outcome) == ["MAN004@11:22", "MAN002@12:15", "MAN002@15:16"])
    }

    // MARK: taxonomy

    /// The Policy 3 mechanisms as MANIFEST.md's table gives them.
    @Test func theNewMechanismsAreInTheTaxonomyAsTheTableGivesThem() {
        let table: [(id: String, platform: Platform, role: Mechanism.Role, min: OSVersion, appWide: Bool, conditional: Bool, onActions: Bool, covers: [String])] = [
            ("system-keyboard-only", .ios, .harden, OSVersion(major: 8, minor: 0), true, false, false, []),
            ("managed-capture-disabled", .android, .protect, OSVersion(apiLevel: 21), true, true, false, ["screenshot", "recording", "mirroring", "remote-control", "app-switcher"]),
            ("filter-obscured-touches", .android, .harden, OSVersion(apiLevel: 9), false, false, true, []),
            ("content-capture-excluded", .android, .harden, OSVersion(apiLevel: 30), false, false, false, []),
            ("accessibility-data-sensitive", .android, .harden, OSVersion(apiLevel: 34), false, false, true, []),
        ]
        let taxonomy = Manifests.policy.taxonomy
        for row in table {
            guard let mechanism = taxonomy.mechanism(row.id, on: row.platform) else {
                Issue.record("no \(row.id) on \(row.platform)")
                continue
            }
            #expect(mechanism.role == row.role && mechanism.minVersion == row.min, "\(row.id)")
            #expect(mechanism.isAppWide == row.appWide && mechanism.isConditional == row.conditional, "\(row.id)")
            #expect(mechanism.appliesTo.contains(.action) == row.onActions, "\(row.id)")
            #expect(taxonomy.names(of: mechanism.covers) == row.covers, "\(row.id)")
            #expect(!mechanism.caveat.isEmpty && !mechanism.description.isEmpty, "\(row.id)")
            #expect(mechanism.isProposable == !row.conditional, "\(row.id)")
            // A conditional mechanism is declared only; every other one is sought in the code.
            #expect(mechanism.evidence.isSought == !row.conditional, "\(row.id)")
        }
        let onActions = taxonomy.mechanisms.filter { $0.appliesTo.contains(.action) }.map(\.id)
        #expect(onActions == ["filter-obscured-touches", "accessibility-data-sensitive"])
        #expect(taxonomy.mechanisms.filter(\.isConditional).map(\.id) == ["managed-capture-disabled"])
    }

    /// Layout attributes (docs/evidence.md) show the new Android harden mechanisms applied.
    @Test func layoutAttributesShowTheNewHardenMechanisms() {
        let rows: [(String, [String])] = [
            ("android:filterTouchesWhenObscured=\"true\"", ["filter-obscured-touches"]),
            ("android:filterTouchesWhenObscured=\"false\"", []),
            ("android:importantForContentCapture=\"noExcludeDescendants\"", ["content-capture-excluded"]),
            ("android:importantForContentCapture=\"yes\"", []),
        ]
        for (attribute, sets) in rows {
            #expect(EvidenceRuleTests.mechanisms("xml", attribute).sets == sets, "\(attribute)")
        }
    }

    @Test func cap001NeverProposesAConditionalMechanismWhereverItStands() {
        // Moved first in taxonomy order, where the smallest-fix search would take it.
        var policy = Manifests.policy
        let conditional = policy.taxonomy.mechanisms.filter(\.isConditional)
        #expect(!conditional.isEmpty)
        policy.taxonomy.mechanisms = conditional + policy.taxonomy.mechanisms.filter { !$0.isConditional }
        let screens = "  - id: cards\n    fields:\n      - id: pan\n        kind: card-number\n        display: full"
        let platforms = "    android:\n      min-sdk: 26\n      target-sdk: 35"
        let findings = Manifests.check(Self.manifest(platforms: platforms, screens: screens), policy: policy).findings.filter { $0.ruleID == "CAP001" }
        #expect(findings.count == 1)
        let proposals = findings.flatMap { [$0.message, $0.help ?? ""] + $0.fixes.flatMap { [$0.message, $0.change] } }.joined(separator: "\n")
        #expect(proposals.contains("flag-secure"), "\(proposals)")
        #expect(!proposals.contains("managed-capture-disabled"), "\(proposals)")
    }

    static func pack(_ mechanism: String) -> PolicySource {
        PolicySource(relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml", bytes: Array("mechanisms:\n\(mechanism)\n".utf8))
    }

    @Test func aPackMechanismCarriesScopeConditionAndPlacements() throws {
        let policy = try PolicyLoader.load(adding: [
            Self.pack("  - id: vendor-shield\n    platform: android\n    role: protect\n    conditional: true\n    scope: app\n    covers: [screenshot]"),
            Self.pack("  - id: button-guard\n    platform: android\n    role: harden\n    applies-to: [action, field]"),
        ])
        let shield = policy.taxonomy.mechanism("vendor-shield", on: .android)
        #expect(shield?.isConditional == true && shield?.isAppWide == true && shield?.appliesTo == Mechanism.Placement.defaults)
        #expect(shield.map { Mechanism.Placement.allCases.filter($0.applies(to:)) } == [.capture])
        let guardMechanism = policy.taxonomy.mechanism("button-guard", on: .android)
        #expect(guardMechanism?.appliesTo == [.field, .action] && guardMechanism?.isAppWide == false && guardMechanism?.isConditional == false)
    }

    @Test func aPacksWrongScopeOrPlacementIsReportedAtItsLine() {
        let cases: [(line: String, problem: String)] = [
            ("    scope: screen", "pack/taxonomy.yml:6:12: `scope` must be one of app, got `screen`"),
            ("    applies-to: [window]", "pack/taxonomy.yml:6:18: an `applies-to` entry must be one of field, screen, capture, action, got `window`"),
            ("    conditional: maybe", "pack/taxonomy.yml:6:18: `conditional` must be true or false, got the string \"maybe\""),
        ]
        for (line, problem) in cases {
            do throws(PolicyError) {
                _ = try PolicyLoader.load(adding: [Self.pack("  - id: button-guard\n    platform: android\n    role: harden\n    covers: []\n" + line)])
                Issue.record("\(line) loaded")
            } catch {
                #expect(error.problems.map(\.description) == [problem], "\(line)")
            }
        }
    }
}

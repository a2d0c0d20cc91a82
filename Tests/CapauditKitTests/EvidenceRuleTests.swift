@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// The evidence patterns of the shipped taxonomy (the table of docs/evidence.md), the `code` key, rule
/// packs' patterns, and the EVD rules' edge cases, on code given in memory.
@Suite struct EvidenceRuleTests {
    /// The mechanisms whose `sets` and `clears` patterns occur in `code`, wrapped in a function of
    /// a class of the platform's language.
    static func mechanisms(_ language: String, _ code: String, policy: Policy = Manifests.policy) -> (sets: [String], clears: [String]) {
        let (platform, path, text): (Platform, String, String)
        switch language {
        case "java": (platform, path, text) = (.android, "Sample.java", "class Sample { void f() { \(code) } }")
        case "swift": (platform, path, text) = (.ios, "Sample.swift", "final class Sample { func f() { \(code) } }")
        case "xml": (platform, path, text) = (.android, "res/layout/sample.xml", "<LinearLayout \(code) />")
        default: (platform, path, text) = (.android, "Sample.kt", "class Sample { fun f() { \(code) } }")
        }
        let base = CodeBase.contents([SourceText(platform: platform, path: path, text: text)], taxonomy: policy.taxonomy)
        guard let source = base.platforms[platform] else { return ([], []) }
        let mechanisms = policy.taxonomy.mechanisms.filter { $0.platform == platform }
        return (
            mechanisms.filter { !source.occurrences(of: source.patterns.sets($0.id)).isEmpty }.map(\.id),
            mechanisms.filter { !source.occurrences(of: source.patterns.clears($0.id)).isEmpty }.map(\.id)
        )
    }

    /// The table of docs/evidence.md, row by row: code, then the mechanisms it applies and undoes.
    static let table: [(language: String, code: String, sets: [String], clears: [String])] = [
        ("kotlin", "window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)", ["flag-secure"], []),
        ("kotlin", "window.addFlags(LayoutParams.FLAG_SECURE or LayoutParams.FLAG_DIM_BEHIND)", ["flag-secure"], []),
        ("kotlin", "DialogProperties(securePolicy = SecureFlagPolicy.SecureOn)", ["flag-secure"], []),
        ("kotlin", "surfaceView.setSecure(true)", ["flag-secure"], []),
        ("kotlin", "window.clearFlags(WindowManager.LayoutParams.FLAG_SECURE)", [], ["flag-secure"]),
        ("kotlin", "PopupProperties(securePolicy = SecureFlagPolicy.SecureOff)", [], ["flag-secure"]),
        ("kotlin", "window.setFlags(0, WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)", [], []),
        ("java", "getWindow().setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE);", ["flag-secure"], []),
        ("java", "getWindow().clearFlags(WindowManager.LayoutParams.FLAG_SECURE);", [], ["flag-secure"]),
        ("kotlin", "setRecentsScreenshotEnabled(false)", ["recents-screenshot-disabled"], []),
        ("kotlin", "setRecentsScreenshotEnabled(true)", [], ["recents-screenshot-disabled"]),
        ("kotlin", "view.setContentSensitivity(View.CONTENT_SENSITIVITY_SENSITIVE)", ["content-sensitivity"], []),
        ("kotlin", "view.contentSensitivity = View.CONTENT_SENSITIVITY_SENSITIVE", ["content-sensitivity"], []),
        ("kotlin", "Box(Modifier.padding(8.dp).sensitiveContent())", ["content-sensitivity"], []),
        ("java", "view.setContentSensitivity(View.CONTENT_SENSITIVITY_NOT_SENSITIVE);", [], ["content-sensitivity"]),
        ("kotlin", "windowManager.addScreenRecordingCallback(mainExecutor, callback)", ["redact-on-capture", "screen-recording-callback"], []),
        ("kotlin", "registerScreenCaptureCallback(mainExecutor, callback)", ["screen-capture-callback"], []),
        ("kotlin", "contentResolver.registerContentObserver(MediaStore.Images.Media.EXTERNAL_CONTENT_URI, true, observer)", ["media-store-observer"], []),
        ("kotlin", "contentResolver.registerContentObserver(Settings.System.CONTENT_URI, true, observer)", [], []),
        ("kotlin", "view.setFilterTouchesWhenObscured(true)", ["filter-obscured-touches"], []),
        ("kotlin", "payButton.filterTouchesWhenObscured = true", ["filter-obscured-touches"], []),
        ("kotlin", "payButton.filterTouchesWhenObscured = false", [], ["filter-obscured-touches"]),
        ("java", "payButton.setFilterTouchesWhenObscured(false);", [], ["filter-obscured-touches"]),
        ("kotlin", "view.importantForContentCapture = View.IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS", ["content-capture-excluded"], []),
        ("java", "view.setImportantForContentCapture(View.IMPORTANT_FOR_CONTENT_CAPTURE_YES);", [], []),
        // managed-capture-disabled is declared only: the device owner sets it, not the app.
        ("kotlin", "devicePolicyManager.setScreenCaptureDisabled(admin, true)", [], []),
        ("swift", "let captured = traitCollection.sceneCaptureState == .active", ["redact-on-capture", "scene-capture-state"], []),
        ("swift", "if isSceneCaptured { hide() }", ["redact-on-capture", "scene-capture-state"], []),
        ("swift", "registerForTraitChanges([UITraitSceneCaptureState.self]) { _, _ in }", ["scene-capture-state"], []),
        ("swift", "if UIScreen.main.isCaptured { hide() }", ["redact-on-capture", "screen-captured-flag"], []),
        ("swift", "observe(UIScreen.capturedDidChangeNotification)", ["screen-captured-flag"], []),
        ("swift", "observe(UIApplication.userDidTakeScreenshotNotification)", ["screenshot-notification"], []),
        // cover-on-background is the call that shows a cover, inside the code that runs on leaving the foreground.
        ("swift", "func sceneDidEnterBackground(_ scene: UIScene) { window?.addSubview(cover) }", ["cover-on-background"], []),
        ("swift", "func sceneWillResignActive(_ scene: UIScene) { cover.isHidden = false }", ["cover-on-background"], []),
        ("swift", "func applicationWillResignActive(_ application: UIApplication) { coverWindow.makeKeyAndVisible() }", ["cover-on-background"], []),
        ("swift", "func applicationDidEnterBackground(_ application: UIApplication) { showCover() } func showCover() { root.present(cover, animated: false) }", ["cover-on-background"], []),
        ("swift", "func sceneDidEnterBackground(_ scene: UIScene) {}", [], []),
        ("swift", "func applicationWillResignActive(_ application: UIApplication) { logger.info(\"resign\") }", [], []),
        ("swift", "window?.addSubview(cover)", [], []),
        (
            "swift", "NotificationCenter.default.addObserver(forName: UIApplication.willResignActiveNotification, object: nil, queue: .main) { _ in self.view.addSubview(self.cover) }",
            ["cover-on-background"], []
        ),
        (
            "swift", "NotificationCenter.default.addObserver(self, selector: #selector(cover), name: UIScene.didEnterBackgroundNotification, object: nil) } @objc func cover() { view.insertSubview(shield, at: 0)",
            ["cover-on-background"], []
        ),
        (
            "swift", "NotificationCenter.default.addObserver(self, selector: #selector(save), name: UIApplication.didEnterBackgroundNotification, object: nil) } @objc func save() { store.flush()",
            [], []
        ),
        ("swift", "cancellable = NotificationCenter.default.publisher(for: UIScene.willDeactivateNotification).sink { _ in blurView.isHidden = false }", ["cover-on-background"], []),
        ("swift", "content.onChange(of: scenePhase) { phase in if phase == .background { shield.isHidden = false } }", ["cover-on-background"], []),
        ("swift", "content.onChange(of: scenePhase) { phase in if phase == .active { shield.isHidden = false } }", [], []),
        ("swift", "if scenePhase != .active { cover() }", [], []),
        ("swift", "Text(balance).privacySensitive()", ["privacy-sensitive"], []),
        (
            "swift", "func application(_ app: UIApplication, shouldAllowExtensionPointIdentifier id: UIApplication.ExtensionPointIdentifier) -> Bool { id != .keyboard }",
            ["system-keyboard-only"], []
        ),
        // secure-layer is declared only: the trick cannot be told from a password field.
        ("swift", "field.isSecureTextEntry = true", [], []),
    ]

    /// This table's rows and the Policy 3 mechanisms' (Policy3EvidenceTests.swift).
    static let rows = table + Policy3EvidenceRows.table

    @Test(arguments: rows.indices)
    func taxonomyPatternsFindTheTableRow(_ row: Int) {
        let entry = Self.rows[row]
        let found = Self.mechanisms(entry.language, entry.code)
        #expect(found.sets == entry.sets, "\(entry.code)")
        #expect(found.clears == entry.clears, "\(entry.code)")
    }

    @Test func commentsAndStringsAreNeverEvidence() {
        // A layout attribute has no comment or string form to hide in.
        for entry in Self.rows where entry.language != "xml" && (!entry.sets.isEmpty || !entry.clears.isEmpty) {
            let escaped = entry.code.replacing("\"", with: "'").replacing("\\", with: "")
            for hidden in ["/* \(entry.code) */", "val s = \"\(escaped)\"".replacing("val", with: entry.language == "swift" ? "let" : "val")] {
                let found = Self.mechanisms(entry.language, hidden)
                #expect(found.sets.isEmpty && found.clears.isEmpty, "\(hidden)")
            }
        }
    }

    // MARK: code

    @Test func codeMustBeAMapFromShippedPlatformToNames() {
        let text = """
            capaudit: 1
            app:
              name: Harbor
              profile: general
              platforms:
                android: {min-sdk: 28, target-sdk: 35}
            screens:
              - id: a
                code: CardActivity
              - id: b
                code: {android: CardActivity}
              - id: c
                code: {ios: [CardView]}
              - id: d
                code: {web: [X]}
              - id: e
                code: {android: [1, "", CardActivity]}
                opt-out:
                  reason: "A screen with a wrong `code` entry is still checked."

            """
        let result = Manifests.check(text)
        #expect(result.findings.map { "\($0.ruleID)@\($0.start.line):\($0.start.column) \($0.message)" } == [
            "MAN002@9:11 `code` must be a map from platform to a list of type names or file paths (`android: [CardActivity]`), got the string \"CardActivity\"",
            "MAN002@11:21 `code.android` (type names or file paths) must be a list, got the string \"CardActivity\"",
            "MAN004@13:12 `code` names iOS code, but `app.platforms` does not ship ios; remove it or add the platform",
            "MAN002@15:12 unknown platform `web` in `code`; use ios or android",
            "CAP007@16:5 screen `e` is opted out of capture protection (A screen with a wrong `code` entry is still checked.); this exempts no coverage gap at present, "
                + "and every finding of CAP001, AND004, AND005 and IOS002 and, when enabled, AND007, AND008, AND009, AND011, CAP015 and CAP016 about the screen",
            "MAN002@17:22 each entry of `code.android` (type names or file paths) must be a string, got the integer 1",
            "MAN002@17:25 a `code` entry must name a type or a file, got an empty string",
        ])
    }

    @Test func anEntryWithASlashOrASourceExtensionIsAPath() {
        #expect(CodeReference.kind(of: "Cards/CardView.swift") == .path)
        #expect(CodeReference.kind(of: "CardView.swift") == .path)
        #expect(CodeReference.kind(of: "res/layout/pin.xml") == .path)
        #expect(CodeReference.kind(of: "CardView") == .type)
        #expect(CodeReference.kind(of: "Outer.Inner") == .type)
    }

    // MARK: rule packs

    static let pack = PolicySource(
        relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml",
        bytes: Array("""
            mechanisms:
              - id: filter-touches
                platform: android
                role: protect
                covers: []
                evidence:
                  sets:
                    xml-attribute: ['android:touchGuard="strict"']
            evidence:
              - mechanism: flag-secure
                platform: android
                sets:
                  kotlin: ["SecureWindow.apply(…)"]

            """.utf8))

    @Test func aPackAddsPatternsAndMechanismsWithEvidence() throws {
        let policy = try PolicyLoader.load(adding: [Self.pack])
        #expect(Self.mechanisms("kotlin", "SecureWindow.apply(window)", policy: policy).sets == ["flag-secure"])
        #expect(Self.mechanisms("kotlin", "SecureWindow.apply(window)").sets.isEmpty)
        #expect(Self.mechanisms("xml", "android:touchGuard=\"strict\"", policy: policy).sets == ["filter-touches"])
    }

    @Test func aPacksPatternMistakesAreReportedAtTheirLine() {
        let broken = PolicySource(
            relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml",
            bytes: Array("""
                evidence:
                  - mechanism: flag-secure
                    platform: android
                    sets:
                      kotlin: ["setFlags(FLAG_SECURE"]
                      swift: [isCaptured]
                  - mechanism: flag-secur
                    platform: android

                """.utf8))
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [broken])
            Issue.record("a pack with broken patterns loaded")
        } catch {
            #expect(error.problems.map(\.description) == [
                "pack/taxonomy.yml:6:7: unknown key `swift` in `sets` of Android evidence; known keys: kotlin, java, dart, typescript, xml-attribute",
                "pack/taxonomy.yml:5:16: kotlin pattern `setFlags(FLAG_SECURE`: an opening bracket is never closed",
                "pack/taxonomy.yml:7:16: unknown android mechanism `flag-secur`; did you mean `flag-secure`?",
            ])
        }
    }

    // MARK: the rules' edge cases

    static func manifest(ios: Bool = false, android: Bool = false, capture: String = "", screens: String) -> String {
        var text = "capaudit: 1\napp:\n  name: Harbor\n  profile: general\n  platforms:\n"
        if ios { text += "    ios:\n      deployment-target: \"17.0\"\n" }
        if android { text += "    android:\n      min-sdk: 28\n      target-sdk: 35\n" }
        return text + capture + "screens:\n" + screens
    }

    static func rules(_ outcome: FileOutcome) -> [String] {
        outcome.findings.filter { $0.ruleID.hasPrefix("EVD") }.map { "\($0.ruleID)@\($0.start.line):\($0.start.column)" }
    }

    @Test func aPatternThatShowsAListedMechanismIsNotCountedForAnother() {
        let screen = """
              - id: cards
                protect:
                  ios: [redact-on-capture]
                code:
                  ios: [CardsView]

            """
        let shared = [SourceText(platform: .ios, path: "CardsView.swift", text: "struct CardsView: View { var body: some View { Text(UIScreen.main.isCaptured ? \"\" : number) } }")]
        // `isCaptured` shows redact-on-capture, which the screen lists, and screen-captured-flag, which nothing lists.
        #expect(Self.rules(Manifests.check(Self.manifest(ios: true, screens: screen), source: shared)).isEmpty)
        let more = shared + [SourceText(platform: .ios, path: "CardsView+Capture.swift", text: "extension CardsView { func watch() { observe(UIScreen.capturedDidChangeNotification) } }")]
        #expect(Self.rules(Manifests.check(Self.manifest(ios: true, screens: screen), source: more)) == ["EVD004@12:5"])
    }

    @Test func aDeclaredOnlyMechanismIsNeverSoughtAndItsCellsSaySo() throws {
        let screen = """
              - id: pin
                protect:
                  ios: [secure-layer]
                code:
                  ios: [PinViewController]
                fields:
                  - id: pin
                    kind: pin

            """
        let source = [SourceText(platform: .ios, path: "Pin.swift", text: "final class PinViewController: UIViewController {}")]
        let outcome = Manifests.check(Self.manifest(ios: true, screens: screen), source: source)
        #expect(Self.rules(outcome).isEmpty)
        let evidence = try #require(outcome.manifests.first?.evidence)
        #expect(evidence.state(screen: "pin", platform: .ios, mechanism: "secure-layer") == .declaredOnly)
        let report = WholeCoverageReport([outcome])
        let cell = try #require(report.apps.first?.matrix.rows.first?.cell(.ios, "screenshot"))
        #expect(cell.evidence == .declaredOnly)
    }

    @Test func appWideMechanismsAreSoughtInTheWholeSource() {
        let capture = "capture:\n  detect: [screen-capture-callback]\n"
        let screens = "  - id: home\n    title: Home\n"
        let text = Self.manifest(android: true, capture: capture, screens: screens)
        let nowhere = [SourceText(platform: .android, path: "Home.kt", text: "class Home : AppCompatActivity()")]
        #expect(Self.rules(Manifests.check(text, source: nowhere)) == ["EVD001@10:12"])
        let elsewhere = nowhere + [SourceText(platform: .android, path: "util/Screenshots.kt", text: "object Screenshots { fun watch(a: Activity) { a.registerScreenCaptureCallback(a.mainExecutor) {} } }")]
        #expect(Self.rules(Manifests.check(text, source: elsewhere)).isEmpty)
    }

    @Test func aLayoutCountsOnlyWhenTheScreenNamesIt() throws {
        let policy = try PolicyLoader.load(adding: [Self.pack])
        func screen(_ code: String) -> String {
            "  - id: pin\n    protect:\n      android: [filter-touches]\n    code:\n      android: \(code)\n"
        }
        let source = [
            SourceText(platform: .android, path: "src/PinFragment.kt", text: "class PinFragment : Fragment(R.layout.pin)"),
            SourceText(platform: .android, path: "res/layout/pin.xml", text: "<EditText android:touchGuard=\"strict\" />"),
        ]
        let unnamed = Manifests.check(Self.manifest(android: true, screens: screen("[PinFragment]")), policy: policy, source: source)
        #expect(Self.rules(unnamed) == ["EVD001@12:17"])
        let named = Manifests.check(Self.manifest(android: true, screens: screen("[PinFragment, res/layout/pin.xml]")), policy: policy, source: source)
        #expect(Self.rules(named).isEmpty)
    }

    @Test func buildFactsAreComparedOnlyWhereTheBuildFilesStateThem() {
        let text = """
            capaudit: 1
            app:
              name: Harbor
              profile: general
              platforms:
                android:
                  min-sdk: 28
                  target-sdk: 35
                  permissions:
                    - name: READ_EXTERNAL_STORAGE
                      max-sdk: 32
                    - HIDE_OVERLAY_WINDOWS
            screens:
              - id: home

            """
        let gradle = SourceText(platform: .android, path: "build.gradle.kts", text: "android { defaultConfig { minSdk = libs.versions.min.get().toInt()\n targetSdk = 35 } }")
        let androidManifest = SourceText(platform: .android, path: "src/main/AndroidManifest.xml", text: """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <uses-permission android:name="android.permission.READ_EXTERNAL_STORAGE" android:maxSdkVersion="29" />
                <uses-permission android:name="android.permission.DETECT_SCREEN_CAPTURE" />
            </manifest>
            """)
        let outcome = Manifests.check(text, source: [gradle, androidManifest])
        #expect(outcome.findings.filter { $0.ruleID == "EVD002" }.map { "\($0.start.line):\($0.start.column) \($0.message)" } == [
            "10:9 permission `DETECT_SCREEN_CAPTURE` differs from the build files: not declared in the manifest, declared in src/main/AndroidManifest.xml",
            "10:11 permission `READ_EXTERNAL_STORAGE` differs from the build files: declared up to API 32 (max-sdk 32) in the manifest, declared up to API 29 (max-sdk 29) in src/main/AndroidManifest.xml",
            "12:11 permission `HIDE_OVERLAY_WINDOWS` differs from the build files: declared in the manifest, not declared in src/main/AndroidManifest.xml",
        ])
        // Without an AndroidManifest.xml, permissions are not compared; the unknown minSdk never is.
        #expect(Manifests.check(text, source: [gradle]).findings.filter { $0.ruleID == "EVD002" }.isEmpty)
    }
}

@testable import CapauditKit
import TestSupport
import Testing

/// The Policy 3 mechanisms' rows of docs/evidence.md's table (EVIDENCE.md, Evidence 2): code,
/// then the mechanisms it applies and undoes; EvidenceRuleTests checks them with its own rows.
@Suite struct Policy3EvidenceTests {
    static let table: [(language: String, code: String, sets: [String], clears: [String])] = [
        ("xml", #"android:filterTouchesWhenObscured="true""#, ["filter-obscured-touches"], []),
        ("xml", #"android:filterTouchesWhenObscured="false""#, [], ["filter-obscured-touches"]),
        ("java", "view.setImportantForContentCapture(View.IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS);", ["content-capture-excluded"], []),
        ("kotlin", "root.setImportantForContentCapture(IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS)", ["content-capture-excluded"], []),
        ("xml", #"android:importantForContentCapture="noExcludeDescendants""#, ["content-capture-excluded"], []),
        // The constant named without the call that applies it.
        ("kotlin", "val mode = View.IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS", [], []),
        ("xml", #"android:importantForContentCapture="yes""#, [], []),
        (
            "swift", "func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool { if extensionPointIdentifier == .keyboard { return false }; return true }",
            ["system-keyboard-only"], []
        ),
        (
            "swift", "func application(_ app: UIApplication, shouldAllowExtensionPointIdentifier id: UIApplication.ExtensionPointIdentifier) -> Bool { switch id { case .keyboard: return false; default: return true } }",
            ["system-keyboard-only"], []
        ),
        (
            "swift", "func application(_ app: UIApplication, shouldAllowExtensionPointIdentifier id: UIApplication.ExtensionPointIdentifier) -> Bool { guard id != .keyboard else { return false }; return true }",
            ["system-keyboard-only"], []
        ),
        // A body that allows every extension point, and a requirement without a body.
        ("swift", "func application(_ app: UIApplication, shouldAllowExtensionPointIdentifier id: UIApplication.ExtensionPointIdentifier) -> Bool { log(id); return true }", [], []),
        ("swift", "func application(_ app: UIApplication, shouldAllowExtensionPointIdentifier id: UIApplication.ExtensionPointIdentifier) -> Bool", [], []),
    ]

    /// A Compose secure text field is a secure input to `init --from-source`, like SwiftUI's.
    @Test(arguments: ["SecureTextField", "BasicSecureTextField"])
    func composeSecureFieldsAreSecureInputs(_ name: String) throws {
        let code = CodeBase.contents(
            [.init(platform: .android, path: "PinActivity.kt", text: "class PinActivity : ComponentActivity() {\n    fun f() { setContent { \(name)(state = s) } }\n}")],
            taxonomy: Manifests.policy.taxonomy)
        let index = try #require(code.platforms[.android]).index
        let declaration = try #require(index.declarations.first)
        #expect(index.screenTraits(of: declaration).secureInputs.map { "\($0.name)@\($0.location.line):\($0.location.column)" } == ["\(name)@2:28"])
    }
}

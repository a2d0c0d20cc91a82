@testable import CapauditKit
import Testing

/// The Policy 3 mechanisms' rows of docs/evidence.md's table (EVIDENCE.md, Evidence 2): code,
/// then the mechanisms it applies and undoes; EvidenceRuleTests checks them with its own rows.
enum Policy3EvidenceRows {
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
}

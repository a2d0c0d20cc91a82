/// AND005: with Views, or React Native before 0.78 (or without `ui-version`), a dialog, sheet or
/// popup over a screen with `flag-secure` lacks the flag itself (it is a window of its own), so a
/// field that needs coverage is exposed on Android. Fires instead of CAP001. Where the toolkit
/// passes the flag on (Compose, Flutter, React Native from 0.78) the dialog has its parent's
/// screen-level mechanisms (EvaluationContext.effectiveMechanisms), so it never fires there.
struct WindowFlagCheck: Check {
    static let name = "window-flag"
    static let flag = "flag-secure"
    /// The React Native release whose `Modal` copies the activity's FLAG_SECURE (S51).
    static let reactNativeInheriting = "0.78"

    init(parameters: CheckParameters) {}

    static func isWindowWithoutFlag(_ coverage: FieldCoverage, _ context: EvaluationContext) -> Bool {
        guard coverage.platform == .android, coverage.screen.window != .screen, !coverage.missing.isEmpty,
            context.manifest.app.android?.dialogsShareParentWindow == false,
            let parent = coverage.screen.parent.flatMap(context.screen)
        else { return false }
        let parentHasFlag = parent.protect.contains { $0.name == flag && $0.applies(on: .android) }
        let ownHasFlag = coverage.mechanisms.contains { $0.id == flag }
        return parentHasFlag && !ownHasFlag
    }

    /// The changes that clear the finding, per toolkit and window (RULES.md, AND005): the flag on
    /// the dialog's own window; for a PopupWindow, which takes no flag, the value in a Dialog or a
    /// suppression that records a device test; for React Native, the release whose Modal inherits.
    static func fixes(_ coverage: FieldCoverage, _ context: EvaluationContext) -> [ManifestFix] {
        let screen = coverage.screen
        let planner = FixPlanner(context: context)
        let flagged = planner.adding([flag], on: .android, to: screen.protect, at: screen.location.path, screen: nil)
        let setFlag = "call `dialog.window?.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)` before `show()` (a DialogFragment in `onCreateDialog`, a BottomSheetDialog alike)"
        if context.manifest.app.android?.ui == .reactNative {
            let version = EditValue.name(reactNativeInheriting)
            return [
                ManifestFix("add `\(flag)` to the \(screen.window.rawValue) `\(screen.id)` on Android and set FLAG_SECURE on the `Modal`'s window from native code (a Modal host or library that flags every window)", flagged),
                ManifestFix(
                    "upgrade to React Native \(reactNativeInheriting) or later, whose `Modal` copies the activity's FLAG_SECURE, and declare it",
                    [.set("ui-version", to: version, at: "app.platforms.android")]),
            ]
        }
        guard screen.window == .popup else {
            return [ManifestFix("add `\(flag)` to the \(screen.window.rawValue) `\(screen.id)` on Android and \(setFlag)", flagged)]
        }
        let dialog = [ManifestEdit.set("window", to: .name(WindowKind.dialog.rawValue), at: screen.location.path)] + flagged
        return [
            ManifestFix("a PopupWindow takes no flag of its own: show the value in a Dialog with the flag and \(setFlag)", dialog),
            .suppressing(
                "AND005",
                reason: "a device test showed popup \(screen.id) blank in screenshots and recordings under the secure window of \(screen.parent ?? "its parent")",
                at: coverage.field.location.path,
                message: "where a device test shows the popup blank in captures (composed under its parent's secure window, not documented), record that test in a suppression"),
        ]
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.coverage.filter { Self.isWindowWithoutFlag($0, context) && !OptOutCheck.exempts($0.screen) }.map { coverage in
            let screen = coverage.screen
            return Emission(
                location: coverage.field.location, platform: .android, missing: context.taxonomy.names(of: coverage.missing),
                arguments: [
                    "field": coverage.field.id, "screen": screen.id, "window": screen.window.rawValue,
                    "toolkit": context.manifest.app.android?.ui == .reactNative ? "React Native before 0.78" : "Android Views",
                    "parent": screen.parent ?? "", "missing": Phrases.list(context.taxonomy.names(of: coverage.missing)),
                ],
                fixes: context.fixes { Self.fixes(coverage, context) })
        }
    }
}

/// AND005: with Views or React Native, a dialog, sheet or popup over a screen with `flag-secure`
/// lacks the flag itself (it is a window of its own), so a field that needs coverage is exposed
/// on Android. Fires instead of CAP001. With Compose or Flutter the dialog shares its parent's
/// flag (EvaluationContext.effectiveMechanisms), so it never fires there.
struct WindowFlagCheck: Check {
    static let name = "window-flag"
    static let flag = "flag-secure"

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

    /// The call that sets the flag on a dialog's own window, per toolkit.
    static func dialogCall(_ toolkit: AndroidPlatform.Toolkit?, window: WindowKind) -> String {
        switch toolkit {
        case .reactNative?:
            return "a React Native `Modal` is an Android window of its own: set FLAG_SECURE on it from native code (a Modal host or library that flags every window), or show the content in the screen instead of a `Modal`"
        default:
            let popup = window == .popup ? " (a PopupWindow cannot take the flag: show the value in a Dialog instead)" : ""
            return "call `dialog.window?.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)` before `show()` (a DialogFragment in `onCreateDialog`, a BottomSheetDialog alike)\(popup)"
        }
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.coverage.filter { Self.isWindowWithoutFlag($0, context) && $0.screen.optOut?.hasReason != true }.map { coverage in
            let screen = coverage.screen
            return Emission(
                location: coverage.field.location, platform: .android, missing: context.taxonomy.names(of: coverage.missing),
                arguments: [
                    "field": coverage.field.id, "screen": screen.id, "window": screen.window.rawValue,
                    "toolkit": context.manifest.app.android?.ui == .reactNative ? "React Native" : "Android Views",
                    "parent": screen.parent ?? "", "missing": Phrases.list(context.taxonomy.names(of: coverage.missing)),
                ],
                fixes: context.fixes {
                    let edits = FixPlanner(context: context).adding([Self.flag], on: .android, to: screen.protect, at: screen.location.path, screen: nil)
                    let call = Self.dialogCall(context.manifest.app.android?.ui, window: screen.window)
                    return [ManifestFix("add `\(Self.flag)` to the \(screen.window.rawValue) `\(screen.id)` on Android and \(call)", edits)]
                })
        }
    }
}

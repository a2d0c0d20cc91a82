/// Where Policy 3 draws the lines that many checks share (RULES.md, "Conventions"): what a field
/// shows, which fields are outside the app's window, and which Android windows are protected.
extension Field {
    /// *Shown in full*: `display: full`, a tap that reveals the value, or a plain input, which
    /// shows every character while it is typed whatever its `display`.
    var isShownInFull: Bool { display == .full || reveal == .tap || input == .plain }
}

extension EvaluationContext {
    /// The window-level mechanisms that make an Android window secure: the app's own
    /// FLAG_SECURE, and a device policy that treats every window as secure (RULES.md, "Policy 3
    /// clarifications": it counts wherever `flag-secure` counts).
    static let windowFlags = ["flag-secure", "managed-capture-disabled"]

    /// *Outside the app's window*: a notification or widget field, or any field of a hosted
    /// screen. No `protect` reaches it and none is required of it.
    func isOutsideAppWindow(_ field: Field, on screen: Screen) -> Bool {
        field.isOutsideAppWindow || screen.isHosted
    }

    /// *Window-protected* (Android): the screen's own window has a window flag, at screen level,
    /// in `capture.protect`, or, for a dialog whose toolkit passes the flag on, in its parent's
    /// screen-level `protect`. A field-level flag does not protect the window.
    func isWindowProtected(_ screen: Screen) -> Bool {
        Self.windowFlags.contains { windowHas($0, screen: screen, on: .android) }
    }
}

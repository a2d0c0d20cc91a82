/// AND010 (preview): on Android below API 35, a one-time code shows in a notification: every app
/// the person gave notification access reads it, whatever the lock screen shows. From API 35 the
/// system withholds such notifications from listeners that are not trusted. At the field.
struct OTPNotificationCheck: Check {
    static let name = "otp-notification"

    static let parameters = [
        ParameterSpec("kinds", .list(.name(.dataKind)), required: true),
        ParameterSpec("protected-from", .integer, required: true),
    ]

    let kinds: Set<String>
    /// The API level from which the system withholds the notification from untrusted listeners.
    let protectedFrom: Int

    init(parameters: CheckParameters) {
        kinds = Set(parameters.strings("kinds"))
        protectedFrom = parameters.integer("protected-from") ?? 0
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android, android.minSDK < protectedFrom else { return [] }
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.isHosted && screen.appears(on: .android) {
            for field in screen.fields where kinds.contains(field.kind) && field.context == .notification && field.display != .hidden {
                emissions.append(Emission(
                    location: field.location, platform: .android,
                    arguments: ["field": field.id, "display": field.display.rawValue, "min-sdk": String(android.minSDK), "below": String(protectedFrom)],
                    fixes: context.fixes { [
                        ManifestFix(
                            "confirm in the app instead of sending a code: the notification only says that a request is waiting, and the person approves it in the app on a protected screen that shows the amount and the payee, or with a passkey",
                            [.set("display", to: .name(Display.hidden.rawValue), at: field.location.path)]),
                        .suppressing(
                            "AND010", reason: "the person types the code on another device, so it must travel by notification", at: field.location.path,
                            message: "state why the code must travel by notification in a suppression"),
                    ] }))
            }
        }
        return emissions
    }
}

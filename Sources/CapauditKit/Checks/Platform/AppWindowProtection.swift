extension EvaluationContext {
    /// Whether `capture.protect` puts one of `names` on every window of the app on a platform
    /// (Android `flag-secure`, or `managed-capture-disabled` set by the device's policy): there
    /// every screenshot is refused or blank and no screenshot callback is invoked.
    func captureProtectHas(anyOf names: [String], on platform: Platform) -> Bool {
        manifest.capture.protect.contains { use in
            names.contains(use.name) && use.applies(on: platform) && taxonomy.mechanism(use.name, on: platform) != nil
        }
    }
}

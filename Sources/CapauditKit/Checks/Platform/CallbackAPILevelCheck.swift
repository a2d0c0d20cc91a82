/// AND002: an Android detection callback that does not exist below the app's `min-sdk`,
/// with no fallback for older devices. Not where `capture.protect` protects every window
/// (`window-protection`): screenshots are then refused or blank, and the callback is never invoked.
struct CallbackAPILevelCheck: Check {
    static let name = "callback-api-level"

    struct Callback {
        var mechanism: String
        var minSDK: Int
        var fallback: String?
        var caseName: String?
    }

    let callbacks: [Callback]
    /// Mechanisms of `capture.protect` under which the callback has nothing to detect.
    let windowProtection: [String]

    static let parameters = [
        ParameterSpec("window-protection", .list(.name(.mechanism))),
        ParameterSpec("callbacks", .list(.record([
            ParameterSpec("mechanism", .name(.mechanism), required: true),
            ParameterSpec("min-sdk", .integer, required: true),
            ParameterSpec("fallback", .name(.mechanism)),
            ParameterSpec("case", .string),
        ])), required: true)
    ]

    init(parameters: CheckParameters) {
        var callbacks: [Callback] = []
        if let list = parameters["callbacks"] {
            for (index, item) in (parameters.decoder.list(list, path: "\(parameters.path).callbacks", what: "`callbacks`") ?? []).enumerated() {
                let path = "\(parameters.path).callbacks[\(index)]"
                let decoder = parameters.decoder
                guard let fields = decoder.mapping(item, path: path, what: "a callback", known: ["mechanism", "min-sdk", "fallback", "case"], required: ["mechanism", "min-sdk"]),
                    let mechanism = fields["mechanism"].flatMap({ decoder.string($0, path: "\(path).mechanism", what: "`mechanism`") }),
                    let minSDK = fields["min-sdk"].flatMap({ decoder.integer($0, path: "\(path).min-sdk", what: "`min-sdk`", range: AndroidPlatform.apiLevels) })
                else { continue }
                callbacks.append(Callback(
                    mechanism: mechanism, minSDK: minSDK,
                    fallback: fields["fallback"].flatMap { decoder.string($0, path: "\(path).fallback", what: "`fallback`") },
                    caseName: fields["case"].flatMap { decoder.string($0, path: "\(path).case", what: "`case`") }))
            }
        }
        self.callbacks = callbacks
        windowProtection = parameters.strings("window-protection")
    }

    /// The callbacks the rule reports for the document, each with the API level it needs: the
    /// range below it is left without detection.
    func reported(_ context: EvaluationContext) -> [(callback: Callback, use: MechanismUse)] {
        guard let android = context.manifest.app.android, !context.captureProtectHas(anyOf: windowProtection, on: .android) else { return [] }
        return callbacks.compactMap { callback in
            guard android.minSDK < callback.minSDK, let use = context.uses(of: callback.mechanism, on: .android).first else { return nil }
            if let fallback = callback.fallback, !context.uses(of: fallback, on: .android).isEmpty { return nil }
            return (callback, use)
        }
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        return reported(context).map { callback, use in
            let gap = "devices below API \(callback.minSDK) detect no screenshot"
            return Emission(
                caseName: callback.caseName, location: use.location, platform: .android,
                arguments: [
                    "mechanism": callback.mechanism, "api": String(callback.minSDK), "min-sdk": String(android.minSDK),
                    "fallback": callback.fallback ?? "",
                ],
                fix: "say in an inline suppression's reason that \(gap)",
                fixes: context.fixes {
                    let edits = callback.fallback.map { FixPlanner(context: context).addingDetector($0, on: .android) } ?? []
                    let detect = edits.isEmpty ? [] : [ManifestFix("detect on devices below API \(callback.minSDK) too (Google Play reviews the photo permissions it needs)", edits)]
                    return detect + [ManifestFix.suppressingOwnRule(reason: gap, at: use.location.path)]
                },
                detail: callback.mechanism)
        }
    }
}

/// EVD003: a `clears` pattern of a declared mechanism occurs where the mechanism is sought: a
/// code path undoes the protection the manifest claims. When `app.settings` says the person can
/// turn the mechanism off, the clearing is that setting at work: case `setting`, for the record.
struct ClearedProtectionCheck: Check {
    static let name = "cleared-protection"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (platform, _) in context.platformsWithCode {
            for declared in context.declaredMechanisms(on: platform) {
                let clearing = declared.clearing
                guard let first = clearing.first else { continue }
                let code = declared.code
                let mechanism = declared.mechanism.id
                let place = "\(code.folder.displayPath(first.location.file)):\(first.location.line)"
                let more = clearing.count > 1 ? " (and \(clearing.count - 1) more \(clearing.count == 2 ? "place" : "places"))" : ""
                var emission = Emission(
                    location: declared.use.location, platform: platform,
                    arguments: [
                        "mechanism": mechanism, "declared-by": declared.declaredBy, "platform": platform.displayName,
                        "pattern": code.patterns.text(first.pattern), "place": place + more,
                    ],
                    detail: mechanism,
                    related: clearing.map { code.related($0.location, "undoes \(mechanism): `\(code.patterns.text($0.pattern))`") })
                if let setting = context.manifest.app.setting(controlling: mechanism, on: platform) {
                    emission.caseName = "setting"
                    emission.arguments["setting"] = setting.id
                    emission.arguments["default"] = setting.isOnByDefault ? "on" : "off"
                    emission.fix = "nothing to change while the setting `\(setting.id)` is meant to turn `\(mechanism)` off; if it is not, remove the call that undoes it"
                } else {
                    emission.fixes = [
                        ManifestFix("remove the call that undoes `\(mechanism)`, or, if the screen is meant to be capturable there, say so in the manifest", []),
                        ManifestFix("if the person may turn the protection off in the app, declare that setting", [
                            .append(
                                .mapping([
                                    EditEntry("id", .name(Self.settingID)), EditEntry("controls", .list([.name(mechanism)])),
                                    EditEntry("default", .name("on")),
                                ]), to: "settings", at: "app")
                        ]),
                    ]
                }
                emissions.append(emission)
            }
        }
        return emissions
    }

    /// The id the help suggests for a declared setting: the name apps give it most often.
    static let settingID = "screen-security"
}

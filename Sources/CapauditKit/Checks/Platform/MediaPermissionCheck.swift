/// AND003: `media-store-observer` without the media permission each API level needs, or
/// `READ_EXTERNAL_STORAGE` declared without `max-sdk: 32`.
struct MediaPermissionCheck: Check {
    static let name = "media-permission"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        var emissions: [Emission] = []
        if let use = context.uses(of: "media-store-observer", on: .android).first {
            if android.targetSDK >= 33, android.permission("READ_MEDIA_IMAGES") == nil {
                emissions.append(Emission(
                    location: use.location, platform: .android,
                    arguments: ["problem": "`media-store-observer` needs `READ_MEDIA_IMAGES` with `target-sdk` \(android.targetSDK) (33 or higher)"],
                    fix: "declare `READ_MEDIA_IMAGES` under `permissions` (and expect Google Play's photo and video permissions review), or drop the observer",
                    detail: "READ_MEDIA_IMAGES"))
            }
            if android.minSDK <= 32, android.permission("READ_EXTERNAL_STORAGE") == nil {
                emissions.append(Emission(
                    location: use.location, platform: .android,
                    arguments: ["problem": "`media-store-observer` needs `READ_EXTERNAL_STORAGE` on devices below API 33 (`min-sdk` is \(android.minSDK))"],
                    fix: "declare `- {name: READ_EXTERNAL_STORAGE, max-sdk: 32}` under `permissions`",
                    detail: "READ_EXTERNAL_STORAGE"))
            }
        }
        if let storage = android.permission("READ_EXTERNAL_STORAGE"), storage.maxSDK.map({ $0 > 32 }) ?? true {
            emissions.append(Emission(
                location: storage.location, platform: .android,
                arguments: ["problem": "`READ_EXTERNAL_STORAGE` is declared without `max-sdk: 32`; it grants nothing on API 33+ and draws a policy review"],
                fix: "limit it: `- {name: READ_EXTERNAL_STORAGE, max-sdk: 32}`",
                detail: "max-sdk"))
        }
        return emissions
    }
}

/// AND003: `media-store-observer` without the media permission each API level needs, or
/// `READ_EXTERNAL_STORAGE` declared without `max-sdk: 32`.
struct MediaPermissionCheck: Check {
    static let name = "media-permission"
    static let observer = "media-store-observer"
    static let mediaImages = "READ_MEDIA_IMAGES"
    static let externalStorage = "READ_EXTERNAL_STORAGE"
    /// The last API level where READ_EXTERNAL_STORAGE grants image access; READ_MEDIA_IMAGES takes over after it.
    static let lastStorageLevel = 32

    init(parameters: CheckParameters) {}

    static var storageEntry: EditValue {
        .mapping([EditEntry("name", .name(externalStorage)), EditEntry("max-sdk", .integer(lastStorageLevel))])
    }

    /// The permissions the observer needs at the app's API levels and lacks.
    static func missingPermissions(_ android: AndroidPlatform) -> [ManifestEdit] {
        let path = "app.platforms.android"
        var edits: [ManifestEdit] = []
        if android.targetSDK > lastStorageLevel, android.permission(mediaImages) == nil {
            edits.append(.append(.name(mediaImages), to: "permissions", at: path))
        }
        if android.minSDK <= lastStorageLevel, android.permission(externalStorage) == nil {
            edits.append(.append(storageEntry, to: "permissions", at: path))
        }
        return edits
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let android = context.manifest.app.android else { return [] }
        var emissions: [Emission] = []
        let missing = Self.missingPermissions(android)
        if let use = context.uses(of: Self.observer, on: .android).first {
            if android.targetSDK > Self.lastStorageLevel, android.permission(Self.mediaImages) == nil {
                emissions.append(Emission(
                    location: use.location, platform: .android,
                    arguments: ["problem": "`\(Self.observer)` needs `\(Self.mediaImages)` with `target-sdk` \(android.targetSDK) (33 or higher)"],
                    fixes: context.fixes { [ManifestFix("declare the media permissions the observer needs (expect Google Play's photo and video permissions review)", missing)] },
                    detail: Self.mediaImages))
            }
            if android.minSDK <= Self.lastStorageLevel, android.permission(Self.externalStorage) == nil {
                emissions.append(Emission(
                    location: use.location, platform: .android,
                    arguments: ["problem": "`\(Self.observer)` needs `\(Self.externalStorage)` on devices below API 33 (`min-sdk` is \(android.minSDK))"],
                    fixes: context.fixes { [ManifestFix("declare the media permissions the observer needs", missing)] }, detail: Self.externalStorage))
            }
        }
        if let storage = android.permission(Self.externalStorage), storage.maxSDK.map({ $0 > Self.lastStorageLevel }) ?? true,
            let open = storage.location.path.lastIndex(of: "[")
        {
            // The entry's own path ends in its index in the list: `...permissions[2]`.
            let list = String(storage.location.path[..<open])
            let element = String(storage.location.path[open...])
            emissions.append(Emission(
                location: storage.location, platform: .android,
                arguments: ["problem": "`\(Self.externalStorage)` is declared without `max-sdk: \(Self.lastStorageLevel)`; it grants nothing on API 33+ and draws a policy review"],
                fixes: context.fixes { [ManifestFix("limit it to API \(Self.lastStorageLevel)", [.set(element, to: Self.storageEntry, at: list)])] },
                detail: "max-sdk"))
        }
        return emissions
    }
}

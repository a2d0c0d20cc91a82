/// The rules whose findings come from reading files (manifests and the app's code), suppressions,
/// the config and the baseline rather than from a check. Typed, so that their ids are spelt in one place.
public enum BuiltInRule: String, CaseIterable, Sendable {
    case yamlSyntax = "MAN001"
    case schema = "MAN002"
    case duplicate = "MAN003"
    case wrongPlatform = "MAN004"
    case suppressionWithoutReason = "SUP001"
    case unusedSuppression = "SUP002"
    case unknownRule = "SUP003"
    case malformedSuppression = "SUP004"
    case sourceUnread = "EVD007"

    public var id: String { rawValue }

    /// MAN rules report what capaudit could not read: they cannot be turned off, ignored or
    /// suppressed inline (a baseline can still record them).
    public static func isManifestRule(_ id: String) -> Bool { id.hasPrefix("MAN") }

    public static func isSuppressionRule(_ id: String) -> Bool { id.hasPrefix("SUP") }
}

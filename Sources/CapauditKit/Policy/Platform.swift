/// The platforms of format 1. Their version keys differ, so they are part of the format, not of the taxonomy.
public enum Platform: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case ios
    case android

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.order < rhs.order }

    private var order: Int { self == .ios ? 0 : 1 }

    public var description: String { rawValue }

    /// The name people know it by, for messages.
    public var displayName: String { self == .ios ? "iOS" : "Android" }

    /// A version as people say it: "iOS 17.0", "API 35".
    public func versionName(_ version: OSVersion) -> String {
        self == .ios ? "iOS \(version)" : "API \(version.major)"
    }

    /// The manifest key that gives the app's minimum version.
    public var minimumVersionKey: String { self == .ios ? "deployment-target" : "min-sdk" }

    /// The UI toolkits `platforms.<platform>.ui` accepts, the default first.
    public var toolkits: [String] {
        self == .ios ? IOSPlatform.Toolkit.allCases.map(\.rawValue) : AndroidPlatform.Toolkit.allCases.map(\.rawValue)
    }
}

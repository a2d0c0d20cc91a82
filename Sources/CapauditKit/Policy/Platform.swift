/// The platforms of format 1. Their version keys differ, so they are part of the format, not of the taxonomy.
public enum Platform: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case ios
    case android

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.order < rhs.order }

    private var order: Int { self == .ios ? 0 : 1 }

    public var description: String { rawValue }

    /// The name people know it by, for messages.
    public var displayName: String { self == .ios ? "iOS" : "Android" }
}

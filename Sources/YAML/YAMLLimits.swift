/// The limits that protect capaudit from hostile documents, kept in one place.
///
/// Each limit is reported by name when a document hits it, and each can be
/// raised from the command line.
public struct YAMLLimits: Sendable, Equatable {
    /// Largest file read, in bytes.
    public var maxFileBytes: Int
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// Most nodes that aliases may expand to in one document ("billion laughs").
    public var maxAliasExpansion: Int

    public init(maxFileBytes: Int = 64 * 1024 * 1024, maxDepth: Int = 512, maxAliasExpansion: Int = 100_000) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
    }

    public static let `default` = YAMLLimits()
}

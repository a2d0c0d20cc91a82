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
    /// Most nodes one file may hold, all documents together; an anchored node counts three
    /// times (the loader keeps a copy of it until its document ends).
    ///
    /// Sized for the largest manifest people write, with room to spare: 50 000 screens with a
    /// field each (about 20 nodes a screen), or 5 000 screens of ten fields. A node costs about
    /// 100 bytes, so the default bounds a file's tree near 100 MB whatever its size: a 60 MB
    /// flow sequence of 30 million scalars stops here instead of taking gigabytes.
    public var maxNodes: Int

    public init(maxFileBytes: Int = 64 * 1024 * 1024, maxDepth: Int = 512, maxAliasExpansion: Int = 100_000, maxNodes: Int = 1_000_000) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()

    /// The values each limit may be raised or lowered to. The upper bounds keep a raised limit
    /// within what one run can afford (a file read whole, about 100 bytes a node) and far from
    /// overflowing the counts checked against it.
    public static let ranges = (
        maxFileBytes: 1...(1 << 30),
        maxDepth: 1...10_000,
        maxAliasExpansion: 1...10_000_000,
        maxNodes: 1...100_000_000
    )
}

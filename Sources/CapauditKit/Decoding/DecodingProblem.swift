import YAML

/// A mistake found while reading YAML into typed values: the manifest's MAN002-MAN004
/// findings, and the located errors of rule packs and configs.
public struct DecodingProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Unknown key, wrong type, bad value, missing key, unknown name (MAN002).
        case schema
        /// A duplicate key or id (MAN003).
        case duplicate
        /// A mechanism for a platform the app does not ship (MAN004).
        case wrongPlatform
    }

    public var kind: Kind
    public var message: String
    public var position: SourcePosition
    public var path: String
    /// The `ContentHash` of the node this mistake made the reader leave out of the policy rules,
    /// if it did: part of the finding's fingerprint.
    public var skippedContent: UInt64?

    public init(kind: Kind, message: String, position: SourcePosition, path: String, skippedContent: UInt64? = nil) {
        self.kind = kind
        self.message = message
        self.position = position
        self.path = path
        self.skippedContent = skippedContent
    }
}

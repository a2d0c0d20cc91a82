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

    public init(kind: Kind, message: String, position: SourcePosition, path: String) {
        self.kind = kind
        self.message = message
        self.position = position
        self.path = path
    }
}

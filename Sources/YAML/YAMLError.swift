/// Why a YAML file could not be loaded, with where it happened.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The parser or scanner rejected the text.
        case syntax(String)
        /// The bytes are not valid text (invalid UTF-8, a control character).
        case encoding(String)
        case tooDeep(limit: Int)
        case aliasExpansion(limit: Int)
        case tooManyNodes(limit: Int)
        case undefinedAlias(String)
        case tooLarge(bytes: Int, limit: Int)
    }

    public var reason: Reason
    public var position: SourcePosition

    public init(_ reason: Reason, at position: SourcePosition) {
        self.reason = reason
        self.position = position
    }

    /// One line for a person: what is wrong and, for a limit, how to raise it.
    public var description: String {
        switch reason {
        case .syntax(let message):
            return message
        case .encoding(let message):
            return "\(message); save the file as UTF-8 text"
        case .tooDeep(let limit):
            return "nesting is deeper than \(limit) levels; flatten the document or raise the limit with --max-depth"
        case .aliasExpansion(let limit):
            return "aliases expand to more than \(limit) nodes (an alias bomb?); use fewer aliases or raise the limit with --max-alias-expansion"
        case .tooManyNodes(let limit):
            return "the file has more than \(limit) YAML nodes; split it or raise the limit with --max-nodes"
        case .undefinedAlias(let name):
            return "alias `*\(name)` refers to no anchor defined before it; define `&\(name)` first, or, if `*\(name)` is a text or a glob, quote it: \"*\(name)\""
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes, over the limit of \(limit); split it or raise the limit with --max-file-size"
        }
    }
}

/// A mapping key given twice: a finding, not a reason to stop reading the file.
public struct YAMLDuplicateKey: Sendable, Equatable {
    public var key: String
    public var position: SourcePosition
    public var firstPosition: SourcePosition
    public var documentIndex: Int

    public init(key: String, position: SourcePosition, firstPosition: SourcePosition, documentIndex: Int) {
        self.key = key
        self.position = position
        self.firstPosition = firstPosition
        self.documentIndex = documentIndex
    }
}

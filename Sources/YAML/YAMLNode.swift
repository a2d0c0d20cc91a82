/// A node of a YAML document, with where it stands in the source.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    /// First character of the node (for a quoted or block scalar, its opening indicator).
    public var start: SourcePosition
    /// Just past the node's last character.
    public var end: SourcePosition
    /// Where the alias stands when this node was reached through one (`*name` or a merge).
    public var alias: SourcePosition?
    /// The node's bytes in the file: from its first character to just past its last. A block
    /// collection ends with its last entry: the comments and blank lines after it are not its own.
    /// Fixes rewrite the file by these (`CapauditKit/Fix`), so that nothing else moves.
    public var startOffset: Int
    public var endOffset: Int
    public var layout: YAMLLayout

    public init(
        content: Content, start: SourcePosition, end: SourcePosition, alias: SourcePosition? = nil, startOffset: Int = 0, endOffset: Int = 0,
        layout: YAMLLayout = []
    ) {
        self.content = content
        self.start = start
        self.end = end
        self.alias = alias
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.layout = layout
    }

    /// The node's bytes, as a range.
    public var byteRange: Range<Int> { startOffset..<max(startOffset, endOffset) }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of the first pair whose key is the plain string `key`.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalar?.value == key }?.value
    }

    /// The position a finding about this node points at: the alias when it was reached through one.
    public var reportedPosition: SourcePosition { alias ?? start }
}

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

public struct YAMLScalar: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public var value: String
    public var style: Style
    /// The explicit tag (`!!str` resolved to `tag:yaml.org,2002:str`), if any.
    public var tag: String?

    public init(value: String, style: Style, tag: String? = nil) {
        self.value = value
        self.style = style
        self.tag = tag
    }

    /// How the YAML 1.2 core schema reads this scalar.
    public var resolved: ResolvedScalar { ResolvedScalar(self) }
}

/// How a node is written, beyond its scalar style: one byte per node.
public struct YAMLLayout: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A collection in flow style (`[a, b]`, `{a: b}`); without it, block style.
    public static let flow = YAMLLayout(rawValue: 1)
    /// The node carries an anchor (`&name`): aliases elsewhere repeat it.
    public static let anchored = YAMLLayout(rawValue: 2)
    /// The node was made by the reader (a key the document lacks), not read from the file.
    public static let synthetic = YAMLLayout(rawValue: 4)
}

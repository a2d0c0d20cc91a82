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

    public init(content: Content, start: SourcePosition, end: SourcePosition, alias: SourcePosition? = nil) {
        self.content = content
        self.start = start
        self.end = end
        self.alias = alias
    }

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

import CYAML

/// The documents of one YAML file, and the duplicate keys met while reading them.
public struct YAMLStream: Sendable {
    /// Every document of the file; after an error, those that ended before it.
    public var documents: [YAMLNode]
    public var duplicateKeys: [YAMLDuplicateKey]
    /// What stopped the reading, in the document numbered `documents.count`; nil when the whole file was read.
    public var error: YAMLError?

    public init(documents: [YAMLNode], duplicateKeys: [YAMLDuplicateKey], error: YAMLError? = nil) {
        self.documents = documents
        self.duplicateKeys = duplicateKeys
        self.error = error
    }
}

/// Turns a file's bytes into located node trees with libyaml's event parser.
///
/// The tree is built with an explicit stack, never by recursion, so that nesting is
/// bounded by `YAMLLimits.maxDepth` rather than by the thread's stack.
public enum YAMLLoader {
    /// The whole file, or the first error.
    public static func load(_ bytes: [UInt8], limits: YAMLLimits = .default) throws(YAMLError) -> YAMLStream {
        let stream = loadDocuments(bytes, limits: limits)
        if let error = stream.error { throw error }
        return stream
    }

    /// As many documents as read before the first error, with that error: a syntax error in
    /// the fourth document leaves the first three to check.
    public static func loadDocuments(_ bytes: [UInt8], limits: YAMLLimits = .default) -> YAMLStream {
        if bytes.count > limits.maxFileBytes {
            return YAMLStream(documents: [], duplicateKeys: [], error: YAMLError(.tooLarge(bytes: bytes.count, limit: limits.maxFileBytes), at: SourcePosition(line: 1, column: 1)))
        }
        if bytes.isEmpty { return YAMLStream(documents: [], duplicateKeys: []) }
        let substituted = LegacyLineBreaks.substitute(bytes)
        var builder = TreeBuilder(limits: limits, legacyBreaks: substituted?.breaks)
        let parsed = substituted?.bytes ?? bytes
        let error = parsed.withUnsafeBufferPointer { buffer -> YAMLError? in
            do throws(YAMLError) {
                try builder.run(buffer, bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        return YAMLStream(documents: builder.documents, duplicateKeys: builder.duplicates, error: error)
    }
}

private struct Frame {
    var isMapping: Bool
    var start: SourcePosition
    var startOffset: Int
    var layout: YAMLLayout
    var anchor: String?
    var items: [YAMLNode] = []
    var pairs: [YAMLPair] = []
    var pendingKey: YAMLNode?
    var merges: [YAMLNode] = []
    /// The scalar keys so far and where they stand, for the duplicate check without copying nodes.
    var keys: [String] = []
    var keyPositions: [SourcePosition] = []
    var size = 1
    /// Keys seen so far, built once the mapping outgrows a linear scan.
    var keyIndex: [String: SourcePosition]?

    static let linearKeyScanLimit = 12
    static let typicalKeys = 8

    // Methods of the frame, so that the open frame is read and changed in place, never copied.

    func firstPosition(of name: String) -> SourcePosition? {
        if let index = keyIndex { return index[name] }
        guard let found = keys.firstIndex(of: name) else { return nil }
        return keyPositions[found]
    }

    mutating func recordKey(_ name: String, at position: SourcePosition) {
        if keyIndex != nil {
            keyIndex?[name] = position
            return
        }
        if keys.isEmpty {
            // Room for a typical mapping at once, rather than growing one key at a time. (Only for
            // these, which go with the frame: the pairs stay in the tree, with any room left unused.)
            keys.reserveCapacity(Self.typicalKeys)
            keyPositions.reserveCapacity(Self.typicalKeys)
        }
        keys.append(name)
        keyPositions.append(position)
        if keys.count > Self.linearKeyScanLimit {
            var index: [String: SourcePosition] = [:]
            for (key, keyPosition) in zip(keys, keyPositions) where index[key] == nil { index[key] = keyPosition }
            keyIndex = index
        }
    }
}

private struct Anchored {
    var node: YAMLNode
    var size: Int
}

private struct TreeBuilder {
    let limits: YAMLLimits
    let legacyBreaks: LegacyLineBreaks?
    /// The open collections above the innermost one, outermost first.
    var frames: [Frame] = []
    /// The innermost open collection, kept out of the array so that adding to it is in place.
    var current: Frame?
    var anchors: [String: Anchored] = [:]
    var expanded = 0
    /// Nodes and anchors held so far in the file, against `YAMLLimits.maxNodes`.
    var nodes = 0
    var documents: [YAMLNode] = []
    var duplicates: [YAMLDuplicateKey] = []
    var root: YAMLNode?

    static let mergeTag = "tag:yaml.org,2002:merge"

    init(limits: YAMLLimits, legacyBreaks: LegacyLineBreaks?) {
        self.limits = limits
        self.legacyBreaks = legacyBreaks
    }

    /// Reads the buffer (`bytes`, or the copy libyaml reads instead) into `documents`.
    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8]) throws(YAMLError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0, let base = buffer.baseAddress else {
            throw YAMLError(.syntax("the YAML parser could not start (out of memory)"), at: SourcePosition(line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, buffer.count)
        var offsets = CharacterOffsets(buffer)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                throw Self.parserError(parser, bytes: bytes)
            }
            defer { yaml_event_delete(&event) }
            let start = SourcePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            let end = SourcePosition(line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1)
            let startOffset = offsets.offset(ofCharacter: Int(event.start_mark.index))
            let endOffset = offsets.offset(ofCharacter: Int(event.end_mark.index))
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                anchors.removeAll(keepingCapacity: true)
                expanded = 0
                root = nil
            case YAML_DOCUMENT_END_EVENT:
                if let root { documents.append(root) }
            case YAML_SCALAR_EVENT:
                try count(at: start, anchored: event.data.scalar.anchor != nil)
                let data = event.data.scalar
                var value = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
                if let legacyBreaks { value = legacyBreaks.restore(value) }
                let scalar = YAMLScalar(value: value, style: Self.style(data.style), tag: Self.string(data.tag))
                let anchor = Self.string(data.anchor)
                let node = YAMLNode(content: .scalar(scalar), start: start, end: end, startOffset: startOffset, endOffset: endOffset, layout: anchor == nil ? [] : .anchored)
                if let anchor { anchors[anchor] = Anchored(node: node, size: 1) }
                try add(node, size: 1)
            case YAML_ALIAS_EVENT:
                try count(at: start, anchored: false)
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let anchored = anchors[name] else {
                    throw YAMLError(.undefinedAlias(name), at: start)
                }
                expanded = expanded.addingSaturating(anchored.size)
                if expanded > limits.maxAliasExpansion {
                    throw YAMLError(.aliasExpansion(limit: limits.maxAliasExpansion), at: start)
                }
                var node = anchored.node
                node.alias = start
                // Where the alias stands in the text: its content stands at the anchor.
                node.startOffset = startOffset
                node.endOffset = endOffset
                try add(node, size: anchored.size)
            case YAML_SEQUENCE_START_EVENT:
                try count(at: start, anchored: event.data.sequence_start.anchor != nil)
                let sequence = event.data.sequence_start
                try push(Frame(isMapping: false, start: start, startOffset: startOffset, layout: Self.layout(flow: sequence.style == YAML_FLOW_SEQUENCE_STYLE, anchor: sequence.anchor), anchor: Self.string(sequence.anchor)), at: start)
            case YAML_MAPPING_START_EVENT:
                try count(at: start, anchored: event.data.mapping_start.anchor != nil)
                let mapping = event.data.mapping_start
                try push(Frame(isMapping: true, start: start, startOffset: startOffset, layout: Self.layout(flow: mapping.style == YAML_FLOW_MAPPING_STYLE, anchor: mapping.anchor), anchor: Self.string(mapping.anchor)), at: start)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard var frame = current else { break }
                current = frames.popLast()
                let content: YAMLNode.Content
                // A block collection ends with its last entry; a flow one with its bracket.
                var lastEntryEnd = frame.startOffset
                if frame.isMapping {
                    lastEntryEnd = frame.pairs.last?.value.endOffset ?? lastEntryEnd
                    merge(into: &frame)
                    content = .mapping(frame.pairs)
                } else {
                    lastEntryEnd = frame.items.last?.endOffset ?? lastEntryEnd
                    content = .sequence(frame.items)
                }
                let closing = frame.layout.contains(.flow) ? endOffset : max(lastEntryEnd, frame.startOffset)
                let node = YAMLNode(content: content, start: frame.start, end: end, startOffset: frame.startOffset, endOffset: closing, layout: frame.layout)
                if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size) }
                try add(node, size: frame.size)
            default:
                break
            }
        }
    }

    /// One more node; an anchored one counts three times, as its copy in the anchor table,
    /// held until the document ends, costs about twice what the node itself does.
    mutating func count(at position: SourcePosition, anchored: Bool) throws(YAMLError) {
        nodes = nodes.addingSaturating(anchored ? 3 : 1)
        if nodes > limits.maxNodes {
            throw YAMLError(.tooManyNodes(limit: limits.maxNodes), at: position)
        }
    }

    mutating func push(_ frame: Frame, at position: SourcePosition) throws(YAMLError) {
        if let open = current {
            guard frames.count + 1 < limits.maxDepth else {
                throw YAMLError(.tooDeep(limit: limits.maxDepth), at: position)
            }
            frames.append(open)
        }
        current = frame
    }

    mutating func add(_ node: consuming YAMLNode, size: Int) throws(YAMLError) {
        guard current != nil else {
            root = node
            return
        }
        let total = (current?.size ?? 0).addingSaturating(size)
        current?.size = total
        guard current?.isMapping == true else {
            current?.items.append(node)
            return
        }
        guard let key = current?.pendingKey else {
            current?.pendingKey = node
            return
        }
        current?.pendingKey = nil
        guard case .scalar(let scalar) = key.content else {
            current?.pairs.append(YAMLPair(key: key, value: node))
            return
        }
        if scalar.value == "<<", scalar.style == .plain, scalar.tag == nil || scalar.tag == Self.mergeTag {
            try addMergeSource(node)
            return
        }
        if let first = current?.firstPosition(of: scalar.value) {
            duplicates.append(YAMLDuplicateKey(key: scalar.value, position: key.start, firstPosition: first, documentIndex: documents.count))
            return
        }
        current?.recordKey(scalar.value, at: key.start)
        current?.pairs.append(YAMLPair(key: key, value: node))
    }

    mutating func addMergeSource(_ value: YAMLNode) throws(YAMLError) {
        switch value.content {
        case .mapping:
            current?.merges.append(value)
        case .sequence(let items) where items.allSatisfy({ $0.mapping != nil }):
            current?.merges.append(contentsOf: items.map { item in
                var item = item
                item.alias = item.alias ?? value.alias
                return item
            })
        default:
            throw YAMLError(.syntax("the merge key `<<` takes a mapping or a list of mappings"), at: value.reportedPosition)
        }
    }

    /// Adds merged pairs whose keys the mapping does not give itself; earlier sources win.
    mutating func merge(into frame: inout Frame) {
        guard !frame.merges.isEmpty else { return }
        for source in frame.merges {
            for pair in source.mapping ?? [] {
                if let name = pair.key.scalar?.value {
                    guard frame.firstPosition(of: name) == nil else { continue }
                    frame.recordKey(name, at: pair.key.start)
                }
                var merged = pair
                if let alias = source.alias {
                    merged.key.alias = merged.key.alias ?? alias
                    merged.value.alias = merged.value.alias ?? alias
                }
                frame.pairs.append(merged)
            }
        }
    }

    static func layout(flow: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?) -> YAMLLayout {
        var layout: YAMLLayout = flow ? .flow : []
        if anchor != nil { layout.insert(.anchored) }
        return layout
    }

    static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    static func parserError(_ parser: yaml_parser_t, bytes: [UInt8]) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML is not valid"
        switch parser.error {
        case YAML_READER_ERROR:
            var message = problem
            if parser.problem_value >= 0 {
                message += " (byte 0x" + String(parser.problem_value, radix: 16, uppercase: true) + ")"
            }
            return YAMLError(.encoding(message), at: SourceLines(bytes).position(ofByte: parser.problem_offset))
        case YAML_MEMORY_ERROR:
            return YAMLError(.syntax("the YAML parser ran out of memory"), at: SourcePosition(line: 1, column: 1))
        default:
            let position = SourcePosition(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
            var message = problem
            let lines = SourceLines(bytes)
            if let offset = lines.byteOffset(of: position), offset < bytes.count, bytes[offset] == UInt8(ascii: "\t") {
                return YAMLError(.syntax("a tab cannot indent YAML (\(problem)); indent with spaces"), at: position)
            }
            let contextStart = SourcePosition(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
            let context = parser.context.map { String(cString: $0) }
            if let hint = SyntaxHint.explain(problem: problem, context: context, at: position, contextStart: contextStart, in: lines) {
                return hint
            }
            if let context = parser.context.map({ String(cString: $0) }) {
                message += " (\(context) that starts at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
            }
            return YAMLError(.syntax(message), at: position)
        }
    }
}

extension Int {
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

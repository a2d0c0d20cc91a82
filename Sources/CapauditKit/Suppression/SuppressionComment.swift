import YAML

/// A `# capaudit: ignore RULE[, RULE…] -- reason` or `# capaudit: ignore-file RULE -- reason` comment.
public struct SuppressionComment: Sendable, Equatable {
    public var rules: [String]
    public var reason: String?
    public var wholeFile: Bool
    /// Where the comment's `#` stands.
    public var position: SourcePosition
    /// The line whose findings it silences (its own line, or the next content line when it stands alone).
    public var targetLine: Int
    public var text: String
}

/// Finds suppression comments in a file's text. libyaml drops comments, so they are found in
/// the bytes; a `#` that lies inside a scalar (quoted or block) is not a comment, which the
/// scalar spans of the parsed tree decide exactly.
public enum SuppressionCommentFinder {
    static let marker = Array("capaudit:".utf8)

    public static func find(in source: SourceLines, documents: [YAMLNode]) -> [SuppressionComment] {
        let bytes = source.bytes
        var candidates: [(offset: Int, markerEnd: Int)] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#"), index == 0 || isSpace(bytes[index - 1]) {
                var probe = index + 1
                while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") { probe += 1 }
                if probe + marker.count <= bytes.count, Array(bytes[probe..<probe + marker.count]) == marker {
                    candidates.append((index, probe + marker.count))
                }
            }
            index += 1
        }
        guard !candidates.isEmpty else { return [] }
        let spans = scalarSpans(documents)
        var comments: [SuppressionComment] = []
        for candidate in candidates {
            let position = source.position(ofByte: candidate.offset)
            guard !spans.contains(where: { $0.start <= position && position < $0.end }) else { continue }
            let lineEnd = source.lineEndOffset(line: position.line)
            let body = String(decoding: bytes[min(candidate.markerEnd, lineEnd)..<lineEnd], as: UTF8.self)
            guard let parsed = parse(body) else { continue }
            let standsAlone = source.text(ofLine: position.line).prefix { $0 == " " || $0 == "\t" }.count == position.column - 1
            comments.append(SuppressionComment(
                rules: parsed.rules, reason: parsed.reason, wholeFile: parsed.wholeFile, position: position,
                targetLine: standsAlone ? nextContentLine(after: position.line, in: source) : position.line,
                text: "#" + String(decoding: bytes[(candidate.offset + 1)..<lineEnd], as: UTF8.self)))
        }
        return comments
    }

    /// `ignore RULES -- reason` or `ignore-file RULES -- reason`; nil when it is no suppression.
    static func parse(_ body: String) -> (rules: [String], reason: String?, wholeFile: Bool)? {
        let trimmed = body.drop { $0 == " " }
        let wholeFile: Bool
        let rest: Substring
        if trimmed.hasPrefix("ignore-file") {
            wholeFile = true
            rest = trimmed.dropFirst("ignore-file".count)
        } else if trimmed.hasPrefix("ignore") {
            wholeFile = false
            rest = trimmed.dropFirst("ignore".count)
        } else {
            return nil
        }
        guard rest.isEmpty || rest.first == " " else { return nil }
        let parts = rest.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false)
        let rules = (parts.first ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let reason = parts.count > 1 ? String(parts[1]).trimmed : nil
        return (rules, reason?.isEmpty == true ? nil : reason, wholeFile)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0A || byte == 0x0D
    }

    static func nextContentLine(after line: Int, in source: SourceLines) -> Int {
        var candidate = line + 1
        while candidate <= source.lineCount {
            let text = source.text(ofLine: candidate).drop { $0 == " " || $0 == "\t" }
            if !text.isEmpty, !text.hasPrefix("#") { return candidate }
            candidate += 1
        }
        return line + 1
    }

    /// Start and end of every scalar, keys included, walked without recursion.
    static func scalarSpans(_ documents: [YAMLNode]) -> [(start: SourcePosition, end: SourcePosition)] {
        var spans: [(SourcePosition, SourcePosition)] = []
        var stack = documents
        while let node = stack.popLast() {
            if node.alias != nil { continue }
            switch node.content {
            case .scalar: spans.append((node.start, node.end))
            case .sequence(let items): stack.append(contentsOf: items)
            case .mapping(let pairs):
                for pair in pairs {
                    stack.append(pair.key)
                    stack.append(pair.value)
                }
            }
        }
        return spans
    }
}

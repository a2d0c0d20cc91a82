import YAML

/// Maps Unicode-scalar offsets in a scalar's value back to line and column in the source,
/// for plain, single- and double-quoted (with escapes), literal and folded scalars.
///
/// It walks the source once from the scalar's first character, pairing each non-space
/// scalar of the value with the source character (or escape sequence) that produced it.
public struct ScalarSourceMap {
    /// For each value scalar: where it starts in the source and where it ends (exclusive).
    private var starts: [SourcePosition] = []
    private var ends: [SourcePosition] = []

    public init(scalar: YAMLScalar, node: YAMLNode, source: SourceLines) {
        guard let startOffset = source.byteOffset(of: node.start) else { return }
        var walker = SourceWalker(bytes: source.bytes, offset: startOffset, position: node.start)
        walker.skipNodeProperties()
        switch scalar.style {
        case .singleQuoted, .doubleQuoted:
            walker.advance()
        case .literal, .folded:
            walker.skipLine()
        case .plain:
            break
        }
        for valueScalar in scalar.value.unicodeScalars {
            if valueScalar.isWhitespace {
                starts.append(walker.position)
                ends.append(walker.position)
                continue
            }
            while let current = walker.current {
                if Self.isSourceSpace(current) {
                    walker.advance()
                } else if scalar.style == .doubleQuoted, current == "\\", walker.nextIsLineBreak {
                    walker.advance()
                } else {
                    break
                }
            }
            let start = walker.position
            if scalar.style == .doubleQuoted, walker.current == "\\" {
                walker.advance()
                walker.skipEscapeBody()
            } else if scalar.style == .singleQuoted, walker.current == "'" {
                walker.advance()
                if walker.current == "'" { walker.advance() }
            } else {
                walker.advance()
            }
            starts.append(start)
            ends.append(walker.position)
        }
    }

    /// The source span of value scalars `start..<end`.
    public func span(from start: Int, to end: Int) -> (start: SourcePosition, end: SourcePosition)? {
        guard start >= 0, end > start, end <= ends.count else { return nil }
        return (starts[start], ends[end - 1])
    }

    /// Source characters a value's whitespace may stand for: YAML's spaces and breaks, a byte
    /// order mark, and NEL, LS and PS, which YAML 1.2 keeps in values as they are.
    private static func isSourceSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{FEFF}", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }
}

/// Steps through UTF-8 source one Unicode scalar at a time, keeping line and column.
private struct SourceWalker {
    let bytes: [UInt8]
    var offset: Int
    var position: SourcePosition

    var current: Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<min(bytes.count, offset + 4)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    var nextIsLineBreak: Bool {
        offset + 1 < bytes.count && (bytes[offset + 1] == 0x0A || bytes[offset + 1] == 0x0D)
    }

    mutating func advance() {
        guard offset < bytes.count else { return }
        let byte = bytes[offset]
        if byte == 0x0A || (byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
            offset += 1
            position = SourcePosition(line: position.line + 1, column: 1)
            return
        }
        if byte == 0x0D {
            offset += 1
            return
        }
        offset += 1
        while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        position.column += 1
    }

    /// An anchor (`&name`) or tag (`!tag`) before the scalar itself, with the spaces after it.
    mutating func skipNodeProperties() {
        while let head = current, head == "&" || head == "!" {
            while let scalar = current, scalar != " ", scalar != "\t", scalar != "\n", scalar != "\r" { advance() }
            while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
        }
    }

    mutating func skipLine() {
        let line = position.line
        while current != nil, position.line == line { advance() }
    }

    /// After a backslash: the rest of one escape sequence, or an escaped line break.
    mutating func skipEscapeBody() {
        guard let head = current else { return }
        advance()
        let hexDigits: Int
        switch head {
        case "x": hexDigits = 2
        case "u": hexDigits = 4
        case "U": hexDigits = 8
        case "\n", "\r":
            return
        default: hexDigits = 0
        }
        for _ in 0..<hexDigits { advance() }
    }
}

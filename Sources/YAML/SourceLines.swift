/// The line structure of a file's bytes: turns byte offsets into positions and back,
/// and gives the text of a line. Built on demand, in one pass over the bytes.
public struct SourceLines: Sendable {
    public let bytes: [UInt8]
    /// Byte offset where each line starts; a line ends at LF, CR LF or a lone CR, as YAML reads them.
    private let lineStarts: LineStarts

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = bytes.count <= Int(UInt32.max) ? .narrow(Self.lineStarts(of: bytes)) : .wide(Self.lineStarts(of: bytes))
    }

    private static func lineStarts<Offset: FixedWidthInteger>(of bytes: [UInt8]) -> [Offset] {
        var starts: [Offset] = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(Offset(truncatingIfNeeded: index + 1))
            } else if byte == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(Offset(truncatingIfNeeded: index + 1))
            }
            index += 1
        }
        return starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The position of a byte offset (clamped to the file), columns counting Unicode scalars.
    public func position(ofByte offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The byte offset of a position, or nil when it lies outside the file.
    public func byteOffset(of position: SourcePosition) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
        let lineEnd = lineEndOffset(line: position.line)
        var index = lineStarts[position.line - 1]
        var column = 1
        while column < position.column {
            guard index < lineEnd else { return column == position.column ? index : nil }
            index += 1
            while index < lineEnd, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index
    }

    /// The text of a 1-based line without its line break (invalid UTF-8 repaired).
    public func text(ofLine line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        return String(decoding: bytes[start..<lineEndOffset(line: line)], as: UTF8.self)
    }

    /// Byte offset where a 1-based line starts (the end of the file for a line past it).
    public func lineStartOffset(line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        return lineStarts[line - 1]
    }

    /// Byte offset where the line's content ends, before its line break.
    public func lineEndOffset(line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > lineStarts[line - 1], line < lineStarts.count {
            end -= 1
            if bytes[end] == 0x0A, end > lineStarts[line - 1], bytes[end - 1] == 0x0D { end -= 1 }
        }
        return end
    }
}

/// Line start offsets, kept in 32 bits when the file allows: a file of short lines has as many
/// starts as a quarter of its bytes.
private enum LineStarts: Sendable {
    case narrow([UInt32])
    case wide([Int])

    var count: Int {
        switch self {
        case .narrow(let starts): return starts.count
        case .wide(let starts): return starts.count
        }
    }

    subscript(index: Int) -> Int {
        switch self {
        case .narrow(let starts): return Int(starts[index])
        case .wide(let starts): return starts[index]
        }
    }
}

import YAML

/// How an LSP `Position.character` counts within a line (LSP 3.17 `PositionEncodingKind`):
/// UTF-16 code units unless client and server agree on UTF-8 bytes or UTF-32 scalars.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The client's first offer that the server knows, in the client's order of preference;
    /// UTF-16, which every client must support, when it offers none.
    public static func negotiate(_ offered: [String]) -> PositionEncoding {
        offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }

    /// Units a scalar takes.
    func width(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return UTF8.width(scalar)
        case .utf16: return UTF16.width(scalar)
        case .utf32: return 1
        }
    }
}

/// A document's text with the line starts that turn LSP positions into byte offsets and back.
/// Every conversion clamps: a position past a line's end is its end, a line past the text is
/// the end of the text (LSP 3.17 asks servers to accept both), so no input can index out of range.
public struct LineMap: Sendable {
    public let text: String
    private let bytes: [UInt8]
    private let lines: SourceLines

    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        lines = SourceLines(bytes)
    }

    /// The byte offset of an LSP position (0-based line, `character` in `encoding` units).
    public func offset(line: Int, character: Int, encoding: PositionEncoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lines.lineCount else { return bytes.count }
        let start = lines.lineStartOffset(line: line + 1)
        let end = lineContentEnd(line + 1)
        var offset = start
        var units = 0
        let scalars = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars
        for scalar in scalars {
            let width = encoding.width(scalar)
            guard units + width <= character else { break }
            units += width
            offset += UTF8.width(scalar)
        }
        return offset
    }

    /// The LSP position (0-based line, `character` in `encoding` units) of a capaudit position
    /// (1-based line, column counting scalars).
    public func position(of place: SourcePosition, encoding: PositionEncoding) -> (line: Int, character: Int) {
        let line = min(max(place.line, 1), max(lines.lineCount, 1))
        guard lines.lineCount > 0 else { return (0, 0) }
        let start = lines.lineStartOffset(line: line)
        let end = lineContentEnd(line)
        var units = 0
        var column = 1
        for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
            guard column < place.column else { break }
            units += encoding.width(scalar)
            column += 1
        }
        return (line - 1, units)
    }

    /// The LSP position of a byte offset.
    public func position(ofByte offset: Int, encoding: PositionEncoding) -> (line: Int, character: Int) {
        position(of: lines.position(ofByte: min(max(offset, 0), bytes.count)), encoding: encoding)
    }

    /// Where the line's content ends: before its line break.
    private func lineContentEnd(_ line: Int) -> Int {
        lines.lineEndOffset(line: line)
    }

    /// The line's text without its line break, 1-based; empty past the end.
    public func lineText(_ line: Int) -> String {
        lines.text(ofLine: line)
    }

    public var lineCount: Int { lines.lineCount }
}

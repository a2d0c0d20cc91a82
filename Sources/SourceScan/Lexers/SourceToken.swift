/// What a token is, as far as evidence needs to know.
public enum TokenKind: UInt8, Sendable {
    case identifier
    case number
    /// A whole string literal, its interpolations included (also raw, multi-line and regex literals).
    case string
    case character
    /// `@Name`: a Kotlin or Java annotation, a Swift attribute.
    case annotation
    case punctuation
}

/// One token with its position: 1-based line, and column counted in Unicode scalars.
///
/// Fields are 32-bit because a token is made for every word of every scanned file; source files
/// are limited to `ScanLimits.maxFileBytes`, far below 2 GiB.
public struct SourceToken: Sendable, Equatable {
    public let kind: TokenKind
    let start: Int32
    let end: Int32
    let line32: Int32
    let column32: Int32
    /// How many brackets (`(`, `[`, `{`) are open around the token; a bracket pair sits at the
    /// level outside it.
    let level32: Int32

    init(kind: TokenKind, start: Int, end: Int, line: Int, column: Int, level: Int) {
        self.kind = kind
        self.start = Int32(clamping: start)
        self.end = Int32(clamping: end)
        line32 = Int32(clamping: line)
        column32 = Int32(clamping: column)
        level32 = Int32(clamping: level)
    }

    public var line: Int { Int(line32) }
    public var column: Int { Int(column32) }
    var level: Int { Int(level32) }
    var byteRange: Range<Int> { Int(start)..<Int(end) }
    var length: Int { Int(end - start) }
}

/// A file's bytes and its tokens. Token text is read from the bytes, never copied.
struct LexedSource {
    let bytes: [UInt8]
    var tokens: [SourceToken]

    func text(_ token: SourceToken) -> String {
        String(decoding: bytes[token.byteRange], as: UTF8.self)
    }

    func text(at index: Int) -> String {
        tokens.indices.contains(index) ? text(tokens[index]) : ""
    }

    /// Whether the token at `index` is exactly `word` (ASCII), without building a string.
    func token(at index: Int, is word: StaticString) -> Bool {
        guard tokens.indices.contains(index) else { return false }
        let token = tokens[index]
        guard token.length == word.utf8CodeUnitCount else { return false }
        var offset = Int(token.start)
        let pointer = word.utf8Start
        for position in 0..<word.utf8CodeUnitCount {
            if bytes[offset] != pointer[position] { return false }
            offset += 1
        }
        return true
    }

    /// Whether the token at `index` is the one-byte punctuation `byte`.
    func token(at index: Int, isPunctuation byte: UInt8) -> Bool {
        guard tokens.indices.contains(index) else { return false }
        let token = tokens[index]
        return token.kind == .punctuation && token.length == 1 && bytes[Int(token.start)] == byte
    }

    func kind(at index: Int) -> TokenKind? {
        tokens.indices.contains(index) ? tokens[index].kind : nil
    }

    /// Whether the token's bytes equal `other`.
    func token(_ token: SourceToken, equals other: [UInt8]) -> Bool {
        guard token.length == other.count else { return false }
        var offset = Int(token.start)
        for byte in other {
            if bytes[offset] != byte { return false }
            offset += 1
        }
        return true
    }
}

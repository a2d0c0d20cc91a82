/// Groovy, for `build.gradle`: `'…'`, `'''…'''`, `"…"` and `"""…"""` with `${…}`, slashy `/…/` and
/// dollar-slashy `$/…/$` strings. A `/` is a slashy string only where a value can start (not after
/// a name, number, string or closing bracket); a slashy string ends at the line break, so that a
/// division read as one cannot swallow the file.
enum GroovySyntax: LanguageSyntax {
    static let blockCommentsNest = false
    static let backtickIdentifiers = false

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        switch cursor.peek() {
        case ASCII.apostrophe where cursor.matches("'''"):
            return LiteralDelimiter(openerLength: 3, closingQuote: ASCII.apostrophe, quoteCount: 3, endsAtLineBreak: false)
        case ASCII.apostrophe:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.apostrophe)
        case ASCII.quote where cursor.matches("\"\"\""):
            return LiteralDelimiter(
                openerLength: 3, closingQuote: ASCII.quote, quoteCount: 3, interpolation: .dollarBraces, endsAtLineBreak: false)
        case ASCII.quote:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.quote, interpolation: .dollarBraces)
        case ASCII.dollar where cursor.peek(1) == ASCII.slash:
            return LiteralDelimiter(
                openerLength: 2, closingQuote: ASCII.slash, closingSuffix: ASCII.dollar, hashes: 1, escapes: .dollar,
                interpolation: .dollarBraces, endsAtLineBreak: false)
        case ASCII.slash where slashyStringCanStart(after: previous, in: cursor):
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.slash, interpolation: .dollarBraces)
        default:
            return nil
        }
    }

    private static func slashyStringCanStart(after previous: SourceToken?, in cursor: ByteCursor) -> Bool {
        guard let previous, previous.kind == .punctuation else { return false }
        return !ASCII.isCloser(cursor.bytes[Int(previous.end) - 1])
    }
}

typealias GroovyLexer = CodeLexer<GroovySyntax>

/// Reads SDK levels from Gradle build files, Groovy or Kotlin DSL, from their tokens (so comments
/// and strings never count): `minSdk = 26`, `minSdk 26`, `minSdkVersion(26)`, `minSdkVersion 26`,
/// and the same for `targetSdk`/`targetSdkVersion`. A value that is not one integer literal is
/// unknown. Declarations of variables with these names (`val minSdk = 26`, `def`, an `ext { }`
/// block, `ext.minSdk = 26`) are not settings.
enum GradleReader {
    private static let settingKeys: [String: SDKSetting.Key] = [
        "minSdk": .minSdk, "minSdkVersion": .minSdk, "targetSdk": .targetSdk, "targetSdkVersion": .targetSdk,
    ]

    static func settings(in source: LexedSource, file: String) -> [SDKSetting] {
        let pairs = BracketPairs(source)
        var settings: [SDKSetting] = []
        var blocks: [String] = []
        for (index, token) in source.tokens.enumerated() {
            if source.token(at: index, isPunctuation: ASCII.openBrace) {
                blocks.append(source.kind(at: index - 1) == .identifier ? source.text(at: index - 1) : "")
                continue
            }
            if source.token(at: index, isPunctuation: ASCII.closeBrace) {
                _ = blocks.popLast()
                continue
            }
            guard token.kind == .identifier, let key = settingKeys[source.text(token)] else { continue }
            if isVariable(at: index, in: source) || blocks.contains("ext") { continue }
            guard let value = valueRange(after: index, in: source, pairs: pairs) else { continue }
            let valueTokens = source.tokens[value]
            let number = valueTokens.count == 1 && valueTokens.first?.kind == .number ? Int(source.text(at: value.lowerBound)) : nil
            settings.append(
                SDKSetting(
                    key: key, name: source.text(token), value: number, valueText: text(of: value, in: source),
                    location: SourceLocation(file: file, line: token.line, column: token.column),
                    block: blocks.filter { !$0.isEmpty }.joined(separator: ".")))
        }
        return settings
    }

    private static func isVariable(at index: Int, in source: LexedSource) -> Bool {
        if source.token(at: index - 1, is: "val") || source.token(at: index - 1, is: "var") || source.token(at: index - 1, is: "def") { return true }
        return source.token(at: index - 1, isPunctuation: ASCII.dot) && (source.token(at: index - 2, is: "ext") || source.token(at: index - 2, is: "extra"))
    }

    /// The tokens of the value set at `index`, or nil when the name is read rather than set.
    private static func valueRange(after index: Int, in source: LexedSource, pairs: BracketPairs) -> Range<Int>? {
        let line = source.tokens[index].line
        let next = index + 1
        guard source.tokens.indices.contains(next) else { return nil }
        if source.token(at: next, isPunctuation: ASCII.equals) {
            return restOfStatement(from: next + 1, line: source.tokens[next].line, in: source)
        }
        if source.token(at: next, isPunctuation: ASCII.openParen) {
            guard let close = pairs.partner(of: next), close > next + 1 else { return nil }
            return (next + 1)..<min(close, next + 1 + ScanLimits.assignmentValueTokens)
        }
        let kind = source.tokens[next].kind
        guard source.tokens[next].line == line, kind == .number || kind == .identifier || kind == .string else { return nil }
        return restOfStatement(from: next, line: line, in: source)
    }

    /// From `start` to the end of the line (or a `;` or `}`), at least one token and at most
    /// `ScanLimits.assignmentValueTokens`, so that a hostile one-line file stays linear.
    private static func restOfStatement(from start: Int, line: Int, in source: LexedSource) -> Range<Int>? {
        guard source.tokens.indices.contains(start) else { return nil }
        let valueLine = max(line, source.tokens[start].line)
        var end = start + 1
        while source.tokens.indices.contains(end), end - start < ScanLimits.assignmentValueTokens, source.tokens[end].line == valueLine,
            !source.token(at: end, isPunctuation: ASCII.semicolon), !source.token(at: end, isPunctuation: ASCII.closeBrace)
        {
            end += 1
        }
        return start..<end
    }

    private static func text(of range: Range<Int>, in source: LexedSource) -> String {
        guard let first = source.tokens[range].first, let last = source.tokens[range].last else { return "" }
        return String(decoding: source.bytes[Int(first.start)..<Int(last.end)], as: UTF8.self)
    }
}

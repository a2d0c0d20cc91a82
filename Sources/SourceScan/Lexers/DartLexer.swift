/// Dart: `'…'` and `"…"` strings, triple-quoted `'''…'''` and `"""…"""` ones, raw strings with an
/// `r` prefix (where a backslash and a `$` are text), `${…}` interpolation, nested block comments.
enum DartSyntax: LanguageSyntax {
    static let blockCommentsNest = true
    static let backtickIdentifiers = false

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        let isRaw = cursor.peek() == UInt8(ascii: "r")
        let quoteAt = isRaw ? 1 : 0
        let quote = cursor.peek(quoteAt)
        guard quote == ASCII.quote || quote == ASCII.apostrophe else { return nil }
        let isTriple = cursor.peek(quoteAt + 1) == quote && cursor.peek(quoteAt + 2) == quote
        return LiteralDelimiter(
            openerLength: quoteAt + (isTriple ? 3 : 1), closingQuote: quote, quoteCount: isTriple ? 3 : 1, escapes: isRaw ? .none : .backslash,
            interpolation: isRaw ? .none : .dollarBraces, endsAtLineBreak: !isTriple)
    }
}

typealias DartLexer = CodeLexer<DartSyntax>

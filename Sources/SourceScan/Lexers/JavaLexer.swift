/// Java: `"…"` strings, `"""…"""` text blocks, `'c'` characters; block comments do not nest;
/// Unicode escapes are translated first.
enum JavaSyntax: LanguageSyntax {
    static let blockCommentsNest = false
    static let backtickIdentifiers = false
    static let translatesUnicodeEscapes = true
    static let tildeStandsAlone = true

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        switch cursor.peek() {
        case ASCII.quote where cursor.matches("\"\"\""):
            return LiteralDelimiter(openerLength: 3, closingQuote: ASCII.quote, quoteCount: 3, endsAtLineBreak: false)
        case ASCII.quote:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.quote)
        case ASCII.apostrophe:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.apostrophe, kind: .character)
        default:
            return nil
        }
    }
}

typealias JavaLexer = CodeLexer<JavaSyntax>

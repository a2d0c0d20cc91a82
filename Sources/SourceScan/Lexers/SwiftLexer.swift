/// Swift: `"…"` and `"""…"""` strings with `\(…)` interpolation, raw strings `#"…"#`, `##"…"##`,
/// `#"""…"""#` (where only `\#(` interpolates), extended regex literals `#/…/#`, nested block
/// comments, backticked identifiers; bare `/regex/` literals, and `#if false` blocks left unread.
enum SwiftSyntax: LanguageSyntax {
    static let blockCommentsNest = true
    static let backtickIdentifiers = true
    static let swiftDirectivesAndRegex = true

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        var hashes = 0
        while cursor.peek(hashes) == ASCII.hash { hashes += 1 }
        let quoteAt = hashes
        switch cursor.peek(quoteAt) {
        case ASCII.quote where cursor.matches("\"\"\"", ahead: quoteAt):
            return LiteralDelimiter(
                openerLength: quoteAt + 3, closingQuote: ASCII.quote, quoteCount: 3, hashes: hashes,
                interpolation: .backslashParen, endsAtLineBreak: false)
        case ASCII.quote:
            return LiteralDelimiter(openerLength: quoteAt + 1, closingQuote: ASCII.quote, hashes: hashes, interpolation: .backslashParen)
        case ASCII.slash where hashes > 0:
            let multiLine = cursor.peek(quoteAt + 1) == ASCII.newline || cursor.peek(quoteAt + 1) == ASCII.carriageReturn
            return LiteralDelimiter(openerLength: quoteAt + 1, closingQuote: ASCII.slash, hashes: hashes, escapes: .regex, endsAtLineBreak: !multiLine)
        default:
            return nil
        }
    }
}

typealias SwiftLexer = CodeLexer<SwiftSyntax>

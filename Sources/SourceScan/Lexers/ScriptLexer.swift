/// TypeScript and JavaScript: `'…'` and `"…"` strings, template literals `` `…` `` with `${…}`,
/// regular expression literals (a `/` where a value can start), block comments that do not nest.
enum TypeScriptSyntax: LanguageSyntax {
    static let blockCommentsNest = false
    static let backtickIdentifiers = false
    static let scriptRegexLiterals = true
    static let valueKeywords: [StaticString] = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await",
    ]

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        switch cursor.peek() {
        case ASCII.quote:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.quote)
        case ASCII.apostrophe:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.apostrophe)
        case ASCII.backtick:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.backtick, interpolation: .dollarBraces, endsAtLineBreak: false)
        default:
            return nil
        }
    }
}

/// TSX and JavaScript with JSX (`.tsx`, `.jsx`, `.js`): TypeScript's syntax, and JSX elements
/// where a value can start. Their text is not code; their attributes' names and `{…}` values are.
enum JSXSyntax: LanguageSyntax {
    static let blockCommentsNest = false
    static let backtickIdentifiers = false
    static let scriptRegexLiterals = true
    static let jsxElements = true
    static var valueKeywords: [StaticString] { TypeScriptSyntax.valueKeywords }

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        TypeScriptSyntax.literalOpening(at: cursor, after: previous)
    }
}

typealias TypeScriptLexer = CodeLexer<TypeScriptSyntax>
typealias JSXLexer = CodeLexer<JSXSyntax>

/// Kotlin: `"…"` and raw `"""…"""` strings with `$name` and `${…}` templates, `'c'` characters,
/// nested block comments, backticked identifiers. Also Gradle's Kotlin DSL (`build.gradle.kts`).
enum KotlinSyntax: LanguageSyntax {
    static let blockCommentsNest = true
    static let backtickIdentifiers = true

    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter? {
        switch cursor.peek() {
        case ASCII.quote where cursor.matches("\"\"\""):
            return LiteralDelimiter(
                openerLength: 3, closingQuote: ASCII.quote, quoteCount: 3, escapes: .none, interpolation: .dollarBraces,
                endsAtLineBreak: false, closesOnLongestQuoteRun: true)
        case ASCII.quote:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.quote, interpolation: .dollarBraces)
        case ASCII.apostrophe:
            return LiteralDelimiter(openerLength: 1, closingQuote: ASCII.apostrophe, kind: .character)
        default:
            return nil
        }
    }
}

typealias KotlinLexer = CodeLexer<KotlinSyntax>

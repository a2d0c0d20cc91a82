/// How a string-like literal is written: what ends it, what escapes, what interpolates.
struct LiteralDelimiter {
    enum Escapes {
        /// Kotlin raw strings: a backslash is text.
        case none
        /// `\` escapes the next byte; with `hashes` > 0 only `\#…#` does (Swift raw strings), and
        /// `\(` (`\#(`) opens an interpolation when `interpolation` is `.backslashParen`.
        case backslash
        /// Groovy dollar-slashy strings: `$$` and `$/` are escapes.
        case dollar
        /// Swift regex literals: `\` escapes the next byte whatever the delimiter's hashes.
        case regex
    }

    enum Interpolation {
        case none
        /// `${ … }` (Kotlin, Groovy); `$name` needs no care, it cannot hide a delimiter.
        case dollarBraces
        /// `\( … )` (Swift).
        case backslashParen
    }

    /// Bytes of the opening delimiter.
    var openerLength: Int
    /// The closing delimiter: `closingQuote` `quoteCount` times, then `closingSuffix` `hashes` times.
    var closingQuote: UInt8
    var quoteCount = 1
    var closingSuffix = ASCII.hash
    var hashes = 0
    var escapes = Escapes.backslash
    var interpolation = Interpolation.none
    /// An unterminated single-line literal ends at the line break rather than swallowing the file.
    var endsAtLineBreak = true
    /// Kotlin raw strings end at the last `"` of a run of three or more.
    var closesOnLongestQuoteRun = false
    var kind = TokenKind.string
}

/// What differs between the C-family languages the scanner reads: how literals open, whether
/// block comments nest, whether backticks quote identifiers. Everything else is `CodeLexer`.
protocol LanguageSyntax {
    static var blockCommentsNest: Bool { get }
    static var backtickIdentifiers: Bool { get }
    /// Java: `\uXXXX` escapes are translated before lexing (JLS 3.3).
    static var translatesUnicodeEscapes: Bool { get }
    /// Swift: `#if`/`#elseif`/`#else`/`#endif` blocks, and bare `/regex/` literals where a value can start.
    static var swiftDirectivesAndRegex: Bool { get }
    /// Java: `~` is only ever a unary operator, so `&~X` is `&` then `~X`.
    static var tildeStandsAlone: Bool { get }
    /// TypeScript/JavaScript: `/regex/flags` literals where a value can start.
    static var scriptRegexLiterals: Bool { get }
    /// TSX/JSX: `<Element …>` where a value can start.
    static var jsxElements: Bool { get }
    /// Keywords after which a value (a regex literal, a JSX element) can start.
    static var valueKeywords: [StaticString] { get }
    /// The literal that starts at the cursor, if any; `previous` is the last token (Groovy needs
    /// it to tell a slashy string from a division).
    static func literalOpening(at cursor: ByteCursor, after previous: SourceToken?) -> LiteralDelimiter?
}

extension LanguageSyntax {
    static var translatesUnicodeEscapes: Bool { false }
    static var swiftDirectivesAndRegex: Bool { false }
    static var tildeStandsAlone: Bool { false }
    static var scriptRegexLiterals: Bool { false }
    static var jsxElements: Bool { false }
    static var valueKeywords: [StaticString] {
        ["return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else", "switch"]
    }
}

/// A linear lexer for Kotlin, Java, Swift, Groovy, Dart and TypeScript/JavaScript: identifiers, numbers, punctuation and whole
/// literals outside comments, each with its position and bracket level.
struct CodeLexer<Syntax: LanguageSyntax> {
    private enum LiteralFrame {
        case literal(LiteralDelimiter)
        case interpolation(opener: UInt8, closer: UInt8, depth: Int)
    }

    /// About how many bytes of typical code make one token: enough room that the token array
    /// rarely grows.
    private static var bytesPerToken: Int { 5 }

    private var cursor: ByteCursor
    private var tokens: [SourceToken] = []
    private var level = 0
    /// Kept between literals so that reading one does not allocate.
    private var frames: [LiteralFrame] = []
    /// Open Swift `#if` blocks, innermost last.
    private var conditions: [ConditionalBlock] = []
    /// No bare regex literal can close before this offset: a scan from an earlier `/` reached the
    /// line's end without finding one (so each line is scanned for regex closers once).
    private var regexCloserAbsentBefore = 0
    /// Open JSX constructs, innermost last: code is read only when this is empty or ends in an expression.
    private var jsx: [JSXFrame] = []

    private enum JSXFrame {
        /// Inside an element's opening tag: its name and attributes.
        case tag
        /// Between an element's tags: text, child elements and `{…}` expressions.
        case children
        /// A `{…}` in JSX (an attribute's value, a spread, a child): code until the brace opened at `level` closes.
        case expression(level: Int)
    }

    private init(_ bytes: [UInt8]) {
        cursor = ByteCursor(bytes)
        tokens.reserveCapacity(bytes.count / Self.bytesPerToken)
    }

    /// The tokens of `bytes`. Where the language translates Unicode escapes, token text is read
    /// from the translated bytes and positions still name the original ones.
    static func lex(_ bytes: [UInt8]) -> LexedSource {
        guard Syntax.translatesUnicodeEscapes, let translation = UnicodeEscapeTranslation.translate(bytes) else {
            var lexer = CodeLexer(bytes)
            lexer.run()
            return LexedSource(bytes: bytes, tokens: lexer.tokens)
        }
        var lexer = CodeLexer(translation.bytes)
        lexer.run()
        var original = ByteCursor(bytes)
        let tokens = lexer.tokens.map { token in
            original.advance(to: translation.originalOffsets[Int(token.start)])
            return SourceToken(
                kind: token.kind, start: Int(token.start), end: Int(token.end), line: original.line, column: original.column(),
                level: token.level)
        }
        return LexedSource(bytes: translation.bytes, tokens: tokens)
    }

    private mutating func run() {
        while true {
            switch jsx.last {
            case .tag?:
                readJSXTag()
                if cursor.atEnd { return }
                continue
            case .children?:
                readJSXChildren()
                if cursor.atEnd { return }
                continue
            case .expression?, nil:
                break
            }
            skipWhitespaceAndComments()
            if cursor.atEnd { return }
            let start = cursor.offset
            let line = cursor.line
            let column = cursor.column()
            let byte = cursor.peek()
            if Syntax.swiftDirectivesAndRegex, byte == ASCII.hash, let directive = directiveAtCursor() {
                readDirective(directive)
            } else if Syntax.swiftDirectivesAndRegex, byte == ASCII.slash, let end = bareRegexEnd() {
                cursor.skip(end - cursor.offset)
                emit(.string, start, line, column)
            } else if Syntax.scriptRegexLiterals, byte == ASCII.slash, let end = scriptRegexEnd() {
                cursor.skip(end - cursor.offset)
                emit(.string, start, line, column)
            } else if Syntax.jsxElements, byte == ASCII.less, jsxElementStarts() {
                cursor.skip(1)
                emit(.punctuation, start, line, column)
                jsx.append(.tag)
            } else if let delimiter = Syntax.literalOpening(at: cursor, after: tokens.last) {
                readLiteral(delimiter)
                emit(delimiter.kind, start, line, column)
            } else if ASCII.isIdentifierStart(byte) {
                skipIdentifierBytes()
                emit(.identifier, start, line, column)
            } else if ASCII.isDigit(byte) {
                readNumber()
                emit(.number, start, line, column)
            } else if byte == ASCII.at, ASCII.isIdentifierStart(cursor.peek(1)) {
                cursor.skip(1)
                skipIdentifierBytes()
                emit(.annotation, start, line, column)
            } else if byte == ASCII.backtick, Syntax.backtickIdentifiers {
                readBacktickIdentifier(line: line, column: column)
            } else {
                readPunctuation()
                emit(.punctuation, start, line, column)
            }
        }
    }

    private mutating func emit(_ kind: TokenKind, _ start: Int, _ line: Int, _ column: Int) {
        guard !inInactiveBlock else { return }
        var tokenLevel = level
        if kind == .punctuation, cursor.offset - start == 1 {
            let byte = cursor.bytes[start]
            if ASCII.isOpener(byte) {
                level += 1
            } else if ASCII.isCloser(byte) {
                level = max(0, level - 1)
                tokenLevel = level
                if byte == ASCII.closeBrace, case .expression(let opened)? = jsx.last, opened == level { jsx.removeLast() }
            }
        }
        tokens.append(SourceToken(kind: kind, start: start, end: cursor.offset, line: line, column: column, level: tokenLevel))
    }

    private mutating func skipWhitespaceAndComments() {
        while !cursor.atEnd {
            let byte = cursor.peek()
            if ASCII.isWhitespace(byte) {
                cursor.advance()
            } else if byte == ASCII.slash, cursor.peek(1) == ASCII.slash {
                cursor.skipRestOfLine()
            } else if byte == ASCII.slash, cursor.peek(1) == ASCII.star {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Skips `/* … */`, nested when the language nests them; an unterminated comment ends the file.
    private mutating func skipBlockComment() {
        cursor.skip(2)
        var depth = 1
        while !cursor.atEnd {
            if cursor.peek() == ASCII.star, cursor.peek(1) == ASCII.slash {
                cursor.skip(2)
                depth -= 1
                if depth == 0 { return }
            } else if Syntax.blockCommentsNest, cursor.peek() == ASCII.slash, cursor.peek(1) == ASCII.star {
                cursor.skip(2)
                depth += 1
            } else {
                cursor.advance()
            }
        }
    }

    private mutating func skipHashes() {
        while cursor.peek() == ASCII.hash { cursor.skip(1) }
    }

    private mutating func skipIdentifierBytes() {
        while ASCII.isIdentifierByte(cursor.peek()) { cursor.skip(1) }
    }

    /// Digits, letters (hex digits, suffixes, exponents), `_`, a `.` followed by a digit, and a sign
    /// after an exponent letter.
    private mutating func readNumber() {
        let isHex = cursor.peek() == UInt8(ascii: "0") && (cursor.peek(1) | 0x20) == UInt8(ascii: "x")
        while true {
            let byte = cursor.peek()
            if ASCII.isIdentifierByte(byte), byte < 0x80 {
                cursor.skip(1)
                let lowered = byte | 0x20
                let isExponent = isHex ? lowered == UInt8(ascii: "p") : lowered == UInt8(ascii: "e")
                if isExponent, cursor.peek() == ASCII.plus || cursor.peek() == ASCII.minus, ASCII.isDigit(cursor.peek(1)) {
                    cursor.skip(1)
                }
            } else if byte == ASCII.dot, ASCII.isDigit(cursor.peek(1)) {
                cursor.skip(1)
            } else {
                return
            }
        }
    }

    /// `` `name` ``: the token is the name without the backticks, positioned at the first backtick.
    private mutating func readBacktickIdentifier(line: Int, column: Int) {
        cursor.skip(1)
        let nameStart = cursor.offset
        while !cursor.atEnd, cursor.peek() != ASCII.backtick, !cursor.atLineBreak { cursor.skip(1) }
        let nameEnd = cursor.offset
        if cursor.peek() == ASCII.backtick { cursor.skip(1) }
        guard !inInactiveBlock else { return }
        if nameEnd == nameStart {
            tokens.append(SourceToken(kind: .punctuation, start: nameStart - 1, end: cursor.offset, line: line, column: column, level: level))
        } else {
            tokens.append(SourceToken(kind: .identifier, start: nameStart, end: nameEnd, line: line, column: column, level: level))
        }
    }

    /// Operators are read greedily except `<` and `>`, which stay single so that generic brackets
    /// can be counted (`List<List<T>>`) and `=` stays apart from `>=`; `->`, `::` and runs of dots
    /// (`..`, `...`, `..<`) are single tokens; brackets and separators are one byte each.
    private mutating func readPunctuation() {
        let byte = cursor.peek()
        if byte == ASCII.minus, cursor.peek(1) == ASCII.greater {
            cursor.skip(2)
        } else if byte == ASCII.tilde, Syntax.tildeStandsAlone {
            cursor.skip(1)
        } else if Self.isOperatorByte(byte) {
            while Self.isOperatorByte(cursor.peek()) {
                if cursor.peek() == ASCII.slash, cursor.peek(1) == ASCII.slash || cursor.peek(1) == ASCII.star { return }
                if cursor.peek() == ASCII.tilde, Syntax.tildeStandsAlone { return }
                cursor.skip(1)
            }
        } else if byte == ASCII.dot {
            var dots = 0
            while dots < 3, cursor.peek() == ASCII.dot {
                cursor.skip(1)
                dots += 1
            }
            if dots == 2, cursor.peek() == ASCII.less { cursor.skip(1) }
        } else if byte == ASCII.colon, cursor.peek(1) == ASCII.colon {
            cursor.skip(2)
        } else if byte == ASCII.hash {
            // No literal opened at the run's first `#`, so none opens inside it: one token, read once.
            skipHashes()
        } else if byte >= 0x80 {
            cursor.skip(1)
            while cursor.peek() & 0xC0 == 0x80 { cursor.skip(1) }
        } else {
            cursor.advance()
        }
    }

    private static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.equals, ASCII.plus, ASCII.minus, ASCII.star, ASCII.slash, UInt8(ascii: "%"), UInt8(ascii: "!"),
            ASCII.ampersand, UInt8(ascii: "|"), UInt8(ascii: "^"), ASCII.tilde, ASCII.question:
            return true
        default:
            return false
        }
    }

    // MARK: Literals

    /// Reads a literal whole, interpolations and the literals nested in them included, with an
    /// explicit stack so that deep nesting cannot overflow the call stack.
    private mutating func readLiteral(_ delimiter: LiteralDelimiter) {
        frames.removeAll(keepingCapacity: true)
        cursor.skip(delimiter.openerLength)
        frames.append(.literal(delimiter))
        while let frame = frames.last, !cursor.atEnd {
            switch frame {
            case .literal(let delimiter):
                readLiteralBody(delimiter)
            case .interpolation(let opener, let closer, let depth):
                readInterpolatedCode(opener: opener, closer: closer, depth: depth)
            }
        }
    }

    /// Reads literal text until the literal ends (pops its frame) or an interpolation opens (pushes one).
    private mutating func readLiteralBody(_ delimiter: LiteralDelimiter) {
        while !cursor.atEnd {
            let byte = cursor.peek()
            if ASCII.isLineBreak(byte), delimiter.endsAtLineBreak {
                frames.removeLast()
                return
            }
            if byte == delimiter.closingQuote, isClosing(delimiter) {
                cursor.skip(delimiter.quoteCount + delimiter.hashes)
                if delimiter.closesOnLongestQuoteRun {
                    while cursor.peek() == delimiter.closingQuote { cursor.skip(1) }
                }
                frames.removeLast()
                return
            }
            switch delimiter.escapes {
            case .backslash where byte == ASCII.backslash:
                let hashes = countRun(of: ASCII.hash, from: 1, upTo: delimiter.hashes)
                guard hashes == delimiter.hashes else {
                    cursor.skip(1)
                    continue
                }
                cursor.skip(1 + hashes)
                // A backslash never carries a single-line literal over a line break (no language read allows it).
                if delimiter.endsAtLineBreak, cursor.atLineBreak { continue }
                if delimiter.interpolation == .backslashParen, cursor.peek() == ASCII.openParen {
                    cursor.skip(1)
                    frames.append(.interpolation(opener: ASCII.openParen, closer: ASCII.closeParen, depth: 1))
                    return
                }
                cursor.advance()
                continue
            case .dollar where byte == ASCII.dollar && (cursor.peek(1) == ASCII.dollar || cursor.peek(1) == ASCII.slash):
                cursor.skip(2)
                continue
            case .regex where byte == ASCII.backslash:
                cursor.skip(1)
                if !(delimiter.endsAtLineBreak && cursor.atLineBreak) { cursor.advance() }
                continue
            default:
                break
            }
            if delimiter.interpolation == .dollarBraces, byte == ASCII.dollar, cursor.peek(1) == ASCII.openBrace {
                cursor.skip(2)
                frames.append(.interpolation(opener: ASCII.openBrace, closer: ASCII.closeBrace, depth: 1))
                return
            }
            cursor.advance()
        }
    }

    private func isClosing(_ delimiter: LiteralDelimiter) -> Bool {
        countRun(of: delimiter.closingQuote, from: 0, upTo: delimiter.quoteCount) == delimiter.quoteCount
            && countRun(of: delimiter.closingSuffix, from: delimiter.quoteCount, upTo: delimiter.hashes) == delimiter.hashes
    }

    /// How many `byte`s follow at `from` bytes ahead, counting at most `limit`.
    private func countRun(of byte: UInt8, from: Int, upTo limit: Int) -> Int {
        var count = 0
        while count < limit, cursor.peek(from + count) == byte { count += 1 }
        return count
    }

    /// Reads code inside an interpolation until its closing bracket (pops the frame) or a nested
    /// literal opens (pushes one). Comments are skipped; brackets of the interpolation's kind counted.
    private mutating func readInterpolatedCode(opener: UInt8, closer: UInt8, depth: Int) {
        var depth = depth
        while !cursor.atEnd {
            let byte = cursor.peek()
            if byte == ASCII.slash, cursor.peek(1) == ASCII.slash {
                cursor.skipRestOfLine()
            } else if byte == ASCII.slash, cursor.peek(1) == ASCII.star {
                skipBlockComment()
            } else if let nested = Syntax.literalOpening(at: cursor, after: nil) {
                frames[frames.count - 1] = .interpolation(opener: opener, closer: closer, depth: depth)
                cursor.skip(nested.openerLength)
                frames.append(.literal(nested))
                return
            } else if byte == ASCII.hash {
                skipHashes()
            } else if byte == opener {
                depth += 1
                cursor.skip(1)
            } else if byte == closer {
                cursor.skip(1)
                depth -= 1
                if depth == 0 {
                    frames.removeLast()
                    return
                }
            } else if ASCII.isIdentifierStart(byte) {
                skipIdentifierBytes()
            } else {
                cursor.advance()
            }
        }
    }

    // MARK: Swift conditional compilation and bare regex literals

    private enum Directive {
        case ifBlock, elseIf, elseBlock, endIf
    }

    /// A Swift `#if` block: whether the code around it is read, whether a branch was surely
    /// taken (its condition is literally `true`, and every branch before it literally `false`),
    /// and whether the current branch is read.
    private struct ConditionalBlock {
        var outerActive: Bool
        var surelyTaken: Bool
        var someBranchUnknown: Bool
        var active: Bool
    }

    private var inInactiveBlock: Bool { conditions.last.map { !$0.active } ?? false }

    /// `#if`, `#elseif`, `#else` or `#endif` at the cursor, ending at a byte that cannot continue a name.
    private func directiveAtCursor() -> Directive? {
        let candidates: [(StaticString, Directive)] = [("#if", .ifBlock), ("#elseif", .elseIf), ("#else", .elseBlock), ("#endif", .endIf)]
        for (text, directive) in candidates where cursor.matches(text) && !ASCII.isIdentifierByte(cursor.peek(text.utf8CodeUnitCount)) {
            return directive
        }
        return nil
    }

    /// Reads a directive line. Only a condition that is literally `false` (or `true`, which rules
    /// out the branches after it) decides anything: every other condition (`DEBUG`, `os(iOS)`)
    /// may hold in some build, so its code is read as code.
    private mutating func readDirective(_ directive: Directive) {
        cursor.skip(1)
        skipIdentifierBytes()
        var condition: Bool?
        if directive == .ifBlock || directive == .elseIf {
            let conditionStart = cursor.offset
            while !cursor.atEnd, !cursor.atLineBreak, !(cursor.peek() == ASCII.slash && (cursor.peek(1) == ASCII.slash || cursor.peek(1) == ASCII.star)) {
                cursor.skip(1)
            }
            condition = Self.literalCondition(cursor.bytes[conditionStart..<cursor.offset])
        }
        let outerActive = !inInactiveBlock
        switch directive {
        case .ifBlock:
            conditions.append(ConditionalBlock(
                outerActive: outerActive, surelyTaken: condition == true, someBranchUnknown: condition == nil,
                active: outerActive && condition != false))
        case .elseIf:
            guard var block = conditions.popLast() else { return }
            block.active = block.outerActive && !block.surelyTaken && condition != false
            if condition == true, !block.someBranchUnknown { block.surelyTaken = true }
            if condition == nil { block.someBranchUnknown = true }
            conditions.append(block)
        case .elseBlock:
            guard var block = conditions.popLast() else { return }
            block.active = block.outerActive && !block.surelyTaken
            conditions.append(block)
        case .endIf:
            _ = conditions.popLast()
        }
    }

    /// `true` or `false` when the condition is one of those words (in parentheses or negated with
    /// `!`), nil for anything else.
    private static func literalCondition(_ bytes: ArraySlice<UInt8>) -> Bool? {
        let compact = bytes.filter { !ASCII.isWhitespace($0) && $0 != ASCII.openParen && $0 != ASCII.closeParen }
        var negations = 0
        while negations < compact.count, compact[negations] == UInt8(ascii: "!") { negations += 1 }
        let word = compact.dropFirst(negations)
        let value: Bool
        if word.elementsEqual("true".utf8) {
            value = true
        } else if word.elementsEqual("false".utf8) {
            value = false
        } else {
            return nil
        }
        return negations % 2 == 0 ? value : !value
    }

    /// Where a bare `/regex/` literal that starts at the cursor ends (past its closing `/`), or nil
    /// when the `/` is an operator: a regex starts only where a value can (at the start, after an
    /// operator, an opening bracket, a separator or a keyword such as `return`), never with a space,
    /// and closes on the same line (SE-0354).
    private mutating func bareRegexEnd() -> Int? {
        guard cursor.offset >= regexCloserAbsentBefore, valueCanStart(after: tokens.last) else { return nil }
        let first = cursor.peek(1)
        guard first != ASCII.space, first != ASCII.tab, first != ASCII.equals, !ASCII.isLineBreak(first), cursor.offset + 1 < cursor.bytes.count else {
            return nil
        }
        var position = cursor.offset + 1
        let bytes = cursor.bytes
        while position < bytes.count, !ASCII.isLineBreak(bytes[position]) {
            if bytes[position] == ASCII.slash { return position + 1 }
            if bytes[position] == ASCII.backslash, position + 1 < bytes.count, !ASCII.isLineBreak(bytes[position + 1]) {
                position += 2
            } else {
                position += 1
            }
        }
        regexCloserAbsentBefore = position
        return nil
    }

    private func valueCanStart(after previous: SourceToken?) -> Bool {
        guard let previous else { return true }
        let last = cursor.bytes[Int(previous.end) - 1]
        switch previous.kind {
        case .punctuation:
            return !ASCII.isCloser(last) && last != ASCII.dot
        case .identifier:
            let word = cursor.bytes[previous.byteRange]
            return Syntax.valueKeywords.contains { keyword in
                word.elementsEqual(UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount))
            }
        case .number, .string, .character, .annotation:
            return false
        }
    }

    // MARK: TypeScript/JavaScript regular expressions and JSX

    /// Where a `/regex/flags` literal that starts at the cursor ends, or nil when the `/` divides:
    /// a regex starts only where a value can, and closes on the same line at a `/` that is neither
    /// escaped nor inside a `[…]` class.
    private mutating func scriptRegexEnd() -> Int? {
        guard cursor.offset >= regexCloserAbsentBefore, valueCanStart(after: tokens.last) else { return nil }
        let bytes = cursor.bytes
        var position = cursor.offset + 1
        var inClass = false
        while position < bytes.count, !ASCII.isLineBreak(bytes[position]) {
            switch bytes[position] {
            case ASCII.backslash:
                position += position + 1 < bytes.count && !ASCII.isLineBreak(bytes[position + 1]) ? 2 : 1
                continue
            case ASCII.openBracket:
                inClass = true
            case ASCII.closeBracket:
                inClass = false
            case ASCII.slash where !inClass:
                position += 1
                while position < bytes.count, ASCII.isLetter(bytes[position]) { position += 1 }
                return position
            default:
                break
            }
            position += 1
        }
        regexCloserAbsentBefore = position
        return nil
    }

    /// Whether the `<` at the cursor opens a JSX element: where a value can start, followed by a
    /// name and then what can follow a tag's name (`>`, `/>`, an attribute, `{…}`), or by `>` (a fragment).
    private func jsxElementStarts() -> Bool {
        guard valueCanStart(after: tokens.last) else { return false }
        if cursor.peek(1) == ASCII.greater { return true }
        guard ASCII.isIdentifierStart(cursor.peek(1)) else { return false }
        var ahead = 2
        while Self.isJSXNameByte(cursor.peek(ahead)) { ahead += 1 }
        let next = cursor.peek(ahead)
        guard ASCII.isWhitespace(next) else { return next == ASCII.greater || next == ASCII.slash || next == ASCII.openBrace }
        while ASCII.isWhitespace(cursor.peek(ahead)) { ahead += 1 }
        // `<T extends U>(…) =>` is a generic arrow function, as TypeScript reads it in a .tsx file.
        return !(cursor.matches("extends", ahead: ahead) && !ASCII.isIdentifierByte(cursor.peek(ahead + 7)))
    }

    private static func isJSXNameByte(_ byte: UInt8) -> Bool {
        ASCII.isIdentifierByte(byte) || byte == ASCII.dot || byte == ASCII.colon || byte == ASCII.minus
    }

    /// Reads one thing of an opening tag: a name (as identifiers and punctuation, like code), an
    /// attribute's string value (a string token), `=`, a `{…}` value (then read as code), or the
    /// tag's end: `/>` ends the element, `>` opens its children.
    private mutating func readJSXTag() {
        skipWhitespaceAndComments()
        guard !cursor.atEnd else { return }
        let start = cursor.offset
        let line = cursor.line
        let column = cursor.column()
        let byte = cursor.peek()
        if byte == ASCII.slash, cursor.peek(1) == ASCII.greater {
            cursor.skip(2)
            emit(.punctuation, start, line, column)
            jsx.removeLast()
        } else if byte == ASCII.greater {
            cursor.skip(1)
            emit(.punctuation, start, line, column)
            jsx[jsx.count - 1] = .children
        } else if byte == ASCII.openBrace {
            jsx.append(.expression(level: level))
            cursor.skip(1)
            emit(.punctuation, start, line, column)
        } else if byte == ASCII.quote || byte == ASCII.apostrophe {
            cursor.skip(1)
            while !cursor.atEnd, cursor.peek() != byte { cursor.advance() }
            cursor.skip(1)
            emit(.string, start, line, column)
        } else if ASCII.isIdentifierStart(byte) {
            skipIdentifierBytes()
            emit(.identifier, start, line, column)
        } else if byte == ASCII.less {
            // Not JSX after all (`<T,>` and the like ended the tag's name): read on as code.
            jsx.removeLast()
        } else {
            cursor.advance()
            emit(.punctuation, start, line, column)
        }
    }

    /// Reads an element's text (no token: it is not code) up to a child: `{` opens an expression,
    /// `</…>` closes the element (one punctuation token), `<` opens a child element.
    private mutating func readJSXChildren() {
        while !cursor.atEnd, cursor.peek() != ASCII.less, cursor.peek() != ASCII.openBrace { cursor.advance() }
        guard !cursor.atEnd else { return }
        let start = cursor.offset
        let line = cursor.line
        let column = cursor.column()
        if cursor.peek() == ASCII.openBrace {
            jsx.append(.expression(level: level))
            cursor.skip(1)
            emit(.punctuation, start, line, column)
        } else if cursor.peek(1) == ASCII.slash {
            cursor.skip(2)
            while !cursor.atEnd, cursor.peek() != ASCII.greater, cursor.peek() != ASCII.less, cursor.peek() != ASCII.openBrace { cursor.advance() }
            if cursor.peek() == ASCII.greater { cursor.skip(1) }
            emit(.punctuation, start, line, column)
            jsx.removeLast()
        } else {
            cursor.skip(1)
            emit(.punctuation, start, line, column)
            jsx.append(.tag)
        }
    }
}

/// Finds type declarations in a file's tokens: their names, direct supertypes and body extents,
/// and for every token its innermost enclosing declaration.
struct DeclarationReader {
    struct Result {
        var declarations: [FoundDeclaration]
        /// For each token, the index in `declarations` of its innermost enclosing declaration, or -1.
        var enclosing: [Int32]
        /// The Kotlin or Java file's `package`, which qualifies its top-level names.
        var package: String?
        /// The full names of the types the file imports one by one.
        var imports: [String]
    }

    private let source: LexedSource
    private let language: SourceLanguage
    private let pairs: BracketPairs

    private init(source: LexedSource, language: SourceLanguage) {
        self.source = source
        self.language = language
        pairs = BracketPairs(source)
    }

    static func read(_ source: LexedSource, language: SourceLanguage) -> Result {
        DeclarationReader(source: source, language: language).run()
    }

    /// A declaration header found at a keyword: what it declares and where its body opens.
    private struct Header {
        var name: String
        var qualifiedName: String?
        var kind: TypeDeclarationKind
        var line: Int
        var column: Int
        var supertypes: [TypeReference]
        var bodyOpen: Int?
    }

    private func run() -> Result {
        let tokens = source.tokens
        var declarations: [FoundDeclaration] = []
        var enclosing = [Int32](repeating: -1, count: tokens.count)
        var openBodies: [(close: Int, declaration: Int)] = []
        var pendingBodies: [(open: Int, declaration: Int)] = []
        for index in tokens.indices {
            if let top = openBodies.last, top.close == index {
                enclosing[index] = Int32(top.declaration)
                openBodies.removeLast()
                continue
            }
            if let pending = pendingBodies.lastIndex(where: { $0.open == index }) {
                let declaration = pendingBodies.remove(at: pending).declaration
                enclosing[index] = Int32(declaration)
                let close = pairs.partner(of: index) ?? tokens.count - 1
                openBodies.append((close, declaration))
                declarations[declaration].body = extent(open: index, close: close)
                continue
            }
            let current = openBodies.last?.declaration
            enclosing[index] = Int32(current ?? -1)
            guard let header = header(at: index) else { continue }
            let parentName = current.map { declarations[$0].qualifiedName }
            let qualified = header.qualifiedName ?? parentName.map { "\($0).\(header.name)" } ?? header.name
            declarations.append(
                FoundDeclaration(
                    name: header.name, qualifiedName: qualified, kind: header.kind, line: header.line, column: header.column,
                    supertypes: header.supertypes, body: nil, parent: current))
            if let open = header.bodyOpen { pendingBodies.append((open, declarations.count - 1)) }
        }
        let header = fileHeader()
        return Result(declarations: declarations, enclosing: enclosing, package: header.package, imports: header.imports)
    }

    /// The `package` and the single-type imports (`import com.example.core.BaseActivity`; not a
    /// `.*`, an alias or a Java static import), which come before any body (file annotations such
    /// as `@file:JvmName("Cards")` may precede them).
    private func fileHeader() -> (package: String?, imports: [String]) {
        guard language == .kotlin || language == .java else { return (nil, []) }
        var package: String?
        var imports: [String] = []
        var index = 0
        while index < source.tokens.count, !source.token(at: index, isPunctuation: ASCII.openBrace) {
            let isPackage = source.token(at: index, is: "package")
            index += 1
            guard isPackage || source.token(at: index - 1, is: "import"), !source.token(at: index, is: "static") else { continue }
            var parts: [String] = []
            while source.kind(at: index) == .identifier {
                parts.append(source.text(at: index))
                index += 1
                guard source.token(at: index, isPunctuation: ASCII.dot) else { break }
                index += 1
            }
            let isWhole = !parts.isEmpty && !source.token(at: index - 1, isPunctuation: ASCII.dot) && !source.token(at: index, is: "as")
            guard isWhole else { continue }
            if isPackage {
                package = package ?? parts.joined(separator: ".")
            } else {
                imports.append(parts.joined(separator: "."))
            }
        }
        return (package, imports)
    }

    private func extent(open: Int, close: Int) -> BodyExtent? {
        guard source.tokens.indices.contains(open), source.tokens.indices.contains(close) else { return nil }
        let first = source.tokens[open]
        let last = source.tokens[close]
        return BodyExtent(openLine: first.line, openColumn: first.column, closeLine: last.line, closeColumn: last.column, tokens: open...close)
    }

    private func header(at index: Int) -> Header? {
        let token = source.tokens[index]
        guard token.kind == .identifier || token.kind == .annotation, Self.keywordLengths.contains(token.length),
            Self.keywordFirstBytes.contains(source.bytes[Int(token.start)])
        else { return nil }
        if source.token(at: index - 1, isPunctuation: ASCII.dot) || source.token(at: index - 1, is: "::") { return nil }
        switch language {
        case .kotlin: return kotlinHeader(at: index)
        case .java: return javaHeader(at: index)
        case .swift: return swiftHeader(at: index)
        case .dart, .typescript: return scriptHeader(at: index)
        case .xmlAttribute: return nil
        }
    }

    /// Every declaration keyword is 4 to 10 bytes long and starts with one of these bytes: a cheap
    /// test that spares most tokens the comparisons.
    private static let keywordLengths = 4...10
    private static let keywordFirstBytes: Set<UInt8> = Set("cioesaprm@".utf8)

    // MARK: Kotlin

    private static let kotlinConstructorModifiers: [StaticString] = ["private", "public", "internal", "protected", "constructor"]

    private func kotlinHeader(at keyword: Int) -> Header? {
        var kind: TypeDeclarationKind
        var nameIndex = keyword + 1
        if source.token(at: keyword, is: "class") {
            kind = modifier("enum", before: keyword) ? .enumeration : modifier("annotation", before: keyword) ? .annotation : .class
        } else if source.token(at: keyword, is: "interface") {
            kind = .interface
        } else if source.token(at: keyword, is: "object") {
            kind = source.token(at: keyword - 1, is: "companion") ? .companionObject : .object
        } else {
            return nil
        }
        var name: String
        var position = source.tokens[keyword]
        if source.kind(at: nameIndex) == .identifier {
            name = source.text(at: nameIndex)
            position = source.tokens[nameIndex]
        } else if kind == .companionObject {
            name = "Companion"
            nameIndex = keyword
        } else {
            return nil
        }
        var index = nameIndex + 1
        index = skipGenericClause(at: index)
        while source.kind(at: index) == .annotation || Self.kotlinConstructorModifiers.contains(where: { source.token(at: index, is: $0) }) {
            index += 1
            if source.kind(at: index - 1) == .annotation, source.token(at: index, isPunctuation: ASCII.openParen) {
                index = skipGroup(at: index)
            }
        }
        if source.token(at: index, isPunctuation: ASCII.openParen) { index = skipGroup(at: index) }
        var supertypes: [TypeReference] = []
        if source.token(at: index, isPunctuation: ASCII.colon) {
            index = readSupertypeList(from: index + 1, into: &supertypes)
        }
        index = skipWhereClause(at: index)
        let bodyOpen = source.token(at: index, isPunctuation: ASCII.openBrace) ? index : nil
        return Header(name: name, kind: kind, line: position.line, column: position.column, supertypes: supertypes, bodyOpen: bodyOpen)
    }

    /// Whether one of the modifier words just before the keyword is `word` (`enum class`, `annotation class`).
    private func modifier(_ word: StaticString, before keyword: Int) -> Bool {
        var index = keyword - 1
        while index >= 0, keyword - index <= 4, source.kind(at: index) == .identifier {
            if source.token(at: index, is: word) { return true }
            index -= 1
        }
        return false
    }

    // MARK: Java

    /// `record` is contextual: a declaration only when a `(` follows its name.
    private static let javaKeywords: [(StaticString, TypeDeclarationKind)] = [
        ("class", .class), ("interface", .interface), ("@interface", .annotation), ("enum", .enumeration), ("record", .record),
    ]

    private func javaHeader(at keyword: Int) -> Header? {
        guard let kind = kind(at: keyword, among: Self.javaKeywords) else { return nil }
        let nameIndex = keyword + 1
        guard source.kind(at: nameIndex) == .identifier else { return nil }
        var index = skipGenericClause(at: nameIndex + 1)
        if kind == .record, !source.token(at: index, isPunctuation: ASCII.openParen) { return nil }
        if source.token(at: index, isPunctuation: ASCII.openParen) { index = skipGroup(at: index) }
        var supertypes: [TypeReference] = []
        while true {
            if source.token(at: index, is: "extends") || source.token(at: index, is: "implements") {
                index = readSupertypeList(from: index + 1, into: &supertypes)
            } else if source.token(at: index, is: "permits") {
                var permitted: [TypeReference] = []
                index = readSupertypeList(from: index + 1, into: &permitted)
            } else {
                break
            }
        }
        let position = source.tokens[nameIndex]
        let bodyOpen = source.token(at: index, isPunctuation: ASCII.openBrace) ? index : nil
        return Header(
            name: source.text(at: nameIndex), kind: kind, line: position.line, column: position.column, supertypes: supertypes,
            bodyOpen: bodyOpen)
    }

    // MARK: Dart, TypeScript

    private static let scriptKeywords: [(StaticString, TypeDeclarationKind)] = [
        ("class", .class), ("mixin", .class), ("interface", .interface), ("enum", .enumeration),
    ]

    /// `class A<T> extends B with C implements D {` (Dart), `class A extends B implements C {` (TypeScript).
    private func scriptHeader(at keyword: Int) -> Header? {
        guard let kind = kind(at: keyword, among: Self.scriptKeywords) else { return nil }
        let nameIndex = keyword + 1
        guard source.kind(at: nameIndex) == .identifier else { return nil }
        var index = skipGenericClause(at: nameIndex + 1)
        var supertypes: [TypeReference] = []
        while source.token(at: index, is: "extends") || source.token(at: index, is: "implements") || source.token(at: index, is: "with")
            || source.token(at: index, is: "on")
        {
            index = readSupertypeList(from: index + 1, into: &supertypes)
        }
        let position = source.tokens[nameIndex]
        let bodyOpen = source.token(at: index, isPunctuation: ASCII.openBrace) ? index : nil
        return Header(
            name: source.text(at: nameIndex), kind: kind, line: position.line, column: position.column, supertypes: supertypes, bodyOpen: bodyOpen)
    }

    // MARK: Swift

    private static let swiftKeywords: [(StaticString, TypeDeclarationKind)] = [
        ("class", .class), ("struct", .structure), ("enum", .enumeration), ("actor", .actor), ("protocol", .protocol), ("extension", .extension),
    ]

    private func swiftHeader(at keyword: Int) -> Header? {
        guard let kind = kind(at: keyword, among: Self.swiftKeywords), source.kind(at: keyword + 1) == .identifier else { return nil }
        let position = source.tokens[keyword + 1]
        var index = keyword + 1
        var name = source.text(at: index)
        var qualifiedName: String?
        if kind == .extension {
            var parts = [name]
            while source.token(at: index + 1, isPunctuation: ASCII.dot), source.kind(at: index + 2) == .identifier {
                index += 2
                parts.append(source.text(at: index))
            }
            name = parts.last ?? name
            qualifiedName = parts.joined(separator: ".")
        }
        index = skipGenericClause(at: index + 1)
        var supertypes: [TypeReference] = []
        if source.token(at: index, isPunctuation: ASCII.colon) {
            index = readSupertypeList(from: index + 1, into: &supertypes)
        }
        index = skipWhereClause(at: index)
        guard source.token(at: index, isPunctuation: ASCII.openBrace) else { return nil }
        return Header(
            name: name, qualifiedName: qualifiedName, kind: kind, line: position.line, column: position.column,
            supertypes: supertypes, bodyOpen: index)
    }

    // MARK: Shared header parts

    private func kind(at index: Int, among keywords: [(StaticString, TypeDeclarationKind)]) -> TypeDeclarationKind? {
        keywords.first { source.token(at: index, is: $0.0) }?.1
    }

    /// Reads `A, b.C<T>, D(x)` (Kotlin), `A & B` (Swift), `A, B` (Java) from `start`; returns the
    /// index after the list.
    private func readSupertypeList(from start: Int, into supertypes: inout [TypeReference]) -> Int {
        var index = start
        while true {
            while source.kind(at: index) == .annotation || source.token(at: index, isPunctuation: ASCII.tilde) { index += 1 }
            guard source.kind(at: index) == .identifier else { return index }
            let first = source.tokens[index]
            var parts = [source.text(at: index)]
            while source.token(at: index + 1, isPunctuation: ASCII.dot), source.kind(at: index + 2) == .identifier {
                index += 2
                parts.append(source.text(at: index))
            }
            supertypes.append(
                TypeReference(name: parts.last ?? "", qualifiedName: parts.joined(separator: "."), line: first.line, column: first.column))
            index = skipGenericClause(at: index + 1)
            if language == .kotlin {
                if source.token(at: index, isPunctuation: ASCII.openParen) { index = skipGroup(at: index) }
                if source.token(at: index, is: "by") { index = skipDelegation(at: index + 1) }
            }
            if source.token(at: index, isPunctuation: ASCII.comma) || (language == .swift && source.token(at: index, isPunctuation: ASCII.ampersand)) {
                index += 1
            } else {
                return index
            }
        }
    }

    /// The index after a balanced `(…)`/`[…]`/`{…}` at `index`, or after the last token when it is unclosed.
    private func skipGroup(at index: Int) -> Int {
        (pairs.partner(of: index) ?? source.tokens.count - 1) + 1
    }

    /// The index after `<…>` at `index` (counting nested angle brackets), or `index` when there is none.
    private func skipGenericClause(at index: Int) -> Int {
        guard source.token(at: index, isPunctuation: ASCII.less) else { return index }
        var depth = 0
        var position = index
        let end = min(source.tokens.count, index + ScanLimits.headerClauseTokens)
        while position < end {
            let token = source.tokens[position]
            position += 1
            guard token.kind == .punctuation, token.length == 1 else { continue }
            switch source.bytes[Int(token.start)] {
            case ASCII.less:
                depth += 1
            case ASCII.greater:
                depth -= 1
                if depth == 0 { return position }
            case ASCII.openParen, ASCII.openBracket:
                position = skipGroup(at: position - 1)
            case ASCII.openBrace, ASCII.semicolon:
                return index
            default:
                break
            }
        }
        return index
    }

    /// Skips a `where` clause up to the body's `{`; returns `index` unchanged when there is none.
    private func skipWhereClause(at index: Int) -> Int {
        guard source.token(at: index, is: "where") else { return index }
        return skip(from: index + 1) { source.token(at: $0, isPunctuation: ASCII.openBrace) }
    }

    /// Skips a Kotlin delegation expression (`Iface by impl`) up to the next `,` or `{` outside brackets.
    private func skipDelegation(at index: Int) -> Int {
        skip(from: index) { source.token(at: $0, isPunctuation: ASCII.comma) || source.token(at: $0, isPunctuation: ASCII.openBrace) }
    }

    /// The first index from `start` where `stop` holds, skipping parenthesised groups; `start`
    /// when the header ends first (`}` or `;`) or the clause runs past its limit.
    private func skip(from start: Int, until stop: (Int) -> Bool) -> Int {
        var position = start
        while position < source.tokens.count, position - start < ScanLimits.headerClauseTokens {
            if stop(position) { return position }
            if source.token(at: position, isPunctuation: ASCII.closeBrace) || source.token(at: position, isPunctuation: ASCII.semicolon) {
                return start
            }
            if source.token(at: position, isPunctuation: ASCII.openParen) || source.token(at: position, isPunctuation: ASCII.openBracket) {
                position = skipGroup(at: position)
            } else {
                position += 1
            }
        }
        return start
    }
}

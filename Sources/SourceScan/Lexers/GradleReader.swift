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
/// and the same for `targetSdk`/`targetSdkVersion`. A value is an integer literal, or reads a
/// version of the catalog (`libs.versions.minSdk.get().toInt()`) or an `ext`/`extra` property
/// (`rootProject.ext.minSdk`, `extra["minSdk"] as Int`, a bare `minSdkVersion`), which
/// `BuildFacts.resolve()` looks up once every file is read; anything else is unknown.
/// Declarations of variables with these names (`val minSdk = 26`, `def`, an `ext { }` block,
/// `ext.minSdk = 26`) are not settings, and the `ext`/`extra` ones are read as properties.
enum GradleReader {
    private static let settingKeys: [String: SDKSetting.Key] = [
        "minSdk": .minSdk, "minSdkVersion": .minSdk, "targetSdk": .targetSdk, "targetSdkVersion": .targetSdk,
    ]

    static func settings(in source: LexedSource, file: String) -> [SDKSetting] {
        let pairs = BracketPairs(source)
        var settings: [SDKSetting] = []
        var blocks: [String] = []
        for (index, token) in source.tokens.enumerated() {
            if enterOrLeaveBlock(at: index, in: source, blocks: &blocks) { continue }
            guard token.kind == .identifier, let key = settingKeys[source.text(token)] else { continue }
            if isVariable(at: index, in: source) || blocks.contains("ext") { continue }
            guard let value = valueRange(after: index, in: source, pairs: pairs) else { continue }
            let valueTokens = source.tokens[value]
            let number = valueTokens.count == 1 && valueTokens.first?.kind == .number ? Int(source.text(at: value.lowerBound)) : nil
            settings.append(
                SDKSetting(
                    key: key, name: source.text(token), value: number, valueText: text(of: value, in: source),
                    reference: number == nil ? reference(in: value, of: source) : nil, definition: nil,
                    location: SourceLocation(file: file, line: token.line, column: token.column),
                    block: blocks.filter { !$0.isEmpty }.joined(separator: ".")))
        }
        return settings
    }

    /// Keeps `blocks` (the names before each open `{`, `""` for none) in step at a brace; false
    /// at any other token.
    private static func enterOrLeaveBlock(at index: Int, in source: LexedSource, blocks: inout [String]) -> Bool {
        if source.token(at: index, isPunctuation: ASCII.openBrace) {
            blocks.append(source.kind(at: index - 1) == .identifier ? source.text(at: index - 1) : "")
            return true
        }
        if source.token(at: index, isPunctuation: ASCII.closeBrace) {
            _ = blocks.popLast()
            return true
        }
        return false
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

    // MARK: Values read through a name

    /// Words around a reference that only convert it (`.get().toInt()`, `as Int`, `Integer.parseInt(…)`).
    private static let conversionWords: Set<String> = [".", "(", ")", "!", "get", "toInt", "toInteger", "as", "Int", "Integer", "parseInt", "valueOf", "intValue"]

    /// The catalog version or `ext`/`extra` property the value reads, when it is nothing else.
    static func reference(in range: Range<Int>, of source: LexedSource) -> ValueReference? {
        var words = range.map { source.text(at: $0) }
        while let last = words.last, conversionWords.contains(last) { words.removeLast() }
        while let first = words.first, conversionWords.contains(first), first != "get" { words.removeFirst() }
        if words.count >= 5, words[0] == "libs", words[1] == ".", words[2] == "versions", words[3] == "." {
            let name = words.dropFirst(4)
            guard name.enumerated().allSatisfy({ $0.offset % 2 == 0 ? isName($0.element) : $0.element == "." }), name.count % 2 == 1 else { return nil }
            return .catalogVersion(name.joined())
        }
        let rootOnly = words.first == "rootProject"
        if words.first == "rootProject" || words.first == "project", words.count > 2, words[1] == "." { words.removeFirst(2) }
        switch words.count {
        case 1 where isName(words[0]) && !rootOnly:
            return .extraProperty(words[0], rootOnly: false)
        case 3 where ["ext", "extra"].contains(words[0]) && words[1] == "." && isName(words[2]):
            return .extraProperty(words[2], rootOnly: rootOnly)
        case 4 where ["ext", "extra", "properties"].contains(words[0]) && words[1] == "[" && words[3] == "]":
            return unquoted(words[2]).map { .extraProperty($0, rootOnly: rootOnly) }
        case 3 where words[0] == "property" && words[1] == "(":
            return unquoted(words[2]).map { .extraProperty($0, rootOnly: rootOnly) }
        case 5 where ["ext", "extra"].contains(words[0]) && words[1] == "." && words[2] == "get" && words[3] == "(":
            return unquoted(words[4]).map { .extraProperty($0, rootOnly: rootOnly) }
        default:
            return nil
        }
    }

    /// `"minSdk"` or `'minSdk'` → `minSdk`.
    private static func unquoted(_ word: String) -> String? {
        guard word.count > 2, let quote = word.first, quote == "\"" || quote == "'", word.last == quote else { return nil }
        return String(word.dropFirst().dropLast())
    }

    private static func isName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII) else { return false }
        return word.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// The `ext`/`extra` properties the file sets to a value: `ext { minSdk = 24 }` (also inside
    /// `buildscript`), `ext.minSdk = 24`, `ext["minSdk"] = 24`, `extra["minSdk"] = 24`,
    /// `ext.set("minSdk", 24)`, `extra.set("minSdk", 24)`, `val minSdk by extra(24)`.
    static func extraProperties(in source: LexedSource, file: String) -> [NamedValue] {
        var properties: [NamedValue] = []
        var blocks: [String] = []
        func add(_ nameIndex: Int, name: String, valueIndex: Int) {
            let token = source.tokens[nameIndex]
            let value = source.kind(at: valueIndex) == .number && !continues(after: valueIndex, in: source) ? Int(source.text(at: valueIndex)) : nil
            properties.append(NamedValue(name: name, value: value, location: SourceLocation(file: file, line: token.line, column: token.column)))
        }
        func unquotedName(at index: Int) -> String? {
            source.kind(at: index) == .string ? unquoted(source.text(at: index)) : nil
        }
        for (index, token) in source.tokens.enumerated() {
            if enterOrLeaveBlock(at: index, in: source, blocks: &blocks) { continue }
            guard token.kind == .identifier else { continue }
            if blocks.last == "ext", source.token(at: index + 1, isPunctuation: ASCII.equals), !source.token(at: index - 1, isPunctuation: ASCII.dot) {
                add(index, name: source.text(at: index), valueIndex: index + 2)
            }
            guard source.token(at: index, is: "ext") || source.token(at: index, is: "extra") else { continue }
            if source.token(at: index + 1, isPunctuation: ASCII.dot), source.token(at: index + 2, is: "set"), source.token(at: index + 3, isPunctuation: ASCII.openParen),
                let name = unquotedName(at: index + 4), source.token(at: index + 5, isPunctuation: ASCII.comma)
            {
                add(index + 4, name: name, valueIndex: index + 6)
            } else if source.token(at: index + 1, isPunctuation: ASCII.dot), source.kind(at: index + 2) == .identifier,
                source.token(at: index + 3, isPunctuation: ASCII.equals)
            {
                add(index + 2, name: source.text(at: index + 2), valueIndex: index + 4)
            } else if source.token(at: index + 1, isPunctuation: ASCII.openBracket), let name = unquotedName(at: index + 2),
                source.token(at: index + 3, isPunctuation: ASCII.closeBracket), source.token(at: index + 4, isPunctuation: ASCII.equals)
            {
                add(index + 2, name: name, valueIndex: index + 5)
            } else if source.token(at: index - 1, is: "by"), source.token(at: index + 1, isPunctuation: ASCII.openParen) {
                // `val minSdk by extra(24)` or `val minSdk: Int by extra(24)`.
                let nameIndex = source.token(at: index - 3, isPunctuation: ASCII.colon) ? index - 4 : index - 2
                guard source.kind(at: nameIndex) == .identifier, source.token(at: nameIndex - 1, is: "val") else { continue }
                add(nameIndex, name: source.text(at: nameIndex), valueIndex: index + 2)
            }
        }
        return properties
    }

    /// Whether the statement goes on after the token at `index` (`24 + 1`), so that it is not
    /// the value by itself.
    private static func continues(after index: Int, in source: LexedSource) -> Bool {
        let next = index + 1
        guard source.tokens.indices.contains(next), source.tokens[next].line == source.tokens[index].line else { return false }
        return !(source.token(at: next, isPunctuation: ASCII.semicolon) || source.token(at: next, isPunctuation: ASCII.closeBrace)
            || source.token(at: next, isPunctuation: ASCII.closeParen) || source.token(at: next, isPunctuation: ASCII.comma))
    }
}

/// Reads the `[versions]` table of a Gradle version catalog (`gradle/libs.versions.toml`):
/// `minSdk = "24"`, `min-sdk = 24`, named as Gradle's accessor names them (`min.sdk`).
enum VersionCatalogReader {
    static let fileName = "libs.versions.toml"

    static func versions(_ bytes: [UInt8], file: String) -> [NamedValue] {
        var versions: [NamedValue] = []
        var inVersions = false
        for (offset, rawLine) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") {
                inVersions = trimmed == "[versions]"
                continue
            }
            guard inVersions, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingWhitespace()
            guard !key.isEmpty else { continue }
            var value = Substring(line[line.index(after: equals)...].trimmingWhitespace())
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote { value = value.dropFirst().dropLast() }
            let column = line.distance(from: line.startIndex, to: line.firstIndex { !$0.isWhitespace } ?? line.startIndex) + 1
            versions.append(
                NamedValue(
                    name: String(key.map { $0 == "-" || $0 == "_" ? "." : $0 }), value: Int(value),
                    location: SourceLocation(file: file, line: offset + 1, column: column)))
        }
        return versions
    }
}

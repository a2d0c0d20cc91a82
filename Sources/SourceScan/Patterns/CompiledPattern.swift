/// One element of a compiled code pattern.
enum PatternElement: Equatable {
    /// Where a matched token must sit, relative to the level of the pattern's first token.
    enum LevelRule: Equatable {
        /// Follows from being next to the previous token.
        case adjacent
        case atLeast(Int)
        case exactly(Int)
    }

    case token(kind: TokenKind, bytes: [UInt8], level: LevelRule)
    /// Up to `ScanLimits.gapTokens` tokens, none outside the brackets open at this point
    /// (`depth` of them in the pattern).
    case gap(depth: Int)
    /// Starts the right-hand side of a Kotlin property assignment: what follows must lie within
    /// the statement.
    case assignmentValue
}

/// One token sequence a pattern matches.
struct PatternAlternative: Sendable {
    let elements: [PatternElement]
    /// The Kotlin property form of a setter (`x = v` for `setX(v)`): an assignment, so never a
    /// declaration (`val x = v`) or a named argument (`f(x = v)`).
    let isPropertyForm: Bool
}

/// A pattern ready to match: for code, one or two token sequences (the second is the Kotlin
/// property form of a setter); for XML, an attribute name and maybe a value.
struct CompiledPattern: Sendable {
    let id: PatternID
    let language: SourceLanguage
    let alternatives: [PatternAlternative]
    let attribute: (name: String, value: String?)?
    let scope: PatternScope?

    init(_ definition: PatternDefinition, id: PatternID) throws(PatternError) {
        self.id = id
        language = definition.language
        scope = definition.scope
        if definition.language == .xmlAttribute {
            attribute = try Self.attribute(definition)
            alternatives = []
            return
        }
        attribute = nil
        let text = definition.text.split(separator: "…", omittingEmptySubsequences: false).joined(separator: " ... ")
        let source = Self.lex(text, language: definition.language)
        var raw = Array(source.tokens.map { RawElement(token: $0, source: source) }.drop { $0.isGap })
        while raw.last?.isGap == true { raw.removeLast() }
        guard !raw.isEmpty else { throw PatternError(definition: definition, reason: "it has no token besides `…`; write at least one name") }
        var alternatives = [PatternAlternative(elements: try Self.elements(raw, definition: definition), isPropertyForm: false)]
        if definition.language == .kotlin, let property = Self.propertyForm(raw) {
            alternatives.append(PatternAlternative(elements: try Self.elements(property, definition: definition), isPropertyForm: true))
        }
        self.alternatives = alternatives
    }

    private static func lex(_ text: String, language: SourceLanguage) -> LexedSource {
        let bytes = Array(text.utf8)
        switch language {
        case .kotlin, .xmlAttribute: return KotlinLexer.lex(bytes)
        case .java: return JavaLexer.lex(bytes)
        case .swift: return SwiftLexer.lex(bytes)
        case .dart: return DartLexer.lex(bytes)
        case .typescript: return TypeScriptLexer.lex(bytes)
        }
    }

    /// A pattern token before levels are worked out.
    private struct RawElement {
        var kind: TokenKind
        var bytes: [UInt8]
        var isAssignmentValue = false

        init(token: SourceToken, source: LexedSource) {
            kind = token.kind
            bytes = Array(source.bytes[token.byteRange])
        }

        init(kind: TokenKind, bytes: [UInt8], isAssignmentValue: Bool = false) {
            self.kind = kind
            self.bytes = bytes
            self.isAssignmentValue = isAssignmentValue
        }

        var isGap: Bool { kind == .punctuation && bytes == Array("...".utf8) }
        var isOpener: Bool { kind == .punctuation && bytes.count == 1 && ASCII.isOpener(bytes[0]) }
        var isCloser: Bool { kind == .punctuation && bytes.count == 1 && ASCII.isCloser(bytes[0]) }
        var isSeparator: Bool { kind == .punctuation && bytes == [ASCII.comma] }
    }

    /// Works out where each token must sit. A run of tokens between gaps (a segment) is matched
    /// next to each other, so only a segment's first token and the brackets that pair across a
    /// gap need a level: a bracket closing a group opened before a gap must be that group's own
    /// closer; a segment that opens such a group sits at the pattern's level; a `,` after a gap
    /// separates the arguments of the group it is written in, so it sits at that group's level
    /// (`setFlags(0, … FLAG_SECURE …)`); any other segment
    /// may sit deeper inside the gap's brackets (`setFlags(… FLAG_SECURE …)` finds
    /// `setFlags(flags(FLAG_SECURE))`).
    private static func elements(_ raw: [RawElement], definition: PatternDefinition) throws(PatternError) -> [PatternElement] {
        var partner = [Int?](repeating: nil, count: raw.count)
        var open: [Int] = []
        for (index, element) in raw.enumerated() {
            if element.isOpener {
                open.append(index)
            } else if element.isCloser {
                guard let opener = open.popLast() else {
                    throw PatternError(definition: definition, reason: "a closing bracket has no opening one")
                }
                partner[opener] = index
                partner[index] = opener
            }
        }
        guard open.isEmpty else { throw PatternError(definition: definition, reason: "an opening bracket is never closed") }
        var segmentOf = [Int](repeating: 0, count: raw.count)
        var segment = 0
        for (index, element) in raw.enumerated() {
            if element.isGap || element.isAssignmentValue { segment += 1 }
            segmentOf[index] = segment
        }
        func crossesGap(_ index: Int) -> Bool { partner[index].map { segmentOf[$0] != segmentOf[index] } ?? false }
        var opensAcross = [Bool](repeating: false, count: segment + 1)
        for index in raw.indices where raw[index].isOpener && crossesGap(index) { opensAcross[segmentOf[index]] = true }
        var result: [PatternElement] = []
        var depth = 0
        var segmentStart = true
        for (index, element) in raw.enumerated() {
            if element.isGap {
                result.append(.gap(depth: depth))
                segmentStart = true
                continue
            }
            if element.isAssignmentValue {
                result.append(.assignmentValue)
                segmentStart = true
                continue
            }
            if element.isCloser { depth -= 1 }
            let rule: PatternElement.LevelRule
            if element.isCloser, crossesGap(index) {
                rule = .exactly(depth)
            } else if index == 0 || !segmentStart {
                rule = .adjacent
            } else {
                rule = opensAcross[segmentOf[index]] || element.isSeparator ? .exactly(depth) : .atLeast(depth)
            }
            result.append(.token(kind: element.kind, bytes: element.bytes, level: rule))
            if element.isOpener { depth += 1 }
            segmentStart = false
        }
        return result
    }

    /// `setX(args)` (or a bare `setX`) becomes `x = args`, for Kotlin's property syntax.
    private static func propertyForm(_ raw: [RawElement]) -> [RawElement]? {
        guard let first = raw.first, first.kind == .identifier, let property = propertyName(ofSetter: first.bytes) else { return nil }
        var result = [RawElement(kind: .identifier, bytes: property), RawElement(kind: .punctuation, bytes: [ASCII.equals])]
        if raw.count == 1 { return result }
        guard raw.count >= 3, raw[1].bytes == [ASCII.openParen], raw[raw.count - 1].bytes == [ASCII.closeParen] else { return nil }
        var arguments = Array(raw[2..<(raw.count - 1)])
        while arguments.last?.isGap == true { arguments.removeLast() }
        guard arguments.contains(where: { !$0.isGap }) else { return result }
        result.append(RawElement(kind: .punctuation, bytes: [], isAssignmentValue: true))
        result.append(contentsOf: arguments)
        return result
    }

    /// `setContentSensitivity` → `contentSensitivity`, `setURLPolicy` → `urlPolicy`: Kotlin's
    /// name for a Java setter's property (a leading run of capitals is lower-cased, all but the
    /// last when a lower-case letter follows it).
    static func propertyName(ofSetter name: [UInt8]) -> [UInt8]? {
        guard name.count > 3, name[0] == UInt8(ascii: "s"), name[1] == UInt8(ascii: "e"), name[2] == UInt8(ascii: "t") else { return nil }
        var rest = Array(name[3...])
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        guard let head = rest.first, isUpper(head) else { return nil }
        var run = 0
        while run < rest.count, isUpper(rest[run]) { run += 1 }
        let lowered = run > 1 && run < rest.count ? run - 1 : run
        for index in 0..<lowered { rest[index] |= 0x20 }
        return rest
    }

    private static func attribute(_ definition: PatternDefinition) throws(PatternError) -> (name: String, value: String?) {
        let text = definition.text.trimmingWhitespace()
        guard let equals = text.firstIndex(of: "=") else {
            guard !text.isEmpty, !text.contains(" ") else {
                throw PatternError(definition: definition, reason: "write an attribute name, optionally with =\"value\"")
            }
            return (text, nil)
        }
        let name = String(text[..<equals]).trimmingWhitespace()
        var value = Substring(text[text.index(after: equals)...].trimmingWhitespace())
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            value = value.dropFirst().dropLast()
        }
        guard !name.isEmpty, !name.contains(" ") else {
            throw PatternError(definition: definition, reason: "the attribute name before `=` is missing or has spaces")
        }
        return (name, String(value))
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// A scope's handler and testing patterns, ready to match (see `PatternScope`).
struct CompiledScope: Sendable {
    let handlers: PatternMatcher
    /// The handlers that name a function declaration (`func sceneWillResignActive`), by id.
    let functionHandlers: Set<PatternID>
    let testing: PatternMatcher
    let requiresTest: Bool

    init(_ scope: PatternScope, language: SourceLanguage, for definition: PatternDefinition) throws(PatternError) {
        guard language == .swift || language == .kotlin || language == .java else {
            throw PatternError(definition: definition, reason: "only Swift, Kotlin and Java patterns can be scoped to handlers (write it as a pattern of its own)")
        }
        guard !scope.handlers.isEmpty else { throw PatternError(definition: definition, reason: "its scope names no handler") }
        func compile(_ texts: [String], _ role: String) throws(PatternError) -> [CompiledPattern] {
            var result: [CompiledPattern] = []
            for (index, text) in texts.enumerated() {
                do throws(PatternError) {
                    result.append(try CompiledPattern(PatternDefinition(language: language, text: text, tag: role), id: PatternID(index: index)))
                } catch {
                    throw PatternError(definition: definition, reason: "\(role) `\(text)`: \(error.reason)")
                }
            }
            return result
        }
        let handlers = try compile(scope.handlers, "handler")
        self.handlers = PatternMatcher(handlers, language: language)
        functionHandlers = Set(zip(scope.handlers, handlers).filter { $0.0.trimmingWhitespace().hasPrefix("func ") }.map(\.1.id))
        testing = PatternMatcher(try compile(scope.testing, "test"), language: language)
        requiresTest = !scope.testing.isEmpty
    }
}

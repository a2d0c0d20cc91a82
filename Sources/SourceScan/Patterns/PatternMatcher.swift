/// Finds where one language's patterns occur in a file's tokens.
///
/// Each pattern is tried only where its first token occurs (found through a hash of the token's
/// bytes, after a cheap length and first-byte filter), and tried by keeping the set of token
/// positions each pattern element can reach: at most O(pattern length × matched span) per start,
/// never backtracking.
struct PatternMatcher {
    private struct Candidate {
        let pattern: PatternID
        let elements: [PatternElement]
        let isPropertyForm: Bool
    }

    private var anchors: [UInt64: [Candidate]] = [:]
    private var anchorLengths: UInt64 = 0
    private var anchorFirstBytes = [Bool](repeating: false, count: 256)

    init(_ patterns: PatternSet, language: SourceLanguage) {
        self.init(patterns.compiled.filter { $0.scope == nil }, language: language)
    }

    init(_ patterns: [CompiledPattern], language: SourceLanguage) {
        for pattern in patterns where pattern.language == language {
            for alternative in pattern.alternatives {
                guard case .token(_, let bytes, _)? = alternative.elements.first, let head = bytes.first else { continue }
                anchors[Self.hash(bytes[...]), default: []].append(
                    Candidate(pattern: pattern.id, elements: alternative.elements, isPropertyForm: alternative.isPropertyForm))
                anchorLengths |= Self.lengthBit(bytes.count)
                anchorFirstBytes[Int(head)] = true
            }
        }
    }

    var isEmpty: Bool { anchors.isEmpty }

    /// Every match: the pattern, the index of the token where it starts and the index after its
    /// last token (the nearest, when a `…` lets it end in several places), in token order.
    func occurrences(in source: LexedSource) -> [(pattern: PatternID, token: Int, end: Int)] {
        guard !isEmpty else { return [] }
        var found: [(pattern: PatternID, token: Int, end: Int)] = []
        var scratch = Scratch()
        for (index, token) in source.tokens.enumerated() {
            guard anchorLengths & Self.lengthBit(token.length) != 0, anchorFirstBytes[Int(source.bytes[Int(token.start)])] else { continue }
            guard let candidates = anchors[Self.hash(source.bytes[token.byteRange])] else { continue }
            for candidate in candidates where !candidate.isPropertyForm || Self.assignsProperty(at: index, in: source) {
                if let end = matchEnd(candidate.elements, at: index, in: source, scratch: &scratch) { found.append((candidate.pattern, index, end)) }
            }
        }
        return found
    }

    /// Position sets, kept between attempts so that matching does not allocate.
    private struct Scratch {
        var current: [Int] = []
        var next: [Int] = []
    }

    private func matchEnd(_ elements: [PatternElement], at start: Int, in source: LexedSource, scratch: inout Scratch) -> Int? {
        let tokens = source.tokens
        let base = tokens[start].level
        var bound = tokens.count
        scratch.current.removeAll(keepingCapacity: true)
        scratch.current.append(start)
        for element in elements {
            scratch.next.removeAll(keepingCapacity: true)
            switch element {
            case .token(let kind, let bytes, let rule):
                for position in scratch.current where position < bound {
                    let token = tokens[position]
                    guard token.kind == kind, source.token(token, equals: bytes) else { continue }
                    switch rule {
                    case .adjacent: break
                    case .atLeast(let depth): guard token.level >= base + depth else { continue }
                    case .exactly(let depth): guard token.level == base + depth else { continue }
                    }
                    scratch.next.append(position + 1)
                }
            case .gap(let depth):
                var reached = -1
                for position in scratch.current {
                    if position > reached {
                        scratch.next.append(position)
                        reached = position
                    }
                    while reached < position + ScanLimits.gapTokens, reached < bound, tokens[reached].level >= base + depth {
                        reached += 1
                        scratch.next.append(reached)
                    }
                }
            case .assignmentValue:
                for position in scratch.current {
                    bound = min(bound, Self.statementEnd(from: position, in: source))
                    scratch.next.append(position)
                }
            }
            swap(&scratch.current, &scratch.next)
            if scratch.current.isEmpty { return nil }
        }
        return scratch.current.min()
    }

    /// Whether the name at `index`, followed by `=`, can assign a property: not a declaration
    /// (`val x =`, `var x =`) and not a named or default argument (`f(x = v)`, `f(a, x = v)`).
    static func assignsProperty(at index: Int, in source: LexedSource) -> Bool {
        guard index > 0 else { return true }
        if source.token(at: index - 1, isPunctuation: ASCII.openParen) || source.token(at: index - 1, isPunctuation: ASCII.comma) {
            return false
        }
        return !source.token(at: index - 1, is: "val") && !source.token(at: index - 1, is: "var")
    }

    /// Where the right-hand side of an assignment whose value starts at `start` ends: at a `;` or
    /// `,` or the enclosing closer, at a line break that does not continue the expression (the
    /// line before ends in an operator, or the next starts with `.` or `?`), or after
    /// `ScanLimits.assignmentValueTokens` tokens.
    static func statementEnd(from start: Int, in source: LexedSource) -> Int {
        let tokens = source.tokens
        guard start > 0, start < tokens.count else { return start }
        let level = tokens[start - 1].level
        var position = start
        while position < tokens.count, position - start < ScanLimits.assignmentValueTokens {
            let token = tokens[position]
            if token.level < level { return position }
            if token.level == level, source.token(at: position, isPunctuation: ASCII.semicolon) || source.token(at: position, isPunctuation: ASCII.comma) {
                return position
            }
            if position > start, token.line > tokens[position - 1].line, token.level == level, !continuesExpression(at: position, in: source) {
                return position
            }
            position += 1
        }
        return position
    }

    private static func continuesExpression(at position: Int, in source: LexedSource) -> Bool {
        let previous = source.tokens[position - 1]
        let previousByte = source.bytes[Int(previous.start)]
        if previous.kind == .punctuation, !ASCII.isCloser(previousByte) { return true }
        let byte = source.bytes[Int(source.tokens[position].start)]
        return source.tokens[position].kind == .punctuation && (byte == ASCII.dot || byte == ASCII.question)
    }

    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// FNV-1a, enough to pick the few patterns that start with a token.
    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

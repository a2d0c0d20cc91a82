/// Finds one language's scoped patterns in a file: only where they lie in a body of one of their
/// scope's handlers (see `PatternScope`).
struct ScopedMatcher: Sendable {
    private struct Group: Sendable {
        let scope: CompiledScope
        let shows: PatternMatcher
        /// Patterns that stand for an assignment to a view state flag (`PatternScope.stateAssignment`).
        let stateAssignments: [PatternID]
    }

    private let groups: [Group]

    init(_ patterns: PatternSet, language: SourceLanguage) {
        var scoped: [PatternScope: [CompiledPattern]] = [:]
        var order: [PatternScope] = []
        for pattern in patterns.compiled where pattern.language == language {
            guard let scope = pattern.scope else { continue }
            if scoped[scope] == nil { order.append(scope) }
            scoped[scope, default: []].append(pattern)
        }
        groups = order.compactMap { scope in
            guard let compiled = patterns.scopes[scope], let members = scoped[scope] else { return nil }
            let isState = { (pattern: CompiledPattern) in patterns[pattern.id].text.trimmingWhitespace() == PatternScope.stateAssignment }
            return Group(
                scope: compiled, shows: PatternMatcher(members.filter { !isState($0) }, language: language),
                stateAssignments: members.filter(isState).map(\.id))
        }
    }

    /// Every scoped occurrence in `source`: the pattern and the token where it starts, in token order.
    func occurrences(in source: LexedSource) -> [(pattern: PatternID, token: Int)] {
        guard !groups.isEmpty else { return [] }
        var bodies: HandlerBodies?
        var found: Set<Match> = []
        for group in groups {
            let handlers = group.scope.handlers.occurrences(in: source)
            guard !handlers.isEmpty else { continue }
            let reader = bodies ?? HandlerBodies(source)
            bodies = reader
            let tests = group.scope.requiresTest ? group.scope.testing.occurrences(in: source).map(\.token) : []
            var reached: [(range: ClosedRange<Int>, handler: Int)] = []
            for handler in handlers {
                var own = group.scope.functionHandlers.contains(handler.pattern)
                    ? reader.functionBody(named: handler.token + 1).map { [$0] } ?? []
                    : reader.closures(ofHandlerAt: handler.token, end: handler.end)
                if group.scope.requiresTest { own = own.filter { body in tests.contains { body.contains($0) } } }
                reached += (own + reader.calledBodies(from: own)).map { ($0, handler.token) }
            }
            guard !reached.isEmpty else { continue }
            for show in group.shows.occurrences(in: source) where reached.contains(where: { $0.range.contains(show.token) }) {
                found.insert(Match(pattern: show.pattern, token: show.token))
            }
            guard !group.stateAssignments.isEmpty else { continue }
            for body in reached {
                for token in reader.stateAssignments(in: body.range, handler: body.handler) {
                    for pattern in group.stateAssignments { found.insert(Match(pattern: pattern, token: token)) }
                }
            }
        }
        return found.sorted { ($0.token, $0.pattern) < ($1.token, $1.pattern) }.map { ($0.pattern, $0.token) }
    }

    private struct Match: Hashable {
        let pattern: PatternID
        let token: Int
    }
}

/// The bodies that run when a handler fires, in one file's tokens.
private struct HandlerBodies {
    private let source: LexedSource
    private let pairs: BracketPairs
    /// Each function the file declares with a body, by name.
    private let functions: [String: [ClosedRange<Int>]]

    init(_ source: LexedSource) {
        self.source = source
        let pairs = BracketPairs(source)
        self.pairs = pairs
        var functions: [String: [ClosedRange<Int>]] = [:]
        for index in source.tokens.indices where source.token(at: index, is: "func") && source.kind(at: index + 1) == .identifier {
            if let body = Self.functionBody(named: index + 1, in: source, pairs: pairs) {
                functions[source.text(at: index + 1), default: []].append(body)
            }
        }
        self.functions = functions
    }

    func functionBody(named nameIndex: Int) -> ClosedRange<Int>? {
        Self.functionBody(named: nameIndex, in: source, pairs: pairs)
    }

    /// Words that start another declaration or statement: met before a `{`, the function has no
    /// body (a protocol requirement, an `@objc optional` one).
    private static let declarationWords: [StaticString] = [
        "func", "var", "let", "init", "deinit", "subscript", "case", "class", "struct", "enum", "protocol", "extension",
        "typealias", "static", "override", "private", "public", "internal", "fileprivate", "open", "final", "optional",
    ]

    /// The body of the function whose name is at `nameIndex`: the first `{` after its parameters
    /// at the name's level, unless another declaration or the enclosing block comes first.
    private static func functionBody(named nameIndex: Int, in source: LexedSource, pairs: BracketPairs) -> ClosedRange<Int>? {
        guard source.tokens.indices.contains(nameIndex) else { return nil }
        let level = source.tokens[nameIndex].level
        var index = nameIndex + 1
        let end = min(source.tokens.count, nameIndex + ScanLimits.headerClauseTokens)
        while index < end {
            let token = source.tokens[index]
            if token.level < level || token.kind == .annotation || source.token(at: index, isPunctuation: ASCII.semicolon) { return nil }
            if declarationWords.contains(where: { source.token(at: index, is: $0) }) { return nil }
            if source.token(at: index, isPunctuation: ASCII.openBrace) { return pairs.partner(of: index).map { index...$0 } }
            if source.token(at: index, isPunctuation: ASCII.openParen) || source.token(at: index, isPunctuation: ASCII.openBracket) {
                guard let close = pairs.partner(of: index) else { return nil }
                index = close + 1
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The closures that run when the expression handler matched at `start..<end` fires: those
    /// passed to the calls it is an argument of (trailing or not) and to the calls chained after
    /// them, up to the first trailing closure, and the bodies of the methods a `#selector` in those
    /// calls names.
    func closures(ofHandlerAt start: Int, end: Int) -> [ClosedRange<Int>] {
        var bodies = closures(in: start..<end)
        var index = end
        var steps = 0
        while index < source.tokens.count, steps < ScanLimits.headerClauseTokens {
            steps += 1
            if source.token(at: index, isPunctuation: ASCII.openBrace) {
                if let close = pairs.partner(of: index) { bodies.append(index...close) }
                break
            }
            if source.token(at: index, isPunctuation: ASCII.openParen) || source.token(at: index, isPunctuation: ASCII.openBracket) {
                guard let close = pairs.partner(of: index) else { break }
                bodies += closures(in: (index + 1)..<close) + selectorBodies(in: (index + 1)..<close)
                index = close + 1
            } else if source.token(at: index, isPunctuation: ASCII.closeParen) || source.token(at: index, isPunctuation: ASCII.closeBracket) {
                // The end of a call the handler is an argument of: its selector, then what follows it.
                if let open = pairs.partner(of: index) { bodies += selectorBodies(in: (open + 1)..<index) }
                index += 1
            } else if source.token(at: index, isPunctuation: ASCII.dot), source.kind(at: index + 1) == .identifier {
                index += 2
            } else if source.token(at: index, isPunctuation: ASCII.comma), let close = groupEnd(from: index) {
                bodies += closures(in: index..<close)
                index = close
            } else {
                break
            }
        }
        return bodies
    }

    /// The closer of the group that the token at `start` is inside, when one closes within reach.
    private func groupEnd(from start: Int) -> Int? {
        let level = source.tokens[start].level
        var index = start
        while index < source.tokens.count, index - start < ScanLimits.headerClauseTokens {
            if source.tokens[index].level < level {
                return source.token(at: index, isPunctuation: ASCII.closeBrace) ? nil : index
            }
            if ASCII.isOpener(source.bytes[Int(source.tokens[index].start)]), source.tokens[index].kind == .punctuation, let close = pairs.partner(of: index) {
                index = close + 1
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The outermost `{…}` groups within `range`.
    private func closures(in range: Range<Int>) -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if source.token(at: index, isPunctuation: ASCII.openBrace), let close = pairs.partner(of: index), close < range.upperBound {
                bodies.append(index...close)
                index = close + 1
            } else {
                index += 1
            }
        }
        return bodies
    }

    /// The bodies of the functions that each `#selector(name)` in `range` names.
    private func selectorBodies(in range: Range<Int>) -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        for index in range where source.token(at: index, is: "selector") && source.token(at: index + 1, isPunctuation: ASCII.openParen) {
            guard index > 0, source.token(at: index - 1, isPunctuation: ASCII.hash) else { continue }
            var name = index + 2
            while source.token(at: name + 1, isPunctuation: ASCII.dot), source.kind(at: name + 2) == .identifier { name += 2 }
            guard source.kind(at: name) == .identifier else { continue }
            bodies += functions[source.text(at: name)] ?? []
        }
        return bodies
    }

    /// The bodies of the functions declared in the file that `bodies` call by name, one call deep.
    func calledBodies(from bodies: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        guard !functions.isEmpty else { return [] }
        var called: [ClosedRange<Int>] = []
        for body in bodies {
            for index in body where source.kind(at: index) == .identifier && source.token(at: index + 1, isPunctuation: ASCII.openParen) {
                guard !source.token(at: index - 1, is: "func"), let declared = functions[source.text(at: index)] else { continue }
                called += declared.filter { !bodies.contains($0) && !called.contains($0) }
            }
        }
        return called
    }

    /// Where `range` assigns a `var` of the type around the handler at `handler` that the type's
    /// `body` reads in an `if` condition (`isCovered = true`, `self.isCovered = true`).
    func stateAssignments(in range: ClosedRange<Int>, handler: Int) -> [Int] {
        guard let owner = enclosingTypeBody(of: handler) else { return [] }
        let flags = viewFlags(of: owner)
        guard !flags.isEmpty else { return [] }
        return range.filter { index in
            guard source.kind(at: index) == .identifier, flags.contains(source.text(at: index)),
                source.token(at: index + 1, isPunctuation: ASCII.equals), !source.token(at: index - 1, is: "var"), !source.token(at: index - 1, is: "let")
            else { return false }
            return !source.token(at: index - 1, isPunctuation: ASCII.dot) || source.token(at: index - 2, is: "self")
        }
    }

    /// The `{…}` of the innermost type declaration around `index`: the nearest enclosing `{` that a
    /// `class`, `struct`, `enum`, `actor` or `extension` header opens.
    private func enclosingTypeBody(of index: Int) -> ClosedRange<Int>? {
        var position = index - 1
        var level = source.tokens.indices.contains(index) ? source.tokens[index].level : 0
        while position >= 0, level > 0 {
            let token = source.tokens[position]
            if token.level < level, source.token(at: position, isPunctuation: ASCII.openBrace) {
                level = token.level
                if let close = pairs.partner(of: position), opensTypeBody(position) { return position...close }
            } else if token.level < level {
                level = token.level
            }
            position -= 1
        }
        return nil
    }

    private static let typeKeywords: [StaticString] = ["class", "struct", "enum", "actor", "extension"]

    /// Whether the `{` at `open` belongs to a type header: a type keyword before it on its level,
    /// with no other `{`, `}` or `;` in between.
    private func opensTypeBody(_ open: Int) -> Bool {
        let level = source.tokens[open].level
        var index = open - 1
        while index >= 0, open - index < ScanLimits.headerClauseTokens {
            let token = source.tokens[index]
            if token.level == level {
                if Self.typeKeywords.contains(where: { source.token(at: index, is: $0) }) { return true }
                if token.kind == .punctuation, [ASCII.openBrace, ASCII.closeBrace, ASCII.semicolon].contains(source.bytes[Int(token.start)]) { return false }
                if source.token(at: index, is: "func") || source.token(at: index, is: "var") || source.token(at: index, is: "let") { return false }
            }
            index -= 1
        }
        return false
    }

    /// The `var`s declared directly in the type body `owner` that its `var body` reads in an `if`
    /// condition.
    private func viewFlags(of owner: ClosedRange<Int>) -> Set<String> {
        let member = source.tokens[owner.lowerBound].level + 1
        var declared: Set<String> = []
        var viewBody: ClosedRange<Int>?
        for index in owner where source.tokens[index].level == member && source.token(at: index, is: "var") && source.kind(at: index + 1) == .identifier {
            let name = source.text(at: index + 1)
            declared.insert(name)
            if name == "body", viewBody == nil { viewBody = propertyBody(after: index + 1, level: member) }
        }
        guard let viewBody else { return [] }
        var read: Set<String> = []
        for index in viewBody where source.token(at: index, is: "if") {
            let level = source.tokens[index].level
            var position = index + 1
            while position < viewBody.upperBound, position - index < ScanLimits.gapTokens * 4 {
                if source.tokens[position].level == level, source.token(at: position, isPunctuation: ASCII.openBrace) { break }
                if source.kind(at: position) == .identifier, !source.token(at: position - 1, isPunctuation: ASCII.dot) || source.token(at: position - 2, is: "self") {
                    read.insert(source.text(at: position))
                }
                position += 1
            }
        }
        return declared.intersection(read).subtracting(["body"])
    }

    /// The `{…}` of a computed property whose name is at `nameIndex` (`var body: some View { … }`).
    private func propertyBody(after nameIndex: Int, level: Int) -> ClosedRange<Int>? {
        var index = nameIndex + 1
        while index < source.tokens.count, index - nameIndex < ScanLimits.gapTokens {
            if source.tokens[index].level < level || source.token(at: index, isPunctuation: ASCII.equals) { return nil }
            if source.tokens[index].level == level, source.token(at: index, isPunctuation: ASCII.openBrace) {
                return pairs.partner(of: index).map { index...$0 }
            }
            index += 1
        }
        return nil
    }
}

import YAML

/// A `# capaudit: ignore RULE[, RULE…] -- reason` or `# capaudit: ignore-file RULE -- reason` comment.
public struct SuppressionComment: Sendable, Equatable {
    public var rules: [String]
    public var reason: String?
    public var wholeFile: Bool
    /// Where the comment's `#` stands.
    public var position: SourcePosition
    /// The line whose findings it silences (its own line, or the next content line when it stands alone).
    public var targetLine: Int
    public var text: String
    /// Why a comment that was meant as a suppression is none (a missing colon, an unknown verb, a
    /// single `-` before the reason…); nil for a well-formed one. Such a comment silences nothing.
    public var malformed: String?

    /// The comment written the way capaudit reads it: what a near miss was meant to say.
    public var wellFormed: String {
        let rules = self.rules.isEmpty ? "RULE" : self.rules.joined(separator: ", ")
        return "# capaudit: \(wholeFile ? "ignore-file" : "ignore") \(rules) -- \(reason ?? "<why this is acceptable>")"
    }
}

/// Finds suppression comments in a file's text. libyaml drops comments, so they are found in
/// the bytes; a `#` that lies inside a scalar (quoted or block) is not a comment, which the
/// scalar spans of the parsed tree decide exactly.
public enum SuppressionCommentFinder {
    static let name = Array("capaudit".utf8)

    public static func find(in source: SourceLines, documents: [YAMLNode]) -> [SuppressionComment] {
        let bytes = source.bytes
        // A comment may open the file right after its byte order mark.
        let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var candidates: [(offset: Int, nameStart: Int)] = []
        var index = textStart
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#"), index == textStart || isSpace(bytes[index - 1]) {
                var probe = index + 1
                while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") { probe += 1 }
                if probe + name.count <= bytes.count, zip(bytes[probe..<probe + name.count], name).allSatisfy({ $0 | 0x20 == $1 }) {
                    candidates.append((index, probe))
                }
            }
            index += 1
        }
        guard !candidates.isEmpty else { return [] }
        let spans = scalarSpans(documents)
        var comments: [SuppressionComment] = []
        for candidate in candidates {
            let position = source.position(ofByte: candidate.offset)
            guard !spans.contains(where: { $0.start <= position && position < $0.end }) else { continue }
            let lineEnd = source.lineEndOffset(line: position.line)
            let body = String(decoding: bytes[min(candidate.nameStart, lineEnd)..<lineEnd], as: UTF8.self)
            guard let parsed = parse(body) else { continue }
            let lineStart = max(source.lineStartOffset(line: position.line), textStart)
            let standsAlone = bytes[lineStart..<candidate.offset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            comments.append(SuppressionComment(
                rules: parsed.rules, reason: parsed.reason, wholeFile: parsed.wholeFile, position: position,
                targetLine: standsAlone ? nextContentLine(after: position.line, in: source) : position.line,
                text: "#" + String(decoding: bytes[(candidate.offset + 1)..<lineEnd], as: UTF8.self), malformed: parsed.malformed))
        }
        return comments
    }

    struct Parsed {
        var rules: [String]
        var reason: String?
        var wholeFile: Bool
        var malformed: String?
    }

    /// Verbs of other linters' suppressions (and guesses at ours) that mean `ignore`.
    static let ignoreLikeVerbs = ["ignore", "disable", "suppress", "noqa", "nolint", "skip", "allow"]
    /// Other dashes a reason is written after by mistake.
    static let singleDashes: Set<String> = ["-", "\u{2013}", "\u{2014}"]
    /// Characters written between rules by mistake.
    static let wrongSeparators: Set<Character> = [";", "|", "+", "&"]

    /// A comment that starts with `capaudit` (the `#` gone): `: ignore RULES -- reason` or
    /// `: ignore-file RULES -- reason` after the name is a suppression; a near miss of one is
    /// returned with `malformed` saying what is wrong; nil for an ordinary comment that mentions
    /// capaudit (no suppression verb and no rule id).
    static func parse(_ body: String) -> Parsed? {
        let name = body.prefix("capaudit".count)
        var rest = body.dropFirst("capaudit".count)
        if let next = rest.first, next.isLetter || next.isNumber { return nil }
        var problems: [String] = []
        if name != "capaudit" { problems.append("`\(name)` is written `capaudit`") }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        // Without `capaudit:` exactly, only a suppression verb makes the comment one that was meant as a suppression.
        let exactName = name == "capaudit" && rest.first == ":"
        if rest.first == ":" {
            rest = rest.dropFirst()
        } else if let separator = rest.first, separator == "=" || separator == "-" {
            problems.append("`capaudit` is followed by `\(separator)` instead of a colon")
            rest = rest.dropFirst()
        } else {
            problems.append("the colon after `capaudit` is missing")
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let verb = String(rest.prefix { $0 != " " && $0 != "\t" })
        var remainder = rest.dropFirst(verb.count)
        let lowered = verb.lowercased()
        let wholeFile: Bool
        let mentionsDirective: Bool
        if verb == "ignore" || verb == "ignore-file" {
            wholeFile = verb == "ignore-file"
            mentionsDirective = true
        } else if ignoreLikeVerbs.contains(where: { lowered.hasPrefix($0) }) {
            wholeFile = lowered.contains("file")
            mentionsDirective = true
            let meant = wholeFile ? "ignore-file" : "ignore"
            if lowered == meant {
                problems.append("`\(verb)` is written `\(meant)`")
            } else if wholeFile {
                problems.append("`\(verb)` is not a verb capaudit knows: `ignore-file` covers the whole file")
            } else {
                problems.append("`\(verb)` is not a verb capaudit knows: use `ignore`, which covers the next line from a line of its own and its own line at the end of one")
            }
        } else if looksLikeRule(verb) {
            wholeFile = false
            problems.append("the verb `ignore` is missing")
            remainder = rest[...]
            mentionsDirective = exactName
        } else {
            wholeFile = false
            problems.append(verb.isEmpty ? "the verb `ignore` is missing" : "`\(verb)` is not a verb capaudit knows (`ignore`, `ignore-file`)")
            mentionsDirective = exactName
        }

        let parts = remainder.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false)
        var ruleText = String(parts.first ?? "")
        var reason = parts.count > 1 ? String(parts[1]).trimmed : nil
        if reason == nil {
            let words = ruleText.split(separator: " ", omittingEmptySubsequences: true)
            if let dash = words.firstIndex(where: { singleDashes.contains(String($0)) }) {
                problems.append("the reason follows `\(words[dash])`; write two hyphens, `--`")
                ruleText = words[..<dash].joined(separator: " ")
                reason = words[(dash + 1)...].joined(separator: " ")
            }
        }
        let usedSeparators = wrongSeparators.filter { ruleText.contains($0) }.sorted()
        if !usedSeparators.isEmpty {
            problems.append("rules are separated by \(usedSeparators.map { "`\($0)`" }.joined(separator: " and ")); separate them with commas")
        }
        var rules = ruleText.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || wrongSeparators.contains($0) }).map(String.init)
        guard mentionsDirective, problems.isEmpty || rules.contains(where: looksLikeRule) || verb.lowercased().hasPrefix("ignore") else { return nil }
        if !problems.isEmpty {
            // The words after the rules of a near miss are its reason, written without `--`.
            let named = rules.prefix { looksLikeRule($0) || looksLikeSlug($0) }
            if reason == nil, named.count < rules.count { reason = rules[named.count...].joined(separator: " ") }
            rules = Array(named)
        }
        return Parsed(
            rules: rules, reason: reason?.isEmpty == true ? nil : reason, wholeFile: wholeFile,
            malformed: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `sensitive-data-exposed`: the shape of a rule's slug.
    static func looksLikeSlug(_ word: String) -> Bool {
        word.contains("-") && word.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "-" }
    }

    /// `CAP001`, `cap001`, `AND002/recording`: the shape of a rule id, to tell a suppression meant for a rule from a
    /// comment that merely mentions capaudit.
    static func looksLikeRule(_ word: String) -> Bool {
        let id = word.prefix { $0 != "/" }
        let letters = id.prefix { $0.isASCII && $0.isLetter }
        let digits = id.dropFirst(letters.count)
        return (2...5).contains(letters.count) && digits.count == 3 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0A || byte == 0x0D
    }

    static func nextContentLine(after line: Int, in source: SourceLines) -> Int {
        var candidate = line + 1
        while candidate <= source.lineCount {
            let text = source.text(ofLine: candidate).drop { $0 == " " || $0 == "\t" }
            if !text.isEmpty, !text.hasPrefix("#") { return candidate }
            candidate += 1
        }
        return line + 1
    }

    /// Start and end of every scalar, keys included, walked without recursion.
    static func scalarSpans(_ documents: [YAMLNode]) -> [(start: SourcePosition, end: SourcePosition)] {
        var spans: [(SourcePosition, SourcePosition)] = []
        var stack = documents
        while let node = stack.popLast() {
            if node.alias != nil { continue }
            switch node.content {
            case .scalar: spans.append((node.start, node.end))
            case .sequence(let items): stack.append(contentsOf: items)
            case .mapping(let pairs):
                for pair in pairs {
                    stack.append(pair.key)
                    stack.append(pair.value)
                }
            }
        }
        return spans
    }
}

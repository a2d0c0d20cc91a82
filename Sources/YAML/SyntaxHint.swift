/// The YAML mistakes people make most, recognised from libyaml's error and the source line, and
/// explained with the fix: libyaml's own words ("mapping values are not allowed in this context")
/// say what the parser met, not what the writer did.
enum SyntaxHint {
    /// A located explanation, or nil when the error is none of the common mistakes.
    static func explain(problem: String, context: String?, at position: SourcePosition, contextStart: SourcePosition, in lines: SourceLines) -> YAMLError? {
        if context == "while scanning an alias", let glob = token(at: contextStart, in: lines), glob.hasPrefix("*") {
            return YAMLError(
                .syntax("`*` starts a YAML alias, so the unquoted pattern `\(glob)` cannot be read; quote it: `\"\(glob)\"`"), at: contextStart)
        }
        guard (1...lines.lineCount).contains(position.line) else { return nil }
        let line = Array(lines.text(ofLine: position.line).unicodeScalars)
        let index = position.column - 1
        if problem.hasPrefix("found character that cannot start any token"), line.indices.contains(index), line[index] == "@" || line[index] == "`" {
            let character = line[index] == "@" ? "`@`" : "a backtick"
            return YAMLError(.syntax("a plain value cannot start with \(character), which YAML reserves; quote it: `\(quoted(line, valueFrom: index))`"), at: position)
        }
        guard let valueStart = valueStart(in: line) else { return nil }
        if problem == "mapping values are not allowed in this context", index > valueStart {
            return YAMLError(
                .syntax("`: ` inside an unquoted value makes YAML read a second key; quote the whole value: `\(quoted(line, valueFrom: valueStart))`"), at: position)
        }
        if line[valueStart] == "'", let closing = closingQuote(line, from: valueStart), closing + 1 < line.count,
            line[closing + 1].properties.isAlphabetic || line[closing + 1].properties.numericType != nil
        {
            let value = String(String.UnicodeScalarView(line[valueStart...])).trimmingTrailingSpaces
            let inner = value.dropFirst().hasSuffix("'") ? String(value.dropFirst().dropLast()) : String(value.dropFirst())
            let key = String(String.UnicodeScalarView(line[..<valueStart])).drop { $0 == " " }
            let doubled = "'" + inner.replacingApostrophes + "'"
            return YAMLError(
                .syntax("an apostrophe ends a single-quoted text: double it (`\(doubled)`) or use double quotes (`\(key)\(doubleQuoted(inner))`)"),
                at: SourcePosition(line: position.line, column: closing + 1))
        }
        return nil
    }

    /// Where the value of `key: value` or `- value` begins on a line, if it has one.
    static func valueStart(in line: [Unicode.Scalar]) -> Int? {
        var index = 0
        while index < line.count, line[index] == " " { index += 1 }
        if index + 1 < line.count, line[index] == "-", line[index + 1] == " " {
            index += 2
            while index < line.count, line[index] == " " { index += 1 }
        }
        var probe = index
        while probe + 1 < line.count {
            if line[probe] == ":", line[probe + 1] == " " {
                var start = probe + 2
                while start < line.count, line[start] == " " { start += 1 }
                return start < line.count ? start : nil
            }
            if line[probe] == "'" || line[probe] == "\"" { break }
            probe += 1
        }
        return index < line.count ? index : nil
    }

    /// The quote that ends a single-quoted scalar opened at `start` (`''` is an escaped quote).
    static func closingQuote(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        while index < line.count {
            if line[index] == "'" {
                if index + 1 < line.count, line[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }

    /// The line with its value from `start` in double quotes.
    static func quoted(_ line: [Unicode.Scalar], valueFrom start: Int) -> String {
        let key = String(String.UnicodeScalarView(line[..<start])).drop { $0 == " " }
        let value = String(String.UnicodeScalarView(line[start...])).trimmingTrailingSpaces
        return "\(key)\(doubleQuoted(value))"
    }

    static func doubleQuoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }

    /// The word at a position, up to a space or a flow indicator: an unquoted glob.
    static func token(at position: SourcePosition, in lines: SourceLines) -> String? {
        guard (1...lines.lineCount).contains(position.line) else { return nil }
        let line = Array(lines.text(ofLine: position.line).unicodeScalars)
        guard line.indices.contains(position.column - 1) else { return nil }
        let word = line[(position.column - 1)...].prefix { !" \t,]}#".unicodeScalars.contains($0) }
        return String(String.UnicodeScalarView(word))
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    fileprivate var replacingApostrophes: String {
        String(flatMap { $0 == "'" ? ["'", "'"] : [$0] })
    }
}

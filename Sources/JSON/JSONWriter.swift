/// Writes JSON text: pretty (two-space indent, one member a line) for files people diff,
/// or compact. Strings escape quotes, backslashes and every control character.
public struct JSONWriter {
    public var pretty: Bool

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    public func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        if pretty { output += "\n" }
        return output
    }

    /// Appends one value, its nested lines indented `indent` levels: lets a reporter write a
    /// long array member by member instead of building the whole document first.
    public func append(_ value: JSONValue, indent: Int, into output: inout String) {
        write(value, indent: indent, into: &output)
    }

    private func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .number(let number):
            if number.isFinite {
                output += number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            } else {
                output += "null"
            }
        case .string(let text): Self.quote(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, into: &output)
                write(item, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { output += "," }
                newline(indent + 1, into: &output)
                Self.quote(key, into: &output)
                output += pretty ? ": " : ":"
                write(member, indent: indent + 1, into: &output)
            }
            newline(indent, into: &output)
            output += "}"
        }
    }

    private func newline(_ indent: Int, into output: inout String) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    public static func quote(_ text: String, into output: inout String) {
        output += "\""
        let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }
        guard needsEscape else {
            output += text
            output += "\""
            return
        }
        var run = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": run.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": run.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": run.append(contentsOf: "\\n".unicodeScalars)
            case "\r": run.append(contentsOf: "\\r".unicodeScalars)
            case "\t": run.append(contentsOf: "\\t".unicodeScalars)
            case "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}":
                run.append(contentsOf: ("\\u" + hex4(scalar.value)).unicodeScalars)
            default: run.append(scalar)
            }
        }
        output += String(run)
        output += "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

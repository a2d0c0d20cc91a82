import CapauditKit

/// A command-line mistake: exit 2, with a message that suggests the fix.
struct UsageError: Error {
    var message: String
}

/// An option a command accepts.
struct OptionSpec {
    var name: String
    /// The value's placeholder in help; nil for a flag.
    var value: String?
    var help: String
    var repeatable = false
    /// Accepted values, for validation and suggestions.
    var choices: [String] = []
    /// For a whole-number option, the values it accepts: the parser rejects anything else.
    var range: ClosedRange<Int>? = nil
}

/// Parsed arguments: option values by name, flags, and positional arguments.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// A whole-number option's value, already checked against its spec's `range` by the parser.
    func integer(_ name: String) -> Int? {
        value(name).flatMap { Int($0) }
    }
}

/// Hand-written parsing (no outside packages): `--name value`, `--name=value`, flags, `--`.
enum ArgumentParser {
    static func parse(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option `\(argument)`\(suggestion(for: String(argument.dropFirst()), specs: specs)); options start with `--`")
            }
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts.first ?? "")
            let inlineValue = parts.count == 2 ? String(parts[1]) : nil
            guard !name.isEmpty else {
                throw UsageError(message: "`\(argument)` names no option before `=`; write `--name=value`")
            }
            if name == "help" {
                throw UsageError(message: "--help takes no value")
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option `--\(name)`\(suggestion(for: name, specs: specs))")
            }
            guard spec.value != nil else {
                if inlineValue != nil { throw UsageError(message: "--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "--\(name) needs a value (\(spec.value ?? "VALUE"))\(choicesText(spec))")
                }
                value = arguments[index]
                // `--output --quiet` is a forgotten value, not a file called `--quiet`.
                if value.hasPrefix("--"), value.count > 2, specs.contains(where: { value.dropFirst(2).split(separator: "=").first.map(String.init) == $0.name }) {
                    throw UsageError(message: "--\(name) needs a value (\(spec.value ?? "VALUE")) before `\(value)`\(choicesText(spec))")
                }
                index += 1
            }
            if !spec.choices.isEmpty, !spec.choices.contains(value) {
                let hint = NearestName.suggestion(for: value, among: spec.choices).map { "; did you mean `\($0)`?" } ?? ""
                throw UsageError(message: "--\(name) does not take `\(value)`\(hint)\(choicesText(spec))")
            }
            if let range = spec.range {
                try checkNumber(value, in: range, option: name)
            }
            if parsed.values[name] != nil, !spec.repeatable {
                throw UsageError(message: "--\(name) is given twice")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// Plain decimal digits within `range`: no sign, space, exponent or hexadecimal, and no
    /// number so large that it would overflow what it sizes.
    static func checkNumber(_ text: String, in range: ClosedRange<Int>, option name: String) throws(UsageError) {
        let digits = !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard digits, let number = Int(text), range.contains(number) else {
            throw UsageError(message: "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got `\(text)`")
        }
    }

    static func choicesText(_ spec: OptionSpec) -> String {
        spec.choices.isEmpty ? "" : "; choose from \(spec.choices.joined(separator: ", "))"
    }

    static func suggestion(for name: String, specs: [OptionSpec]) -> String {
        NearestName.suggestion(for: name, among: specs.map(\.name) + ["help"]).map { "; did you mean `--\($0)`?" } ?? ""
    }

    /// Help text for a command's options.
    static func help(_ specs: [OptionSpec]) -> String {
        let rows = specs.map { spec -> (String, String) in
            let left = "--\(spec.name)" + (spec.value.map { " \($0)" } ?? "")
            return (left, spec.help)
        } + [("-h, --help", "Show this help.")]
        let width = min(30, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, help in
            let pad = left.count < width ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  \(left)\(pad)\(help)"
        }.joined(separator: "\n")
    }
}

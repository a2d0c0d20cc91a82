/// Small helpers that turn lists into readable English for messages.
enum Phrases {
    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "nothing"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// "`a`", "`a` and `b`", ...
    static func code(_ items: [String]) -> String {
        list(items.map { "`\($0)`" })
    }

    /// A sentence turned into a clause: first letter lowered (unless the first word is an acronym
    /// or an API name such as `WindowManager.LayoutParams`), final stop removed.
    static func clause(_ sentence: String) -> String {
        var text = sentence.trimmed
        if text.hasSuffix(".") { text.removeLast() }
        let firstWord = text.prefix { !$0.isWhitespace }
        guard let first = firstWord.first, let second = firstWord.dropFirst().first, first.isUppercase, second.isLowercase,
            !firstWord.dropFirst().contains(where: { $0.isUppercase || $0 == "." || $0 == "(" })
        else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// "[a, b]" as a YAML flow list.
    static func flowList(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }
}

extension String {
    /// Without leading and trailing white space; works on scalars, so it stays cheap on long text.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `pt_BR` → `pt-BR`, for language-tag suggestions.
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}

import JSON
import YAML

/// A manifest change in one line of words, as the help line prints it after the fix's message:
/// `add \`media-store-observer\` to \`capture.detect\``, `set \`display: masked\` in
/// \`screens[id=cards].fields[id=pan]\``, `remove \`opt-out\` from \`screens[id=home]\``, `add the
/// comment \`# capaudit: ignore AND002 -- reason\` above \`capture.detect[0]\``.
/// Every value is written in YAML flow style, so that the line can be applied as written.
enum ChangeWords {
    static func describe(_ edits: [ManifestEdit]) -> String {
        kept(edits).map(describe).joined(separator: ", ")
    }

    static func describe(_ edit: ManifestEdit) -> String {
        switch edit.change {
        case .set(let value):
            return "set `\(edit.key): \(FlowYAML.value(value))` \(place(edit.path))"
        case .append(let value):
            return "add `\(FlowYAML.value(value))` to `\(edit.path.isEmpty ? edit.key : "\(edit.path).\(edit.key)")`"
        case .remove:
            return "remove `\(edit.key)` \(place(edit.path, preposition: "from"))"
        case .suppress(let rule, let reason):
            return "add the comment `\(ManifestEdit.suppressionComment(rule: rule, reason: reason))` \(place(edit.path, preposition: "above"))"
        }
    }

    private static func place(_ path: String, preposition: String = "in") -> String {
        path.isEmpty ? "\(preposition) the document" : "\(preposition) `\(path)`"
    }

    /// The edits without a `set` that a later `set` of the same key replaces (a protect list
    /// growing as a fix adds to it).
    static func kept(_ edits: [ManifestEdit]) -> [ManifestEdit] {
        edits.enumerated().filter { index, edit in
            guard case .set = edit.change else { return true }
            return !edits[(index + 1)...].contains { later in
                guard later.path == edit.path, later.key == edit.key, case .set = later.change else { return false }
                return true
            }
        }.map(\.element)
    }
}

/// Values as YAML flow text: names plain when they can be, texts double-quoted, lists `[a, b]`,
/// mappings `{a: b}`.
enum FlowYAML {
    static func value(_ value: EditValue) -> String {
        switch value {
        case .name(let text): return name(text)
        case .text(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .list(let items): return "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .mapping(let entries): return "{" + entries.map { "\(name($0.key)): \(Self.value($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A name plain when it is a simple word that YAML reads as that string, else double-quoted.
    static func name(_ text: String) -> String {
        isPlainWord(text) ? text : quoted(text)
    }

    static func isPlainWord(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetterOrDigit(first) else { return false }
        guard text.unicodeScalars.allSatisfy({ isLetterOrDigit($0) || $0 == "-" || $0 == "_" || $0 == "." }) else { return false }
        return ResolvedScalar(YAMLScalar(value: text, style: .plain)) == .string(text)
    }

    /// ASCII without a property lookup: names are nearly always ASCII, and there are many of them.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0..<0x80: return false
        default: return scalar.properties.isAlphabetic
        }
    }

    static func quoted(_ text: String) -> String {
        var quoted = ""
        JSONWriter.quote(text, into: &quoted)
        return quoted
    }
}

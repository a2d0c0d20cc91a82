import CapauditKit
import JSON

/// `textDocument/hover` and `textDocument/completion`: rule pages on rule ids, taxonomy facts on
/// kind and mechanism names, and the names of the policy in use.
struct PolicyLookup {
    let policy: Policy

    /// The markdown shown for the word under the cursor, or nil.
    func hover(word: String) -> String? {
        if let rule = policy.rule(word) {
            return RulePage(rule: rule, policy: policy).markdown()
        }
        let taxonomy = policy.taxonomy
        if let kind = taxonomy.dataKind(named: word) {
            return "**\(kind.id)**: \(kind.title) (data kind, category `\(kind.category)`)" + (kind.description.isEmpty ? "" : "\n\n\(kind.description)")
                + (kind.aliases.isEmpty ? "" : "\n\nAliases: \(kind.aliases.map { "`\($0)`" }.joined(separator: ", "))")
        }
        if let action = taxonomy.actionKind(named: word) {
            return "**\(action.id)**: action kind, default risk `\(action.risk.rawValue)`"
        }
        let mechanisms = taxonomy.mechanisms(named: word)
        guard !mechanisms.isEmpty else { return nil }
        return mechanisms.map { mechanism in
            var lines = ["**\(mechanism.id)** (\(mechanism.platform.displayName), \(mechanism.role.rawValue))", "", mechanism.description]
            lines.append("")
            let covered = taxonomy.names(of: mechanism.covers)
            if !covered.isEmpty { lines.append("- covers: \(covered.joined(separator: ", "))") }
            if let minimum = mechanism.minVersion { lines.append("- from \(mechanism.platform.displayName) \(minimum)") }
            if mechanism.isAppWide { lines.append("- app-wide: listed only in `capture.protect`") }
            if mechanism.isConditional { lines.append("- conditional: depends on how the app is deployed; declared only, never proposed as a fix") }
            if mechanism.appliesTo.contains(.action) { lines.append("- may also be listed in an action's `protect`") }
            if !mechanism.caveat.isEmpty { lines.append("- caveat: \(mechanism.caveat)") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n---\n\n")
    }

    /// LSP `CompletionItemKind`s used: 12 value, 14 keyword, 21 constant.
    func completions(linePrefix: String) -> [JSONValue] {
        let trimmed = linePrefix.drop { $0 == " " || $0 == "\t" || $0 == "-" }
        let taxonomy = policy.taxonomy
        if linePrefix.contains("#") {
            guard linePrefix.contains("capaudit:") else { return [] }
            return policy.rules.map { item($0.id, detail: $0.title, kind: 21) }
        }
        if trimmed.hasPrefix("kind:") {
            return taxonomy.dataKinds.map { item($0.id, detail: $0.title, kind: 12) } + taxonomy.actionKinds.map { item($0.id, detail: "action kind", kind: 12) }
        }
        if trimmed.hasPrefix("profile:") {
            return policy.profileNames.map { item($0, detail: "profile", kind: 12) }
        }
        if trimmed.hasPrefix("host:") {
            return ScreenHost.allCases.map { item($0.rawValue, detail: "who draws the screen's window", kind: 12) }
        }
        return taxonomy.mechanisms.map { item($0.id, detail: "\($0.platform.displayName) \($0.role.rawValue)", kind: 12) }
    }

    private func item(_ label: String, detail: String, kind: Int) -> JSONValue {
        .object([("label", .string(label)), ("kind", .integer(kind)), ("detail", .string(detail))])
    }

    /// The word (letters, digits, `-`, `_`) around a byte offset of a line.
    static func word(in line: String, atScalar column: Int) -> String {
        let scalars = Array(line.unicodeScalars)
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
        var start = min(max(column, 0), scalars.count)
        var end = start
        while start > 0, isWordScalar(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, isWordScalar(scalars[end]) { end += 1 }
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars[start..<end])
        return String(word)
    }
}

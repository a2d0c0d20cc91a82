import CapauditKit
import JSON
import YAML

/// `textDocument/codeAction`: each fix of the findings in the range as a `quickfix` (safe
/// ones preferred, unsafe ones labelled), a suppression comment per rule, and
/// `source.fixAll.capaudit` for the safe fixes of the whole file.
struct CodeActions {
    let uri: String
    let lines: LineMap
    let encoding: PositionEncoding

    static let fixAllKind = "source.fixAll.capaudit"

    func quickFixes(for finding: Finding, diagnostic: JSONValue) -> [JSONValue] {
        var actions: [JSONValue] = []
        for (index, fix) in finding.fixes.enumerated() where fix.applicability != .display && !fix.edits.isEmpty {
            let title = fix.applicability == .unsafe ? "\(fix.help) (unsafe)" : fix.help
            actions.append(action(
                title: "\(finding.ruleID): \(title)", kind: "quickfix", diagnostic: diagnostic,
                preferred: index == 0 && fix.applicability == .safe, edits: fix.edits.map(edit)))
        }
        actions.append(suppression(for: finding, diagnostic: diagnostic))
        return actions
    }

    /// `# capaudit: ignore RULE -- <reason>` on a line of its own above the finding's line,
    /// indented as that line is.
    func suppression(for finding: Finding, diagnostic: JSONValue) -> JSONValue {
        let line = max(finding.start.line, 1)
        let indentation = String(lines.lineText(line).prefix { $0 == " " || $0 == "\t" })
        let insert = (line: line - 1, character: 0)
        let text = "\(indentation)# capaudit: ignore \(finding.ruleID) -- <reason>\n"
        let edit: JSONValue = .object([("range", DiagnosticMapping.range(insert, insert)), ("newText", .string(text))])
        return action(title: "Suppress \(finding.ruleID) on this line", kind: "quickfix", diagnostic: diagnostic, preferred: false, edits: [edit])
    }

    /// The whole text replaced by its fixed form.
    func fixAll(fixed: String) -> JSONValue {
        let end = lines.position(ofByte: lines.text.utf8.count, encoding: encoding)
        let edit: JSONValue = .object([("range", DiagnosticMapping.range((0, 0), end)), ("newText", .string(fixed))])
        return action(title: "capaudit: apply every safe fix", kind: Self.fixAllKind, diagnostic: nil, preferred: false, edits: [edit])
    }

    private func edit(_ edit: TextEdit) -> JSONValue {
        .object([
            ("range", DiagnosticMapping.range(lines.position(of: edit.start, encoding: encoding), lines.position(of: edit.end, encoding: encoding))),
            ("newText", .string(edit.replacement)),
        ])
    }

    private func action(title: String, kind: String, diagnostic: JSONValue?, preferred: Bool, edits: [JSONValue]) -> JSONValue {
        var members: [(String, JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { members.append(("diagnostics", .array([diagnostic]))) }
        if preferred { members.append(("isPreferred", .bool(true))) }
        members.append(("edit", .object([("changes", .object([(uri, .array(edits))]))])))
        return .object(members)
    }

    /// Whether a request's `context.only` lets actions of `kind` through (LSP kinds are
    /// hierarchical: `source` admits `source.fixAll.capaudit`).
    static func admits(_ only: [String]?, _ kind: String) -> Bool {
        guard let only, !only.isEmpty else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
}

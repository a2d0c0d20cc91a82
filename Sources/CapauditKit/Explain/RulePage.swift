import JSON

/// Everything `capaudit explain RULE` shows about a rule: what it checks, its severity in each
/// profile, why it exists (with its sources), how to fix a finding, and its two examples.
/// The same page feeds `docs/rules.md`.
public struct RulePage: Sendable {
    public var rule: RuleDefinition
    public var severities: RuleSeverities
    /// The rule's sources, resolved from `references.yml`; a key without an entry keeps only its key.
    public var references: [Reference]

    public init(rule: RuleDefinition, policy: Policy) {
        self.rule = rule
        severities = RuleSeverities(rule: rule, profiles: RuleSeverities.displayOrder(policy))
        references = rule.references.map { key in policy.references[key] ?? Reference(id: key, title: key, url: nil, note: nil) }
    }

    /// Where the rule's page is published: its section of docs/rules.md, by the anchor GitHub
    /// gives the heading `## ID slug` (the language server's `codeDescription.href`).
    public static func url(id: String, slug: String) -> String {
        "\(documentationBase)#\(id.lowercased())-\(slug.lowercased())"
    }

    /// The published docs/rules.md (`example-org` stands for the project's home, as in the README).
    public static let documentationBase = "https://github.com/example-org/capaudit/blob/main/docs/rules.md"

    /// The rule's status in a sentence, for a rule that is not stable.
    var statusSentence: String? { rule.status.sentence(replacedBy: rule.replacedBy) }

    /// What a finding of the rule points at, for people.
    var pointsAtPhrase: String {
        switch rule.pointsAt {
        case "text": return "the offending words inside the text"
        case "app": return "the `app`, `capture` or `sdks` entry concerned"
        case "": return "the node it is about"
        default: return "the \(rule.pointsAt)"
        }
    }

    /// One sentence per retired case, by name: the policy that retired it and what its name still does.
    /// `prose` escapes the rule data for the page's format.
    func retiredCaseSentences(_ prose: (String) -> String) -> [String] {
        rule.retiredCases.keys.sorted().map { name in
            "`\(rule.settingKey(case: name))` " + prose("was retired by \(rule.retiredCases[name] ?? ""): it never fires; its name stays valid in configs, suppressions and --select, and a suppression naming it is unused (SUP002).")
        }
    }

    /// The check that implements the rule and where its findings point.
    var whatItChecks: String {
        "The built-in check `\(ControlEscaping.escape(rule.check))`; a finding points at \(pointsAtPhrase)."
    }

    // MARK: Text

    /// The page for a terminal or a log, laid out for 78 columns (SARIF `help.text` too).
    public var text: String { text(width: 78) }

    /// The page for a terminal, laid out for `width` columns: plain text, rule data with control
    /// characters escaped, prose reflowed, examples line for line.
    public func text(width: Int = 78) -> String {
        let safe = { (text: String) in ControlEscaping.escape(TextLayout.trimmedEnd(text), keepNewlines: true) }
        var lines: [String] = []
        lines.append("\(rule.id)  \(safe(rule.slug))")
        lines += TextLayout.wrap(safe(rule.title), to: width)
        if let status = statusSentence { lines += TextLayout.wrap(safe(status), to: width) }
        lines.append("")
        lines.append("What it checks")
        lines += TextLayout.wrap("  \(whatItChecks)", to: width)
        lines += TextLayout.wrap("  Message: \(safe(rule.message))", to: width)
        lines.append("")
        lines.append("Severity")
        lines += severityTable(indent: 2)
        if severities.usesMatrix {
            lines += TextLayout.wrap("  " + RuleSeverities.matrixNote, to: width)
        }
        let retired = retiredCaseSentences(safe)
        if !retired.isEmpty {
            lines.append("")
            lines.append("Retired cases")
            for sentence in retired { lines += TextLayout.wrap("  \(sentence)", to: width) }
        }
        lines.append("")
        lines.append("Why")
        lines += TextLayout.reflow(safe(rule.rationale), indent: 2, to: width)
        lines.append("")
        lines.append("References")
        if references.isEmpty {
            lines += TextLayout.wrap("  none: this rule is about capaudit itself (its input, or what it can check), not a platform or regulation", to: width)
        }
        for reference in references {
            let title = "  \(safe(reference.id))  \(safe(reference.title))" + (reference.note.map { " (\(safe($0)))" } ?? "")
            lines += TextLayout.wrap(title, to: width)
            if let url = reference.url { lines.append(String(repeating: " ", count: 4 + reference.id.count) + safe(url)) }
        }
        lines.append("")
        lines.append("How to fix")
        lines += TextLayout.reflow(safe(rule.fix), indent: 2, to: width)
        lines += TextLayout.wrap("  \(safe(applicabilitySentence))", to: width)
        lines.append("")
        lines.append("Failing example (reports \(rule.id))")
        lines.append(TextLayout.indent(safe(rule.failingExample), by: 4))
        lines += sourceText(rule.failingSource, safe)
        lines.append("")
        lines.append("Passing example")
        lines.append(TextLayout.indent(safe(rule.passingExample), by: 4))
        if rule.passingSource != rule.failingSource { lines += sourceText(rule.passingSource, safe) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An example's app code, file by file, for rules that read code.
    private func sourceText(_ files: [SourceText], _ safe: (String) -> String) -> [String] {
        guard !files.isEmpty else { return [] }
        var lines = ["", "  against this code:"]
        for file in files {
            lines.append("    \(file.platform.rawValue): \(safe(file.path))")
            lines.append(TextLayout.indent(safe(file.text), by: 6))
        }
        return lines
    }

    private func sourceMarkdown(_ files: [SourceText]) -> String {
        guard !files.isEmpty else { return "" }
        return "\n\nAgainst this code:\n\n" + files.map { file in
            "\(file.platform.displayName): `\(ControlEscaping.escape(file.path))`\n\n" + MarkdownBlocks.fence(file.text, language: Self.fenceLanguage(file.path))
        }.joined(separator: "\n\n")
    }

    static func fenceLanguage(_ path: String) -> String {
        if path.hasSuffix(".swift") { return "swift" }
        if path.hasSuffix(".java") { return "java" }
        if path.hasSuffix(".xml") { return "xml" }
        if path.hasSuffix(".kt") || path.hasSuffix(".kts") { return "kotlin" }
        if path.hasSuffix(".dart") { return "dart" }
        if path.hasSuffix(".ts") || path.hasSuffix(".tsx") { return "tsx" }
        if path.hasSuffix(".js") || path.hasSuffix(".jsx") { return "jsx" }
        return ""
    }

    private static func sourceJSON(_ files: [SourceText]) -> JSONValue {
        .array(files.map { .object([("platform", .string($0.platform.rawValue)), ("path", .string($0.path)), ("text", .string($0.text))]) })
    }

    private func severityTable(indent: Int) -> [String] {
        let keyWidth = max(8, (severities.rows.map { $0.key.count }.max() ?? 0) + 2)
        let columnWidths = severities.profiles.map { max(9, $0.count + 2) }
        let pad = String(repeating: " ", count: indent)
        func row(_ first: String, _ cells: [String]) -> String {
            let body = zip(cells, columnWidths).map { TextLayout.fit($0, to: $1) }.joined()
            return TextLayout.trimmedEnd(pad + TextLayout.fit(first, to: keyWidth) + body)
        }
        return [row("", severities.profiles)] + severities.rows.map { row($0.key, $0.values) }
    }

    /// How far `check --fix` applies the rule's fixes, and why.
    var applicabilitySentence: String {
        let reason = TextLayout.trimmedEnd(rule.fixApplicabilityReason)
        return "Fix applicability: \(rule.fixApplicability.rawValue)" + (reason.isEmpty ? "." : ": \(reason)")
    }

    // MARK: Markdown

    /// The page as Markdown; `level` is the heading level of the rule's own heading.
    public func markdown(level: Int = 1) -> String {
        let heading = String(repeating: "#", count: max(1, level))
        let sub = heading + "#"
        var parts: [String] = []
        parts.append("\(heading) \(rule.id) \(MarkupEscaping.markdown(rule.slug))")
        parts.append("**\(MarkupEscaping.markdown(rule.title))**")
        if let status = statusSentence { parts.append("*\(MarkupEscaping.markdown(status))*") }
        parts.append("\(sub) What it checks\n\n\(whatItChecks)\n\nMessage: `` \(ControlEscaping.escape(rule.message)) ``")
        var severity = "\(sub) Severity\n\n"
        severity += MarkdownBlocks.table(header: ["setting"] + severities.profiles.map(MarkupEscaping.markdown), rows: severities.rows.map { ["`\($0.key)`"] + $0.values })
        if severities.usesMatrix { severity += "\n\n" + RuleSeverities.matrixNote.replacing("matrix", with: "*matrix*", maxReplacements: 1) + "." }
        parts.append(severity)
        let retired = retiredCaseSentences(MarkupEscaping.markdown)
        if !retired.isEmpty { parts.append("\(sub) Retired cases\n\n" + retired.map { "- " + $0 }.joined(separator: "\n")) }
        parts.append("\(sub) Why\n\n\(MarkdownBlocks.block(rule.rationale))")
        let referenceList = references.isEmpty
            ? "None: this rule is about capaudit itself (its input, or what it can check), not a platform or regulation."
            : references.map { reference in
                let title = MarkupEscaping.markdown(reference.title)
                let linked = reference.url.map { "[\(title)](\($0))" } ?? title
                return "- \(reference.id): \(linked)" + (reference.note.map { " (\(MarkupEscaping.markdown($0)))" } ?? "")
            }.joined(separator: "\n")
        parts.append("\(sub) References\n\n\(referenceList)")
        parts.append("\(sub) How to fix\n\n\(MarkdownBlocks.block(rule.fix))\n\n\(MarkdownBlocks.block(applicabilitySentence))")
        parts.append("\(sub) Failing example\n\nReports \(rule.id):\n\n\(MarkdownBlocks.yamlFence(rule.failingExample))\(sourceMarkdown(rule.failingSource))")
        let passingSource = rule.passingSource != rule.failingSource ? sourceMarkdown(rule.passingSource) : ""
        parts.append("\(sub) Passing example\n\n\(MarkdownBlocks.yamlFence(rule.passingExample))\(passingSource)")
        return parts.joined(separator: "\n\n") + "\n"
    }

    // MARK: JSON

    public var json: JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("slug", .string(rule.slug)),
            ("title", .string(rule.title)),
            ("status", .string(rule.status.rawValue)),
            ("check", .string(rule.check)),
            ("pointsAt", .string(rule.pointsAt)),
            ("severity", severityJSON),
            ("rationale", .string(TextLayout.trimmedEnd(rule.rationale))),
            ("fix", .string(TextLayout.trimmedEnd(rule.fix))),
            ("examples", .object(examplesJSON)),
            ("references", .array(references.map(Self.json))),
        ] + (rule.replacedBy.map { [("replacedBy", JSONValue.string($0))] } ?? []) + retiredCasesJSON)
    }

    /// `retiredCases`, only for a rule that has any: each retired case with the policy that retired it.
    private var retiredCasesJSON: [(String, JSONValue)] {
        rule.retiredCases.isEmpty ? [] : [("retiredCases", .object(rule.retiredCases.keys.sorted().map { ($0, JSONValue.string(rule.retiredCases[$0] ?? "")) }))]
    }

    /// The examples, with their app code for rules that read code.
    private var examplesJSON: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("failing", .string(rule.failingExample)), ("passing", .string(rule.passingExample))]
        if !rule.failingSource.isEmpty { members.append(("failingSource", Self.sourceJSON(rule.failingSource))) }
        if !rule.passingSource.isEmpty { members.append(("passingSource", Self.sourceJSON(rule.passingSource))) }
        return members
    }

    /// Severity per setting key, then per profile: `{"CAP007": {"general": "warning", ...}, "CAP007/with-reason": {...}}`.
    var severityJSON: JSONValue {
        .object(severities.rows.map { row in
            (row.key, .object(zip(severities.profiles, row.values).map { ($0, .string($1)) }))
        })
    }

    static func json(_ reference: Reference) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(reference.id)), ("title", .string(reference.title))]
        if let url = reference.url { members.append(("url", .string(url))) }
        if let note = reference.note { members.append(("note", .string(note))) }
        return .object(members)
    }
}

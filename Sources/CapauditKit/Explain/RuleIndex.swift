import JSON

/// The list of rules with their severity in each profile: `capaudit rules`, and what
/// `capaudit explain` prints when it cannot be interactive.
public struct RuleIndex: Sendable {
    public var pages: [RulePage]
    public var profiles: [String]

    /// Every rule of the policy; with `profile`, the severities of that profile only.
    public init(policy: Policy, profile: String? = nil) {
        pages = policy.rules.map { RulePage(rule: $0, policy: policy) }
        profiles = RuleSeverities.displayOrder(policy).map(\.id)
        if let profile, let column = profiles.firstIndex(of: profile) {
            profiles = [profile]
            for index in pages.indices {
                pages[index].severities.profiles = [profile]
                for row in pages[index].severities.rows.indices {
                    pages[index].severities.rows[row].values = [pages[index].severities.rows[row].values[column]]
                }
            }
        }
    }

    var usesMatrix: Bool { pages.contains { $0.severities.usesMatrix } }

    public static let explainHint = "Run `capaudit explain RULE` (an id or a slug) for a rule's rationale, fix and examples."

    // MARK: Text

    public var text: String {
        let safe = { (text: String) in ControlEscaping.escape(text) }
        let slugWidth = (pages.map { TextLayout.width(of: safe($0.rule.slug)) }.max() ?? 4) + 2
        let idWidth = max(8, (pages.map { $0.rule.id.count }.max() ?? 0) + 2)
        let statusWidth = (RuleStatus.allCases.map(\.rawValue.count).max() ?? 0) + 2
        let columnWidths = profiles.map { max(9, $0.count + 2) }
        func line(_ id: String, _ slug: String, _ status: String, _ values: [String], _ title: String) -> String {
            let cells = zip(values, columnWidths).map { TextLayout.fit($0, to: $1) }.joined()
            return TextLayout.trimmedEnd(
                TextLayout.fit(id, to: idWidth) + TextLayout.fit(slug, to: slugWidth) + TextLayout.fit(status, to: statusWidth) + cells + title)
        }
        var lines = [line("RULE", "SLUG", "STATUS", profiles.map { safe($0).uppercased() }, "TITLE")]
        for page in pages {
            guard let main = page.severities.rows.first else { continue }
            lines.append(line(page.rule.id, safe(page.rule.slug), page.rule.status.rawValue, main.values, safe(page.rule.title)))
            for row in page.severities.rows.dropFirst() {
                let caseName = row.key.dropFirst(page.rule.id.count)
                lines.append(line("", "  " + caseName, "", row.values, ""))
            }
        }
        lines.append("")
        if usesMatrix { lines += TextLayout.wrap(RuleSeverities.matrixNote, to: 78) }
        if pages.contains(where: { $0.rule.status != .stable }) { lines += TextLayout.wrap(RuleStatus.note, to: 78) }
        lines.append(Self.explainHint)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// The index as a Markdown table; `linked` links each rule to its page's heading in the same document.
    public func markdown(linked: Bool = false) -> String {
        var rows: [[String]] = []
        for page in pages {
            let rule = page.rule
            let id = linked ? "[\(rule.id)](#\(Self.anchor(rule)))" : rule.id
            for (index, row) in page.severities.rows.enumerated() {
                let first = index == 0 ? id : "`\(row.key)`"
                let slug = index == 0 ? "`\(ControlEscaping.escape(rule.slug))`" : ""
                let status = index == 0 ? rule.status.rawValue : ""
                let title = index == 0 ? MarkupEscaping.markdown(rule.title) : "case `\(row.key.dropFirst(rule.id.count + 1))`"
                rows.append([first, slug, status] + row.values + [title])
            }
        }
        var text = MarkdownBlocks.table(header: ["rule", "slug", "status"] + profiles.map(MarkupEscaping.markdown) + ["title"], rows: rows)
        if usesMatrix { text += "\n\n" + RuleSeverities.matrixNote.replacing("matrix", with: "*matrix*", maxReplacements: 1) + "." }
        if pages.contains(where: { $0.rule.status != .stable }) { text += "\n\n" + RuleStatus.note }
        return text + "\n"
    }

    /// The heading anchor GitHub gives a rule page's `# ID slug` heading.
    static func anchor(_ rule: RuleDefinition) -> String {
        "\(rule.id) \(rule.slug)".lowercased().compactMap { character -> String? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return String(character) }
            return nil
        }.joined()
    }

    // MARK: JSON

    /// `pages: true` puts each rule's whole page in its entry.
    public func json(pages withPages: Bool = false) -> JSONValue {
        .object([
            ("version", .integer(1)),
            ("profiles", .array(profiles.map { .string($0) })),
            ("rules", .array(pages.map { page in
                if withPages { return page.json }
                return .object([
                    ("id", .string(page.rule.id)),
                    ("slug", .string(page.rule.slug)),
                    ("title", .string(page.rule.title)),
                    ("status", .string(page.rule.status.rawValue)),
                    ("check", .string(page.rule.check)),
                    ("severity", page.severityJSON),
                ])
            })),
        ])
    }
}

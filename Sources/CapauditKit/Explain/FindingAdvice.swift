/// What `capaudit explain FILE[:LINE]` says about one finding: the finding, the fix written for
/// its node with each way to fix it as a diff of the file (where capaudit can write it), and its
/// rule's rationale and references.
public struct FindingAdvice: Sendable {
    public var finding: Finding
    public var page: RulePage?
    /// The fix the check wrote for this node, else the rule's general fix.
    public var fix: String
    public var fixIsForThisNode: Bool
    /// The finding's fixes, the recommended one first, each with the diff it makes to the file.
    public var fixes: [ShownFix]

    /// One way to fix a finding, and the file as it would change: `--- a/PATH`, `+++ b/PATH`,
    /// three lines of context; empty for a display fix, which has no edits.
    public struct ShownFix: Sendable, Equatable {
        public var fix: Fix
        public var diff: String
    }

    /// Advice for each finding of a checked file, in report order; with `line`, only the
    /// findings on that line.
    public static func advise(_ outcome: FileOutcome, policy: Policy, line: Int? = nil) -> [FindingAdvice] {
        outcome.findings.filter { finding in
            guard let line else { return true }
            return finding.start.line <= line && line <= (finding.end?.line ?? finding.start.line)
        }.map { finding in
            let rule = policy.rule(finding.ruleID)
            let fixes = finding.fixes.map { fix in
                ShownFix(fix: fix, diff: outcome.source.map { diff(fix, of: $0.bytes, path: finding.file) } ?? "")
            }
            // The rule's own example would only repeat, less precisely, the diff written for this node.
            let hasDiff = fixes.contains { !$0.diff.isEmpty }
            let ruleFix = rule.map { hasDiff ? MarkdownBlocks.prose($0.fix) : TextLayout.trimmedEnd($0.fix) } ?? ""
            return FindingAdvice(
                finding: finding, page: rule.map { RulePage(rule: $0, policy: policy) }, fix: finding.help ?? ruleFix,
                fixIsForThisNode: finding.help != nil, fixes: fixes)
        }
    }

    static func diff(_ fix: Fix, of bytes: [UInt8], path: String) -> String {
        guard fix.applicability != .display, !fix.edits.isEmpty else { return "" }
        return UnifiedDiff.render(old: bytes, new: FixApplication.apply(fix.edits, to: bytes), path: path)
    }

    /// The fixes worth a caption of their own: every one with a diff, and every alternative;
    /// a lone display fix is the help line itself, already shown as the fix.
    var shownFixes: [ShownFix] {
        fixes.count > 1 ? fixes : fixes.filter { !$0.diff.isEmpty }
    }

    /// What a fix does, and who may write it; only who, when the fix line above already says what.
    func caption(_ shown: ShownFix) -> String {
        let who: String
        switch shown.fix.applicability {
        case .safe: who = "safe: `capaudit check --fix` writes it"
        case .unsafe: who = "unsafe, it changes what the app declares: only `capaudit check --fix --unsafe-fixes` writes it"
        case .display: who = "make this change by hand"
        }
        return TextLayout.trimmedEnd(shown.fix.help) == TextLayout.trimmedEnd(fix) ? "(\(who))" : "\(shown.fix.help) (\(who))"
    }

    /// A diff as a terminal shows it: CRLF line ends as plain ones (the JSON keeps them).
    static func readable(_ diff: String) -> String {
        TextLayout.trimmedEnd(String(diff.map { $0 == "\r\n" ? "\n" : $0 }))
    }

    // MARK: Text

    /// The advice for a terminal, laid out for `width` columns; text from the manifest and the
    /// rule data has its control characters escaped.
    public func text(width: Int = 78) -> String {
        let safe = { (text: String) in ControlEscaping.escape(TextLayout.trimmedEnd(text), keepNewlines: true) }
        var lines: [String] = []
        lines.append("\(safe(finding.file)):\(finding.start.line):\(finding.start.column): \(finding.severity) \(finding.ruleID) \(safe(finding.slug))")
        lines += TextLayout.wrap("  " + ControlEscaping.escape(finding.message), to: width)
        if !finding.path.isEmpty { lines += TextLayout.wrap("  at \(ControlEscaping.escape(finding.path))", to: width) }
        for place in finding.related {
            lines += TextLayout.wrap("  see \(safe(place.file)):\(place.position.line):\(place.position.column): \(safe(place.message))", to: width)
        }
        switch finding.suppression {
        case .inline(let reason, let line): lines += TextLayout.wrap("  suppressed inline on line \(line)" + (reason.isEmpty ? "" : ": \(ControlEscaping.escape(reason))"), to: width)
        case .baseline: lines.append("  suppressed: in the baseline")
        case nil: break
        }
        lines.append("")
        lines.append(fixIsForThisNode ? "  Fix:" : "  Fix (from the rule):")
        lines += TextLayout.reflow(safe(fix), indent: 4, to: width)
        for (index, shown) in shownFixes.enumerated() {
            lines.append("")
            lines += TextLayout.wrap("    " + (index == 0 ? "" : "Or: ") + safe(caption(shown)) + (shown.diff.isEmpty ? "" : ":"), to: width)
            if !shown.diff.isEmpty {
                lines.append("")
                lines.append(TextLayout.indent(safe(Self.readable(shown.diff)), by: 8))
            }
        }
        if let page {
            lines.append("")
            lines += TextLayout.wrap("  Why (\(page.rule.id): \(safe(page.rule.title))):", to: width)
            lines += TextLayout.reflow(safe(page.rule.rationale), indent: 4, to: width)
            if !page.references.isEmpty {
                lines.append("")
                lines.append("  References:")
                for reference in page.references {
                    lines += TextLayout.wrap("    \(safe(reference.id))  \(safe(reference.title))", to: width)
                    if let url = reference.url { lines.append(String(repeating: " ", count: 6 + reference.id.count) + safe(url)) }
                }
            }
            lines.append("")
            lines.append("  More: capaudit explain \(page.rule.id)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    public var markdown: String {
        var parts: [String] = []
        let location = "\(finding.file):\(finding.start.line):\(finding.start.column)"
        parts.append("### \(MarkupEscaping.markdown(location)) \(finding.severity) \(finding.ruleID) `\(ControlEscaping.escape(finding.slug))`")
        parts.append(MarkupEscaping.markdown(finding.message) + (finding.path.isEmpty ? "" : " (`\(ControlEscaping.escape(finding.path))`)"))
        if !finding.related.isEmpty {
            parts.append(finding.related.map { place in
                "- See " + MarkupEscaping.markdown("\(place.file):\(place.position.line):\(place.position.column): \(place.message)")
            }.joined(separator: "\n"))
        }
        var fixPart = (fixIsForThisNode ? "**Fix:** " : "**Fix (from the rule):** ")
        fixPart += fixIsForThisNode ? MarkupEscaping.markdown(fix) : "\n\n" + MarkdownBlocks.block(fix)
        parts.append(fixPart)
        for (index, shown) in shownFixes.enumerated() {
            let caption = (index == 0 ? "" : "Or: ") + MarkupEscaping.markdown(caption(shown))
            parts.append(shown.diff.isEmpty ? caption : caption + ":\n\n" + MarkdownBlocks.fence(Self.readable(shown.diff), language: "diff"))
        }
        if let page {
            parts.append("**Why (\(page.rule.id)):**\n\n" + MarkdownBlocks.block(page.rule.rationale))
            if !page.references.isEmpty {
                parts.append(page.references.map { reference in
                    let title = MarkupEscaping.markdown(reference.title)
                    return "- \(reference.id): " + (reference.url.map { "[\(title)](\($0))" } ?? title)
                }.joined(separator: "\n"))
            }
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    // MARK: JSON

    /// 2: each finding as JSON output version 3 writes it; the advice's `yaml` snippets gave way
    /// to `fixes`, each with its diff.
    static let jsonVersion = 2

    /// `capaudit explain FILE --format json`: the advice for each finding of a file (or one line of it).
    public static func jsonDocument(_ advice: [FindingAdvice], path: String, line: Int?) -> String {
        let output = OutputSink.memory()
        var document = JSONStream(output)
        document.beginObject()
        document.member("version", jsonVersion)
        document.member("path", path)
        if let line { document.member("line", line) }
        document.key("findings")
        document.beginArray()
        for item in advice {
            document.element()
            item.writeJSON(to: output, indent: 2)
        }
        document.endArray()
        document.endObject()
        output.write("\n")
        return output.text
    }

    /// The finding as the JSON format writes it, with the advice as one more member.
    func writeJSON(to output: OutputSink, indent: Int) {
        JSONReporter.write(finding, to: output, indent: indent) { object in
            object.key("advice")
            object.beginObject()
            object.member("fix", fix)
            object.key("fixIsForThisNode")
            object.bool(fixIsForThisNode)
            object.key("fixes")
            object.beginArray()
            for shown in fixes {
                object.element()
                object.beginObject()
                object.member("applicability", shown.fix.applicability.rawValue)
                object.member("message", shown.fix.help)
                object.member("diff", shown.diff)
                object.endObject()
            }
            object.endArray()
            if let page {
                object.member("title", page.rule.title)
                object.member("rationale", TextLayout.trimmedEnd(page.rule.rationale))
                object.key("references")
                object.beginArray()
                for reference in page.references {
                    object.element()
                    object.value(RulePage.json(reference))
                }
                object.endArray()
            }
            object.endObject()
        }
    }
}

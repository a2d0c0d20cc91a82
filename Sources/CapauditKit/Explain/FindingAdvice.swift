/// What `capaudit explain FILE[:LINE]` says about one finding: the finding, the fix written for
/// its node (with the YAML to write where capaudit can work it out), and its rule's rationale
/// and references.
public struct FindingAdvice: Sendable {
    public var finding: Finding
    public var page: RulePage?
    /// The fix the check wrote for this node, else the rule's general fix.
    public var fix: String
    public var fixIsForThisNode: Bool
    public var snippets: [FixSnippet]

    /// Advice for each finding of a checked file, in report order; with `line`, only the
    /// findings on that line.
    public static func advise(_ outcome: FileOutcome, policy: Policy, line: Int? = nil) -> [FindingAdvice] {
        let writer = FixSnippetWriter(policy: policy, manifests: outcome.manifests)
        return outcome.findings.filter { finding in
            guard let line else { return true }
            return finding.start.line <= line && line <= (finding.end?.line ?? finding.start.line)
        }.map { finding in
            let rule = policy.rule(finding.ruleID)
            let snippets = writer.snippets(for: finding)
            // The rule's own example would only repeat, less precisely, the YAML written for this node.
            let ruleFix = rule.map { snippets.isEmpty ? TextLayout.trimmedEnd($0.fix) : MarkdownBlocks.prose($0.fix) } ?? ""
            return FindingAdvice(
                finding: finding, page: rule.map { RulePage(rule: $0, policy: policy) }, fix: finding.help ?? ruleFix,
                fixIsForThisNode: finding.help != nil, snippets: snippets)
        }
    }

    /// A snippet captioned with the fix itself (the check's help is the fix's summary): its
    /// caption would print the fix a second time, right under it.
    func repeatsFix(_ snippet: FixSnippet) -> Bool {
        TextLayout.trimmedEnd(snippet.caption) == TextLayout.trimmedEnd(fix) + ":"
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
        for snippet in snippets {
            lines.append("")
            if !repeatsFix(snippet) {
                lines += TextLayout.wrap("    " + safe(snippet.caption), to: width)
                lines.append("")
            }
            lines.append(TextLayout.indent(safe(snippet.yaml), by: 8))
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
        for snippet in snippets {
            parts.append((repeatsFix(snippet) ? "" : MarkupEscaping.markdown(snippet.caption) + "\n\n") + MarkdownBlocks.yamlFence(snippet.yaml))
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

    /// `capaudit explain FILE --format json`: the advice for each finding of a file (or one line of it).
    public static func jsonDocument(_ advice: [FindingAdvice], path: String, line: Int?) -> String {
        let output = OutputSink.memory()
        var document = JSONStream(output)
        document.beginObject()
        document.member("version", 1)
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
            object.key("yaml")
            object.beginArray()
            for snippet in snippets {
                object.element()
                object.beginObject()
                object.member("caption", snippet.caption)
                object.member("yaml", snippet.yaml)
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

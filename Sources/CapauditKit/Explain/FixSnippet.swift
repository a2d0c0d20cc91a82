import YAML

/// YAML a person would write to fix one finding, with a caption that says what it does.
public struct FixSnippet: Sendable, Equatable {
    public var caption: String
    public var yaml: String

    public init(caption: String, yaml: String) {
        self.caption = caption
        self.yaml = yaml
    }
}

/// The fixes of a finding, as data and as snippets. The rule's check wrote them for the node
/// (`Emission.fixes`), so `explain` shows exactly the edits that the fix tests apply to every
/// rule's failing example: the snippet is a rendering of the data, never a separate text.
struct FixSnippetWriter {
    let policy: Policy
    let manifests: [CheckedManifest]

    /// The fixes the check offers for the node a finding is about, the recommended one first.
    func fixes(for finding: Finding) -> [ManifestFix] {
        guard let rule = policy.rule(finding.ruleID), let check = policy.checks.first(where: { $0.rule.id == rule.id })?.check,
            let checked = manifests.first(where: { $0.documentIndex == finding.documentIndex })
        else { return [] }
        let context = EvaluationContext(manifest: checked.manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        let emission = check.evaluate(context).first { emission in
            var arguments = emission.arguments
            arguments["rule"] = rule.id
            return emission.location.path == finding.path && emission.platform == finding.platform && emission.caseName == finding.caseName
                && MessageTemplate.render(rule.message(case: emission.caseName), arguments) == finding.message
        }
        return emission?.fixes ?? []
    }

    /// One snippet per node a fix changes, each a YAML document of its own: the first captioned
    /// with what the fix does, the others with where they go.
    func snippets(for finding: Finding) -> [FixSnippet] {
        fixes(for: finding).filter { !$0.edits.isEmpty }.flatMap { fix in
            Self.blocks(fix.edits).enumerated().map { index, block in
                FixSnippet(caption: index == 0 ? fix.message + ":" : "together with, in `\(block.path.isEmpty ? "the document" : block.path)`:", yaml: block.yaml)
            }
        }
    }

    // MARK: Rendering

    /// The edits as YAML, one block per node they change, each written where it stands: a
    /// list entry by its id (`- id: pan`), a mapping by its keys (`capture:`).
    static func yaml(_ edits: [ManifestEdit]) -> String {
        blocks(edits).map(\.yaml).joined(separator: "\n")
    }

    static func blocks(_ edits: [ManifestEdit]) -> [(path: String, yaml: String)] {
        // A later `set` of the same key holds the earlier ones (a protect list growing).
        let kept = edits.enumerated().filter { index, edit in
            guard case .set = edit.change else { return true }
            return !edits[(index + 1)...].contains { $0.path == edit.path && $0.key == edit.key && { if case .set = $0.change { return true } else { return false } }($0) }
        }.map(\.element)
        var paths: [String] = []
        for edit in kept where !paths.contains(edit.path) { paths.append(edit.path) }
        return paths.map { path in (path, block(path, kept.filter { $0.path == path })) }
    }

    private static func block(_ path: String, _ edits: [ManifestEdit]) -> String {
        let steps = ManifestEditor.steps(path) ?? []
        var lines: [String] = []
        var indent = ""
        // The innermost list entry is written by its selector; plain keys after it nest below.
        let entryIndex = steps.lastIndex { if case .entry? = $0.selector { return true } else { return false } }
        let nested: ArraySlice<ManifestEditor.Step>
        if let entryIndex, case .entry(let key, let value)? = steps[entryIndex].selector {
            // Where the entry's list stands, when it is not at the top (`screens[id=a].fields`).
            let within = steps[...entryIndex].map { step in
                switch step.selector {
                case .entry(let key, let value)?: return "\(step.key)[\(key)=\(value)]"
                case .index(let number)?: return "\(step.key)[\(number)]"
                case nil: return step.key
                }
            }.dropLast().joined(separator: ".") + (entryIndex > 0 ? ".\(steps[entryIndex].key)" : "")
            lines.append("- \(key): \(scalar(value))" + (entryIndex > 0 ? "   # in `\(within)`" : ""))
            indent = "  "
            nested = steps[(entryIndex + 1)...]
        } else {
            nested = steps[...]
        }
        for step in nested {
            lines.append("\(indent)\(step.key):")
            indent += "  "
        }
        for edit in edits {
            switch edit.change {
            case .set(let value):
                if edit.key.hasPrefix("[") {
                    lines.append("\(indent)- \(flow(value))   # replaces entry \(edit.key)")
                } else {
                    lines += entry(edit.key, value, indent: indent)
                }
            case .append(let value):
                lines.append("\(indent)\(edit.key):   # add to the list")
                lines += item(value, indent: indent + "  ")
            case .remove:
                lines.append("\(indent)# remove `\(edit.key)`")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func entry(_ key: String, _ value: EditValue, indent: String) -> [String] {
        if case .mapping(let entries) = value, entries.contains(where: { !isFlat($0.value) }) || entries.count > 2 {
            return ["\(indent)\(key):"] + entries.flatMap { entry($0.key, $0.value, indent: indent + "  ") }
        }
        return ["\(indent)\(key): \(flow(value))"]
    }

    private static func item(_ value: EditValue, indent: String) -> [String] {
        guard case .mapping(let entries) = value, let first = entries.first else { return ["\(indent)- \(flow(value))"] }
        let head = entry(first.key, first.value, indent: "")
        return ["\(indent)- " + (head.first ?? "")] + head.dropFirst().map { "\(indent)  " + $0 }
            + entries.dropFirst().flatMap { entry($0.key, $0.value, indent: indent + "  ") }
    }

    private static func isFlat(_ value: EditValue) -> Bool {
        switch value {
        case .mapping: return false
        case .list(let items): return items.allSatisfy { if case .mapping = $0 { return false } else { return true } }
        default: return true
        }
    }

    /// A value on one line: names plain, texts quoted, lists as `[a, b]`, mappings as `{a: b}`.
    static func flow(_ value: EditValue) -> String {
        switch value {
        case .name(let text): return scalar(text)
        case .text(let text):
            var quoted = ""
            JSONWriter.quote(text, into: &quoted)
            return quoted
        case .integer(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .list(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .mapping(let entries): return "{" + entries.map { "\($0.key): \(flow($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A name as a YAML scalar: plain when it is a simple word, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
        if plain { return text }
        var quoted = ""
        JSONWriter.quote(text, into: &quoted)
        return quoted
    }
}

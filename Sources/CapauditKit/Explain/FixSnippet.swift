import YAML

/// YAML a person would write to fix one finding, with a caption that says where it goes.
public struct FixSnippet: Sendable, Equatable {
    public var caption: String
    public var yaml: String

    public init(caption: String, yaml: String) {
        self.caption = caption
        self.yaml = yaml
    }
}

/// Writes fix snippets from the decoded manifest: a coverage finding (CAP001) gets the
/// mechanisms of its smallest fix on its platform, and `display: masked`; an opt-out (CAP007)
/// gets the screen-level protection that would replace it; a field rule gets the change its
/// rule's fix shows, applied to this field and kept only when evaluating the rule again on the
/// changed field no longer reports it.
struct FixSnippetWriter {
    let policy: Policy
    let manifests: [CheckedManifest]

    /// The keys of a field that a rule's fix example may change.
    static let changeableKeys = ["display", "reveal", "input", "keyboard-cache"]

    func snippets(for finding: Finding) -> [FixSnippet] {
        guard let rule = policy.rule(finding.ruleID), let checked = manifests.first(where: { $0.documentIndex == finding.documentIndex }) else { return [] }
        if rule.check == OptOutCheck.name {
            guard let screen = checked.manifest.screens.first(where: { $0.location.path == finding.path && $0.location.position == finding.start }) else { return [] }
            return optOutSnippets(screen: screen, checked: checked)
        }
        guard let indices = fieldIndices(of: finding, in: checked.manifest) else { return [] }
        let (screenIndex, fieldIndex) = indices
        let field = checked.manifest.screens[screenIndex].fields[fieldIndex]
        if rule.check == CoverageCheck.name, let platform = finding.platform {
            return coverageSnippets(field: field, platform: platform, checked: checked)
        }
        // `display: hidden` is the fallback for a case the rule's example does not cover (a PIN in a
        // notification); re-evaluating keeps only a change that clears the finding.
        let candidates = [Self.exampleChanges(in: rule.fix), [("display", "hidden")]].filter { !$0.isEmpty }
        for changes in candidates {
            let effective = changes.filter { key, value in Self.currentValue(of: key, in: field) != value }
            guard !effective.isEmpty, let changed = Self.applying(effective, to: field),
                !stillReported(finding, after: changed, at: (screenIndex, fieldIndex), checked: checked)
            else { continue }
            let lines = ["- id: \(Self.scalar(field.id))"] + effective.map { "  \($0.0): \($0.1)" }
            return [FixSnippet(caption: "change the field `\(field.id)`:", yaml: lines.joined(separator: "\n"))]
        }
        return []
    }

    /// An id as a YAML scalar: plain when it is a simple word, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
        if plain { return text }
        var quoted = ""
        JSONWriter.quote(text, into: &quoted)
        return quoted
    }

    private func fieldIndices(of finding: Finding, in manifest: Manifest) -> (Int, Int)? {
        for (screenIndex, screen) in manifest.screens.enumerated() {
            if let fieldIndex = screen.fields.firstIndex(where: { $0.location.path == finding.path && $0.location.position == finding.start }) {
                return (screenIndex, fieldIndex)
            }
        }
        return nil
    }

    // MARK: CAP001

    private func coverageSnippets(field: Field, platform: Platform, checked: CheckedManifest) -> [FixSnippet] {
        let context = EvaluationContext(manifest: checked.manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        var snippets: [FixSnippet] = []
        if let coverage = context.coverage.first(where: { $0.field.location == field.location && $0.platform == platform }) {
            let added = SmallestFix(coverage: coverage, context: context).mechanisms.map(\.id)
            if !added.isEmpty {
                let yaml = ["- id: \(Self.scalar(field.id))"] + protectLines(field.protect, adding: [platform: added], platforms: checked.manifest.app.platforms)
                snippets.append(FixSnippet(caption: "add \(Phrases.code(added)) to the field `\(field.id)` on \(platform.displayName):", yaml: yaml.joined(separator: "\n")))
            }
        }
        var masked = ["- id: \(Self.scalar(field.id))", "  display: masked"]
        if field.reveal == .tap { masked.append("  reveal: none") }
        snippets.append(FixSnippet(caption: snippets.isEmpty ? "show it masked:" : "or show it masked (covers every threat on every platform):", yaml: masked.joined(separator: "\n")))
        return snippets
    }

    /// `protect:` in the map form: what `uses` already give each shipped platform, plus `adding`.
    private func protectLines(_ uses: [MechanismUse], adding: [Platform: [String]], platforms: [Platform]) -> [String] {
        var lines = ["  protect:"]
        for platform in platforms {
            let existing = uses.filter { $0.applies(on: platform) && policy.taxonomy.mechanism($0.name, on: platform) != nil }.map(\.name)
            let names = existing + (adding[platform] ?? []).filter { !existing.contains($0) }
            if !names.isEmpty { lines.append("    \(platform.rawValue): \(Phrases.flowList(names))") }
        }
        return lines
    }

    // MARK: CAP007

    /// For an opted-out screen: the screen-level protection that would cover what the opt-out
    /// exempts, should the reason stop holding.
    private func optOutSnippets(screen: Screen, checked: CheckedManifest) -> [FixSnippet] {
        let context = EvaluationContext(manifest: checked.manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        var adding: [Platform: [String]] = [:]
        for coverage in context.coverage where coverage.screen.location == screen.location && !coverage.missing.isEmpty {
            for mechanism in SmallestFix(coverage: coverage, context: context).mechanisms where !(adding[coverage.platform] ?? []).contains(mechanism.id) {
                adding[coverage.platform, default: []].append(mechanism.id)
            }
        }
        guard !adding.isEmpty else { return [] }
        let yaml = ["- id: \(Self.scalar(screen.id))", "  # opt-out removed"] + protectLines(screen.protect, adding: adding, platforms: checked.manifest.app.platforms)
        return [FixSnippet(caption: "to protect `\(screen.id)` instead, remove its `opt-out` and protect the screen:", yaml: yaml.joined(separator: "\n"))]
    }

    // MARK: Field rules

    /// The changeable keys the first YAML example of a rule's fix sets on a field.
    static func exampleChanges(in fix: String) -> [(String, String)] {
        guard let start = fix.firstRange(of: "```yaml\n") else { return [] }
        let rest = fix[start.upperBound...]
        let body = rest.firstRange(of: "```").map { rest[..<$0.lowerBound] } ?? rest
        guard let stream = try? YAMLLoader.load(Array(body.utf8)), let document = stream.documents.first else { return [] }
        let mapping = document.sequence?.first?.mapping ?? document.mapping ?? []
        return mapping.compactMap { pair in
            guard let key = pair.key.scalar?.value, changeableKeys.contains(key), let value = pair.value.scalar?.value else { return nil }
            return (key, value)
        }
    }

    static func currentValue(of key: String, in field: Field) -> String? {
        switch key {
        case "display": return field.display.rawValue
        case "reveal": return field.reveal.rawValue
        case "input": return field.input.rawValue
        case "keyboard-cache": return String(field.keyboardCache)
        default: return nil
        }
    }

    static func applying(_ changes: [(String, String)], to field: Field) -> Field? {
        var changed = field
        for (key, value) in changes {
            switch key {
            case "display": guard let display = Display(rawValue: value) else { return nil }; changed.display = display
            case "reveal": guard let reveal = Reveal(rawValue: value) else { return nil }; changed.reveal = reveal
            case "input": guard let input = InputKind(rawValue: value) else { return nil }; changed.input = input
            case "keyboard-cache": guard let cache = Bool(value) else { return nil }; changed.keyboardCache = cache
            default: return nil
            }
        }
        return changed
    }

    /// Whether the finding's rule still reports the field once it is changed.
    private func stillReported(_ finding: Finding, after changed: Field, at indices: (Int, Int), checked: CheckedManifest) -> Bool {
        guard let check = policy.checks.first(where: { $0.rule.id == finding.ruleID })?.check else { return true }
        var manifest = checked.manifest
        manifest.screens[indices.0].fields[indices.1] = changed
        let context = EvaluationContext(manifest: manifest, profile: checked.profile, policy: policy, source: SourceLines([]))
        return check.evaluate(context).contains { $0.location.path == finding.path }
    }
}

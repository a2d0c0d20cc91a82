/// A tone finding's own change to its text: the value scalars it replaces, or the whole text.
struct WordingEdit {
    let entry: TextEntry
    /// Nil: the whole text.
    let range: Range<Int>?
    /// Nil: the finding offers no change of its own (its help is in words only).
    let replacement: String?
    /// Whether the change keeps what the text says (a synonym, a full stop, sentence case).
    let keepsMeaning: Bool

    static func whole(_ entry: TextEntry, _ replacement: String) -> WordingEdit {
        WordingEdit(entry: entry, range: nil, replacement: replacement, keepsMeaning: false)
    }

    static func none(_ entry: TextEntry) -> WordingEdit {
        WordingEdit(entry: entry, range: nil, replacement: nil, keepsMeaning: false)
    }
}

/// RULES.md, WRD001: when a text has several tone findings (WRD001-WRD004, WRD008), each of them
/// offers the same rewrite, so that one edit clears them all: first, unless the finding has a safe
/// fix of its own and the rewrite is not safe. The rewrite applies every
/// finding's own change at once; a whole-text change (the role's calm example) wins over the rest.
enum SharedRewrite {
    /// Puts the shared rewrite in the fixes of every emission of a text that has more than one; a text whose changes cannot be combined (one finding without a change, or two that
    /// overlap without one holding the other) keeps each finding's own fixes.
    static func offer(in emissions: inout [(rule: SharedRule, emission: Emission)]) {
        var byText: [String: [Int]] = [:]
        for (index, item) in emissions.enumerated() where item.emission.textEdit != nil {
            byText[item.emission.textEdit?.entry.location.path ?? "", default: []].append(index)
        }
        for indices in byText.values where indices.count > 1 {
            let edits = indices.compactMap { emissions[$0].emission.textEdit }
            let rules = Set(indices.map { emissions[$0].rule.definition.id }).sorted()
            guard let first = edits.first, let rewritten = combined(edits), rewritten != first.entry.value else { continue }
            let fix = ManifestFix(
                "rewrite the text once, which clears its \(indices.count) wording findings (\(rules.joined(separator: ", ")))",
                [EvaluationContext.rewriting(first.entry, to: rewritten)], applicability: edits.allSatisfy(\.keepsMeaning) ? .safe : .unsafe)
            for index in indices {
                let ruleDefault = emissions[index].rule.definition.fixApplicability
                var fixes = emissions[index].emission.fixes.filter { $0.edits != fix.edits }
                // An unsafe rewrite goes after the finding's safe fixes, which `--fix` applies alone.
                let safeLead = fix.applicability == .safe ? 0 : fixes.prefix { ($0.applicability ?? ruleDefault) == .safe }.count
                fixes.insert(fix, at: safeLead)
                emissions[index].emission.fixes = fixes
            }
        }
    }

    /// The text with every change applied, or nil when they cannot all be applied. A whole-text
    /// change clears every finding of the text, those without a change of their own too.
    static func combined(_ edits: [WordingEdit]) -> String? {
        if let whole = edits.first(where: { $0.range == nil && $0.replacement != nil }) { return whole.replacement }
        var kept: [(range: Range<Int>, replacement: String)] = []
        var ranged: [(range: Range<Int>, replacement: String)] = []
        for edit in edits {
            guard let range = edit.range, let replacement = edit.replacement else { return nil }
            ranged.append((range, replacement))
        }
        for edit in ranged.sorted(by: { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }) {
            guard let last = kept.last, edit.range.lowerBound < last.range.upperBound else {
                kept.append(edit)
                continue
            }
            // Sorted by start, longest first: an edit that starts inside the last one lies within it or overlaps its end.
            guard edit.range.upperBound <= last.range.upperBound else { return nil }
        }
        guard let entry = edits.first?.entry else { return nil }
        var text = entry.value
        for edit in kept.reversed() {
            text = EvaluationContext.replacing(text, from: edit.range.lowerBound, to: edit.range.upperBound, with: edit.replacement)
        }
        return text
    }
}

/// The "Wording lexicons" section of docs/rules.md: for each lexicon, its entries by category
/// and its `measured` figures on its corpus (`CorpusMeasurement`).
enum LexiconReport {
    static func markdown(_ lexicons: [Lexicon], level: Int) -> String {
        let heading = String(repeating: "#", count: level)
        let categories = LexiconCategory.allCases
        var lines = [
            "\(heading) Wording lexicons",
            "",
            """
            The lexicons in `Rules/wording/` that WRD001-WRD008 match. Every entry of the `alarm` list (WRD001) and
            of the `blame` list (WRD004) names its category; the first table counts them. Each lexicon is kept
            against a corpus of texts an app would show (`Tests/Fixtures/Wording/<tag>.tsv`, the tuning part, and
            `held-out/<tag>.tsv`, written by someone who has not read the lexicon), each with its verdict (neutral
            or alarming) and the WRD rules it should raise, placed in a manifest that ships iOS with
            `scene-capture-state`. The second table is what the corpus test measures and writes into the
            lexicon's `measured` block. Tone: per text, predicted alarming when any of WRD001-WRD004 or WRD008
            fires; precision = TP / (TP + FP), recall = TP / (TP + FN) against the verdict. WRD: per (text,
            rule) pair, precision = fired and expected / fired, recall = fired and expected / expected. A ratio
            with nothing to divide by is 1. The build fails when tone precision on a language's whole corpus
            falls below 0.95, when tone recall on its held-out part falls below 0.85, or when the held-out
            part is less than a fifth of the corpus.
            """,
            "",
            "| Language | " + categories.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---:|", count: categories.count),
        ]
        for lexicon in lexicons {
            let entries = lexicon.list("alarm").entries + lexicon.list("blame").entries
            let counts = categories.map { category in String(entries.filter { $0.category == category }.count) }
            lines.append("| \(lexicon.name) (`\(lexicon.language)`) | " + counts.joined(separator: " | ") + " |")
        }
        lines += [
            "",
            "| Language | Part | Texts | Neutral | Alarming | Tone precision | Tone recall | WRD precision | WRD recall |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for lexicon in lexicons {
            let name = "\(lexicon.name) (`\(lexicon.language)`)"
            guard !lexicon.measured.isEmpty else {
                lines.append("| \(name) | not measured | | | | | | | |")
                continue
            }
            for figures in lexicon.measured {
                let ratios = [figures.tonePrecision, figures.toneRecall, figures.rulePrecision, figures.ruleRecall].map(CorpusMeasurement.written)
                lines.append("| \(name) | \(figures.part) | \(figures.texts) | \(figures.neutral) | \(figures.alarming) | " + ratios.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }
}

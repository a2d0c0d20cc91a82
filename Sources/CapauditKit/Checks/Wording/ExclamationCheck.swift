/// WRD003: an exclamation mark (a run of them counts once).
struct ExclamationCheck: Check {
    static let name = "exclamation"
    /// `!` and its full-width form; the Spanish opening `¡` pairs with a `!` and is not counted twice.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "!" || scalar == "\u{FF01}"
    }

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for (text, _) in context.checkedTexts(.personFacing) {
            var runStart: Int?
            var offset = 0
            var occurrence = 0
            func close() {
                guard let start = runStart else { return }
                emissions.append(context.wordingEmission(
                    text, from: start, to: offset, arguments: [:], fix: nil,
                    fixes: context.fixes {
                        let calm = EvaluationContext.replacing(text.entry.value, from: start, to: offset, with: ".")
                        return [ManifestFix("end the sentence with a full stop", [EvaluationContext.rewriting(text.entry, to: calm)])]
                    },
                    detail: "!#\(occurrence)",
                    edit: WordingEdit(entry: text.entry, range: start..<offset, replacement: ".", keepsMeaning: true)))
                occurrence += 1
                runStart = nil
            }
            for scalar in text.scalars {
                if Self.isMark(scalar) {
                    if runStart == nil { runStart = offset }
                } else {
                    close()
                }
                offset += 1
            }
            close()
        }
        return emissions
    }
}

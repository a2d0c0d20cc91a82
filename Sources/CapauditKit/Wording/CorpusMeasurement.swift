/// How well a lexicon's tone and wording rules agree with its corpus (RULES.md, "Corpus and
/// measurement"), as WordingCorpusTests measures it and writes it into the lexicon's `measured`
/// block, and as docs/rules.md reports it.
///
/// Tone: per text, predicted alarming when WRD001-WRD004 or WRD008 fires, compared with the
/// text's verdict. All WRD rules: per (text, rule) pair, fired against expected. A ratio with
/// nothing to divide by (no text predicted alarming, nothing expected) is 1.
public struct CorpusMeasurement: Sendable, Equatable {
    /// `tuning`, `held-out` or `all`.
    public var part: String
    public var texts: Int
    public var neutral: Int
    public var alarming: Int
    public var tonePrecision: Double
    public var toneRecall: Double
    public var rulePrecision: Double
    public var ruleRecall: Double

    public init(part: String, texts: Int, neutral: Int, alarming: Int, tonePrecision: Double, toneRecall: Double, rulePrecision: Double, ruleRecall: Double) {
        self.part = part
        self.texts = texts
        self.neutral = neutral
        self.alarming = alarming
        self.tonePrecision = tonePrecision
        self.toneRecall = toneRecall
        self.rulePrecision = rulePrecision
        self.ruleRecall = ruleRecall
    }

    /// The parts in the order they are written and shown.
    public static let parts = ["tuning", "held-out", "all"]

    /// A ratio as the lexicon file and the docs write it: three decimals.
    public static func written(_ ratio: Double) -> String {
        let thousandths = Int((min(max(ratio, 0), 1) * 1000).rounded())
        let decimals = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - decimals.count) + decimals
    }

    /// The ratio of two counts, 1 when there is nothing to divide by.
    public static func ratio(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 1 : Double(part) / Double(whole)
    }
}

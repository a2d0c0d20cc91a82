@testable import CapauditKit
import Foundation
import TestSupport
import Testing

/// Each language's wording corpus (Tests/Fixtures/Wording, format in `WordingCorpus`): every tuning
/// text raises exactly its rules, the lexicon's `measured` block is what the corpus gives, and the
/// corpus meets the gates of RULES.md, "Corpus and measurement".
@Suite struct WordingCorpusTests {
    static let languages = ["en", "es", "fr", "de", "vi"]
    static let updateCommand = "CAPAUDIT_UPDATE_GOLDEN=1 swift test --filter WordingCorpusTests, then scripts/embed-rules and `\(RuleBook.regenerateCommand)`"

    /// A corpus part with the WRD rules each of its texts raises.
    struct Measured {
        var corpus: WordingCorpus
        var fired: [Set<String>]
    }

    static func measured(_ relativePath: String, language: String) throws -> Measured? {
        guard let corpus = try WordingCorpus.load(relativePath) else { return nil }
        let fired = corpus.texts.map { text in
            let result = Manifests.check(WordingCorpus.manifest(text, language: language))
            let manifestProblems = result.findings.filter { $0.ruleID.hasPrefix("MAN") }.map(\.message)
            #expect(manifestProblems.isEmpty, "\(text.location): the text does not make a valid manifest: \(manifestProblems)")
            return Set(result.findings.map(\.ruleID).filter { $0.hasPrefix("WRD") })
        }
        return Measured(corpus: corpus, fired: fired)
    }

    static func tuning(_ language: String) throws -> Measured {
        try #require(try measured("Wording/\(language).tsv", language: language), "Tests/Fixtures/Wording/\(language).tsv is missing")
    }

    static func heldOut(_ language: String) throws -> Measured? {
        try measured("Wording/held-out/\(language).tsv", language: language)
    }

    static func measurement(_ part: String, _ parts: [Measured]) -> CorpusMeasurement {
        let pairs = parts.flatMap { zip($0.corpus.texts, $0.fired) }
        var tone = (truePositives: 0, falsePositives: 0, falseNegatives: 0)
        var rules = (hits: 0, fired: 0, expected: 0)
        for (text, fired) in pairs {
            let predicted = !fired.isDisjoint(with: WordingCorpus.toneRules)
            if predicted && text.isAlarming { tone.truePositives += 1 }
            if predicted && !text.isAlarming { tone.falsePositives += 1 }
            if !predicted && text.isAlarming { tone.falseNegatives += 1 }
            rules.hits += fired.intersection(text.rules).count
            rules.fired += fired.count
            rules.expected += text.rules.count
        }
        let alarming = pairs.filter { $0.0.isAlarming }.count
        return CorpusMeasurement(
            part: part, texts: pairs.count, neutral: pairs.count - alarming, alarming: alarming,
            tonePrecision: CorpusMeasurement.ratio(tone.truePositives, of: tone.truePositives + tone.falsePositives),
            toneRecall: CorpusMeasurement.ratio(tone.truePositives, of: tone.truePositives + tone.falseNegatives),
            rulePrecision: CorpusMeasurement.ratio(rules.hits, of: rules.fired), ruleRecall: CorpusMeasurement.ratio(rules.hits, of: rules.expected))
    }

    /// The lexicon's `measured` block as the test writes it, last in the file.
    static func measuredBlock(_ measurements: [CorpusMeasurement]) -> String {
        var block = "measured:                   # written by WordingCorpusTests from Tests/Fixtures/Wording; never by hand\n"
        for figures in measurements {
            let ratios = [
                ("tone-precision", figures.tonePrecision), ("tone-recall", figures.toneRecall),
                ("rule-precision", figures.rulePrecision), ("rule-recall", figures.ruleRecall),
            ].map { "\($0.0): \(CorpusMeasurement.written($0.1))" }
            block += "  \(figures.part): {texts: \(figures.texts), neutral: \(figures.neutral), alarming: \(figures.alarming), \(ratios.joined(separator: ", "))}\n"
        }
        return block
    }

    @Test(arguments: languages)
    func everyTuningTextRaisesExactlyItsRules(_ language: String) throws {
        let tuning = try Self.tuning(language)
        let mismatches = zip(tuning.corpus.texts, tuning.fired).compactMap { text, fired in
            fired == text.rules ? nil : "\(text.location): \"\(text.text)\": expected \(text.rules.sorted()), fired \(fired.sorted())"
        }
        #expect(!tuning.corpus.texts.isEmpty)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(tuning.corpus.texts.count) texts:\n\(mismatches.joined(separator: "\n"))")
    }

    /// docs/rules.md reports these figures from the lexicon's `measured` block, which must be what
    /// the corpus gives now (the held-out part counted when it exists).
    @Test(arguments: languages)
    func theMeasuredBlockIsWhatTheCorpusGives(_ language: String) throws {
        let tuning = try Self.tuning(language)
        var measurements = [Self.measurement("tuning", [tuning])]
        if let heldOut = try Self.heldOut(language) {
            measurements += [Self.measurement("held-out", [heldOut]), Self.measurement("all", [tuning, heldOut])]
        }
        let expected = Self.measuredBlock(measurements)
        let url = Paths.packageRoot.appendingPathComponent("Rules/wording/\(language).yml")
        let file = String(decoding: try readBytes(url), as: UTF8.self)
        let kept = file.range(of: "\nmeasured:").map { String(file[..<$0.lowerBound]) + "\n" } ?? file
        if ProcessInfo.processInfo.environment["CAPAUDIT_UPDATE_GOLDEN"] == "1" {
            try Data((kept + expected).utf8).write(to: url)
            return
        }
        #expect(file == kept + expected, "Rules/wording/\(language).yml: the measured block is stale; run \(Self.updateCommand)")
        let compiled = try #require(Manifests.policy.lexicon(for: language))
        // The lexicon file holds three decimals, so the compiled figures are compared as written.
        #expect(Self.measuredBlock(compiled.measured) == expected, "the compiled policy is stale; run scripts/embed-rules")
    }

    /// The gates (RULES.md, "Corpus and measurement"; Tests/Fixtures/Wording/README.md).
    @Test(arguments: languages)
    func theCorpusMeetsTheGates(_ language: String) throws {
        let tuning = try Self.tuning(language)
        let heldOut = try #require(try Self.heldOut(language), "Tests/Fixtures/Wording/held-out/\(language).tsv is missing")
        let whole = Self.measurement("all", [tuning, heldOut])
        let texts = tuning.corpus.texts + heldOut.corpus.texts
        #expect(whole.texts >= 100 && whole.neutral >= 40 && whole.alarming >= 40, "\(language): \(whole)")
        for category in LexiconCategory.allCases {
            let count = texts.filter { $0.isAlarming && $0.category == category.rawValue }.count
            #expect(count >= 5, "\(language): \(count) alarming texts of category \(category.rawValue), at least 5 needed")
        }
        #expect(whole.tonePrecision >= 0.95, "\(language): tone precision \(whole.tonePrecision) on the whole corpus")

        let lexicon = try #require(Manifests.policy.lexicon(for: language))
        for list in ["alarm", "blame"] {
            let missing = LexiconCategory.categories(ofList: list).filter { category in !lexicon.list(list).entries.contains { $0.category == category } }
            #expect(missing.isEmpty, "\(language) \(list): no entry of \(missing.map(\.rawValue))")
        }
        let nearMisses = tuning.corpus.texts.filter { !$0.isAlarming }.map { Tokenizer.tokens($0.text).map(\.folded) }
        for entry in Lexicon.listNames.flatMap({ lexicon.list($0).entries }) {
            for exception in entry.exceptions where !nearMisses.contains(where: { Self.contains($0, exception, entry) }) {
                Issue.record("\(language): no neutral tuning text uses the except phrase \"\(exception.joined(separator: " "))\" of \"\(entry.text)\"")
            }
        }
    }

    /// The held-out gates: a fifth of the corpus held out, and tone recall on it at least 0.85.
    @Test(arguments: languages)
    func theHeldOutPartMeetsTheGates(_ language: String) throws {
        let tuning = try Self.tuning(language)
        let heldOut = try #require(try Self.heldOut(language), "Tests/Fixtures/Wording/held-out/\(language).tsv is missing")
        let whole = Self.measurement("all", [tuning, heldOut])
        #expect(heldOut.corpus.texts.count * 5 >= whole.texts, "\(language): the held-out part is under a fifth of the corpus")
        let heldOutRecall = Self.measurement("held-out", [heldOut]).toneRecall
        #expect(heldOutRecall >= 0.85, "\(language): held-out tone recall \(heldOutRecall)")
    }

    /// Whether the words hold the phrase, each word bare or with one of the entry's endings.
    static func contains(_ words: [String], _ phrase: [String], _ entry: LexiconEntry) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { entry.accepts(words[start + $0], as: phrase[$0]) }
        }
    }
}

import CapauditKit
import Foundation
import TestSupport
import Testing

/// Each language's wording corpus (Tests/Fixtures/Wording, format in `WordingCorpus`): every tuning
/// text raises exactly its rules, and the corpus meets the gates of RULES.md, "Corpus and measurement".
@Suite struct WordingCorpusTests {
    static let languages = ["en", "es", "fr", "de", "vi"]

    /// The WRD rules each text raises, in corpus order.
    static func fired(_ corpus: WordingCorpus, language: String) -> [Set<String>] {
        corpus.texts.map { text in
            let result = Manifests.check(WordingCorpus.manifest(text, language: language))
            let manifestProblems = result.findings.filter { $0.ruleID.hasPrefix("MAN") }.map(\.message)
            #expect(manifestProblems.isEmpty, "\(text.location): the text does not make a valid manifest: \(manifestProblems)")
            return Set(result.findings.map(\.ruleID).filter { $0.hasPrefix("WRD") })
        }
    }

    @Test(arguments: languages)
    func everyTuningTextRaisesExactlyItsRules(_ language: String) throws {
        let corpus = try #require(try WordingCorpus.load("Wording/\(language).tsv"), "Tests/Fixtures/Wording/\(language).tsv is missing")
        let mismatches = zip(corpus.texts, Self.fired(corpus, language: language)).compactMap { text, fired in
            fired == text.rules ? nil : "\(text.location): \"\(text.text)\": expected \(text.rules.sorted()), fired \(fired.sorted())"
        }
        #expect(!corpus.texts.isEmpty)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(corpus.texts.count) texts:\n\(mismatches.joined(separator: "\n"))")
    }
}

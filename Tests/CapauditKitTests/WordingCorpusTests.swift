import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// Each language's corpus of real-looking notices (Tests/Fixtures/WordingCorpus): the neutral half
/// fires nothing, every other notice fires exactly its intended WRD rules.
@Suite struct WordingCorpusTests {
    static let languages = ["en", "es", "fr", "de", "vi"]

    struct Sample {
        var text: String
        var role: String
        var expected: Set<String>
    }

    static func samples(_ language: String) throws -> [Sample] {
        let bytes = try readBytes(Paths.fixture("WordingCorpus/\(language).yml"))
        let document = try #require(try YAMLLoader.load(bytes).documents.first)
        return (document["notices"]?.sequence ?? []).map { item in
            Sample(
                text: item["text"]?.scalar?.value ?? "", role: item["as"]?.scalar?.value ?? "capture-notice",
                expected: Set((item["expect"]?.sequence ?? []).compactMap { $0.scalar?.value }))
        }
    }

    /// The manifest the sample is placed in: iOS with `scene-capture-state`, no fields.
    static func manifest(_ sample: Sample, language: String) -> String {
        let quoted = "\"" + sample.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let text = "{\(language): \(quoted)}"
        var capture = "capture:\n  detect: [scene-capture-state]\n"
        var action = ""
        switch sample.role {
        case "screenshot-text": capture += "  on-screenshot:\n    action: notice\n    text: \(text)\n"
        case "action-message": action = "    actions:\n      - id: act\n        message: \(text)\n"
        default: capture += "  notice:\n    style: banner\n    text: \(text)\n"
        }
        return """
            capaudit: 1
            app:
              name: Corpus
              profile: general
              platforms:
                ios:
                  deployment-target: "17.0"
            \(capture)screens:
              - id: home
            \(action)
            """
    }

    @Test(arguments: languages)
    func corpusHasPrecisionAndRecallOfOne(_ language: String) throws {
        let samples = try Self.samples(language)
        #expect(samples.count >= 40, "the \(language) corpus needs at least 40 notices")
        #expect(samples.filter { $0.expected.isEmpty }.count * 2 >= samples.count - 2, "about half the \(language) corpus should be neutral")
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        var mismatches: [String] = []
        for sample in samples {
            let result = Manifests.check(Self.manifest(sample, language: language))
            #expect(!result.findings.contains { $0.ruleID.hasPrefix("MAN") }, "sample is not a valid manifest: \(sample.text)")
            let fired = Set(result.findings.map(\.ruleID).filter { $0.hasPrefix("WRD") })
            truePositives += fired.intersection(sample.expected).count
            falsePositives += fired.subtracting(sample.expected).count
            falseNegatives += sample.expected.subtracting(fired).count
            if fired != sample.expected {
                mismatches.append("\"\(sample.text)\": expected \(sample.expected.sorted()), fired \(fired.sorted())")
            }
        }
        let precision = truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
        let recall = truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
        print("wording corpus \(language): \(samples.count) notices, precision \(precision), recall \(recall)")
        #expect(precision == 1.0 && recall == 1.0, "\(language): \(mismatches.joined(separator: "\n"))")
    }
}

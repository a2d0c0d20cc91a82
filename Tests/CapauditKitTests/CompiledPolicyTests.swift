@testable import CapauditKit
import Foundation
import TestSupport
import Testing

/// The binary carries `Rules/` compiled into Swift values (`CompiledPolicy.swift`, written by
/// scripts/embed-rules). The file must be what `Rules/` gives today, the values it builds must be
/// those it was written from, and a run with them must behave as one that reads the YAML.
@Suite struct CompiledPolicyTests {
    static let generatedFile = Paths.packageRoot.appendingPathComponent(PolicyCompiler.outputPath)

    /// The first line where two texts differ, both sides shown, or nil when they are equal.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line].prefix(300)) : "(end of file)" }
        return "line \(line + 1):\n  expected: \(at(left))\n  actual:   \(at(right))"
    }

    @Test func theGeneratedFileIsWhatRulesGive() throws {
        let fresh = try PolicyCompiler.compile(rulesFolder: RulesFolder.path)
        let difference = Self.firstDifference(fresh, try readText(Self.generatedFile))
        #expect(difference == nil, "\(PolicyCompiler.outputPath) is stale, run scripts/embed-rules: \(difference ?? "")")
    }

    /// Every value written is read back as written: the compiled definitions, written again, are
    /// the file they were compiled from.
    @Test func theCompiledValuesAreThoseTheFileWasWrittenFrom() throws {
        let difference = Self.firstDifference(try readText(Self.generatedFile), PolicyCompiler.source(of: CompiledPolicy.definitions))
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func theCompiledPolicyDocumentsAndChecksAsTheRulesFolder() throws {
        let compiled = Manifests.policy
        let fromYAML = try RulesFolder.policy()
        #expect(RuleBook.markdown(RuleIndex(policy: compiled), lexicons: compiled.allLexicons) == RuleBook.markdown(RuleIndex(policy: fromYAML), lexicons: fromYAML.allLexicons))
        #expect(SarifReporter.render([], context: .test(policy: compiled)) == SarifReporter.render([], context: .test(policy: fromYAML)))
        #expect(compiled.profileNames == fromYAML.profileNames && compiled.languages == fromYAML.languages)

        let examples = try FileManager.default.subpathsOfDirectory(atPath: Paths.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".yml") && !$0.hasSuffix(".capaudit.yml") }.sorted()
        #expect(examples.count >= 8)
        var findings = 0
        for example in examples {
            let text = try readText(Paths.packageRoot.appendingPathComponent("Examples/\(example)"))
            func described(_ policy: Policy) -> [String] {
                Manifests.check(text, path: example, policy: policy, preview: true).findings.map {
                    "\($0.ruleID) \($0.start) \($0.severity) \($0.message) \($0.help ?? "") \($0.fingerprint)"
                }
            }
            let viaCompiled = described(compiled)
            #expect(viaCompiled == described(fromYAML), "\(example)")
            findings += viaCompiled.count
        }
        #expect(findings > 50, "the examples must give findings for the comparison to mean something")
    }

    /// A shipped lexicon is read lazily at run time, but the compiler reads every one and stops at a
    /// mistake in it, a duplicate key included (one of the two values would be kept silently).
    @Test func aMistakeInAShippedLexiconStopsTheCompiler() throws {
        let sources = try RulesFolder.sources()
        let german = try #require(sources.firstIndex { $0.relativePath == "wording/de.yml" })
        var broken = sources
        let text = String(decoding: sources[german].bytes, as: UTF8.self)
        let duplicated = text.replacingOccurrences(of: "language: de\n", with: "language: de\nlanguage: de\n")
        #expect(duplicated != text)
        broken[german] = PolicySource(relativePath: "wording/de.yml", displayPath: "Rules/wording/de.yml", bytes: Array(duplicated.utf8), isShipped: true)
        _ = try PolicyLoader.definitions(reading: sources)
        do {
            _ = try PolicyLoader.definitions(reading: broken)
            Issue.record("a duplicate key in a shipped lexicon was accepted")
        } catch {
            #expect(error.problems.map(\.message).contains { $0.hasPrefix("duplicate key `language`") }, "\(error.problems)")
            #expect(error.problems.allSatisfy { $0.file == "Rules/wording/de.yml" }, "\(error.problems)")
        }
    }
}

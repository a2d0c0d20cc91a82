import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// One finding that a manifest of Tests/Fixtures/InvalidManifests must give.
struct ExpectedFinding: Sendable, CustomStringConvertible {
    var rule: String
    var line: Int
    var column: Int
    /// Parts of the message: the key or value it names, the form it expects, the fix it suggests.
    var names: String
    var expects: String
    var suggests: String?

    var description: String { "\(rule)@\(line):\(column)" }

    init(_ entry: YAMLNode) {
        func text(_ key: String) -> String? { entry[key]?.scalar?.value }
        rule = text("rule") ?? ""
        line = text("line").flatMap { Int($0) } ?? 0
        column = text("column").flatMap { Int($0) } ?? 0
        names = text("names") ?? ""
        expects = text("expects") ?? ""
        suggests = text("suggests")
    }
}

/// One manifest of Tests/Fixtures/InvalidManifests and the findings `expected.yml` gives it: one
/// (the entry itself), or every finding of a cascade (its `findings` list).
struct InvalidManifest: Sendable, CustomTestStringConvertible {
    var file: String
    var findings: [ExpectedFinding]

    var testDescription: String { file }

    static let folder = Paths.fixture("InvalidManifests")

    /// Empty when expected.yml does not load; `everyManifestOfTheFolderHasItsExpectedFinding` then says why.
    static let all: [InvalidManifest] = (try? load()) ?? []

    static func load() throws -> [InvalidManifest] {
        let bytes = try readBytes(folder.appendingPathComponent("expected.yml"))
        guard let pairs = try YAMLLoader.load(bytes).documents.first?.mapping else { return [] }
        return pairs.map { pair in
            let findings = pair.value["findings"]?.sequence.map { $0.map(ExpectedFinding.init) } ?? [ExpectedFinding(pair.value)]
            return InvalidManifest(file: pair.key.scalar?.value ?? "", findings: findings)
        }
    }
}

@Suite struct InvalidManifestTests {
    /// Words that only a message built from a Swift value would contain.
    static let swiftWords = ["Optional", "String(", "Int(", "Substring", "YAMLNode", "YAMLScalar", "Swift.", "CapauditKit.", " nil"]

    @Test func everyManifestOfTheFolderHasItsExpectedFinding() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: InvalidManifest.folder.path)
            .filter { $0.hasSuffix(".yml") && $0 != "expected.yml" }.sorted()
        #expect(files.count >= 15)
        #expect(try InvalidManifest.load().map(\.file).sorted() == files)
    }

    @Test(arguments: InvalidManifest.all)
    func givesExactlyTheExpectedFindings(_ expected: InvalidManifest) throws {
        let text = try readText(InvalidManifest.folder.appendingPathComponent(expected.file))
        let result = Manifests.check(text, path: expected.file)
        let found = result.findings.sorted(by: Finding.reportOrder)
        try #require(found.count == expected.findings.count, "\(found.map { "\($0.ruleID)@\($0.start.line):\($0.start.column) \($0.message)" })")
        for (finding, wanted) in zip(found, expected.findings) {
            #expect(finding.ruleID == wanted.rule, "\(wanted)")
            #expect(finding.start.line == wanted.line, "\(wanted)")
            #expect(finding.start.column == wanted.column, "\(wanted)")
            #expect(finding.message.contains(wanted.names), "the message names the key: \(finding.message)")
            #expect(finding.message.contains(wanted.expects), "the message says what was expected: \(finding.message)")
            if let suggestion = wanted.suggests {
                #expect(finding.message.contains(suggestion), "the message suggests a fix: \(finding.message)")
            }
            for word in Self.swiftWords {
                #expect(!finding.message.contains(word), "the message shows Swift's `\(word)`: \(finding.message)")
            }
        }
    }
}

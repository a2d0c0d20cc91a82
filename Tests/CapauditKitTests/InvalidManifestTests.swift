import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// One manifest of Tests/Fixtures/InvalidManifests and the finding `expected.yml` gives it.
struct InvalidManifest: Sendable, CustomTestStringConvertible {
    var file: String
    var rule: String
    var line: Int
    var column: Int
    /// Parts of the message: the key or value it names, the form it expects, the fix it suggests.
    var names: String
    var expects: String
    var suggests: String?

    var testDescription: String { file }

    static let folder = Paths.fixture("InvalidManifests")

    /// Empty when expected.yml does not load; `everyManifestOfTheFolderHasItsExpectedFinding` then says why.
    static let all: [InvalidManifest] = (try? load()) ?? []

    static func load() throws -> [InvalidManifest] {
        let bytes = try readBytes(folder.appendingPathComponent("expected.yml"))
        guard let pairs = try YAMLLoader.load(bytes).documents.first?.mapping else { return [] }
        return pairs.map { pair in
            let entry = pair.value
            func text(_ key: String) -> String? { entry[key]?.scalar?.value }
            return InvalidManifest(
                file: pair.key.scalar?.value ?? "", rule: text("rule") ?? "", line: text("line").flatMap { Int($0) } ?? 0,
                column: text("column").flatMap { Int($0) } ?? 0, names: text("names") ?? "", expects: text("expects") ?? "",
                suggests: text("suggests"))
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
    func givesExactlyTheExpectedFinding(_ expected: InvalidManifest) throws {
        let text = try readText(InvalidManifest.folder.appendingPathComponent(expected.file))
        let result = Manifests.check(text, path: expected.file)
        try #require(result.findings.count == 1, "\(result.findings.map { "\($0.ruleID)@\($0.start.line):\($0.start.column) \($0.message)" })")
        let finding = result.findings[0]
        #expect(finding.ruleID == expected.rule)
        #expect(finding.start.line == expected.line)
        #expect(finding.start.column == expected.column)
        #expect(finding.message.contains(expected.names), "the message names the key: \(finding.message)")
        #expect(finding.message.contains(expected.expects), "the message says what was expected: \(finding.message)")
        if let suggestion = expected.suggests {
            #expect(finding.message.contains(suggestion), "the message suggests a fix: \(finding.message)")
        }
        for word in Self.swiftWords {
            #expect(!finding.message.contains(word), "the message shows Swift's `\(word)`: \(finding.message)")
        }
    }
}

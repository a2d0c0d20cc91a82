import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// The Examples give the findings their authors meant, listed in Tests/Fixtures/ExpectedFindings:
/// rule, severity, line, column and platform, nothing more and nothing less.
@Suite struct ExampleFindingsTests {
    struct Expected: Hashable, CustomStringConvertible {
        var rule: String
        var severity: String
        var line: Int
        var column: Int
        var platform: String?
        var description: String { "\(rule) \(severity) \(line):\(column) \(platform ?? "-")" }
    }

    static let fixtures: [String] = {
        let folder = Paths.fixture("ExpectedFindings")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yml") }.sorted()
    }()

    @Test func everyExampleHasExpectations() {
        #expect(Self.fixtures.count == 8)
    }

    @Test(arguments: fixtures)
    func exampleGivesExactlyTheIntendedFindings(_ fixture: String) throws {
        let bytes = try readBytes(Paths.fixture("ExpectedFindings/\(fixture)"))
        let document = try #require(try YAMLLoader.load(bytes).documents.first)
        let file = try #require(document["file"]?.scalar?.value)
        var expected = Set<Expected>()
        for item in document["findings"]?.sequence ?? [] {
            expected.insert(Expected(
                rule: item["rule"]?.scalar?.value ?? "", severity: item["severity"]?.scalar?.value ?? "",
                line: Int(item["line"]?.scalar?.value ?? "") ?? 0, column: Int(item["column"]?.scalar?.value ?? "") ?? 0,
                platform: item["platform"]?.scalar?.value))
        }
        let text = try readText(Paths.packageRoot.appendingPathComponent(file))
        let result = Manifests.check(text, path: file)
        let actual = Set(result.findings.filter { $0.suppression == nil }.map {
            Expected(rule: $0.ruleID, severity: $0.severity.description, line: $0.start.line, column: $0.start.column, platform: $0.platform?.rawValue)
        })
        #expect(actual.subtracting(expected).isEmpty, "unexpected in \(file): \(actual.subtracting(expected).sorted { $0.line < $1.line })")
        #expect(expected.subtracting(actual).isEmpty, "missing in \(file): \(expected.subtracting(actual).sorted { $0.line < $1.line })")
        if file.contains("clean") {
            #expect(!actual.contains { $0.severity != "info" }, "a clean example has findings at warning or above")
        }
    }
}

import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// The Examples give the findings their authors meant, listed in Tests/Fixtures/ExpectedFindings:
/// rule, case, severity, line, column, platform and path, under the fixture's profile, nothing
/// more and nothing less. The fixtures list the findings with the preview rules on; without the
/// opt-in the same list less the preview rules' findings must come out.
@Suite struct ExampleFindingsTests {
    struct Expected: Hashable, CustomStringConvertible {
        var rule: String
        var caseName: String?
        var severity: String
        var line: Int
        var column: Int
        var platform: String?
        var path: String
        var description: String { "\(rule)\(caseName.map { "/\($0)" } ?? "") \(severity) \(line):\(column) \(platform ?? "-") \(path)" }
    }

    static let fixtures: [String] = {
        let folder = Paths.fixture("ExpectedFindings")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yml") }.sorted()
    }()

    static let previewRules = Set(Manifests.policy.rules.filter { $0.status == .preview }.map(\.id))

    @Test func everyExampleHasExpectations() {
        #expect(Self.fixtures.count == 8)
    }

    @Test(arguments: fixtures, [true, false])
    func exampleGivesExactlyTheIntendedFindings(_ fixture: String, preview: Bool) throws {
        let bytes = try readBytes(Paths.fixture("ExpectedFindings/\(fixture)"))
        let document = try #require(try YAMLLoader.load(bytes).documents.first)
        let file = try #require(document["file"]?.scalar?.value)
        let profile = try #require(document["profile"]?.scalar?.value)
        var expected = Set<Expected>()
        for item in document["findings"]?.sequence ?? [] {
            let rule = item["rule"]?.scalar?.value ?? ""
            if !preview, Self.previewRules.contains(rule) { continue }
            expected.insert(Expected(
                rule: rule, caseName: item["case"]?.scalar?.value, severity: item["severity"]?.scalar?.value ?? "",
                line: Int(item["line"]?.scalar?.value ?? "") ?? 0, column: Int(item["column"]?.scalar?.value ?? "") ?? 0,
                platform: item["platform"]?.scalar?.value, path: item["path"]?.scalar?.value ?? ""))
        }
        let text = try readText(Paths.packageRoot.appendingPathComponent(file))
        let result = Manifests.check(text, path: file, preview: preview)
        #expect(result.manifests.map(\.profile.id) == [profile], "the example is judged under \(profile)")
        let actual = Set(result.findings.filter { $0.suppression == nil }.map {
            Expected(
                rule: $0.ruleID, caseName: $0.caseName, severity: $0.severity.description, line: $0.start.line, column: $0.start.column,
                platform: $0.platform?.rawValue, path: $0.path)
        })
        let order = { (lhs: Expected, rhs: Expected) in (lhs.line, lhs.column, lhs.rule) < (rhs.line, rhs.column, rhs.rule) }
        #expect(actual.subtracting(expected).isEmpty, "unexpected in \(file): \(actual.subtracting(expected).sorted(by: order))")
        #expect(expected.subtracting(actual).isEmpty, "missing in \(file): \(expected.subtracting(actual).sorted(by: order))")
        if file.contains("clean") {
            #expect(!actual.contains { $0.severity != "info" }, "a clean example has findings at warning or above")
        }
    }
}

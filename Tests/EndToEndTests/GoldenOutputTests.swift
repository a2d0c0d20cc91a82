import CapauditKit
import Foundation
import TestSupport
import Testing

/// The Examples in every format of every command, byte for byte against outputs reviewed by hand
/// (Tests/Fixtures/GoldenOutputs). A change to any output shows here first; to accept one, run the
/// tests with CAPAUDIT_UPDATE_GOLDEN=1 and review `git diff Tests/Fixtures/GoldenOutputs`.
@Suite struct GoldenOutputTests {
    static let cases: [(file: String, arguments: [String])] = [
        ("check.text", ["check", "Examples", "--format", "text"]),
        ("check.json", ["check", "Examples", "--format", "json"]),
        ("check.sarif", ["check", "Examples", "--format", "sarif"]),
        ("check.github", ["check", "Examples", "--format", "github"]),
        ("check.junit", ["check", "Examples", "--format", "junit"]),
        ("check.markdown", ["check", "Examples", "--format", "markdown"]),
        ("report.html", ["report", "Examples", "--format", "html"]),
        ("report.md", ["report", "Examples", "--format", "markdown"]),
        ("explain-bank.text", ["explain", "Examples/bank/flawed.yml", "--format", "text"]),
        ("explain-bank.json", ["explain", "Examples/bank/flawed.yml", "--format", "json"]),
        ("explain-bank.markdown", ["explain", "Examples/bank/flawed.yml", "--format", "markdown"]),
    ]

    @Test(arguments: cases.map(\.file))
    func outputMatchesTheReviewedOne(_ name: String) throws {
        let arguments = try #require(Self.cases.first { $0.file == name }?.arguments)
        let result = try runCapaudit(arguments, in: Paths.packageRoot)
        #expect(result.status == (arguments[0] == "check" ? 1 : 0), "\(name): \(result.stderr)")
        let golden = Paths.fixture("GoldenOutputs/\(name)")
        if ProcessInfo.processInfo.environment["CAPAUDIT_UPDATE_GOLDEN"] == "1" {
            try write(result.stdout, to: golden)
            return
        }
        let expected = try readText(golden)
        #expect(result.stdout == expected, "\(name) differs from Tests/Fixtures/GoldenOutputs/\(name); first differing line: \(Self.firstDifference(result.stdout, expected))")
    }

    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (left, right)) in zip(actualLines, expectedLines).enumerated() where left != right {
            return "line \(index + 1): got `\(left)`, expected `\(right)`"
        }
        return "the outputs differ in length (\(actualLines.count) and \(expectedLines.count) lines)"
    }
}

import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// `check --format concise`: one `path:line:col: RULE message` line per finding, in the order and
/// with the words of the JSON report (`[*]` after the rule when `--fix` fixes it), then the text
/// format's summary lines.
@Suite struct ConciseFormatTests {
    static let examples = ["bank", "bugreport", "health", "travel"].map { "Examples/\($0)/flawed.yml" }

    @Test(arguments: examples) func oneLinePerFindingThenTheSummary(_ path: String) throws {
        let root = Paths.packageRoot
        let concise = try runCapaudit(["check", path, "--format", "concise"], in: root)
        let json = try runCapaudit(["check", path, "--format", "json"], in: root)
        let text = try runCapaudit(["check", path], in: root)
        #expect(concise.status == text.status)
        let report = try JSONParser.parse(json.stdout)
        let expected = (report["findings"]?.arrayValue ?? []).map { finding in
            let fix = finding["fix"]
            let fixable = fix?["applicability"]?.stringValue == "safe" && !(fix?["edits"]?.arrayValue ?? []).isEmpty
            return "\(finding["file"]?.stringValue ?? ""):\(finding["line"]?.intValue ?? 0):\(finding["column"]?.intValue ?? 0): "
                + "\(finding["rule"]?.stringValue ?? "")\(fixable ? " [*]" : "") \(finding["message"]?.stringValue ?? "")"
        }
        #expect(!expected.isEmpty)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let summary = Array(lines.drop { !$0.hasPrefix("Found ") })
        #expect(summary.first?.hasPrefix("Found ") == true)
        #expect(concise.stdout == (expected + summary).joined(separator: "\n") + "\n")
    }

    @Test func quietLeavesOnlyTheFindingsAndColourMarksPathAndRule() throws {
        let root = Paths.packageRoot
        let path = "Examples/bank/flawed.yml"
        let plain = try runCapaudit(["check", path, "--format", "concise"], in: root).stdout.split(separator: "\n")
        let quiet = try runCapaudit(["check", path, "--format", "concise", "--quiet"], in: root)
        #expect(quiet.status == 1)
        #expect(quiet.stdout.split(separator: "\n") == Array(plain.prefix { !$0.hasPrefix("Found ") }))
        let clean = try runCapaudit(["check", "Examples/bank/clean.yml", "--format", "concise", "--quiet"], in: root)
        #expect(clean.status == 0)
        #expect(clean.stdout == "")

        let coloured = try runCapaudit(["check", path, "--format", "concise", "--color", "always"], in: root)
        let first = coloured.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\u{1B}[1m\(path):19:12:\u{1B}[0m \u{1B}[1;31mIOS004\u{1B}[0m `scene-capture-state`"), "\(first)")
    }

    @Test func theHelpListsTheFormat() throws {
        let help = try runCapaudit(["check", "--help"])
        #expect(help.stdout.contains("text, concise, json, sarif, github, junit, markdown"), "\(help.stdout)")
    }
}

import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// `capaudit explain FILE:LINE` says each fix once: the diff follows the fix instead of
/// repeating it as its caption.
@Suite struct ExplainFixOnceTests {
    static let examples = ["bank", "bugreport", "health", "travel"].map { "Examples/\($0)/flawed.yml" }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test(arguments: examples) func eachFixIsSaidOncePerFinding(_ path: String) throws {
        let root = Paths.packageRoot
        let advice = try JSONParser.parse(try runCapaudit(["explain", path, "--format", "json"], in: root).stdout)
        let findings = advice["findings"]?.arrayValue ?? []
        #expect(!findings.isEmpty)
        for line in Set(findings.compactMap { $0["line"]?.intValue }).sorted() {
            let onLine = findings.filter { $0["line"]?.intValue == line }
            let text = Self.collapsed(try runCapaudit(["explain", "\(path):\(line)"], in: root, environment: ["PAGER": "cat"]).stdout)
            // Each finding's advice ends with its `More:` line; the findings come in the JSON's order.
            let pages = text.components(separatedBy: "More: capaudit explain ").dropLast()
            #expect(pages.count == onLine.count, "\(path):\(line)")
            for (page, finding) in zip(pages, onLine) where finding["advice"]?["fixIsForThisNode"] == .bool(true) {
                let sentence = Self.collapsed(finding["advice"]?["fix"]?.stringValue ?? "")
                #expect(page.contains("Fix: \(sentence)"), "\(path):\(line): no `Fix:` \(sentence)")
                #expect(!page.contains("\(sentence):"), "\(path):\(line): the fix is said again as the caption of its diff: \(sentence)")
            }
        }
    }
}

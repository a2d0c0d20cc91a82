import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// Manifest text with terminal escapes, carriage returns, workflow commands, HTML and quotes
/// comes out escaped in every format; each output is parsed back.
@Suite struct OutputInjectionTests {
    /// A field id that tries everything; CAP001 quotes it in its message.
    static let hostileID = "pan\u{1B}[2J\u{1B}]0;owned\u{07}\r\n::error file=x.yml::injected</script><script>alert(1)</script>\"q\"\\b"

    static var manifest: String {
        let quoted = hostileID.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            default:
                if scalar.value < 0x20 { return String(format: "\\x%02X", scalar.value) }
                return String(scalar)
            }
        }.joined()
        return """
            capaudit: 1
            app:
              name: "Evil \\x1B[31m</title>"
              profile: banking
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            screens:
              - id: cards
                fields:
                  - id: "\(quoted)"
                    kind: card-number

            """
    }

    func run(_ format: String) throws -> RunResult {
        let folder = try makeTemporaryFolder()
        try write(Self.manifest, to: folder.appendingPathComponent("evil.yml"))
        return try runCapaudit(["check", "--format", format, "--color", "always", "evil.yml"], in: folder)
    }

    func expectNoRawControls(_ text: String, format: String) {
        let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\u{1B}" }
        #expect(controls.isEmpty, "\(format) has raw control characters: \(controls.map(\.value))")
    }

    @Test func textEscapesControlCharacters() throws {
        let result = try run("text")
        #expect(result.status == 1)
        let withoutColour = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(!withoutColour.contains("\u{1B}"), "an escape from the manifest reached the terminal")
        expectNoRawControls(result.stdout, format: "text")
        #expect(withoutColour.contains("pan\\u{1B}[2J"))
        #expect(!withoutColour.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    @Test func jsonRoundTripsTheExactText() throws {
        let result = try run("json")
        expectNoRawControls(result.stdout, format: "json")
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let cap = try #require(findings.first { $0["rule"] as? String == "CAP001" })
        #expect((cap["message"] as? String)?.contains(Self.hostileID) == true, "the JSON message keeps the exact text")
    }

    @Test func sarifRoundTripsTheExactText() throws {
        let result = try run("sarif")
        expectNoRawControls(result.stdout, format: "sarif")
        let sarif = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let texts = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains { $0.contains(Self.hostileID) })
    }

    @Test func githubCommandsStayOnePerLine() throws {
        let result = try run("github")
        expectNoRawControls(result.stdout, format: "github")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), "\(line)")
            #expect(!line.contains("\u{1B}"))
        }
        let json = try run("json")
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(lines.count == (report["findings"] as? [Any])?.count, "one command per finding: a message cannot start a line")
    }

    @Test func junitIsWellFormedXML() throws {
        let result = try run("junit")
        expectNoRawControls(result.stdout, format: "junit")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("<script>"))
        let parser = XMLParser(data: Data(result.stdout.utf8))
        #expect(parser.parse(), "junit output does not parse: \(String(describing: parser.parserError))")
    }

    @Test func markdownCannotInjectHTML() throws {
        let result = try run("markdown")
        #expect(result.status == 1, "\(result.stderr)")
        expectNoRawControls(result.stdout, format: "markdown")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("<script>"))
        #expect(!result.stdout.contains("</script>"))
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| 10:9 | error | ") }
        #expect(rows.count == 2, "one table row, on one line, for each of BNK001 and CAP001: \(result.stdout)")
        let cap = try #require(rows.first { $0.hasPrefix("| 10:9 | error | CAP001 <code>sensitive-data-exposed</code> | ") }, "\(result.stdout)")
        let escapedID = #"<code>pan\u{1B}\[2J\u{1B}\]0;owned\u{7}  ::error file=x.yml::injected&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;q&quot;\\b</code>"#
        #expect(cap.contains(escapedID), "the field id, escaped, in its code span: \(cap)")
    }

    @Test func htmlReportCannotInjectHTML() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.manifest, to: folder.appendingPathComponent("evil.yml"))
        let result = try runCapaudit(["report", "--format", "html", "evil.yml"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        expectNoRawControls(result.stdout, format: "html")
        #expect(!result.stdout.contains("<script"))
        #expect(!result.stdout.contains("</title>\""))
        #expect(result.stdout.contains("&lt;/script&gt;"))
    }
}

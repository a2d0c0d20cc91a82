@testable import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing
import YAML

/// Every output format, read back: JSON and SARIF parsed, GitHub commands split, JUnit parsed
/// as XML, Markdown tables split; and manifest text that tries to escape each format stays put.
@Suite struct ReporterTests {
    /// A travel manifest with an inline suppression, two wording findings with spans, and a
    /// CAP001 on iOS.
    static let travel = """
        capaudit: 1
        app:
          name: Atlas Travel
          profile: general
          platforms:
            ios:
              deployment-target: "17.0"
        capture:
          notice:
            style: banner
            text: "Screen sharing is on. Your booking is visible!"
        screens:
          - id: checkout
            title: Checkout
            fields:
              # capaudit: ignore BNK001 -- the card form is a hosted payment page
              - id: card
                label: Card number
                kind: card-number

        """

    static func context(repositoryPath: @escaping @Sendable (String) -> String = { $0 }, failOn: FailOn = .error) -> ReportContext {
        ReportContext(policy: Manifests.policy, toolVersion: "9.8.7", repositoryPath: repositoryPath, failOn: failOn)
    }

    static func render(
        _ reporter: any Reporter.Type, _ outcomes: [FileOutcome], repositoryPath: @escaping @Sendable (String) -> String = { $0 }, failOn: FailOn = .error
    ) -> String {
        reporter.render(outcomes, context: context(repositoryPath: repositoryPath, failOn: failOn))
    }

    static func render(_ reporter: any Reporter.Type, _ findings: [Finding], failOn: FailOn = .error) -> String {
        render(reporter, [FileOutcome(file: InputFile(path: "manifest.yml", named: true), isManifest: true, findings: findings)], failOn: failOn)
    }

    static func finding(message: String, file: String = "manifest.yml", fix: String? = nil, end: SourcePosition? = nil) -> Finding {
        Finding(
            ruleID: "WRD001", slug: "alarming-words", severity: .warning, message: message, file: file, documentIndex: 0,
            start: SourcePosition(line: 3, column: 5), end: end, path: "capture.notice.text", help: fix)
    }

    // MARK: JSON

    @Test func jsonCarriesEveryMemberAndSeparatesSuppressedFindings() throws {
        let output = Self.render(JSONReporter.self, [Manifests.check(Self.travel, path: "app/capture.yml")])
        let document = try JSONParser.parse(output)
        #expect(document["version"] == .integer(3))
        #expect(document["tool"]?["version"] == .string("9.8.7"))
        let summary = try #require(document["summary"])
        #expect(summary["findings"] == .integer(2))
        #expect(summary["warnings"] == .integer(2))
        #expect(summary["suppressed"] == .integer(1))
        let findings = try #require(document["findings"]?.arrayValue)
        #expect(findings.map { $0["rule"]?.stringValue ?? "" } == ["WRD003", "CAP001"])
        let exclamation = findings[0]
        #expect(exclamation["line"] == .integer(11))
        #expect(exclamation["column"] == .integer(57))
        #expect(exclamation["endLine"] == .integer(11))
        #expect(exclamation["endColumn"] == .integer(58))
        #expect(exclamation["path"] == .string("capture.notice.text"))
        let coverage = findings[1]
        #expect(coverage["platform"] == .string("ios"))
        #expect(coverage["missingThreats"]?.arrayValue?.count == 5)
        #expect(coverage["endLine"] == nil)
        let suppressed = try #require(document["suppressed"]?.arrayValue?.first)
        #expect(suppressed["rule"] == .string("BNK001"))
        #expect(suppressed["suppression"]?["reason"] == .string("the card form is a hosted payment page"))
        #expect(suppressed["suppression"]?["line"] == .integer(16))
    }

    // MARK: SARIF

    static func sarifRun(_ output: String) throws -> JSONValue {
        let log = try JSONParser.parse(output)
        #expect(log["$schema"] == .string("https://json.schemastore.org/sarif-2.1.0.json"))
        #expect(log["version"] == .string("2.1.0"))
        let runs = try #require(log["runs"]?.arrayValue)
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test func sarifDescribesEveryRuleOfThePolicy() throws {
        let run = try Self.sarifRun(Self.render(SarifReporter.self, [FileOutcome]()))
        let driver = try #require(run["tool"]?["driver"])
        #expect(driver["name"] == .string("capaudit"))
        #expect(driver["version"] == .string("9.8.7"))
        let rules = try #require(driver["rules"]?.arrayValue)
        #expect(rules.map { $0["id"]?.stringValue ?? "" } == Manifests.policy.rules.map(\.id))
        func rule(_ id: String) throws -> JSONValue { try #require(rules.first { $0["id"] == .string(id) }) }

        let secret = try rule("CAP002")
        #expect(secret["name"] == .string("SecretInputUnmasked"))
        #expect(secret["shortDescription"]?["text"] == .string(Manifests.policy.rule("CAP002")?.title ?? "-"))
        #expect(secret["fullDescription"]?["text"]?.stringValue?.hasPrefix("A plain text input") == true)
        #expect(secret["defaultConfiguration"] == .object([("level", .string("error"))]))
        #expect(secret["properties"]?["tags"] == .array([.string("security"), .string("coverage")]))
        #expect(secret["properties"]?["security-severity"] == .string("9.0"), "CAP002 sets its own security-severity")
        // The help is the explain page, which carries the rationale, the fix and every source.
        let definition = try #require(Manifests.policy.rule("CAP002"))
        let page = RulePage(rule: definition, policy: Manifests.policy)
        #expect(secret["help"]?["markdown"] == .string(page.markdown(level: 2)))
        #expect(secret["help"]?["text"] == .string(page.text))
        let markdown = page.markdown(level: 2)
        #expect(markdown.contains("A plain text input echoes every character"))
        #expect(markdown.contains("How to fix"))
        #expect(markdown.contains("[OWASP MASTG-BEST-0044](https://mas.owasp.org/MASTG/best-practices/MASTG-BEST-0044/)"))
        #expect(markdown.contains("https://mas.owasp.org/MASTG/tests/android/MASVS-PLATFORM/MASTG-TEST-0008/"))

        let matrix = try rule("CAP001")
        #expect(matrix["defaultConfiguration"]?["level"] == .string("warning"))
        #expect(matrix["properties"]?["security-severity"] == .string("5.0"))
        let info = try rule("WRD007")
        #expect(info["defaultConfiguration"]?["level"] == .string("note"))
        #expect(info["properties"]?["security-severity"] == .string("2.0"))
        #expect(info["properties"]?["tags"] == .array([.string("security"), .string("wording")]))
        // Off by default; the health profile turns it on at warning.
        let off = try rule("HLT001")
        #expect(off["defaultConfiguration"] == .object([("level", .string("warning")), ("enabled", .bool(false))]))
    }

    @Test func sarifResultsPointIntoTheRepositoryAndLeaveSuppressedOut() throws {
        let result = Manifests.check(Self.travel, path: "app/capture.yml")
        let run = try Self.sarifRun(Self.render(SarifReporter.self, [result]) { "apps/travel app/" + ($0.split(separator: "/").last.map(String.init) ?? $0) })
        #expect(run["columnKind"] == .string("unicodeCodePoints"))
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let results = try #require(run["results"]?.arrayValue)
        #expect(results.map { $0["ruleId"]?.stringValue ?? "" } == ["WRD003", "CAP001"])
        for item in results {
            let index = try #require(item["ruleIndex"]?.intValue)
            #expect(rules[index]["id"] == item["ruleId"])
            #expect(item["level"] == .string("warning"))
            let artifact = item["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]
            #expect(artifact == .object([("uri", .string("apps/travel%20app/capture.yml")), ("uriBaseId", .string("%SRCROOT%"))]))
        }
        let fingerprints = result.findings.filter { $0.suppression == nil }.sorted(by: Finding.reportOrder).map { JSONValue.object([("capaudit/v1", .string($0.fingerprint))]) }
        #expect(results.map { $0["partialFingerprints"] ?? .null } == fingerprints)

        let wording = results[0]
        #expect(wording["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]
            == .object([("startLine", .integer(11)), ("startColumn", .integer(57)), ("endLine", .integer(11)), ("endColumn", .integer(58))]))
        #expect(wording["message"]?["text"]?.stringValue?.hasSuffix("\nFix: end the sentence with a full stop: set `text: \"Screen sharing is on. Your booking is visible.\"` in `capture.notice`") == true)
        let coverage = results[1]
        #expect(coverage["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]
            == .object([("startLine", .integer(17)), ("startColumn", .integer(9))]))
        #expect(coverage["properties"]?["path"] == .string("screens[id=checkout].fields[id=card]"))
        #expect(coverage["properties"]?["platform"] == .string("ios"))
        #expect(coverage["properties"]?["missingThreats"]?.arrayValue?.count == 5)
    }

    @Test func sarifKeepsAFileOutsideTheRepositoryAbsolute() throws {
        let outcome = FileOutcome(file: InputFile(path: "/tmp/x y.yml", named: true), isManifest: true, findings: [Self.finding(message: "m", file: "/tmp/x y.yml")])
        let run = try Self.sarifRun(Self.render(SarifReporter.self, [outcome]))
        let artifact = run["results"]?.arrayValue?.first?["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]
        #expect(artifact == .object([("uri", .string("file:///tmp/x%20y.yml"))]))
    }

    // MARK: GitHub

    @Test func githubEscapesDataAndPropertiesSoThatNothingStartsACommand() {
        let finding = Self.finding(
            message: "50% done, see: a\r\nb\n::set-output name=x::y \u{1B}[2J", file: "dir,1/a:b.yml", end: SourcePosition(line: 3, column: 9))
        let output = Self.render(GitHubReporter.self, [finding])
        #expect(output == "::warning file=dir%2C1/a%3Ab.yml,line=3,col=5,endLine=3,endColumn=9,title=WRD001 alarming-words::"
            + "50%25 done, see: a%0D%0Ab%0A::set-output name=x::y \\u{1B}[2J\n")
    }

    @Test func githubLevelsAndFix() {
        var error = Self.finding(message: "m", fix: "do, this")
        error.severity = .error
        var info = Self.finding(message: "n")
        info.severity = .info
        info.start = SourcePosition(line: 4, column: 1)
        let lines = Self.render(GitHubReporter.self, [error, info]).split(separator: "\n")
        #expect(lines == [
            "::error file=manifest.yml,line=3,col=5,title=WRD001 alarming-words::m%0AFix: do, this",
            "::notice file=manifest.yml,line=4,col=1,title=WRD001 alarming-words::n",
        ])
    }

    // MARK: JUnit

    static func junitOutcomes() throws -> [FileOutcome] {
        let clean = try readText(Paths.packageRoot.appendingPathComponent("Examples/travel/clean.yml"))
        return [
            Manifests.check(Self.travel, path: "app/capture.yml"),
            Manifests.check(clean, path: "Examples/travel/clean.yml"),
            FileOutcome(file: InputFile(path: "other.yml", named: true), isManifest: false, note: "other.yml: skipped, not a capaudit manifest", findings: []),
        ]
    }

    /// With `--fail-on error` (the default) the travel file's two warnings pass: they are listed,
    /// and no test case fails, as the exit code says.
    @Test func junitFailsOnlyWhatTheExitCodeFailsOn() throws {
        let elements = try XMLOutline.parse(Self.render(JUnitReporter.self, try Self.junitOutcomes()))
        #expect(elements.map(\.name) == ["testsuites", "testsuite", "testcase", "system-out", "testcase", "testcase", "skipped"])
        #expect(elements[0].attributes["failures"] == "0")
        #expect(elements[0].attributes["tests"] == "3")
        let listed = elements[3].text.split(separator: "\n").map(String.init)
        #expect(listed.count == 4)
        #expect(listed[0].hasPrefix("app/capture.yml:11:57: warning WRD003 exclamation: "))
        #expect(listed[2].hasPrefix("app/capture.yml:17:9: warning CAP001 sensitive-data-exposed: "))
    }

    @Test func junitHasOneTestCasePerFileAndCountsThem() throws {
        let elements = try XMLOutline.parse(Self.render(JUnitReporter.self, try Self.junitOutcomes(), failOn: .warning))
        #expect(elements.map(\.name) == ["testsuites", "testsuite", "testcase", "failure", "testcase", "testcase", "skipped"])
        for suite in elements.prefix(2) {
            #expect(suite.attributes["name"] == "capaudit")
            #expect(suite.attributes["tests"] == "3")
            #expect(suite.attributes["failures"] == "1")
            #expect(suite.attributes["skipped"] == "1")
        }
        #expect(elements.filter { $0.name == "testcase" }.map { $0.attributes["name"] ?? "" } == ["app/capture.yml", "Examples/travel/clean.yml", "other.yml"])
        #expect(elements.filter { $0.name == "testcase" }.allSatisfy { $0.attributes["classname"] == "capaudit" })
        let failure = elements[3]
        #expect(failure.attributes["type"] == "WRD003,CAP001")
        #expect(failure.attributes["message"] == "2 findings (2 warnings)")
        let body = failure.text.split(separator: "\n").map(String.init)
        #expect(body.count == 4)
        #expect(body[0].hasPrefix("app/capture.yml:11:57: warning WRD003 exclamation: "))
        #expect(body[1] == "  help: end the sentence with a full stop: set `text: \"Screen sharing is on. Your booking is visible.\"` in `capture.notice`")
        #expect(body[2].hasPrefix("app/capture.yml:17:9: warning CAP001 sensitive-data-exposed: "))
        #expect(elements[6].attributes["message"] == "other.yml: skipped, not a capaudit manifest")
    }

    @Test func junitEscapesMarkupAndControlCharacters() throws {
        let message = "a < b && c > \"d\" 'e' ]]> \u{0}\u{1B}\u{FFFF}"
        let output = Self.render(JUnitReporter.self, [Self.finding(message: message, fix: "<fix/>")], failOn: .warning)
        #expect(!output.contains("a < b"))
        let elements = try XMLOutline.parse(output)
        let failure = try #require(elements.first { $0.name == "failure" })
        #expect(failure.text == "manifest.yml:3:5: warning WRD001 alarming-words: a < b && c > \"d\" 'e' ]]> \\u{0}\\u{1B}\u{FFFD}\n  help: <fix/>\n")
        #expect(failure.attributes["type"] == "WRD001")
    }

    // MARK: Markdown

    @Test func markdownSummarisesAndGroupsByFile() throws {
        let bank = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        let output = Self.render(MarkdownReporter.self, [
            Manifests.check(Self.travel, path: "app/capture.yml"), Manifests.check(bank, path: "Examples/bank/flawed.yml"),
        ])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.starts(with: ["## capaudit", "", "Found 18 findings in 2 manifests.", "", "| Errors | Warnings | Info | Manifests |", "|---:|---:|---:|---:|", "| 9 | 9 | 0 | 2 |"]))
        #expect(lines.contains("1 suppressed finding is not shown."))
        // 16 findings fold; 2 do not.
        #expect(lines.contains("<summary><code>Examples/bank/flawed.yml</code>: 16 findings</summary>"))
        #expect(lines.contains("### <code>app/capture.yml</code>"))
        #expect(lines.contains { $0.hasPrefix("| 11:57 | warning | WRD003 <code>exclamation</code> | exclamation mark") })
    }

    @Test func markdownKeepsManifestTextInItsCell() {
        let message = "<script>alert(1)</script> | `a|b` @octocat [x](http://e) *b*\nnext `unpaired"
        let output = Self.render(MarkdownReporter.self, [Self.finding(message: message)])
        #expect(!output.contains("<script>"))
        let row = output.split(separator: "\n").first { $0.hasPrefix("| 3:5 ") }.map(String.init)
        #expect(row == "| 3:5 | warning | WRD001 <code>alarming-words</code> | "
            + "&lt;script&gt;alert(1)&lt;/script&gt; &#124; \\`a&#124;b\\` @&#8203;octocat \\[x\\](http://e) \\*b\\* next \\`unpaired |")
        #expect(row?.filter { $0 == "|" }.count == 5)
        let paired = Self.render(MarkdownReporter.self, [Self.finding(message: "set `a<b|c` here")])
        #expect(paired.contains("| set <code>a&lt;b&#124;c</code> here |\n"))
    }

    // MARK: Every format

    /// (rule, line, column) of every finding, as each format tells it.
    @Test func everyFormatReportsTheSameFindings() throws {
        var results: [FileOutcome] = []
        for app in ["bank", "bugreport", "health", "travel"] {
            let path = "Examples/\(app)/flawed.yml"
            let text = try readText(Paths.packageRoot.appendingPathComponent(path))
            results.append(Manifests.check(text, path: path))
        }
        let json = try JSONParser.parse(Self.render(JSONReporter.self, results))["findings"]?.arrayValue ?? []
        let fromJSON = json.map { "\($0["rule"]?.stringValue ?? "")@\($0["line"]?.intValue ?? 0):\($0["column"]?.intValue ?? 0)" }.sorted()
        #expect(fromJSON.count == results.flatMap(\.activeFindings).count)
        #expect(fromJSON.count > 40)

        let sarif = try Self.sarifRun(Self.render(SarifReporter.self, results))["results"]?.arrayValue ?? []
        let fromSARIF = sarif.map { result -> String in
            let region = result["locations"]?.arrayValue?.first?["physicalLocation"]?["region"]
            return "\(result["ruleId"]?.stringValue ?? "")@\(region?["startLine"]?.intValue ?? 0):\(region?["startColumn"]?.intValue ?? 0)"
        }.sorted()
        #expect(fromSARIF == fromJSON)

        let fromGitHub = Self.render(GitHubReporter.self, results).split(separator: "\n").map { line -> String in
            let properties = line.split(separator: " ", maxSplits: 1).last?.components(separatedBy: "::").first ?? ""
            var values: [String: String] = [:]
            for pair in properties.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            let rule = values["title"]?.split(separator: " ").first.map(String.init) ?? ""
            return "\(rule)@\(values["line"] ?? ""):\(values["col"] ?? "")"
        }.sorted()
        #expect(fromGitHub == fromJSON)

        let failures = try XMLOutline.parse(Self.render(JUnitReporter.self, results, failOn: .info)).filter { $0.name == "failure" }
        let fromJUnit = failures.flatMap { $0.text.split(separator: "\n") }.filter { !$0.hasPrefix(" ") }.map { line -> String in
            let parts = line.split(separator: ":", maxSplits: 3)
            let rule = parts.count == 4 ? parts[3].split(separator: " ").dropFirst().first.map(String.init) ?? "" : ""
            return parts.count == 4 ? "\(rule)@\(parts[1]):\(parts[2])" : String(line)
        }.sorted()
        #expect(fromJUnit == fromJSON)

        let fromMarkdown = Self.render(MarkdownReporter.self, results).split(separator: "\n").compactMap { row -> String? in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // A finding's row starts with its line:column; the summary row has plain counts.
            guard cells.count == 4, cells[0].contains(":"), cells[0].first?.isNumber == true else { return nil }
            return "\(cells[2].split(separator: " ").first.map(String.init) ?? "")@\(cells[0])"
        }.sorted()
        #expect(fromMarkdown == fromJSON)
    }

    // MARK: Related locations

    /// A finding that relies on code lines shows them in every format that can.
    @Test func relatedLocationsReachEveryFormat() throws {
        var finding = Self.finding(message: "`flag-secure` has no evidence in CardsActivity", fix: "set FLAG_SECURE in onCreate")
        finding.related = [
            RelatedLocation(file: "android/app/src/main/java/Cards.kt", position: SourcePosition(line: 12, column: 9), message: "class CardsActivity"),
            RelatedLocation(file: "android/app/src/main/java/Base.kt", position: SourcePosition(line: 3, column: 1), message: "supertype BaseActivity"),
        ]
        let text = TextReporter.render([FileOutcome(file: InputFile(path: "manifest.yml", named: true), isManifest: true, findings: [finding])], context: Self.context())
        #expect(text.contains("\n  = see: android/app/src/main/java/Cards.kt:12:9: class CardsActivity\n  = see: android/app/src/main/java/Base.kt:3:1: supertype BaseActivity\n"), "\(text)")

        let json = try JSONParser.parse(Self.render(JSONReporter.self, [finding]))
        let related = try #require(json["findings"]?.arrayValue?.first?["related"]?.arrayValue)
        #expect(related.map { $0["file"]?.stringValue ?? "" } == ["android/app/src/main/java/Cards.kt", "android/app/src/main/java/Base.kt"])
        #expect(related.first?["line"] == .integer(12))
        #expect(related.first?["column"] == .integer(9))
        #expect(related.first?["message"] == .string("class CardsActivity"))

        let outcome = FileOutcome(file: InputFile(path: "manifest.yml", named: true), isManifest: true, findings: [finding])
        let run = try Self.sarifRun(Self.render(SarifReporter.self, [outcome]) { "repo/" + $0 })
        let places = try #require(run["results"]?.arrayValue?.first?["relatedLocations"]?.arrayValue)
        #expect(places.map { $0["id"]?.intValue } == [1, 2])
        #expect(places.first?["physicalLocation"]?["artifactLocation"]?["uri"] == .string("repo/android/app/src/main/java/Cards.kt"))
        #expect(places.first?["physicalLocation"]?["region"] == .object([("startLine", .integer(12)), ("startColumn", .integer(9))]))
        #expect(places.first?["message"]?["text"] == .string("class CardsActivity"))
    }

    /// A pull-request comment holds at most 65,536 characters: the report stops before that, at a
    /// whole row, and says how many findings are left out and where to find them.
    @Test func markdownStopsAtGitHubsCommentLimit() throws {
        let outcomes = (0..<40).map { file in
            FileOutcome(
                file: InputFile(path: "apps/app-\(file).yml", named: true), isManifest: true,
                findings: (0..<60).map { index in
                    var finding = Self.finding(message: "finding \(index) of a file with a long message that fills the table quickly", file: "apps/app-\(file).yml")
                    finding.start = SourcePosition(line: index + 1, column: 3)
                    return finding
                })
        }
        let output = Self.render(MarkdownReporter.self, outcomes)
        #expect(output.utf8.count <= 65_536)
        #expect(output.utf8.count > 60_000, "the budget is used, not wasted")
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("WRD001") }.count
        let notice = try #require(output.split(separator: "\n").last.map(String.init))
        #expect(notice.hasPrefix("**\(2_400 - rows) more findings are not shown**: this report stops at GitHub's limit of 65,536 characters"), "\(notice)")
        #expect(output.hasPrefix("## capaudit\n\nFound 2400 findings in 40 manifests."))
        #expect(output.components(separatedBy: "<details>").count == output.components(separatedBy: "</details>").count, "every fold is closed")
    }

    // MARK: Source snippets

    static func snippet(_ line: String, start: Int, end: Int? = nil) -> [String] {
        var finding = Self.finding(message: "m")
        finding.start = SourcePosition(line: 1, column: start)
        finding.end = end.map { SourcePosition(line: 1, column: $0) }
        let outcome = FileOutcome(
            file: InputFile(path: "manifest.yml", named: true), isManifest: true, findings: [finding], source: SourceLines(Array(line.utf8)))
        let text = TextReporter.render([outcome], context: Self.context())
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { $0.hasPrefix("1 |") || $0.hasPrefix("  |") }
    }

    /// A finding that points past the end of its line (a syntax error at the end of a file) gets
    /// one caret where the line ends, never a crash.
    @Test func aSpanPastTheEndOfItsLineGetsOneCaret() {
        #expect(Self.snippet("ab", start: 5, end: 9) == ["  |", "1 | ab", "  |   ^"])
        #expect(Self.snippet("", start: 1) == ["  |", "1 | ", "  | ^"])
    }

    /// Carets follow the text as shown: an escaped bidi control before the span widens the line,
    /// and the carets move with it.
    @Test func caretsFollowEscapedCharacters() {
        let lines = Self.snippet("a\u{202E}b hack", start: 5, end: 9)
        #expect(lines == ["  |", "1 | a\\u{202E}b hack", "  |            ^^^^"])
    }

    /// A line of megabytes shows a window around the span, cut with ellipses.
    @Test func aLongLineShowsAWindowAroundTheSpan() {
        let line = String(repeating: "calm words ", count: 20_000) + "HACK" + String(repeating: " more", count: 20_000)
        let lines = Self.snippet(line, start: 220_001, end: 220_005)
        #expect(lines.count == 3)
        let shown = lines[1].dropFirst(4)
        #expect(shown.hasPrefix("…") && shown.hasSuffix("…"))
        #expect(shown.unicodeScalars.count <= TextReporter.snippetWidth + 2)
        let caretColumn = lines[2].distance(from: lines[2].startIndex, to: lines[2].firstIndex(of: "^") ?? lines[2].endIndex)
        let wordColumn = lines[1].distance(from: lines[1].startIndex, to: lines[1].range(of: "HACK")?.lowerBound ?? lines[1].endIndex)
        #expect(caretColumn == wordColumn)
        #expect(lines[2].filter { $0 == "^" }.count == 4)
    }
}

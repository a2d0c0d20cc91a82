@testable import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing
import YAML

/// Every output carries a finding's fixes: JSON the recommended one with its alternatives, SARIF
/// each fix that changes the file as replacements, the text and concise formats a `[*]` mark and
/// a count of what `check --fix` would fix. The fixes are made by hand here, on a CRLF file with
/// multi-byte text and a character outside the Basic Multilingual Plane, so that a position
/// counted in the wrong unit (bytes, UTF-16) shows.
@Suite struct FixOutputTests {
    static let text = "capaudit: 1\r\napp:\r\n  name: \"Café 😀 Tours\"\r\ncapture:\r\n  notice:\r\n    text: \"Écran 😀 partagé!\"\r\n"

    /// An edit that replaces the first `target` in `text` after `anchor` (an insertion right after
    /// `anchor` when `target` is empty), with its positions worked out from the bytes.
    static func edit(_ target: String, after anchor: String = "", with replacement: String) throws -> TextEdit {
        let bytes = Array(text.utf8)
        let anchorRange = try #require(Self.byteRange(of: anchor, in: bytes))
        let searchFrom = anchor.isEmpty ? 0 : anchorRange.upperBound
        let range = try #require(target.isEmpty ? searchFrom..<searchFrom : Self.byteRange(of: target, in: bytes, from: searchFrom))
        return TextEdit(range: range, replacement: replacement, start: position(of: range.lowerBound, in: bytes), end: position(of: range.upperBound, in: bytes))
    }

    static func byteRange(of needle: String, in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return start..<start }
        guard bytes.count >= pattern.count else { return nil }
        for offset in start...(bytes.count - pattern.count) where Array(bytes[offset..<(offset + pattern.count)]) == pattern {
            return offset..<(offset + pattern.count)
        }
        return nil
    }

    /// Line and column (in Unicode scalars) of a byte offset, both from 1.
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let before = bytes[..<offset]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourcePosition(line: line, column: column)
    }

    static func finding(_ rule: String, line: Int, fixes: [Fix], suppressed: Bool = false) -> Finding {
        var finding = Finding(
            ruleID: rule, slug: "slug-\(rule.lowercased())", severity: .warning, message: "message of \(rule)", file: "app/capture.yml",
            documentIndex: 0, start: SourcePosition(line: line, column: 5), path: "capture.notice.text", help: fixes.first?.help)
        finding.fixes = fixes
        if suppressed { finding.suppression = .inline(reason: "known", line: line - 1) }
        return finding
    }

    /// A safe fix (a replacement after multi-byte text), an unsafe one (an insertion with a CRLF
    /// line) offered with a display and a safe deletion as alternatives, a display fix alone, a
    /// finding with no fix, and a suppressed one with a safe fix.
    static func findings() throws -> [Finding] {
        let fullStop = Fix(applicability: .safe, message: "end with a full stop", change: "replace `!` with `.`", edits: [try edit("!", with: ".")])
        let detect = Fix(
            applicability: .unsafe, message: "detect captures", change: "add `detect` to `capture`",
            edits: [try edit("", after: "  notice:", with: "\r\n  detect: [media-store-observer]")])
        let rename = Fix(applicability: .display, message: "rename the app")
        let dropEmoji = Fix(applicability: .safe, message: "drop the emoji", change: "remove `😀 ` from `app.name`", edits: [try edit("😀 ", with: "")])
        return [
            finding("WRD003", line: 6, fixes: [fullStop]),
            finding("CAP005", line: 4, fixes: [detect, rename, dropEmoji]),
            finding("WRD001", line: 6, fixes: [Fix(applicability: .display, message: "write instead: shared")]),
            finding("MAN001", line: 1, fixes: []),
            finding("WRD004", line: 3, fixes: [fullStop], suppressed: true),
        ].sorted(by: Finding.reportOrder)
    }

    static func outcome() throws -> FileOutcome {
        FileOutcome(file: InputFile(path: "app/capture.yml", named: true), isManifest: true, findings: try findings())
    }

    static func members(_ value: JSONValue?) -> [String] {
        guard case .object(let members)? = value else { return [] }
        return members.map(\.0)
    }

    // MARK: JSON

    @Test func jsonCarriesTheRecommendedFixWithItsEditsAndAlternatives() throws {
        let document = try JSONParser.parse(ReporterTests.render(JSONReporter.self, [try Self.outcome()]))
        #expect(document["version"] == .integer(3))
        let findings = try #require(document["findings"]?.arrayValue)
        func finding(_ rule: String) throws -> JSONValue { try #require(findings.first { $0["rule"] == .string(rule) }) }

        let exclamation = try finding("WRD003")
        #expect(Self.members(exclamation) == ["rule", "slug", "severity", "message", "file", "document", "line", "column", "path", "help", "fix", "fingerprint"])
        #expect(exclamation["help"] == .string("end with a full stop: replace `!` with `.`"))
        let fullStop = try #require(exclamation["fix"])
        #expect(Self.members(fullStop) == ["applicability", "message", "edits"])
        // `    text: "Écran 😀 partagé!"` starts at byte 68; its `!` is 26 scalars and 31 bytes in.
        #expect(fullStop == .object([
            ("applicability", .string("safe")),
            ("message", .string("end with a full stop: replace `!` with `.`")),
            ("edits", .array([.object([
                ("start", .object([("line", .integer(6)), ("column", .integer(27)), ("offset", .integer(99))])),
                ("end", .object([("line", .integer(6)), ("column", .integer(28)), ("offset", .integer(100))])),
                ("replacement", .string(".")),
            ])])),
        ]))
        #expect(Self.members(fullStop["edits"]?.arrayValue?.first) == ["start", "end", "replacement"])

        let coverage = try #require(try finding("CAP005")["fix"])
        #expect(Self.members(coverage) == ["applicability", "message", "edits", "alternatives"])
        #expect(coverage["applicability"] == .string("unsafe"))
        let insertion = try #require(coverage["edits"]?.arrayValue?.first)
        #expect(insertion["start"] == insertion["end"], "an insertion starts and ends at one place")
        #expect(insertion["start"] == .object([("line", .integer(5)), ("column", .integer(10)), ("offset", .integer(66))]))
        #expect(insertion["replacement"] == .string("\r\n  detect: [media-store-observer]"))
        let alternatives = try #require(coverage["alternatives"]?.arrayValue)
        #expect(alternatives.map { $0["applicability"]?.stringValue ?? "" } == ["display", "safe"])
        #expect(alternatives[0] == .object([("applicability", .string("display")), ("message", .string("rename the app")), ("edits", .array([]))]))
        #expect(alternatives[1]["message"] == .string("drop the emoji: remove `😀 ` from `app.name`"))
        #expect(alternatives[1]["edits"]?.arrayValue?.first?["replacement"] == .string(""))
        #expect(alternatives.allSatisfy { $0["alternatives"] == nil }, "alternatives do not nest")

        let wording = try #require(try finding("WRD001")["fix"])
        #expect(wording == .object([("applicability", .string("display")), ("message", .string("write instead: shared")), ("edits", .array([]))]))
        let syntax = try finding("MAN001")
        #expect(syntax["rule"] == .string("MAN001"))
        #expect(Self.members(syntax).contains("fix") == false && Self.members(syntax).contains("help") == false)

        let suppressed = try #require(document["suppressed"]?.arrayValue?.first)
        #expect(suppressed["fix"]?["applicability"] == .string("safe"), "a suppressed finding keeps its fix as data")
    }

    /// Every edit JSON writes, applied to the file's bytes from the last to the first as the
    /// docs say, gives the text each fix promises.
    @Test func jsonEditsApplyToTheBytes() throws {
        let document = try JSONParser.parse(ReporterTests.render(JSONReporter.self, [try Self.outcome()]))
        let fixes = (document["findings"]?.arrayValue ?? []).compactMap { $0["fix"] }.flatMap { [$0] + ($0["alternatives"]?.arrayValue ?? []) }
        var applied: [String: String] = [:]
        for fix in fixes {
            var bytes = Array(Self.text.utf8)
            for edit in (fix["edits"]?.arrayValue ?? []).reversed() {
                let start = try #require(edit["start"]?["offset"]?.intValue)
                let end = try #require(edit["end"]?["offset"]?.intValue)
                bytes.replaceSubrange(start..<end, with: Array((edit["replacement"]?.stringValue ?? "").utf8))
            }
            applied[fix["message"]?.stringValue ?? ""] = String(decoding: bytes, as: UTF8.self)
        }
        #expect(applied["end with a full stop: replace `!` with `.`"] == Self.text.replacingOccurrences(of: "partagé!", with: "partagé."))
        #expect(applied["detect captures: add `detect` to `capture`"] == Self.text.replacingOccurrences(
            of: "  notice:\r\n", with: "  notice:\r\n  detect: [media-store-observer]\r\n"))
        #expect(applied["drop the emoji: remove `😀 ` from `app.name`"] == Self.text.replacingOccurrences(of: "Café 😀 Tours", with: "Café Tours"))
        #expect(applied["rename the app"] == Self.text)
    }

    // MARK: SARIF

    @Test func sarifOffersEveryFixThatChangesTheFile() throws {
        let run = try ReporterTests.sarifRun(ReporterTests.render(SarifReporter.self, [try Self.outcome()]))
        #expect(run["columnKind"] == .string("unicodeCodePoints"))
        let results = try #require(run["results"]?.arrayValue)
        func result(_ rule: String) throws -> JSONValue { try #require(results.first { $0["ruleId"] == .string(rule) }) }

        let coverage = try result("CAP005")
        let fixes = try #require(coverage["fixes"]?.arrayValue)
        #expect(fixes.map { $0["description"]?["text"]?.stringValue ?? "" } == [
            "detect captures: add `detect` to `capture`", "drop the emoji: remove `😀 ` from `app.name`",
        ], "the display alternative has nothing to replace")
        let location = coverage["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]
        #expect(location == .object([("uri", .string("app/capture.yml")), ("uriBaseId", .string("%SRCROOT%"))]))
        for fix in fixes {
            let changes = try #require(fix["artifactChanges"]?.arrayValue)
            #expect(changes.count == 1)
            #expect(changes.first?["artifactLocation"] == location)
        }
        let insertion = try #require(fixes[0]["artifactChanges"]?.arrayValue?.first?["replacements"]?.arrayValue?.first)
        #expect(insertion["deletedRegion"] == .object([
            ("startLine", .integer(5)), ("startColumn", .integer(10)), ("endLine", .integer(5)), ("endColumn", .integer(10)),
            ("byteOffset", .integer(66)), ("byteLength", .integer(0)),
        ]))
        #expect(insertion["insertedContent"] == .object([("text", .string("\r\n  detect: [media-store-observer]"))]))
        let deletion = try #require(fixes[1]["artifactChanges"]?.arrayValue?.first?["replacements"]?.arrayValue?.first)
        #expect(Self.members(deletion) == ["deletedRegion"], "a deletion has no inserted content")

        #expect(try result("WRD003")["fixes"]?.arrayValue?.count == 1)
        #expect(try result("WRD001")["fixes"] == nil, "a display fix changes nothing")
        #expect(try result("MAN001")["fixes"] == nil)
    }

    /// Each deleted region says the same text in lines and code-point columns as in bytes: the
    /// emoji before the edits makes UTF-16 columns or byte columns differ.
    @Test func sarifRegionsAgreeInColumnsAndBytes() throws {
        let run = try ReporterTests.sarifRun(ReporterTests.render(SarifReporter.self, [try Self.outcome()]))
        let regions = (run["results"]?.arrayValue ?? []).flatMap { $0["fixes"]?.arrayValue ?? [] }
            .flatMap { $0["artifactChanges"]?.arrayValue ?? [] }.flatMap { $0["replacements"]?.arrayValue ?? [] }.compactMap { $0["deletedRegion"] }
        #expect(regions.count == 3)
        let bytes = Array(Self.text.utf8)
        let lines = Self.text.components(separatedBy: "\r\n").map { Array($0.unicodeScalars) }
        for region in regions {
            let offset = try #require(region["byteOffset"]?.intValue)
            let length = try #require(region["byteLength"]?.intValue)
            let byBytes = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            let line = try #require(region["startLine"]?.intValue)
            #expect(region["endLine"]?.intValue == line)
            let scalars = lines[line - 1]
            let start = try #require(region["startColumn"]?.intValue) - 1
            let end = try #require(region["endColumn"]?.intValue) - 1
            try #require(0 <= start && start <= end && end <= scalars.count, "region \(region) outside line \(line)")
            let byColumns = String(String.UnicodeScalarView(scalars[start..<end]))
            #expect(byColumns == byBytes, "region \(region)")
        }
    }

    /// The SARIF and JSON written here, reviewed by hand, are what scripts/validate-outputs
    /// checks against the SARIF 2.1.0 schema and docs/json-output.schema.json.
    @Test(arguments: ["fixes.sarif", "fixes.json"])
    func outputWithFixesMatchesTheReviewedOne(_ name: String) throws {
        let reporter: any Reporter.Type = name.hasSuffix(".sarif") ? SarifReporter.self : JSONReporter.self
        let output = reporter.render([try Self.outcome()], context: ReportContext(policy: Self.policyWithoutRules, toolVersion: "9.8.7"))
        let golden = Paths.fixture("GoldenOutputs/\(name)")
        if ProcessInfo.processInfo.environment["CAPAUDIT_UPDATE_GOLDEN"] == "1" {
            try write(output, to: golden)
            return
        }
        #expect(output == (try readText(golden)), "\(name) differs from Tests/Fixtures/GoldenOutputs/\(name)")
    }

    /// The shipped policy without its rules, so that the SARIF kept for review is the results alone.
    static var policyWithoutRules: Policy {
        var policy = Manifests.policy
        policy.rules = []
        return policy
    }

    // MARK: Text and concise

    @Test func textAndConciseMarkWhatFixFixesAndCountIt() throws {
        let outcome = try Self.outcome()
        let text = ReporterTests.render(TextReporter.self, [outcome])
        #expect(text.contains("app/capture.yml:6:5: warning WRD003 [*] slug-wrd003: message of WRD003\n"))
        #expect(text.contains("app/capture.yml:4:5: warning CAP005 slug-cap005: message of CAP005\n"), "an unsafe fix is not applied by --fix")
        #expect(text.contains("app/capture.yml:6:5: warning WRD001 slug-wrd001: message of WRD001\n"))
        #expect(text.hasSuffix("Found 4 findings (4 warnings) in 1 manifest. (1 suppressed)\n[*] 1 fixable with --fix (1 more with --unsafe-fixes).\n"))

        let concise = ReporterTests.render(ConciseReporter.self, [outcome])
        #expect(concise == """
            app/capture.yml:1:5: MAN001 message of MAN001
            app/capture.yml:4:5: CAP005 message of CAP005
            app/capture.yml:6:5: WRD001 message of WRD001
            app/capture.yml:6:5: WRD003 [*] message of WRD003
            Found 4 findings (4 warnings) in 1 manifest. (1 suppressed)
            [*] 1 fixable with --fix (1 more with --unsafe-fixes).

            """)
    }

    /// Every mix of safe, unsafe, display and suppressed fixes: the count says each kind once,
    /// and nothing when `check` can apply none.
    @Test(arguments: [(0, 0), (0, 2), (3, 0), (1, 1), (2, 3)])
    func fixCountSaysWhatFixAndUnsafeFixesWouldFix(_ safe: Int, _ unsafe: Int) throws {
        let change = try Self.edit("!", with: ".")
        var findings: [Finding] = []
        for index in 0..<safe { findings.append(Self.finding("WRD00\(index)", line: 2, fixes: [Fix(applicability: .safe, message: "m", edits: [change])])) }
        for index in 0..<unsafe { findings.append(Self.finding("CAP00\(index)", line: 3, fixes: [Fix(applicability: .unsafe, message: "m", edits: [change])])) }
        // Never counted: a display fix, a safe or unsafe fix without edits, a safe fix only as an alternative, a suppressed finding.
        findings.append(Self.finding("WRD009", line: 4, fixes: [Fix(applicability: .display, message: "m")]))
        findings.append(Self.finding("CAP009", line: 4, fixes: [Fix(applicability: .unsafe, message: "m")]))
        findings.append(Self.finding("WRD007", line: 4, fixes: [Fix(applicability: .safe, message: "m")]))
        findings.append(Self.finding("CAP008", line: 4, fixes: [Fix(applicability: .display, message: "m"), Fix(applicability: .safe, message: "m", edits: [change])]))
        findings.append(Self.finding("WRD008", line: 5, fixes: [Fix(applicability: .safe, message: "m", edits: [change])], suppressed: true))
        let lines = ReporterTests.render(ConciseReporter.self, findings).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(" [*] message of ") }.count == safe)
        let expected: String? = switch (safe, unsafe) {
        case (0, 0): nil
        case (0, _): "\(unsafe) fixable with --unsafe-fixes."
        case (_, 0): "[*] \(safe) fixable with --fix."
        default: "[*] \(safe) fixable with --fix (\(unsafe) more with --unsafe-fixes)."
        }
        #expect(lines.last?.hasPrefix("Found ") == (expected == nil))
        if let expected { #expect(lines.last == expected) }
    }

    // MARK: explain

    /// `explain FILE:LINE` shows each way to fix a finding as a diff of the file under what it
    /// does and who may write it; the recommended fix, which the help line already says, only
    /// with who; a display alternative as words alone.
    @Test func explainShowsEachFixAsADiffOfTheFile() throws {
        let outcome = FileOutcome(
            file: InputFile(path: "app/capture.yml", named: true), isManifest: true, findings: try Self.findings(), source: SourceLines(Array(Self.text.utf8)))
        let advice = try #require(FindingAdvice.advise(outcome, policy: Manifests.policy, line: 4).first)
        #expect(advice.finding.ruleID == "CAP005")
        #expect(advice.fixes.map(\.fix) == advice.finding.fixes)
        #expect(advice.fixes.map(\.diff) == [
            "--- a/app/capture.yml\n+++ b/app/capture.yml\n@@ -3,4 +3,5 @@\n   name: \"Café 😀 Tours\"\r\n capture:\r\n   notice:\r\n+  detect: [media-store-observer]\r\n     text: \"Écran 😀 partagé!\"\r\n",
            "",
            "--- a/app/capture.yml\n+++ b/app/capture.yml\n@@ -1,6 +1,6 @@\n capaudit: 1\r\n app:\r\n-  name: \"Café 😀 Tours\"\r\n+  name: \"Café Tours\"\r\n capture:\r\n   notice:\r\n     text: \"Écran 😀 partagé!\"\r\n",
        ])
        let text = advice.text(width: 200)
        #expect(text.contains("""
              Fix:
                detect captures: add `detect` to `capture`

                (unsafe, it changes what the app declares: only `capaudit check --fix --unsafe-fixes` writes it):

                    --- a/app/capture.yml
                    +++ b/app/capture.yml
                    @@ -3,4 +3,5 @@
                       name: "Café 😀 Tours"
                     capture:
                       notice:
                    +  detect: [media-store-observer]
                         text: "Écran 😀 partagé!"

                Or: rename the app (make this change by hand)

                Or: drop the emoji: remove `😀 ` from `app.name` (safe: `capaudit check --fix` writes it):

                    --- a/app/capture.yml
            """), "\(text)")
        #expect(advice.markdown.contains("**Fix:** detect captures: add \\`detect\\` to \\`capture\\`\n\n(unsafe, "))
        #expect(advice.markdown.contains("writes it):\n\n```diff\n--- a/app/capture.yml\n+++ b/app/capture.yml\n@@ -1,6 +1,6 @@\n"))
        let json = try JSONParser.parse(FindingAdvice.jsonDocument([advice], path: "app/capture.yml", line: 4))
        #expect(json["version"] == .integer(2))
        let fixes = try #require(json["findings"]?.arrayValue?.first?["advice"]?["fixes"]?.arrayValue)
        #expect(fixes.map { $0["applicability"]?.stringValue ?? "" } == ["unsafe", "display", "safe"])
        #expect(fixes.map { $0["diff"]?.stringValue ?? "-" } == advice.fixes.map(\.diff))

        // A lone display fix is the help line itself: said once, under `Fix:`.
        let wording = try #require(FindingAdvice.advise(outcome, policy: Manifests.policy, line: 6).first { $0.finding.ruleID == "WRD001" })
        #expect(wording.text().contains("  Fix:\n    write instead: shared\n\n  Why (WRD001: "), "\(wording.text())")
    }
}

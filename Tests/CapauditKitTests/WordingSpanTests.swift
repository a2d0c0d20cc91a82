import CapauditKit
import TestSupport
import Testing
import YAML

/// Wording findings point at the words themselves, inside the YAML scalar, in every style.
@Suite struct WordingSpanTests {
    func alarm(_ notice: String) -> [(SourcePosition, SourcePosition?)] {
        let manifest = """
            capaudit: 1
            app:
              name: Spans
              profile: general
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            capture:
              notice:
            \(notice)
            screens:
              - id: home
            """
        return Manifests.check(manifest).findings.filter { $0.ruleID == "WRD001" }.map { ($0.start, $0.end) }
    }

    func expectSpan(_ notice: String, line: Int, column: Int, endColumn: Int, endLine: Int? = nil) {
        let spans = alarm(notice)
        #expect(spans.count == 1, "\(spans)")
        #expect(spans.first?.0 == SourcePosition(line: line, column: column))
        #expect(spans.first?.1 == SourcePosition(line: endLine ?? line, column: endColumn))
    }

    @Test func plainScalar() {
        expectSpan("    text: Hackers may see your data", line: 9, column: 11, endColumn: 18)
    }

    @Test func plainScalarOverSeveralLines() {
        expectSpan("    text: Your data is\n      kept from hackers today", line: 10, column: 17, endColumn: 24)
    }

    @Test func singleQuotedWithEscapedQuote() {
        expectSpan("    text: 'It''s hacked data'", line: 9, column: 18, endColumn: 24)
    }

    @Test func doubleQuotedWithEscapesBeforeTheWord() {
        expectSpan("    text: \"Caf\\u00e9 \\\"data\\\" hacked\"", line: 9, column: 31, endColumn: 37)
    }

    @Test func doubleQuotedAcrossLinesWithAnEscapedBreak() {
        expectSpan("    text: \"Your data \\\n      was hacked\"", line: 10, column: 11, endColumn: 17)
    }

    @Test func literalBlock() {
        expectSpan("    text: |  # a comment\n      Some data is hidden.\n      A hacker may watch.", line: 11, column: 9, endColumn: 15)
    }

    @Test func foldedBlock() {
        expectSpan("    text: >\n      Some data\n      is hidden from\n      attackers.", line: 12, column: 7, endColumn: 16)
    }

    @Test func nonASCIIBeforeTheWordCountsScalars() {
        expectSpan("    text: \"Größe 🔒 data: hacker\"", line: 9, column: 26, endColumn: 32)
    }

    @Test func spanInsideAnAnchoredScalarReachedThroughAnAlias() {
        let manifest = """
            capaudit: 1
            app:
              name: Spans
              profile: general
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
              sdks:
                - name: &warning "Hacker kit"
                  captures: screenshots
            capture:
              notice:
                text: *warning
            screens:
              - id: home
            """
        let findings = Manifests.check(manifest).findings.filter { $0.ruleID == "WRD001" }
        #expect(findings.map(\.start) == [SourcePosition(line: 8, column: 23)])
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// A suppression as a fix (RULES.md, "Help and fix data", point 2): where no manifest change
/// clears a finding for part of the OS range, the help adds `# capaudit: ignore RULE -- reason`
/// on a line of its own above the finding's node. Each layer is checked: the help line's words
/// read back, the comment written into the file's text, the tree the fix tests apply, and, for
/// every finding of every rule's failing example, the comment silencing it and nothing else.
@Suite struct SuppressionFixTests {
    static let gap = "devices below API 34 detect no screenshot"

    @Test func theHelpLineNamesTheCommentAndItsNodeAndReadsBack() throws {
        let edit = ManifestEdit.suppress("AND002", reason: Self.gap, at: "capture.detect[0]")
        let words = ChangeWords.describe([edit])
        #expect(words == "add the comment `# capaudit: ignore AND002 -- devices below API 34 detect no screenshot` above `capture.detect[0]`")
        let fix = ManifestFix.suppressing("AND002", reason: Self.gap, at: "capture.detect[0]")
        #expect(fix.edits == [edit])
        #expect(try HelpLine.alternatives("\(fix.message): \(words)") == [[edit]])
        let atTheTop = ManifestEdit.suppress("CAP001", reason: "reviewed", at: "")
        #expect(ChangeWords.describe([atTheTop]) == "add the comment `# capaudit: ignore CAP001 -- reviewed` above the document")
        #expect(try HelpLine.alternatives("x: \(ChangeWords.describe([atTheTop]))") == [[atTheTop]])
    }

    @Test func theCommentGoesAboveTheLineWhereTheNodeStartsAtThatLinesIndentation() throws {
        let text = """
            app:
              platforms:
                android:
                  min-sdk: 26
            screens:
              - id: cards
                fields:
                  - id: pan   # the number
                    kind: card-number
            capture:
              detect: [screen-capture-callback, media-store-observer]

            """
        // A block mapping's findings point at its first key, a list entry's at its dash's line.
        #expect(try FixLoweringTests.fixed(text, [
            .suppress("CAP012", reason: "r1", at: "app.platforms.android"),
            .suppress("CAP001", reason: "r2", at: "screens[id=cards].fields[id=pan]"),
            .suppress("AND002", reason: Self.gap, at: "capture.detect[1]"),
        ]) == """
            app:
              platforms:
                android:
                  # capaudit: ignore CAP012 -- r1
                  min-sdk: 26
            screens:
              - id: cards
                fields:
                  # capaudit: ignore CAP001 -- r2
                  - id: pan   # the number
                    kind: card-number
            capture:
              # capaudit: ignore AND002 -- devices below API 34 detect no screenshot
              detect: [screen-capture-callback, media-store-observer]

            """)
    }

    @Test func theCommentKeepsLineEndsAndAByteOrderMarkAndJoinsASuppressionAlreadyThere() throws {
        #expect(try FixLoweringTests.fixed("\u{FEFF}app:\r\n  name: A\r\n", [.suppress("CAP001", reason: "r", at: "")])
            == "\u{FEFF}# capaudit: ignore CAP001 -- r\r\napp:\r\n  name: A\r\n")
        #expect(try FixLoweringTests.fixed("\u{FEFF}app:\r\n  name: A\r\n", [.suppress("CAP001", reason: "r", at: "app")])
            == "\u{FEFF}app:\r\n  # capaudit: ignore CAP001 -- r\r\n  name: A\r\n")
        // Each standing comment covers the next content line: the new one is a second line.
        #expect(try FixLoweringTests.fixed("a:\n  # capaudit: ignore CAP002 -- other\n  b: 1  # capaudit: ignore CAP003 -- more\n", [.suppress("CAP001", reason: "r", at: "a")])
            == "a:\n  # capaudit: ignore CAP002 -- other\n  # capaudit: ignore CAP001 -- r\n  b: 1  # capaudit: ignore CAP003 -- more\n")
        #expect(throws: LoweringFailure.self) { try FixLoweringTests.fixed("a: 1\n", [.suppress("CAP001", reason: "two\nlines", at: "a")]) }
        #expect(throws: LoweringFailure.self) { try FixLoweringTests.fixed("a: 1\n", [.suppress("CAP001", reason: "r", at: "b")]) }
    }

    @Test func aCommentAfterAByteOrderMarkCoversTheNextLine() throws {
        let bytes = Array("\u{FEFF}# capaudit: ignore CAP001 -- r\r\napp: 1\r\n".utf8)
        let comments = SuppressionCommentFinder.find(in: SourceLines(bytes), documents: try YAMLLoader.load(bytes).documents)
        #expect(comments.map(\.targetLine) == [2])
    }

    @Test func aSuppressionIsNeverASafeFix() throws {
        let bytes = Array("a: 1\n".utf8)
        let source = SourceLines(bytes)
        let lowering = FixLowering(source: source, tree: try #require(try YAMLLoader.load(bytes).documents.first), positions: BytePositions(source))
        let fix = ManifestFix.suppressing("CAP001", reason: "r", at: "a")
        #expect(lowering.lower(fix, applicability: .safe).applicability == .unsafe)
        #expect(lowering.lower(fix, applicability: .unsafe).applicability == .unsafe)
        #expect(lowering.lower(fix, applicability: .display).applicability == .display)
        #expect(lowering.lower(fix, applicability: .safe).edits.map(\.replacement) == ["# capaudit: ignore CAP001 -- r\n"])
    }

    /// Under a config that forbids silencing the rule inline, the suppression is no alternative:
    /// applied, it would only be reported (SUP002). The other alternatives stay.
    @Test func aConfigThatForbidsTheSuppressionDropsItFromTheHelp() throws {
        let rule = try #require(Manifests.policy.rule("CAP008"))
        var raw = RawFinding(rule, message: "m", at: SourcePosition(line: 2, column: 3), path: "app.language")
        let masked = Fix(applicability: .unsafe, message: "mask it", change: "set `display: masked` in `x`")
        let suppressing = Fix(applicability: .unsafe, message: "state that gap in a suppression", change: "add the comment `# capaudit: ignore CAP008 -- r` above `x`", silences: true)
        func resolved(_ fixes: [Fix], forbidding forbidden: Set<String>) -> Finding? {
            raw.attach(fixes)
            let resolver = Resolver(
                policy: Manifests.policy, settings: RuleSettings(), selection: RuleSelection(), unsuppressible: forbidden, baseline: nil, repositoryPath: { $0 })
            return resolver.resolve([raw], file: "m.yml").findings.first
        }
        #expect(resolved([masked, suppressing], forbidding: []).map(\.fixes) == [masked, suppressing])
        let forbidden = try #require(resolved([masked, suppressing], forbidding: ["CAP008"]))
        #expect(forbidden.fixes == [masked])
        #expect(forbidden.help == "mask it: set `display: masked` in `x`")
        let onlySuppression = try #require(resolved([suppressing], forbidding: ["CAP008"]))
        #expect(onlySuppression.fixes.isEmpty)
        #expect(onlySuppression.help == nil)
    }

    /// `explain FILE:LINE` shows a suppression as the diff it makes, like any other fix.
    @Test func explainShowsTheCommentAsADiff() throws {
        let bytes = Array("app:\n  name: A\n  language: en\n".utf8)
        let source = SourceLines(bytes)
        let lowering = FixLowering(source: source, tree: try #require(try YAMLLoader.load(bytes).documents.first), positions: BytePositions(source))
        let fix = lowering.lower(.suppressing("CAP001", reason: "r", at: "app.language"), applicability: .unsafe)
        #expect(FindingAdvice.diff(fix, of: bytes, path: "m.yml") == """
            --- a/m.yml
            +++ b/m.yml
            @@ -1,3 +1,4 @@
             app:
               name: A
            +  # capaudit: ignore CAP001 -- r
               language: en

            """)
    }

    @Test func theTreeWritesTheCommentAboveTheNodesFirstLineAndKeepsItThroughLaterEdits() throws {
        let document = EditableNode(try #require(try YAMLLoader.load(Array("""
            app: {platforms: {android: {min-sdk: 26}}}
            screens:
              - id: a
                fields:
                  - {id: b, kind: pin}
            """.utf8)).documents.first))
        let edited = try ManifestEditor.apply([
            .suppress("CAP012", reason: "r1", at: "app.platforms.android"),
            .suppress("CAP001", reason: "r2", at: "screens[id=a].fields[id=b]"),
            .set("display", to: .name("masked"), at: "screens[id=a].fields[id=b]"),
            .suppress("AND002", reason: "r3", at: "app.platforms.android.min-sdk"),
            .set("min-sdk", to: .integer(28), at: "app.platforms.android"),
        ], to: document)
        #expect(edited.yaml == """
            app:
              platforms:
                android:
                  # capaudit: ignore CAP012 -- r1
                  # capaudit: ignore AND002 -- r3
                  min-sdk: 28
            screens:
              - id: "a"
                fields:
                  # capaudit: ignore CAP001 -- r2
                  - id: "b"
                    kind: "pin"
                    display: "masked"

            """)
        #expect(throws: EditFailure.self) { try ManifestEditor.apply([.suppress("CAP001", reason: "r", at: "screens[id=z]")], to: document) }
    }

    /// Generated: every finding of every rule's failing example, suppressed at its path as the
    /// fix writes it, in the example's own text, in CRLF with a byte order mark, and through the
    /// tree: the finding is silenced and no finding appears (no SUP001, no SUP002).
    @Test(arguments: RuleFixTests.rules)
    func aSuppressionAtAFindingsPathSilencesItAndNothingElse(_ id: String) throws {
        let rule = try #require(RuleFixTests.policy.rule(id))
        func checked(_ text: String) -> RuleFixTests.Checked {
            RuleFixTests.Checked(text: text, result: Manifests.check(text, path: "example.yml", preview: true))
        }
        let crlf = "\u{FEFF}" + rule.failingExample.replacingOccurrences(of: "\n", with: "\r\n")
        var silenced = 0
        for (name, text) in [("as written", rule.failingExample), ("CRLF, byte order mark", crlf)] {
            let before = checked(text)
            let bytes = Array(text.utf8)
            let source = SourceLines(bytes)
            let documents = try YAMLLoader.load(bytes).documents
            for finding in before.active where finding.ruleID == id {
                let tree = try #require(documents.indices.contains(finding.documentIndex) ? documents[finding.documentIndex] : nil)
                let edits = try FixLowering(source: source, tree: tree, positions: BytePositions(source))
                    .textEdits([.suppress(id, reason: Self.gap, at: finding.path)])
                let after = checked(String(decoding: FixApplication.apply(edits, to: bytes), as: UTF8.self))
                RuleFixTests.expectCleared(finding, before: before, after: after, label: "\(id) [\(name)] suppressed above `\(finding.path)`")
                silenced += 1
            }
        }
        let document = EditableNode(try #require(try YAMLLoader.load(Array(rule.failingExample.utf8)).documents.first))
        let before = RuleFixTests.check(document)
        for finding in before.active where finding.ruleID == id && finding.documentIndex == 0 {
            let after = RuleFixTests.check(try ManifestEditor.apply([.suppress(id, reason: Self.gap, at: finding.path)], to: document))
            RuleFixTests.expectCleared(finding, before: before, after: after, label: "\(id) [tree] suppressed above `\(finding.path)`")
            silenced += 1
        }
        #expect(silenced > 0, "\(id): its failing example has no finding to suppress")
    }
}

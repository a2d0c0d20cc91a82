@testable import CapauditKit
import Testing
import YAML

/// Suppression comments and their near misses: the well-formed ones silence, the near misses
/// are reported with the form that was meant, and ordinary comments that mention capaudit are
/// left alone.
@Suite struct SuppressionCommentTests {
    static func comments(_ line: String) -> [SuppressionComment] {
        SuppressionCommentFinder.find(in: SourceLines(Array("\(line)\nkey: value\n".utf8)), documents: [])
    }

    /// Comments that are suppressions, with the rules they name.
    static let wellFormed: [(comment: String, rules: [String], reason: String?, wholeFile: Bool)] = [
        ("# capaudit: ignore CAP001 -- read back", ["CAP001"], "read back", false),
        ("#capaudit:ignore CAP001 -- read back", ["CAP001"], "read back", false),
        ("#   capaudit:   ignore CAP001, CAP002 -- read back", ["CAP001", "CAP002"], "read back", false),
        ("# capaudit: ignore-file WRD009 -- reviewed", ["WRD009"], "reviewed", true),
        ("# capaudit: ignore sensitive-data-exposed -- x", ["sensitive-data-exposed"], "x", false),
        ("# capaudit: ignore AND002/recording -- x", ["AND002/recording"], "x", false),
        ("# capaudit: ignore CAP001", ["CAP001"], nil, false),
    ]

    @Test func wellFormedCommentsAreSuppressions() {
        for example in Self.wellFormed {
            let found = Self.comments(example.comment)
            #expect(found.count == 1, "\(example.comment)")
            guard let comment = found.first else { continue }
            #expect(comment.malformed == nil, "\(example.comment): \(comment.malformed ?? "")")
            #expect(comment.rules == example.rules, "\(example.comment)")
            #expect(comment.reason == example.reason, "\(example.comment)")
            #expect(comment.wholeFile == example.wholeFile, "\(example.comment)")
        }
    }

    /// Near misses, with what is wrong and the form that was meant.
    static let nearMisses: [(comment: String, problem: String, meant: String)] = [
        ("# capaudit ignore CAP001 -- read back", "the colon after `capaudit` is missing", "# capaudit: ignore CAP001 -- read back"),
        ("# capaudit: ignore CAP001 - read back", "the reason follows `-`; write two hyphens, `--`", "# capaudit: ignore CAP001 -- read back"),
        ("# capaudit: ignore CAP001 — read back", "the reason follows `—`; write two hyphens, `--`", "# capaudit: ignore CAP001 -- read back"),
        ("# Capaudit: ignore CAP001 -- x", "`Capaudit` is written `capaudit`", "# capaudit: ignore CAP001 -- x"),
        ("# CAPAUDIT: IGNORE CAP001 -- x", "`CAPAUDIT` is written `capaudit`; `IGNORE` is written `ignore`", "# capaudit: ignore CAP001 -- x"),
        ("# capaudit=ignore CAP001 -- x", "`capaudit` is followed by `=` instead of a colon", "# capaudit: ignore CAP001 -- x"),
        ("# capaudit-ignore CAP001 -- x", "`capaudit` is followed by `-` instead of a colon", "# capaudit: ignore CAP001 -- x"),
        (
            "# capaudit: ignore-next-line CAP001 -- x",
            "`ignore-next-line` is not a verb capaudit knows: use `ignore`, which covers the next line from a line of its own and its own line at the end of one",
            "# capaudit: ignore CAP001 -- x"
        ),
        ("# capaudit: disable-file WRD009 -- x", "`disable-file` is not a verb capaudit knows: `ignore-file` covers the whole file", "# capaudit: ignore-file WRD009 -- x"),
        ("# capaudit: noqa CAP001", "`noqa` is not a verb capaudit knows: use `ignore`, which covers the next line from a line of its own and its own line at the end of one", "# capaudit: ignore CAP001 -- <why this is acceptable>"),
        ("# capaudit: CAP001 -- x", "the verb `ignore` is missing", "# capaudit: ignore CAP001 -- x"),
        ("# capaudit: skip CAP001;CAP002 -- x", "`skip` is not a verb capaudit knows: use `ignore`, which covers the next line from a line of its own and its own line at the end of one; rules are separated by `;`; separate them with commas", "# capaudit: ignore CAP001, CAP002 -- x"),
        ("# capaudit: ignore CAP001|CAP002 -- x", "rules are separated by `|`; separate them with commas", "# capaudit: ignore CAP001, CAP002 -- x"),
        ("# capaudit ignore CAP001 read back by an agent", "the colon after `capaudit` is missing", "# capaudit: ignore CAP001 -- read back by an agent"),
        ("# capaudit: whitelist CAP001 -- x", "`whitelist` is not a verb capaudit knows (`ignore`, `ignore-file`)", "# capaudit: ignore CAP001 -- x"),
    ]

    @Test func nearMissesSayWhatIsWrongAndTheFormMeant() {
        for example in Self.nearMisses {
            let found = Self.comments(example.comment)
            #expect(found.count == 1, "\(example.comment)")
            guard let comment = found.first else { continue }
            #expect(comment.malformed == example.problem, "\(example.comment)")
            #expect(comment.wellFormed == example.meant, "\(example.comment)")
        }
    }

    /// Comments that mention capaudit without a suppression verb or a rule id are no suppressions.
    static let ordinary = [
        "# capaudit checks this file in CI",
        "# capaudit: see docs/ci.md for the gate",
        "# capaudit.yml is generated",
        "# capauditing is done nightly",
        "# run capaudit: ignore nothing here",
        "# capaudit reports CAP001 here; see the ticket",
        "# capaudit:",
    ]

    @Test func ordinaryCommentsAreLeftAlone() {
        for text in Self.ordinary {
            #expect(Self.comments(text).map(\.text) == [], "\(text)")
        }
        // The same words inside a quoted value are text, not a comment.
        let source = SourceLines(Array("note: \"# capaudit ignore CAP001\"\n".utf8))
        let documents = (try? YAMLLoader.load(source.bytes).documents) ?? []
        #expect(!documents.isEmpty)
        #expect(SuppressionCommentFinder.find(in: source, documents: documents).map(\.text) == [])
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// Wording matching is bounded: entries are found by the stems of their first word, a text has a
/// work budget per list (WRD009 `incomplete` when it runs out), and invisible characters neither
/// hide a word nor move its span.
@Suite struct WordingBoundsTests {
    static func manifest(notice: String) -> String {
        """
        capaudit: 1
        app:
          name: Bounds
          profile: general
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        capture:
          notice:
            text: \(notice)
        screens:
          - id: home
        """
    }

    @Test func invisibleCharactersNeitherSplitNorJoinWords() {
        let tokens = Tokenizer.tokens("H\u{200B}ackers \u{AD} ho\u{AD}me\u{FEFF}")
        #expect(tokens.map(\.original) == ["Hackers", "home"])
        #expect(tokens.map(\.folded) == ["hackers", "home"])
        #expect(tokens.map(\.start) == [0, 11])
        #expect(tokens.map(\.end) == [8, 16], "a span covers the invisible characters inside the word, not one after it")
        #expect(Tokenizer.fold("Ha\u{200D}ck") == "hack")
    }

    @Test func aZeroWidthSpaceDoesNotHideAnAlarmWordAndItsSpanStaysOnTheSource() {
        let result = Manifests.check(Self.manifest(notice: "\"Some H\u{200B}ackers\u{2028}may watch.\""))
        let alarms = result.findings.filter { $0.ruleID == "WRD001" }
        #expect(alarms.count == 1, "\(Manifests.summary(result))")
        #expect(alarms.first?.start == SourcePosition(line: 9, column: 17))
        #expect(alarms.first?.end == SourcePosition(line: 9, column: 25))
        #expect(alarms.first?.message.contains("H\u{200B}ackers") == true, "the message quotes the words as written; reporters escape them")
    }

    @Test func entriesAreFoundByTheStemsOfTheirFirstWord() {
        let list = WordList(entries: [
            LexiconEntry(text: "attack", alternatives: [["attack"]], suffixes: ["s", "ed", "ers"], gap: 0, exceptions: ["heart attack"], suggestion: ""),
            LexiconEntry(text: "spy|watch on", alternatives: [["spy", "watch"], ["on"]], suffixes: ["ing"], gap: 2, exceptions: [], suggestion: ""),
        ])
        func matched(_ text: String) -> [String] {
            var budget = WordingBudget(words: 100)
            let tokens = Tokenizer.tokens(text)
            return list.matches(in: tokens, budget: &budget).map { match in
                tokens.filter { $0.start >= match.start && $0.end <= match.end }.map(\.original).joined(separator: " ")
            }
        }
        #expect(matched("Attackers attacked an attackz") == ["Attackers", "attacked"])
        #expect(matched("a heart attack, heart attacks") == [])
        #expect(matched("watching you closely on screen") == ["watching you closely on"])
        #expect(matched("spying far too long on") == [], "more than `gap` words between")
    }

    /// 2 000 entries sharing a first word, 50 endings, gap 8 and a 30-word `except` that the text
    /// repeats: without the budget, matching 40 000 words did not finish in a minute.
    static func pathologicalList() -> WordList {
        let endings = (0..<50).map { "x\($0)" }
        let exception = Array(repeating: "the screen", count: 15).joined(separator: " ")
        return WordList(entries: (0..<2_000).map { index in
            LexiconEntry(
                text: "the|a|an screen\(index)|screen", alternatives: [["the", "a", "an"], ["screen\(index)", "screen"]], suffixes: endings, gap: 8,
                exceptions: [exception], suggestion: "")
        })
    }

    @Test func aListBuiltToBeSlowRunsOutOfBudgetInsteadOfHanging() {
        let tokens = Tokenizer.tokens(Array(repeating: "the screen", count: 20_000).joined(separator: " "))
        var budget = WordingBudget(words: tokens.count)
        let found = Self.pathologicalList().matches(in: tokens, budget: &budget)
        #expect(budget.isExhausted)
        #expect(found.isEmpty, "every match lies inside the exception; none is reported unchecked")
        #expect(budget.used <= budget.limit + 64, "work stops at the budget: \(budget.used) of \(budget.limit)")
        let lexicon = Lexicon(language: "en", name: "en", lists: ["alarm": Self.pathologicalList()], affected: WordList(entries: []), acronyms: [], file: "")
        let matches = lexicon.matches(in: tokens)
        #expect(!matches.isComplete)
        #expect(!matches.isComplete("alarm"))
        #expect(matches.isComplete(Lexicon.affectedList), "each list has its own budget")
    }

    @Test func theShippedLexiconChecksAMegabyteNoticeWhole() throws {
        let lexicon = try #require(Manifests.policy.lexicon(for: "en"))
        let notice = String(repeating: "Some content is hidden while hackers watch. ", count: 25_000)
        let matches = lexicon.matches(in: Tokenizer.tokens(notice))
        #expect(matches.isComplete, "\(matches.steps) steps")
        #expect(matches.list("alarm").count == 25_000)
    }

    @Test func wrd009SaysWhenATextWasNotFullyChecked() throws {
        let pack = PolicySource(
            relativePath: "wording/en.yml", displayPath: "pack/wording/en.yml",
            bytes: Array(PackLexicon.pathological.utf8))
        let policy = try PolicyLoader.load(adding: [pack])
        let notice = "\"" + Array(repeating: "the screen", count: 5_000).joined(separator: " ") + "\""
        let result = Manifests.check(Self.manifest(notice: notice), policy: policy)
        let incomplete = result.findings.filter { $0.ruleID == "WRD009" }
        #expect(incomplete.count == 1, "\(Manifests.summary(result))")
        #expect(incomplete.first?.severity == .info)
        #expect(incomplete.first?.start == SourcePosition(line: 9, column: 11))
        #expect(incomplete.first?.message.hasPrefix("the text was not fully checked: the wording budget ran out after ") == true, "\(incomplete.first?.message ?? "")")
        let unclear = result.findings.filter { $0.ruleID == "WRD007" }.map(\.message)
        #expect(unclear.count == 1 && !unclear.contains { $0.contains("does not say what is affected") }, "what went unchecked is not blamed: \(unclear)")
    }
}

/// A rule-pack lexicon written to make matching slow.
enum PackLexicon {
    static var pathological: String {
        let endings = (0..<50).map { "x\($0)" }.joined(separator: ", ")
        let exception = Array(repeating: "the screen", count: 15).joined(separator: " ")
        var text = "language: en\nalarm:\n"
        for index in 0..<2_000 {
            text += "  - match: \"the|a|an screen\(index)|screen\"\n    suffixes: [\(endings)]\n    gap: 8\n    except: [\"\(exception)\"]\n"
        }
        text += "affected-words:\n"
        for index in 0..<2_000 { text += "  - \"the screen words\(index)\"\n" }
        return text
    }
}

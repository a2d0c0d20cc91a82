@testable import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// Entries of the `alarm` and `blame` lists name their category (RULES.md, "Lexicon categories"):
/// required in a shipped lexicon, optional in a rule pack, validated in both.
@Suite struct LexiconCategoryTests {
    static func problems(_ text: String, shipped: Bool) throws -> [String] {
        let source = PolicySource(relativePath: "wording/en.yml", displayPath: "pack/wording/en.yml", bytes: Array(text.utf8), isShipped: shipped)
        let root = try #require(try YAMLLoader.load(source.bytes).documents.first)
        let decoder = NodeDecoder()
        _ = PolicyLoader.lexiconDefinition(root, source: source, decoder)
        return decoder.problems.map { "\($0.position.line):\($0.position.column) \($0.message)" }
    }

    @Test func aShippedEntryWithoutACategoryIsAnErrorAtTheEntry() throws {
        let problems = try Self.problems("language: en\nalarm:\n  - match: peril\nblame:\n  - match: your doing\n    category: blame\n", shipped: true)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("3:5 ") == true, "\(problems)")
        #expect(problems.first?.contains("`category`") == true, "\(problems)")
    }

    @Test func aPackEntryMayLeaveTheCategoryOut() throws {
        #expect(try Self.problems("language: en\nalarm:\n  - match: peril\nblame:\n  - match: your doing\n", shipped: false).isEmpty)
    }

    @Test func anUnknownCategoryIsAnErrorAtItsValueWithTheNearestName() throws {
        for shipped in [true, false] {
            let problems = try Self.problems("language: en\nalarm:\n  - match: peril\n    category: fear-apeal\n", shipped: shipped)
            #expect(problems == ["4:15 unknown category `fear-apeal` for the `alarm` list; did you mean `fear-appeal`?; expected one of: threat, exposure, insinuation, urgency, fear-appeal, headline"])
        }
    }

    @Test func aCategoryOfTheOtherListIsAnError() throws {
        let problems = try Self.problems("language: en\nblame:\n  - match: your doing\n    category: threat\n", shipped: true)
        #expect(problems == ["4:15 unknown category `threat` for the `blame` list; expected one of: blame, command"])
    }

    @Test func aListWithoutCategoriesTakesNone() throws {
        let problems = try Self.problems("language: en\nscolding:\n  - match: not ok\n    category: command\n", shipped: true)
        #expect(problems == ["4:5 unknown key `category` in a lexicon entry; known keys: match, suffixes, gap, except, suggest"])
    }

    @Test func theCategoryIsKeptOnTheEntry() throws {
        let pack = PolicySource(relativePath: "wording/en.yml", displayPath: "pack/wording/en.yml", bytes: Array("language: en\nalarm:\n  - match: peril\n    category: exposure\n".utf8))
        let lexicon = try #require(try PolicyLoader.load(adding: [pack]).lexicon(for: "en"))
        #expect(lexicon.list("alarm").entries.last?.text == "peril")
        #expect(lexicon.list("alarm").entries.last?.category == .exposure)
    }

    /// The compiled policy keeps every shipped category.
    @Test func everyShippedEntryOfTheCategorisedListsKeepsItsCategory() throws {
        let policy = Manifests.policy
        for language in policy.languages {
            let lexicon = try #require(policy.lexicon(for: language))
            for list in ["alarm", "blame"] {
                let entries = lexicon.list(list).entries
                #expect(entries.allSatisfy { $0.category != nil }, "\(language) \(list): \(entries.filter { $0.category == nil }.map(\.text))")
                #expect(!entries.isEmpty)
            }
        }
    }
}

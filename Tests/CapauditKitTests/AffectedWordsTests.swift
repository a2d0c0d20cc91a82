@testable import CapauditKit
import TestSupport
import Testing

/// RULES.md, WRD007: a capture notice names what is affected by an affected-word of its language
/// (an entry may take inflection suffixes), or by a name of a data kind or an action kind of the
/// taxonomy in that language (titles in English, hints in each language).
@Suite struct AffectedWordsTests {
    static func manifest(language: String, notice: String) -> String {
        """
        capaudit: 1
        app:
          name: Northwind Bank
          profile: general
          language: \(language)
          platforms:
            ios:
              deployment-target: "17.0"
        capture:
          detect: [scene-capture-state]
          notice:
            style: banner
            text: "\(notice)"
        screens:
          - id: home
        """
    }

    static func namesSomethingAffected(_ notice: String, language: String, policy: Policy = Manifests.policy) -> Bool {
        !Manifests.check(manifest(language: language, notice: notice), policy: policy).findings.contains { $0.ruleID == "WRD007" }
    }

    @Test func aHintOfTheNoticesLanguageNamesWhatIsAffected() throws {
        // `clabe` (es) is a hint of `account-number`, `memorable` (en) one of `security-answer`; neither is an affected-word.
        #expect(Self.namesSomethingAffected("La pantalla se está compartiendo. Tu CLABE queda oculta.", language: "es"))
        #expect(Self.namesSomethingAffected("Screen sharing is active. Your memorable word stays out of view.", language: "en"))
        // A hint of another language names nothing here.
        #expect(!Self.namesSomethingAffected("Screen sharing is active. Your clabe stays put.", language: "en"))
        #expect(!Self.namesSomethingAffected("Screen sharing is active. Nothing else changes.", language: "en"))
    }

    @Test func anEnglishTitleOfADataKindNamesWhatIsAffected() throws {
        // "Security question answer" is the title of `security-answer`, none of its words an affected-word or a hint.
        #expect(Self.namesSomethingAffected("Screen sharing is active. Your security question answer stays out of view.", language: "en"))
        #expect(!Self.namesSomethingAffected("Screen sharing is active. Your security question stays out of view.", language: "en"))
    }

    @Test func anAffectedWordEntryTakesItsSuffixes() throws {
        let config = try ConfigLoader.parse(
            Array("wording:\n  languages:\n    en:\n      affected-words: [{match: widget, suffixes: [s]}]\n".utf8), displayPath: ".capaudit.yml", policy: Manifests.policy)
        let policy = Manifests.policy.adding(config.wording)
        let notice = "Screen sharing is active. Your widgets go blank."
        #expect(!Self.namesSomethingAffected(notice, language: "en"))
        #expect(Self.namesSomethingAffected(notice, language: "en", policy: policy))
    }

    @Test func anAffectedWordEntryTakesNoSuggestion() throws {
        #expect(throws: PolicyError.self) {
            try ConfigLoader.parse(
                Array("wording:\n  affected-words: [{match: widget, suggest: gadget}]\n".utf8), displayPath: ".capaudit.yml", policy: Manifests.policy)
        }
    }
}

@testable import CapauditKit
import Foundation
import TestSupport
import Testing

/// No text a lexicon offers (RULES.md, "Lexicon categories"): its neutral notice, every example
/// (by profile, role, action kind and data category) and every `suggest` matches an entry of any
/// of its lists, or raises a WRD finding where a fix puts it.
@Suite struct OfferedTextTests {
    /// Each offered text with the corpus role it is checked in: a notification or widget text is
    /// checked as a person-facing action message, a `suggest` as what it replaces.
    static func offered(_ lexicon: Lexicon) -> [(text: String, role: String)] {
        var offered: [(text: String, role: String)] = lexicon.neutralNotice.map { [($0, "capture-notice")] } ?? []
        for (role, text) in lexicon.examples.allTexts {
            let checkedAs: [WordingExamples.Role: String] = [.captureNotice: "capture-notice", .screenshotText: "screenshot-text"]
            offered.append((text, checkedAs[role] ?? "action-message"))
        }
        for (name, list) in lexicon.lists {
            let role = name == "scolding" ? "screenshot-text" : name == "capture-kinds" ? "capture-notice" : "action-message"
            offered += list.entries.map(\.suggestion).filter { !$0.isEmpty }.map { ($0, role) }
        }
        return offered
    }

    @Test(arguments: ["en", "es", "fr", "de", "vi"])
    func noOfferedTextMatchesItsLexiconOrRaisesAWordingFinding(_ language: String) throws {
        let lexicon = try #require(Manifests.policy.lexicon(for: language))
        let offered = Self.offered(lexicon)
        #expect(offered.count > 10, "\(language): \(offered.count) offered texts")
        for (text, role) in offered {
            let matches = lexicon.matches(in: Tokenizer.tokens(text))
            let matched = Lexicon.listNames.flatMap { name in matches.list(name).map { "\(name): \($0.entry.text)" } }
            #expect(matched.isEmpty, "\(language) \"\(text)\" matches \(matched)")
            // A synonym is a word or two; it is checked in a sentence of its own role.
            guard text.contains(" ") else { continue }
            let corpusText = WordingCorpus.Text(isAlarming: false, category: "neutral", role: role, rules: [], text: text, location: "offered")
            let fired = Manifests.check(WordingCorpus.manifest(corpusText, language: language)).findings.map(\.ruleID).filter { $0.hasPrefix("WRD") }
            #expect(fired.isEmpty || (role == "capture-notice" && fired == ["WRD007"] && !text.contains(".")), "\(language) \"\(text)\" as \(role) raises \(fired)")
        }
    }

    @Test func theLookupFallsBackFromTheKindToTheProfileToGeneral() throws {
        let lexicon = try #require(Manifests.policy.lexicon(for: "en"))
        #expect(lexicon.example(.actionMessage, profile: "banking", actionKind: "add-payee") == "Adding a payee is paused while your screen is shared.")
        #expect(lexicon.example(.actionMessage, profile: "banking", actionKind: "other") == "This is paused while your screen is shared.")
        #expect(lexicon.example(.actionMessage, profile: "banking") == "Transfers are paused while your screen is shared.")
        #expect(lexicon.example(.actionMessage, profile: "health", actionKind: "edit-profile") == "Profile changes are paused while your screen is shared.")
        #expect(lexicon.example(.actionMessage, profile: "health") == "Your health records stay hidden while your screen is shared.")
        #expect(lexicon.example(.actionMessage, profile: "general", actionKind: "other") == "This is paused while your screen is shared.")
        #expect(lexicon.example(.notification, profile: "health", dataCategory: "credential") == "Your code is ready.")
        #expect(lexicon.example(.widget, profile: "banking") == "Open the app to see your balance.")
        #expect(lexicon.example(.captureNotice, profile: "banking") == lexicon.neutralNotice)
    }

    /// RULES.md, "Help and fix data" 5: the `message` an action fix writes is the lexicon's example
    /// for the profile and the action's kind, in the app's language.
    @Test(arguments: [("en", "add-payee", "Adding a payee is paused while your screen is shared."), ("en", "other", "This is paused while your screen is shared.")])
    func anActionFixWritesTheExampleForTheActionsKind(_ language: String, _ kind: String, _ expected: String) throws {
        let manifest = """
            capaudit: 1
            app:
              name: Northwind Bank
              profile: banking
              language: \(language)
              platforms:
                ios:
                  deployment-target: "17.0"
            capture:
              detect: [scene-capture-state]
            screens:
              - id: payees
                actions:
                  - id: go
                    kind: \(kind)
                    risk: high
            """
        let finding = try #require(Manifests.check(manifest).findings.first { $0.ruleID == "CAP004" }, "\(Manifests.summary(Manifests.check(manifest)))")
        let change = try #require(finding.fixes.first?.change)
        #expect(change.contains("set `message: \"\(expected)\"`"), "\(change)")
    }
}

@testable import CapauditKit
import TestSupport
import Testing

/// Hints per language, `except` phrases and the longest match (CAP010, CAP014; Policy 3).
@Suite struct HintMatchingTests {
    static let policy = Manifests.policy
    static let shippedProfiles = ["general", "banking", "health"]

    static func manifest(profile: String, language: String, screen: String) -> String {
        """
        capaudit: 1
        app:
          name: Hints
          language: \(language)
          profile: \(profile)
          platforms:
            ios:
              deployment-target: "17.0"
        screens:
          - id: s
        \(screen)
        """
    }

    /// The kind CAP010 suggests for one field, and its hint, as "kind (hint)"; nil when none.
    static func fieldSuggestion(id: String = "f", label: String, profile: String = "general", language: String = "en") -> String? {
        let screen = "    fields:\n      - id: \"\(id)\"\n        label: \"\(label)\""
        return suggestion(of: "CAP010", in: manifest(profile: profile, language: language, screen: screen))
    }

    /// The kind CAP014 suggests for one action, and its hint, as "kind (hint)"; nil when none.
    static func actionSuggestion(id: String = "a", label: String, profile: String = "general", language: String = "en") -> String? {
        let screen = "    actions:\n      - id: \"\(id)\"\n        label: \"\(label)\""
        return suggestion(of: "CAP014", in: manifest(profile: profile, language: language, screen: screen))
    }

    static func suggestion(of rule: String, in text: String) -> String? {
        let found = Manifests.check(text, preview: true).findings.filter { $0.ruleID == rule }
        guard let message = found.first?.message else { return nil }
        return "\(slice(of: message, between: "tag it `kind: ", and: "`") ?? "?") (\(slice(of: message, between: "(`", and: "`)") ?? "?"))"
    }

    static func slice(of message: String, between open: String, and close: String) -> String? {
        guard let start = message.firstRange(of: open), let end = message[start.upperBound...].firstRange(of: close) else { return nil }
        return String(message[start.upperBound..<end.lowerBound])
    }

    static func isSensitive(_ kind: String, under profile: String) -> Bool {
        !(policy.profiles[profile]?.coverage[kind]?.required.isEmpty ?? true)
    }

    static func isRequired(_ kind: ActionKind, under profile: String) -> Bool {
        policy.profiles[profile]?.actionRequirement(kind: kind.id, risk: kind.risk) != nil
    }

    /// Each hint of each kind, as the whole label under the first shipped profile that asks
    /// something of the kind and in the hint's language (`suggest(label, profile, language)`):
    /// how many were checked, and those that suggested anything but their own kind.
    static func misses(_ kinds: [(id: String, hints: [Hint], profile: String?)], _ suggest: (String, String, String) -> String?) -> (checked: Int, misses: [String]) {
        var misses: [String] = []
        var checked = 0
        for kind in kinds {
            guard let profile = kind.profile else { continue }
            for hint in kind.hints {
                let phrase = hint.words.joined(separator: " ")
                let found = suggest(phrase, profile, hint.language)
                if found != "\(kind.id) (\(phrase))" { misses.append("\(hint.language) \"\(phrase)\" under \(profile): \(found ?? "nothing")") }
                checked += 1
            }
        }
        return (checked, misses)
    }

    @Test func everyDataKindHintSuggestsItsKindInItsLanguage() {
        let kinds = Self.policy.taxonomy.dataKinds.map { kind in (kind.id, kind.hints, Self.shippedProfiles.first { Self.isSensitive(kind.id, under: $0) }) }
        let result = Self.misses(kinds) { Self.fieldSuggestion(label: $0, profile: $1, language: $2) }
        #expect(result.checked > 300)
        #expect(result.misses.isEmpty, "\(result.misses)")
    }

    @Test func everyActionKindHintSuggestsItsKindInItsLanguage() {
        let kinds = Self.policy.taxonomy.actionKinds.map { kind in (kind.id, kind.hints, Self.shippedProfiles.first { Self.isRequired(kind, under: $0) }) }
        let result = Self.misses(kinds) { Self.actionSuggestion(label: $0, profile: $1, language: $2) }
        #expect(result.checked > 150)
        #expect(result.misses.isEmpty, "\(result.misses)")
    }

    /// Every language with a lexicon has hints for every kind some shipped profile protects and
    /// every action kind some shipped action policy requires something of.
    @Test func everyLexiconLanguageHasHintsForWhatTheProfilesAskFor() {
        #expect(Self.policy.languages == ["de", "en", "es", "fr", "vi"])
        var missing: [String] = []
        for language in Self.policy.languages {
            for kind in Self.policy.taxonomy.dataKinds where Self.shippedProfiles.contains(where: { Self.isSensitive(kind.id, under: $0) }) {
                if !kind.hints.contains(where: { $0.language == language }) { missing.append("\(language): \(kind.id)") }
            }
            for kind in Self.policy.taxonomy.actionKinds where Self.shippedProfiles.contains(where: { Self.isRequired(kind, under: $0) }) {
                if !kind.hints.contains(where: { $0.language == language }) { missing.append("\(language): action \(kind.id)") }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test func theLongestMatchWinsEvenWhenItsKindAsksForNothing() {
        #expect(Self.fieldSuggestion(label: "Card expiry") == nil)
        #expect(Self.fieldSuggestion(label: "Card expiry", profile: "banking") == "card-expiry (card expiry)")
        #expect(Self.fieldSuggestion(label: "Card number") == "card-number (card number)")
        #expect(Self.fieldSuggestion(label: "Medical record number", profile: "health") == "medical-record-number (medical record number)")
        #expect(Self.actionSuggestion(label: "Withdrawal address", profile: "banking") == "add-payee (withdrawal address)")
        #expect(Self.actionSuggestion(label: "Địa chỉ rút tiền", profile: "banking", language: "vi") == "add-payee (địa chỉ rút tiền)")
        #expect(Self.actionSuggestion(label: "Transfer limit") == "change-limits (transfer limit)")
    }

    @Test func publicAndOrdinaryWordsAreNoHints() {
        #expect(Self.fieldSuggestion(label: "Routing number", profile: "banking") == nil)
        #expect(Self.fieldSuggestion(label: "Licence class") == nil)
        #expect(Self.fieldSuggestion(label: "Licence number") == "government-id (licence number)")
        #expect(Self.fieldSuggestion(label: "License number") == "government-id (license number)")
        #expect(Self.fieldSuggestion(label: "Order number, date and note") == nil)
        #expect(Self.actionSuggestion(label: "Send") == nil)
        #expect(Self.actionSuggestion(label: "Send money") == "fund-transfer (send money)")
    }

    @Test func anExceptPhraseCancelsTheHintInsideIt() {
        #expect(Self.fieldSuggestion(label: "Card design") == nil)
        #expect(Self.fieldSuggestion(label: "Card holder") == nil)
        #expect(Self.fieldSuggestion(label: "Card") == "card-number (card)")
        #expect(Self.fieldSuggestion(label: "Design your card") == "card-number (card)", "only a match inside the except phrase is cancelled")
        #expect(Self.fieldSuggestion(label: "Account type") == nil)
        #expect(Self.fieldSuggestion(label: "Account") == "account-number (account)")
    }

    @Test func theIdAndTheLabelAreMatchedSeparately() {
        #expect(Self.fieldSuggestion(id: "pin", label: "Card expiry") == "pin (pin)", "a longer hint in the label drops nothing in the id")
        #expect(Self.fieldSuggestion(id: "cardExpiry", label: "Card number") == "card-number (card number)")
        #expect(Self.fieldSuggestion(id: "cardExpiry", label: "Valid thru", profile: "banking") == "card-expiry (card expiry)")
    }

    @Test func theAppLanguageAddsItsHintsToTheEnglishOnes() {
        #expect(Self.fieldSuggestion(label: "Kartennummer", language: "de-DE") == "card-number (kartennummer)")
        #expect(Self.fieldSuggestion(label: "Passwort", language: "de") == "password (passwort)")
        #expect(Self.fieldSuggestion(label: "Password", language: "de") == "password (password)", "en hints apply under every language")
        #expect(Self.fieldSuggestion(label: "Passwort", language: "en") == nil)
        #expect(Self.fieldSuggestion(label: "Passwort", language: "fr") == nil)
        #expect(Self.fieldSuggestion(label: "Mật khẩu", language: "vi") == "password (mật khẩu)")
        #expect(Self.fieldSuggestion(label: "Ma\u{323}\u{302}t kha\u{302}\u{309}u", language: "vi") == "password (mật khẩu)", "canonically equivalent (decomposed) text matches")
        #expect(Self.fieldSuggestion(label: "Número de tarjeta", language: "es") == "card-number (número de tarjeta)")
        #expect(Self.fieldSuggestion(label: "Votre mot de passe", language: "fr") == "password (mot de passe)")
        #expect(Self.actionSuggestion(label: "Überweisung", profile: "banking", language: "de") == "fund-transfer (überweisung)")
        #expect(Self.actionSuggestion(label: "Chuyển khoản", language: "vi") == "fund-transfer (chuyển khoản)")
        #expect(Self.actionSuggestion(label: "Virement", language: "fr") == "fund-transfer (virement)")
        #expect(Self.actionSuggestion(label: "Transferencia", language: "es") == "fund-transfer (transferencia)")
    }

    @Test func addPayeeHasAllowListAndAddressBookHints() {
        for label in ["Allowlist", "Whitelist", "Address book", "Withdrawal address"] {
            #expect(Self.actionSuggestion(label: label, profile: "banking")?.hasPrefix("add-payee (") == true, "\(label)")
        }
    }

    @Test func tokensSplitOnNonLettersAndCamelCaseOnly() {
        #expect(IdentifierWords.split("cvv2Code") == ["cvv", "code"])
        #expect(IdentifierWords.split("kartenNummer Kartennummer") == ["karten", "nummer", "kartennummer"])
        #expect(IdentifierWords.split("date d'expiration") == ["date", "d", "expiration"])
        #expect(Self.fieldSuggestion(id: "cvv2", label: "Verification") == "card-security-code (cvv)")
    }

    @Test func aPacksMalformedHintsAreReportedAtTheirLine() {
        let broken = PolicySource(
            relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml",
            bytes: Array("""
                data-kinds:
                  - id: loyalty-pin
                    category: credential
                    hints:
                      en:
                        - "one two three four five"
                        - {phrase: pin, except: ["card design", "pin"]}
                      EN: [pin]

                """.utf8))
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [broken])
            Issue.record("a pack with malformed hints loaded")
        } catch {
            #expect(error.problems.map(\.description) == [
                "pack/taxonomy.yml:6:11: a hint is one to 4 words, got \"one two three four five\"",
                "pack/taxonomy.yml:7:34: an `except` phrase is a longer phrase around its hint \"pin\", got \"card design\"",
                "pack/taxonomy.yml:7:49: an `except` phrase is a longer phrase around its hint \"pin\", got \"pin\"",
                "pack/taxonomy.yml:8:7: keys of `hints` are base language tags such as `en` or `de`, got \"EN\"",
            ])
        }
    }
}

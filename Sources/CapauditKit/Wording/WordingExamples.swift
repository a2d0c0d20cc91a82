/// The texts a lexicon offers the fixes that write a person-facing text (RULES.md, "Help and fix
/// data" 5): its `examples` block, by profile, then role, with overrides per action kind
/// (`by-kind`) and per data category (`by-category`) where the role's text would name the wrong thing.
public struct WordingExamples: Sendable, Equatable {
    /// Where a text is shown.
    public enum Role: String, CaseIterable, Sendable {
        case actionMessage = "action-message"
        case captureNotice = "capture-notice"
        case screenshotText = "screenshot-text"
        case notification
        case widget
    }

    public static let fallbackProfile = "general"
    static let byKind = "by-kind"
    static let byCategory = "by-category"

    /// Keyed by `key(profile:role:override:)`.
    var texts: [String: String]

    init(texts: [String: String] = [:]) {
        self.texts = texts
    }

    static func key(profile: String, role: Role, override: String? = nil) -> String {
        [profile, role.rawValue, override].compactMap { $0 }.joined(separator: " ")
    }

    /// Every text with its role, for the test that checks none of them raises a wording finding.
    public var allTexts: [(role: Role, text: String)] {
        texts.keys.sorted().compactMap { key in
            let parts = key.split(separator: " ")
            guard parts.count > 1, let role = Role(rawValue: String(parts[1])), let text = texts[key] else { return nil }
            return (role, text)
        }
    }

    /// The text for a role under a profile. Lookup order: the profile's override for the action
    /// kind, then for the data category, then `general`'s overrides, then the profile's text for
    /// the role, then `general`'s; nil when none of them is written.
    public func text(_ role: Role, profile: String, actionKind: String? = nil, dataCategory: String? = nil) -> String? {
        let profiles = profile == Self.fallbackProfile ? [profile] : [profile, Self.fallbackProfile]
        let overrides = [actionKind.map { "\(Self.byKind):\($0)" }, dataCategory.map { "\(Self.byCategory):\($0)" }].compactMap { $0 }
        for candidate in profiles {
            for override in overrides {
                if let text = texts[Self.key(profile: candidate, role: role, override: override)] { return text }
            }
        }
        for candidate in profiles {
            if let text = texts[Self.key(profile: candidate, role: role)] { return text }
        }
        return nil
    }

    mutating func merge(_ other: WordingExamples) {
        texts.merge(other.texts) { _, new in new }
    }
}

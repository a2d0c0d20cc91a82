/// The rule reference: the index followed by every rule's page. Its Markdown form is
/// `docs/rules.md`, which a test keeps equal to what this produces from `Rules/`.
public enum RuleBook {
    /// How `docs/rules.md` is made; its header and the staleness test say so.
    public static let regenerateCommand = "swift run capaudit rules --format markdown --pages > docs/rules.md"

    /// `lexicons`: the policy's wording lexicons, reported after the rules.
    public static func markdown(_ index: RuleIndex, lexicons: [Lexicon]) -> String {
        var parts: [String] = []
        parts.append("<!-- Generated from the policy data by `\(regenerateCommand)`. Do not edit by hand: change Rules/ and run it again (a test fails while this file is stale). -->")
        parts.append("# Rule reference")
        parts.append("""
            Every rule of the policy, generated from the rule data in `Rules/`: the same pages that
            `capaudit explain RULE` prints and that SARIF carries as rule help. Regenerate it with:

            ```sh
            \(regenerateCommand)
            ```

            Severities are those the rule data and each profile set. A config (`.capaudit.yml`) or the
            command line can change them: the rule's default < the profile < the config < the command
            line. A key `RULE/case` (such as `CAP007/with-reason`) sets one case of a rule.
            """)
        parts.append("## Index\n\n" + TextLayout.trimmedEnd(index.markdown(linked: true)))
        parts += index.pages.map { TextLayout.trimmedEnd($0.markdown(level: 2)) }
        parts.append(LexiconReport.markdown(lexicons, level: 2))
        return parts.joined(separator: "\n\n") + "\n"
    }

    public static func text(_ index: RuleIndex) -> String {
        let divider = "\n" + String(repeating: "─", count: 78) + "\n\n"
        return ([index.text] + index.pages.map { $0.text() }).joined(separator: divider)
    }
}

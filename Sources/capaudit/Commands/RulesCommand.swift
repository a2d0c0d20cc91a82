import CapauditKit
import JSON

/// `capaudit rules`: every rule with its severity in each profile; with `--pages`, every
/// rule's page too (the Markdown form is docs/rules.md).
struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "List the rules with their severity in each profile."
    static let usage = "capaudit rules [--profile NAME] [--format text|json|markdown] [--pages]"

    static var options: [OptionSpec] {
        [
            OptionSpec(name: "format", value: "FORMAT", help: "Output format: text (default), json, markdown."),
            OptionSpec(name: "pages", value: nil, help: "Follow the index with every rule's page (`--format markdown --pages` writes docs/rules.md)."),
            OptionSpec(name: "profile", value: "NAME", help: "Show the severities of this profile only."),
        ] + SessionSetup.options.filter { $0.name == "config" || $0.name == "rules" }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "rules takes no arguments; for one rule run `capaudit explain \(arguments.positionals[0])`")
        }
        let format = try OutputRequest.parse(arguments, command: name, rules: ExplainCommand.outputRules).targets.first?.format ?? "text"
        guard let session = try SessionSetup.open(try SessionSetup.sessionOptions(arguments), command: name) else { return ExitCode.failure }
        let index = RuleIndex(policy: session.policy, profile: arguments.value("profile"))
        let pages = arguments.has("pages")
        switch format {
        case "json": Output.out(JSONWriter().string(index.json(pages: pages)))
        case "markdown": Output.out(pages ? RuleBook.markdown(index, lexicons: session.policy.allLexicons) : index.markdown())
        default: Pager.show(pages ? RuleBook.text(index) : index.text)
        }
        return ExitCode.success
    }
}

import CapauditKit
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `capaudit explain`: a rule's page, the advice for each finding of a file, or, with no
/// argument on a terminal, the interactive browser of rules and the project's findings.
struct ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Explain a rule, or the findings of a file; browse both on a terminal."
    static let usage = """
        capaudit explain [RULE | FILE[:LINE]] [options]
          RULE          a rule's page: an id such as CAP001, or a slug
          FILE[:LINE]   each finding of a manifest (or of one line of it) with its fix; also FILE:LINE:COL
          (nothing)     on a terminal: browse the rules and this project's findings;
                        otherwise, or with --format: print the rule index
        """
    static let outputRules = OutputRequest.Rules(formats: ["text", "json", "markdown"], defaultFormat: "text", separateFiles: false)

    static var options: [OptionSpec] {
        [OptionSpec(name: "format", value: "FORMAT", help: "Output format: text (default), json, markdown.")]
            + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "explain takes one rule or one file, got \(arguments.positionals.count) arguments")
        }
        let format = try OutputRequest.parse(arguments, command: name, rules: outputRules).targets.first?.format ?? "text"
        guard let session = try SessionSetup.open(try SessionSetup.sessionOptions(arguments), command: name) else { return ExitCode.failure }
        guard let target = arguments.positionals.first else {
            return browseOrList(session, format: format, interactive: arguments.value("format") == nil)
        }
        if let file = try FileTarget(target) {
            return try explainFile(file, session: session, format: format)
        }
        if let rule = try ruleOrCase(target, policy: session.policy) {
            let page = RulePage(rule: rule, policy: session.policy)
            switch format {
            case "json": Output.out(JSONWriter().string(page.json))
            case "markdown": Output.out(page.markdown())
            default: Pager.show(page.text(width: Pager.textWidth))
            }
            return ExitCode.success
        }
        if FileTarget.looksLikePath(target) {
            Output.err("capaudit explain: \(ControlEscaping.escape(target)): no such file or folder\n")
            return ExitCode.failure
        }
        let hint = NearestName.suggestion(for: target, among: session.policy.ruleNames).map { "; did you mean `\($0)`?" } ?? ""
        throw UsageError(message: "no rule or file named `\(target)`\(hint) (`capaudit rules` lists every rule)")
    }

    /// The rule a name gives: an id, a slug, or `RULE/case` as `--select` and the config take it
    /// (the rule's page describes its cases). A case the rule does not have is a usage error.
    static func ruleOrCase(_ name: String, policy: Policy) throws(UsageError) -> RuleDefinition? {
        if let rule = policy.rule(name) { return rule }
        let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let rule = policy.rule(parts[0]) else { return nil }
        guard rule.cases[parts[1]] != nil else {
            let cases = rule.cases.keys.sorted()
            throw UsageError(message: "\(rule.id) has no case `\(parts[1])`" + (cases.isEmpty ? "" : "; its cases are \(cases.joined(separator: ", "))"))
        }
        return rule
    }

    // MARK: FILE[:LINE]

    /// A file or folder on the command line, with the line asked about (`FILE:LINE`, or `FILE:LINE:COL` as `check` prints it).
    struct FileTarget {
        var path: String
        var line: Int?

        /// Nil when the argument names no file (it may name a rule); a usage error when it names
        /// a file followed by something that is not a line number.
        init?(_ argument: String) throws(UsageError) {
            if FileReader.kind(of: argument) != .missing {
                path = argument
                return
            }
            var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            var suffix: [String] = []
            while parts.count > 1, suffix.count < 2, let last = parts.last {
                suffix.insert(last, at: 0)
                parts.removeLast()
                let candidate = parts.joined(separator: ":")
                guard FileReader.kind(of: candidate) == .regular else { continue }
                guard let line = suffix.first.flatMap({ Int($0) }), line > 0, suffix.dropFirst().allSatisfy({ (Int($0) ?? 0) > 0 }) else {
                    throw UsageError(message: "`\(ControlEscaping.escape(argument))`: after the file name give a line (and column) of 1 or more, as in \(ControlEscaping.escape(candidate)):12 or \(ControlEscaping.escape(candidate)):12:5")
                }
                path = candidate
                self.line = line
                return
            }
            return nil
        }

        static func looksLikePath(_ argument: String) -> Bool {
            argument.contains("/") || Discovery.extensions.contains { argument.lowercased().hasSuffix($0) || argument.lowercased().contains($0 + ":") }
        }
    }

    private static func explainFile(_ target: FileTarget, session: Session, format: String) throws(UsageError) -> Int32 {
        guard let list = ReportRun.collect(AuditRequest(inputs: .paths([target.path]), jobs: ProcessorCount.value), session: session, command: name) else {
            return ExitCode.failure
        }
        for note in list.notes { NotePrinter(quiet: false, verbose: true).print(note) }
        let outcomes = list.outcomes.filter { $0.isManifest || $0.file.path == Discovery.normalized(target.path) }
        if let line = target.line, let source = outcomes.first?.source, line > source.lineCount {
            throw UsageError(message: "line \(line) is past the end of \(ControlEscaping.escape(target.path)), which has \(counted(source.lineCount, "line"))")
        }
        let advice = outcomes.flatMap { FindingAdvice.advise($0, policy: session.policy, line: target.line) }
        let scope = ControlEscaping.escape(target.path) + (target.line.map { ", line \($0)" } ?? "")
        switch format {
        case "json":
            Output.out(FindingAdvice.jsonDocument(advice, path: target.path, line: target.line))
        case "markdown":
            let body = advice.isEmpty ? "No finding.\n" : advice.map(\.markdown).joined(separator: "\n")
            Output.out("## capaudit explain \(MarkupEscaping.markdown(scope))\n\n\(body)")
        default:
            guard !advice.isEmpty else {
                Output.out(noFindingText(outcomes, target: target, scope: scope))
                return ExitCode.success
            }
            let heading = "\(counted(advice.count, "finding")) in \(scope)\n\n"
            Pager.show(heading + advice.map { $0.text(width: Pager.textWidth) }.joined(separator: "\n"))
        }
        return ExitCode.success
    }

    /// Says there is nothing to explain, and where the findings are when a line has none.
    private static func noFindingText(_ outcomes: [FileOutcome], target: FileTarget, scope: String) -> String {
        let lines = Set(outcomes.flatMap(\.findings).map(\.start.line)).sorted()
        if target.line != nil, !lines.isEmpty {
            return "No finding in \(scope). Findings are on lines \(lines.map(String.init).joined(separator: ", ")).\n"
        }
        if !outcomes.contains(where: \.isManifest) { return "No manifest in \(scope).\n" }
        return "No finding in \(scope).\n"
    }

    // MARK: No argument

    /// The browser when both standard input and output are a terminal that can draw (not
    /// `TERM=dumb`) and no format was asked for; otherwise the rule index, without ever reading
    /// standard input.
    private static func browseOrList(_ session: Session, format: String, interactive: Bool) -> Int32 {
        let index = RuleIndex(policy: session.policy)
        guard interactive, Output.isTerminal(STDIN_FILENO), Output.isTerminal(STDOUT_FILENO), Output.environment("TERM") != "dumb" else {
            switch format {
            case "json": Output.out(JSONWriter().string(index.json()))
            case "markdown": Output.out(index.markdown())
            default: Output.out(index.text)
            }
            return ExitCode.success
        }
        guard let list = ReportRun.collect(AuditRequest(inputs: .paths(["."]), jobs: ProcessorCount.value), session: session, command: name) else {
            return ExitCode.failure
        }
        let advice = list.outcomes.flatMap { FindingAdvice.advise($0, policy: session.policy) }
        let manifests = list.outcomes.filter(\.isManifest).count
        let note = manifests == 0
            ? "No manifest found under this folder (a manifest is a YAML file with a top-level `capaudit` key)."
            : "No findings in \(counted(manifests, "manifest"))."
        let size = TerminalSize.of(STDOUT_FILENO) ?? TerminalSize.fallback
        let state = BrowserState(
            rules: BrowserState.ruleItems(index), findings: BrowserState.findingItems(advice), findingsNote: note, width: size.width, height: size.height)
        guard let code = InteractiveBrowser.run(state) else {
            Output.out(index.text)
            return ExitCode.success
        }
        if code == ExitCode.failure { Output.err("capaudit explain: the terminal went away; the browser stopped\n") }
        return code
    }
}

import CapauditKit
#if canImport(Glibc)
import Glibc
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
    static let formats = ["text", "json", "markdown"]

    static var options: [OptionSpec] {
        [OptionSpec(name: "format", value: "FORMAT", help: "Output format: text (default), json, markdown.", choices: formats)]
            + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "explain takes one rule or one file, got \(arguments.positionals.count) arguments")
        }
        let format = arguments.value("format") ?? "text"
        var sessionOptions = try SessionSetup.sessionOptions(arguments)
        sessionOptions.keepManifests = true
        guard let session = try SessionSetup.open(sessionOptions, command: name) else { return ExitCode.failure }
        guard let target = arguments.positionals.first else {
            return browseOrList(session, format: format, interactive: arguments.value("format") == nil)
        }
        if let file = FileTarget(target) {
            return explainFile(file, session: session, format: format)
        }
        if let rule = session.policy.rule(target) {
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

    // MARK: FILE[:LINE]

    /// A file or folder on the command line, with the line asked about (`FILE:LINE`, or `FILE:LINE:COL` as `check` prints it).
    struct FileTarget {
        var path: String
        var line: Int?

        init?(_ argument: String) {
            if FileReader.kind(of: argument) != .missing {
                path = argument
                return
            }
            var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            var numbers: [Int] = []
            while parts.count > 1, numbers.count < 2, let last = parts.last, let number = Int(last), number > 0 {
                numbers.insert(number, at: 0)
                parts.removeLast()
                let candidate = parts.joined(separator: ":")
                if FileReader.kind(of: candidate) == .regular {
                    path = candidate
                    line = numbers.first
                    return
                }
            }
            return nil
        }

        static func looksLikePath(_ argument: String) -> Bool {
            argument.contains("/") || Discovery.extensions.contains { argument.lowercased().hasSuffix($0) || argument.lowercased().contains($0 + ":") }
        }
    }

    private static func explainFile(_ target: FileTarget, session: Session, format: String) -> Int32 {
        let discovery = Discovery(exclude: session.config.exclude, include: session.config.include).discover([target.path])
        let checker = FileChecker(configuration: session.configuration)
        let results = CheckRun.run(discovery.files, checker: checker, jobs: ProcessorCount.value)
        for note in discovery.notes + results.compactMap(\.note) {
            Output.err("note: \(ControlEscaping.escape(note))\n")
        }
        let advice = results.flatMap { FindingAdvice.advise($0, policy: session.policy, line: target.line) }
        let scope = ControlEscaping.escape(target.path) + (target.line.map { ", line \($0)" } ?? "")
        switch format {
        case "json":
            var members: [(String, JSONValue)] = [("version", .integer(1)), ("path", .string(target.path))]
            if let line = target.line { members.append(("line", .integer(line))) }
            members.append(("findings", .array(advice.map(\.json))))
            Output.out(JSONWriter().string(.object(members)))
        case "markdown":
            let body = advice.isEmpty ? "No finding.\n" : advice.map(\.markdown).joined(separator: "\n")
            Output.out("## capaudit explain \(MarkupEscaping.markdown(scope))\n\n\(body)")
        default:
            guard !advice.isEmpty else {
                Output.out(noFindingText(results, target: target, scope: scope))
                return ExitCode.success
            }
            let heading = "\(advice.count) finding\(advice.count == 1 ? "" : "s") in \(scope)\n\n"
            Pager.show(heading + advice.map { $0.text(width: Pager.textWidth) }.joined(separator: "\n"))
        }
        return ExitCode.success
    }

    /// Says there is nothing to explain, and where the findings are when a line has none.
    private static func noFindingText(_ results: [FileResult], target: FileTarget, scope: String) -> String {
        let lines = Set(results.flatMap(\.findings).map(\.start.line)).sorted()
        if target.line != nil, !lines.isEmpty {
            return "No finding in \(scope). Findings are on lines \(lines.map(String.init).joined(separator: ", ")).\n"
        }
        if !results.contains(where: \.isManifest) { return "No manifest in \(scope).\n" }
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
        let discovery = Discovery(exclude: session.config.exclude, include: session.config.include).discover(["."])
        let results = CheckRun.run(discovery.files, checker: FileChecker(configuration: session.configuration), jobs: ProcessorCount.value)
        let advice = results.flatMap { FindingAdvice.advise($0, policy: session.policy) }.sorted { Finding.reportOrder($0.finding, $1.finding) }
        let manifests = results.filter(\.isManifest).count
        let note = manifests == 0
            ? "No manifest found under this folder (a manifest is a YAML file with a top-level `capaudit` key)."
            : "No findings in \(manifests) manifest\(manifests == 1 ? "" : "s")."
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

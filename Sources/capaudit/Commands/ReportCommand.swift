import CapauditKit
#if canImport(Glibc)
import Glibc
#endif

/// `capaudit report`: one coverage report (HTML or Markdown) for every manifest found.
struct ReportCommand: Command {
    static let name = "report"
    static let summary = "Write a coverage matrix per app (HTML or Markdown)."
    static let usage = "capaudit report [options] [PATH...]   (default: discover manifests under .)"
    static let formats = ["html", "markdown"]

    static var options: [OptionSpec] {
        [
            OptionSpec(name: "format", value: "FORMAT", help: "Report format: html (default, one self-contained file) or markdown (for pull-request comments).", choices: formats),
            OptionSpec(name: "output", value: "FILE", help: "Write the report to FILE instead of standard output."),
            OptionSpec(name: "timestamp", value: nil, help: "Say when the report was made (left out by default, so that the same input gives the same bytes)."),
            OptionSpec(name: "baseline", value: "FILE", help: "List the findings recorded in FILE as baselined (default: the config's `baseline`)."),
            OptionSpec(name: "jobs", value: "N", help: "Files checked at once (default: the number of cores)."),
        ] + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let jobs = try arguments.integer("jobs") ?? ProcessorCount.value
        var sessionOptions = try SessionSetup.sessionOptions(arguments)
        sessionOptions.keepManifests = true
        guard let session = try SessionSetup.open(sessionOptions, command: name) else { return ExitCode.failure }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let discovery = Discovery(exclude: session.config.exclude, include: session.config.include).discover(paths)
        if !discovery.missing.isEmpty {
            for path in discovery.missing {
                Output.err("capaudit report: \(ControlEscaping.escape(path)): no such file or folder\n")
            }
            return ExitCode.failure
        }
        var results = CheckRun.run(discovery.files, checker: FileChecker(configuration: session.configuration), jobs: jobs)
        results += session.settingsFindings
        if let baselineFile = arguments.value("baseline") ?? session.configBaseline {
            guard let stale = try BaselineFile.apply(baselineFile, to: &results, session: session) else { return ExitCode.failure }
            if !stale.isEmpty {
                results.append(FileResult(file: InputFile(path: baselineFile, named: true), findings: stale, isManifest: false))
            }
        }
        for note in discovery.notes + results.compactMap(\.note) {
            Output.err("note: \(ControlEscaping.escape(note))\n")
        }
        let report = CoverageReport(results: results, policy: session.policy)
        if report.apps.isEmpty {
            Output.err("capaudit report: no manifest found under \(paths.map { ControlEscaping.escape($0) }.joined(separator: ", ")) (a manifest is a YAML file with a top-level `capaudit` key)\n")
        }
        let timestamp = arguments.has("timestamp") ? Self.now() : nil
        let text: String
        switch arguments.value("format") ?? "html" {
        case "markdown": text = MarkdownReport(toolVersion: CapauditCommand.version, timestamp: timestamp).render(report)
        default: text = HTMLReport(toolVersion: CapauditCommand.version, timestamp: timestamp).render(report)
        }
        if let file = arguments.value("output") {
            if let error = Output.writeFile(file, text) {
                Output.err("capaudit report: \(ControlEscaping.escape(error))\n")
                return ExitCode.failure
            }
        } else {
            Output.out(text)
        }
        return ExitCode.success
    }

    /// The current time in UTC, ISO 8601 to the second.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `capaudit report`: one coverage report (HTML or Markdown) for every manifest found.
struct ReportCommand: Command {
    static let name = "report"
    static let summary = "Write a coverage matrix per app (HTML or Markdown)."
    static let usage = "capaudit report [options] [PATH...]   (default: discover manifests under .)"
    static let outputRules = OutputRequest.Rules(formats: ReporterRegistry.coverage.map { $0.name }, defaultFormat: "html", separateFiles: false)

    static var options: [OptionSpec] {
        [
            OptionSpec(name: "format", value: "FORMAT", help: "Report format: html (default, one self-contained file) or markdown (for pull-request comments)."),
            OptionSpec(name: "output", value: "FILE", help: "Write the report to FILE instead of standard output."),
            OptionSpec(name: "timestamp", value: nil, help: "Say when the report was made (left out by default, so that the same input gives the same bytes)."),
            OptionSpec(name: "baseline", value: "FILE", help: "List the findings recorded in FILE as baselined (default: the config's `baseline`)."),
            OptionSpec(
                name: "jobs", value: "N", help: "Files checked at once (default: the number of cores, at most \(AuditRequest.jobsRange.upperBound)).",
                range: AuditRequest.jobsRange),
            EmptyRun.option,
        ] + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let request = try OutputRequest.parse(arguments, command: name, rules: outputRules)
        let jobs = arguments.integer("jobs") ?? ProcessorCount.value
        guard let session = try SessionSetup.open(try SessionSetup.sessionOptions(arguments), command: name) else { return ExitCode.failure }
        let context = ReportContext(
            policy: session.policy, toolVersion: CapauditCommand.version, repositoryPath: session.repositoryPathFunction,
            timestamp: arguments.has("timestamp") ? Self.now() : nil)
        let inputs = AuditInputs.paths(arguments.positionals)
        let audit = AuditRequest(
            inputs: inputs, baseline: arguments.value("baseline").map(BaselineUse.file) ?? .configured, jobs: jobs,
            outputFiles: request.files)
        guard let summary = ReportRun.execute(
            audit, session: session, outputs: request, formats: ReporterRegistry.coverage, command: name,
            notes: NotePrinter(quiet: false, verbose: false), mayBeEmpty: EmptyRun.mayBeEmpty(inputs, arguments: arguments, config: session.config),
            context: { _ in context })
        else { return ExitCode.failure }
        if summary.manifests == 0 { Output.err("capaudit report: \(EmptyRun.note(inputs))\n") }
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

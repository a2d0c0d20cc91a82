import CapauditKit
import YAML
#if canImport(Glibc)
import Glibc
#endif

/// `capaudit check`: audit manifests and gate on the findings.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Audit manifests against their risk profiles."
    static let usage = "capaudit check [options] [PATH...]   (default: discover manifests under .)"

    static var options: [OptionSpec] {
        [
            OptionSpec(
                name: "format", value: "FORMAT[=FILE]",
                help: "Output format: \(ReporterRegistry.names.joined(separator: ", ")) (default text). FORMAT=FILE writes that report to a file; repeatable.",
                repeatable: true, choices: ReporterRegistry.names),
            OptionSpec(name: "output", value: "FILE", help: "Write the report to FILE instead of standard output."),
            OptionSpec(name: "fail-on", value: "LEVEL", help: "Exit 1 on findings at or above LEVEL: error (default), warning, info, never.", choices: FailOn.allCases.map(\.rawValue)),
            OptionSpec(name: "select", value: "RULES", help: "Only these rules (ids or slugs, comma-separated). Repeatable.", repeatable: true),
            OptionSpec(name: "ignore", value: "RULES", help: "Leave out these rules (ids or slugs, comma-separated). Repeatable.", repeatable: true),
            OptionSpec(name: "color", value: "WHEN", help: "Colour the text output: auto (default, on a terminal and without NO_COLOR), always, never.", choices: ["auto", "always", "never"]),
            OptionSpec(name: "quiet", value: nil, help: "Print nothing when there is no finding, and no notes on standard error."),
            OptionSpec(name: "jobs", value: "N", help: "Files checked at once (default: the number of cores)."),
            OptionSpec(name: "stats", value: nil, help: "Print counts and timing on standard error."),
            OptionSpec(name: "show-suppressed", value: nil, help: "Keep suppressed and baselined findings in SARIF, marked as suppressed."),
            OptionSpec(name: "staged", value: nil, help: "Check the staged manifests as they are in the git index (for pre-commit hooks)."),
            OptionSpec(name: "baseline", value: "FILE", help: "Hide the findings recorded in FILE; report entries that no longer match."),
            OptionSpec(name: "write-baseline", value: "FILE", help: "Record today's findings in FILE and exit 0."),
        ] + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        let outputs = try ReportTargets.parse(arguments)
        let jobs = try arguments.integer("jobs") ?? ProcessorCount.value
        guard let session = try SessionSetup.open(try SessionSetup.sessionOptions(arguments), command: name) else { return ExitCode.failure }
        let failOn = arguments.value("fail-on").flatMap(FailOn.init) ?? session.config.failOn ?? .error
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let discovery: DiscoveryResult
        if arguments.has("staged") {
            guard arguments.positionals.isEmpty else { throw UsageError(message: "--staged checks the git index; give no paths with it") }
            do throws(GitIndex.Failure) {
                discovery = try GitIndex.stagedFiles(workingDirectory: session.workingDirectory)
            } catch {
                Output.err("capaudit check --staged: \(ControlEscaping.escape(error.message))\n")
                return ExitCode.failure
            }
        } else {
            discovery = Discovery(exclude: session.config.exclude, include: session.config.include).discover(paths)
        }
        if !discovery.missing.isEmpty {
            for path in discovery.missing {
                Output.err("capaudit check: \(ControlEscaping.escape(path)): no such file or folder\n")
            }
            return ExitCode.failure
        }
        var configuration = session.configuration
        configuration.keepSourceLines = outputs.contains { $0.format == TextReporter.name }
        let checker = FileChecker(configuration: configuration)
        var results = CheckRun.run(discovery.files, checker: checker, jobs: jobs)
        results += session.settingsFindings
        if let baselineFile = arguments.value("write-baseline") {
            let baseline = Baseline(findings: results.flatMap(\.findings), repositoryPath: { session.repositoryPath($0) })
            if let error = Output.writeFile(baselineFile, baseline.json) {
                Output.err("capaudit check: \(error)\n")
                return ExitCode.failure
            }
            Output.err("capaudit check: wrote \(baseline.entries.count) baseline entries to \(ControlEscaping.escape(baselineFile))\n")
            return ExitCode.success
        }
        if let baselineFile = arguments.value("baseline") ?? session.configBaseline {
            guard let stale = try BaselineFile.apply(baselineFile, to: &results, session: session) else { return ExitCode.failure }
            if !stale.isEmpty {
                results.append(FileResult(file: InputFile(path: baselineFile, named: true), findings: stale, isManifest: false))
            }
        }
        let report = RunReport(
            results: results, notes: discovery.notes, policy: session.policy, toolVersion: CapauditCommand.version,
            repositoryPath: { session.repositoryPath($0) })
        let quiet = arguments.has("quiet")
        if !quiet {
            for note in discovery.notes + results.compactMap(\.note) {
                Output.err("note: \(ControlEscaping.escape(note))\n")
            }
            if report.manifestCount == 0 {
                Output.err("capaudit check: no manifest found under \(paths.map { ControlEscaping.escape($0) }.joined(separator: ", ")) (a manifest is a YAML file with a top-level `capaudit` key)\n")
            }
        }
        for target in outputs {
            let reporter = target.reporter(
                color: ColorChoice.resolve(arguments.value("color"), toTerminal: target.file == nil && arguments.value("output") == nil),
                showSuppressed: arguments.has("show-suppressed"))
            if quiet, target.file == nil, report.findings.isEmpty { continue }
            if let file = target.file ?? arguments.value("output") {
                switch Output.create(file) {
                case .success(let descriptor):
                    reporter.write(report) { Output.write($0, to: descriptor) }
                    close(descriptor)
                case .failure(let error):
                    Output.err("capaudit check: \(error.message)\n")
                    return ExitCode.failure
                }
            } else {
                reporter.write(report) { Output.out($0) }
            }
        }
        if arguments.has("stats") {
            let elapsed = clock.now - started
            Output.err("stats: \(discovery.files.count) files, \(report.manifestCount) manifests, \(report.findings.count) findings, \(jobs) jobs, \(elapsed.formatted)\n")
        }
        return report.findings.contains { failOn.fails($0.severity) } ? ExitCode.findings : ExitCode.success
    }
}

/// Where each report goes: `--format FMT` to standard output, `--format FMT=FILE` to a file.
struct ReportTargets {
    var format: String
    var file: String?

    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> [ReportTargets] {
        let values = arguments.all("format")
        guard !values.isEmpty else { return [ReportTargets(format: "text", file: nil)] }
        let targets = values.map { value -> ReportTargets in
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            return ReportTargets(format: parts[0], file: parts.count > 1 ? parts[1] : nil)
        }
        if targets.filter({ $0.file == nil }).count > 1 {
            throw UsageError(message: "only one --format can go to standard output; send the others to files with --format FORMAT=FILE")
        }
        return targets
    }

    func reporter(color: Bool, showSuppressed: Bool) -> any Reporter {
        switch format {
        case TextReporter.name: return TextReporter(color: color)
        case SarifReporter.name: return SarifReporter(includeSuppressed: showSuppressed)
        default:
            let type = ReporterRegistry.all.first { $0.name == format } ?? TextReporter.self
            return type.init()
        }
    }
}

enum ColorChoice {
    static func resolve(_ choice: String?, toTerminal: Bool) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let noColor = Output.environment("NO_COLOR"), !noColor.isEmpty { return false }
            return toTerminal && Output.isTerminal(1)
        }
    }
}

enum ProcessorCount {
    static var value: Int {
        let count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return max(1, count)
    }
}

extension Duration {
    var formatted: String {
        let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
        return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : "\(Int((milliseconds / 100).rounded()) / 10) s"
    }
}

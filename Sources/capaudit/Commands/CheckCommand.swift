import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// `capaudit check`: audit manifests and gate on the findings.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Audit manifests against their risk profiles."
    static let usage = "capaudit check [options] [PATH...]   (default: discover manifests under .)"
    static let outputRules = OutputRequest.Rules(formats: ReporterRegistry.findings.map { $0.name }, defaultFormat: "text", separateFiles: true)

    static var options: [OptionSpec] {
        [
            OptionSpec(
                name: "format", value: "FORMAT[=FILE]",
                help: "Output format: \(outputRules.formats.joined(separator: ", ")) (default text). FORMAT=FILE writes that report to a file; repeatable.",
                repeatable: true),
            OptionSpec(name: "output", value: "FILE", help: "Write the report that would go to standard output to FILE instead."),
            OptionSpec(name: "fail-on", value: "LEVEL", help: "Exit 1 on findings at or above LEVEL: error (default), warning, info, never.", choices: FailOn.allCases.map(\.rawValue)),
            OptionSpec(name: "select", value: "RULES", help: "Only these rules (ids or slugs, RULE/case for one case, comma-separated). Repeatable.", repeatable: true),
            OptionSpec(name: "ignore", value: "RULES", help: "Leave out these rules (ids or slugs, RULE/case for one case, comma-separated). Repeatable.", repeatable: true),
            OptionSpec(name: "color", value: "WHEN", help: "Colour the text and concise output: auto (default, on a terminal and without NO_COLOR), always, never.", choices: ["auto", "always", "never"]),
            OptionSpec(name: "quiet", value: nil, help: "No notes on standard error, no summary line in the text format when there is no finding, and none in the concise format."),
            OptionSpec(name: "verbose", value: nil, help: "Also note which config is used, and each named file that is not a manifest (skipped)."),
            OptionSpec(
                name: "jobs", value: "N", help: "Files checked at once (default: the number of cores, at most \(AuditRequest.jobsRange.upperBound)).",
                range: AuditRequest.jobsRange),
            OptionSpec(name: "stats", value: nil, help: "Print counts and timing on standard error."),
            OptionSpec(name: "show-suppressed", value: nil, help: "Keep suppressed and baselined findings in SARIF, marked as suppressed."),
            OptionSpec(name: "staged", value: nil, help: "Check the staged manifests as they are in the git index (for pre-commit hooks)."),
            OptionSpec(
                name: "fix", value: nil,
                help: "Apply the safe fixes of the findings, re-check, and write each file only when no new finding appears; then report what is left."),
            OptionSpec(
                name: "unsafe-fixes", value: nil,
                help: "With --fix or --diff, apply the unsafe fixes too: they change what the app declares, so its code must follow."),
            OptionSpec(name: "diff", value: nil, help: "Print a unified diff of what --fix would write, change no file, and exit 1 when there is a change."),
            OptionSpec(name: "baseline", value: "FILE", help: "Hide the findings recorded in FILE; report entries that no longer match."),
            OptionSpec(
                name: "write-baseline", value: "FILE",
                help: "Record today's findings of the checked files in FILE (keeping its entries for other files) and exit 0; writes no report, so not with --format, --output or --baseline."),
            EmptyRun.option,
        ] + SessionSetup.options
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let clock = ContinuousClock()
        let started = clock.now
        let request = try OutputRequest.parse(arguments, command: name, rules: outputRules)
        if arguments.has("write-baseline") {
            try refuseReportsWithBaselineWriting(arguments)
        }
        let jobs = arguments.integer("jobs") ?? ProcessorCount.value
        if arguments.has("staged"), !arguments.positionals.isEmpty {
            throw UsageError(message: "--staged checks the git index; give no paths with it")
        }
        let fixing = try fixRequest(arguments)
        var options = try SessionSetup.sessionOptions(arguments)
        options.staged = arguments.has("staged")
        guard let session = try SessionSetup.open(options, command: name) else { return ExitCode.failure }
        let inputs: AuditInputs = arguments.has("staged") ? .staged : .paths(arguments.positionals)
        let baselineFile = try SessionSetup.settingsFile(arguments, "baseline")
        let mayBeEmpty = EmptyRun.mayBeEmpty(inputs, arguments: arguments, config: session.config)
        if let baselineFile = try SessionSetup.settingsFile(arguments, "write-baseline") {
            return writeBaseline(baselineFile, inputs: inputs, session: session, jobs: jobs, mayBeEmpty: mayBeEmpty)
        }
        let failOn = arguments.value("fail-on").flatMap(FailOn.init) ?? session.config.failOn ?? .error
        let quiet = arguments.has("quiet")
        var audit = AuditRequest(inputs: inputs, baseline: baselineFile.map(BaselineUse.file) ?? .configured, jobs: jobs, outputFiles: request.files)
        audit.fixing = fixing
        let notes = NotePrinter(quiet: quiet, verbose: arguments.has("verbose"))
        let fixedFiles = FixedFiles(command: name)
        if arguments.has("diff") {
            return printDiffs(audit, session: session, fixedFiles: fixedFiles, mayBeEmpty: mayBeEmpty)
        }
        guard let summary = ReportRun.execute(
            audit, session: session, outputs: request, formats: ReporterRegistry.findings, command: name, notes: notes, mayBeEmpty: mayBeEmpty,
            eachFile: fixing == nil ? nil : fixedFiles.write,
            context: { target in
                ReportContext(
                    policy: session.policy, toolVersion: CapauditCommand.version, repositoryPath: session.repositoryPathFunction,
                    color: ColorChoice.resolve(arguments.value("color"), toTerminal: target.file == nil), showSuppressed: arguments.has("show-suppressed"),
                    quiet: quiet, failOn: failOn)
            })
        else { return ExitCode.failure }
        if summary.manifests == 0, !quiet { Output.err("capaudit check: \(EmptyRun.note(inputs))\n") }
        if fixing != nil {
            Output.err(fixedFiles.closingLine(applied: true))
            if fixedFiles.failures > 0 { return ExitCode.failure }
        }
        if arguments.has("stats") {
            let elapsed = clock.now - started
            Output.err("stats: \(counted(summary.files, "file")), \(counted(summary.manifests, "manifest")), \(counted(summary.findings, "finding")), \(counted(jobs, "job")), \(elapsed.formatted)\n")
        }
        return summary.fails(failOn) ? ExitCode.findings : ExitCode.success
    }

    /// `--fix`, `--unsafe-fixes` and `--diff`, or the reason they cannot run as asked.
    static func fixRequest(_ arguments: ParsedArguments) throws(UsageError) -> FixRequest? {
        let fixes = arguments.has("fix") || arguments.has("diff")
        if arguments.has("unsafe-fixes"), !fixes {
            throw UsageError(message: "--unsafe-fixes only widens --fix or --diff; add --fix to apply the fixes, or --diff to see them")
        }
        guard fixes else { return nil }
        let option = arguments.has("diff") ? "--diff" : "--fix"
        if arguments.has("staged") {
            throw UsageError(message: "\(option) cannot be combined with --staged: it would change the work tree while the commit takes the index; run `capaudit check --fix` on the files, then stage them")
        }
        if arguments.has("write-baseline") {
            throw UsageError(message: "\(option) cannot be combined with --write-baseline: a baseline records findings, a fix removes them; fix first, then write the baseline")
        }
        if arguments.positionals.contains("-") {
            throw UsageError(message: "\(option) rewrites files, and standard input (`-`) is none; name the file instead")
        }
        if arguments.has("diff") {
            for other in ["format", "output"] where arguments.has(other) {
                throw UsageError(message: "--diff prints the diff and no report, so not with --\(other); run `capaudit check --fix` for the report of what is left")
            }
        }
        return FixRequest(unsafe: arguments.has("unsafe-fixes"))
    }

    /// `--diff`: the diff of every file `--fix` would change, on standard output, and no report.
    /// Exit 1 when there is a change, 0 when there is none.
    static func printDiffs(_ audit: AuditRequest, session: Session, fixedFiles: FixedFiles, mayBeEmpty: Bool) -> Int32 {
        var printer = DiffPrinter(fixedFiles: fixedFiles)
        let summary: RunSummary
        do throws(AuditError) {
            summary = try AuditRun(session: session).run(audit, into: &printer)
        } catch {
            ReportRun.say(error, command: name)
            return ExitCode.failure
        }
        if summary.manifests == 0, !mayBeEmpty {
            ReportRun.refuseEmpty(audit.inputs, summary: summary, session: session, command: name)
            return ExitCode.failure
        }
        Output.err(fixedFiles.closingLine(applied: false))
        return fixedFiles.changedFiles > 0 ? ExitCode.findings : ExitCode.success
    }

    /// `--write-baseline` writes the baseline and nothing else, as ruff's `--add-noqa` edits and
    /// reports nothing: a report file asked for beside it would be left stale, and a report of
    /// findings no baseline hides is not what `--format` gives on any other run.
    static func refuseReportsWithBaselineWriting(_ arguments: ParsedArguments) throws(UsageError) {
        for option in ["format", "output", "baseline"] where arguments.has(option) {
            let reason = option == "baseline"
                ? "it records every finding, and keeps the entries of files this run does not check from the baseline it replaces"
                : "it writes the baseline and no report"
            throw UsageError(message: "--write-baseline cannot be combined with --\(option): \(reason); run `capaudit check --baseline FILE` afterwards for reports")
        }
    }

    /// `--write-baseline`: records every finding that counts today (no baseline applied) for the
    /// files this run checks, keeps the previous entries of every other file, and exits 0. A run
    /// that found no manifest and may not be empty writes nothing: an empty baseline made from the
    /// wrong folder would look like a clean start.
    static func writeBaseline(_ file: String, inputs: AuditInputs, session: Session, jobs: Int, mayBeEmpty: Bool) -> Int32 {
        var recorder = BaselineRecorder(repositoryPath: session.repositoryPathFunction)
        let run = AuditRun(session: session)
        let summary: RunSummary
        // The run comes first: it refuses a FILE that is one of the manifests it checks.
        do throws(AuditError) {
            summary = try run.run(AuditRequest(inputs: inputs, baseline: .none, jobs: jobs, outputFiles: [file]), into: &recorder)
        } catch {
            ReportRun.say(error, command: name)
            return ExitCode.failure
        }
        if summary.manifests == 0, !mayBeEmpty {
            ReportRun.refuseEmpty(inputs, summary: summary, session: session, command: name)
            return ExitCode.failure
        }
        let previous: Baseline
        do throws(AuditError) {
            // Only a file can hold entries to keep; anything else is for the write to judge.
            previous = FileReader.kind(of: file) == .regular ? try run.readBaseline(file)?.0 ?? Baseline(entries: []) : Baseline(entries: [])
        } catch {
            ReportRun.say(error, command: name)
            Output.err("capaudit check: the baseline to replace cannot be read, so the entries of files this run does not check cannot be kept; fix it, or delete it to write a new one\n")
            return ExitCode.failure
        }
        // The index is what --staged checks: a file missing from the work tree may still be staged.
        let exists: ((String) -> Bool)? = inputs == .staged ? nil : { session.existsInRepository($0) }
        let baseline = recorder.baseline(
            over: previous, settingsFiles: session.settingsFiles, sourceFolders: summary.manifests > 0 ? session.sourceFoldersInRepository : [],
            selection: session.selection, normalizedFile: { session.baselineFilePath($0) },
            exists: exists)
        if let failure = OutputFile.write(baseline.json, to: file) {
            Output.err("capaudit check: \(ControlEscaping.escape(failure.description)); the previous baseline, if any, is unchanged\n")
            return ExitCode.failure
        }
        Output.err("capaudit check: wrote \(baseline.entries.count) baseline entr\(baseline.entries.count == 1 ? "y" : "ies") to \(ControlEscaping.escape(file))\n")
        return ExitCode.success
    }
}

/// Notes on standard error as the run goes: problems met while walking folders and excluded
/// files (unless `--quiet`), and named files that are not manifests (only with `--verbose`: the
/// pre-commit framework names every staged YAML file).
struct NotePrinter {
    var quiet: Bool
    var verbose: Bool

    func print(_ note: RunNote) {
        guard !quiet else { return }
        switch note.kind {
        case .notAManifest, .settings: guard verbose else { return }
        case .input: break
        }
        Output.err("note: \(ControlEscaping.escape(note.text))\n")
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
    static var value: Int { ThisProcess.processorCount }
}

extension Duration {
    var formatted: String {
        let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
        return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : "\(Int((milliseconds / 100).rounded()) / 10) s"
    }
}

/// `--diff`'s consumer: each fixed file's diff as it comes, in the run's file order.
struct DiffPrinter: AuditConsumer {
    let fixedFiles: FixedFiles

    mutating func begin(_ start: RunStart) {}

    mutating func consume(_ outcome: FileOutcome) {
        fixedFiles.printDiff(outcome)
    }

    mutating func finish(_ summary: RunSummary) {}
}

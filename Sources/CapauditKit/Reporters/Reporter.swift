/// What every reporter of a run may read besides the files: set once, before the first file.
public struct ReportContext: Sendable {
    public var policy: Policy
    /// The tool's version, for machine-readable outputs.
    public var toolVersion: String
    /// A path relative to the repository root, for SARIF URIs and annotations.
    public var repositoryPath: @Sendable (String) -> String
    /// Colour the text format (a terminal that wants it).
    public var color: Bool
    /// Keep suppressed and baselined findings in SARIF, marked as suppressed.
    public var showSuppressed: Bool
    /// The text format prints nothing when there is no finding.
    public var quiet: Bool
    /// The level that fails the run (`--fail-on`): JUnit marks only these as failures.
    public var failOn: FailOn
    /// When the coverage report says it was made; nil leaves it out, so that the same input gives the same bytes.
    public var timestamp: String?

    public init(
        policy: Policy, toolVersion: String, repositoryPath: @escaping @Sendable (String) -> String = { $0 }, color: Bool = false,
        showSuppressed: Bool = false, quiet: Bool = false, failOn: FailOn = .error, timestamp: String? = nil
    ) {
        self.policy = policy
        self.toolVersion = toolVersion
        self.repositoryPath = repositoryPath
        self.color = color
        self.showSuppressed = showSuppressed
        self.quiet = quiet
        self.failOn = failOn
        self.timestamp = timestamp
    }
}

/// One output format, in its own file. A reporter writes as the run goes: what it can say
/// about a file as soon as that file's turn comes, and what needs the whole run (a summary)
/// at the end; parts that must come later are spooled to disk, never held for the run.
public protocol Reporter {
    /// The name `--format` takes.
    static var name: String { get }
    init(context: ReportContext)
    mutating func begin(_ start: RunStart, into output: OutputSink)
    mutating func report(_ file: FileOutcome, into output: OutputSink)
    mutating func finish(_ summary: RunSummary, into output: OutputSink)
}

extension Reporter {
    public mutating func begin(_ start: RunStart, into output: OutputSink) {}
    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {}
}

/// The formats of each command that writes a report, by name.
public enum ReporterRegistry {
    /// `capaudit check`.
    public static var findings: [any Reporter.Type] {
        [
            TextReporter.self,
            ConciseReporter.self,
            JSONReporter.self,
            SarifReporter.self,
            GitHubReporter.self,
            JUnitReporter.self,
            MarkdownReporter.self,
        ]
    }

    /// `capaudit report`.
    public static var coverage: [any Reporter.Type] {
        [
            HTMLReport.self,
            MarkdownReport.self,
        ]
    }
}

/// Hands a run's results to several reporters, each writing to its own output, and its notes
/// to whoever shows them.
public struct ReportWriter: AuditConsumer {
    public private(set) var reporters: [any Reporter]
    public let outputs: [OutputSink]
    private let notes: (RunNote) -> Void
    /// False: a run that found no manifest is not reported (its command exits 2), so no report,
    /// which reporters write and flush as they finish, reaches standard output.
    public var reportsEmptyRun = true
    /// Called with each file before it is reported (`check --fix` writes the fixed file).
    public var eachFile: ((FileOutcome) -> Void)?

    public init(_ targets: [(reporter: any Reporter, output: OutputSink)], notes: @escaping (RunNote) -> Void = { _ in }) {
        reporters = targets.map(\.reporter)
        outputs = targets.map(\.output)
        self.notes = notes
    }

    public mutating func begin(_ start: RunStart) {
        for note in start.settingsNotes { notes(RunNote(kind: .settings, text: note)) }
        for note in start.notes { notes(RunNote(kind: .input, text: note.text)) }
        for index in reporters.indices { reporters[index].begin(start, into: outputs[index]) }
    }

    public mutating func consume(_ outcome: FileOutcome) {
        if let note = outcome.note { notes(RunNote(kind: .notAManifest, text: note)) }
        eachFile?(outcome)
        for index in reporters.indices { reporters[index].report(outcome, into: outputs[index]) }
    }

    public mutating func finish(_ summary: RunSummary) {
        guard summary.manifests > 0 || reportsEmptyRun else { return }
        for index in reporters.indices {
            reporters[index].finish(summary, into: outputs[index])
            outputs[index].flush()
        }
    }
}

extension Reporter {
    /// The whole report of a finished run as text, for tests and callers that want it at once.
    public static func render(_ outcomes: [FileOutcome], context: ReportContext, start: RunStart = RunStart()) -> String {
        var reporter = Self(context: context)
        let output = OutputSink.memory()
        var summary = RunSummary()
        reporter.begin(start, into: output)
        for outcome in outcomes {
            summary.add(outcome)
            reporter.report(outcome, into: output)
        }
        reporter.finish(summary, into: output)
        return output.text
    }
}

/// A note for standard error, and where it comes from.
public struct RunNote: Sendable {
    public enum Kind: Sendable {
        /// Met while choosing the files: a folder that cannot be read, a symlink loop, an excluded file.
        case input
        /// A named file that is not a manifest (skipped).
        case notAManifest
        /// Which config the run uses.
        case settings
    }

    public var kind: Kind
    public var text: String
}

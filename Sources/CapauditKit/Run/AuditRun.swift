import YAML

/// What a run checks.
public enum AuditInputs: Sendable, Equatable {
    /// Files and folders named on the command line; none means the working folder.
    case paths([String])
    /// The staged content of the changed YAML files in the git index (pre-commit hooks).
    case staged
}

/// Which baseline hides recorded findings.
public enum BaselineUse: Sendable, Equatable {
    /// The config's `baseline`, if it names one.
    case configured
    /// This file (`--baseline`).
    case file(String)
    /// None, not even the config's (`--write-baseline` records every finding).
    case none
}

/// What one run is asked to do, beyond the session's policy and settings.
public struct AuditRequest: Sendable {
    public var inputs: AuditInputs
    public var baseline: BaselineUse
    /// Files checked at once.
    public var jobs: Int
    /// Files the run's reports will be written to: checking one of them is refused.
    public var outputFiles: [String]
    /// `--fix` and friends: apply fixes and report the fixed text's findings.
    public var fixing: FixRequest?

    /// The `jobs` a request may ask for: more threads than this only cost memory.
    public static let jobsRange = 1...1024

    public init(inputs: AuditInputs, baseline: BaselineUse = .configured, jobs: Int = 1, outputFiles: [String] = []) {
        self.inputs = inputs
        self.baseline = baseline
        self.jobs = min(max(jobs, Self.jobsRange.lowerBound), Self.jobsRange.upperBound)
        self.outputFiles = outputFiles
    }
}

/// Why a run could not do its job: exit 2, with each line printed as it is.
public struct AuditError: Error, Sendable {
    public var lines: [String]
}

/// The run: load → evaluate → resolve → report, for every command (`check`, `report`,
/// `explain FILE`, `--staged`). Files are loaded, evaluated and resolved in parallel and handed
/// to the consumer in input order, one file at a time, so that output never depends on
/// scheduling and memory never grows with the number of findings. Findings about the config
/// and rule packs come first, those about the baseline last.
public struct AuditRun: Sendable {
    public let session: Session

    public init(session: Session) {
        self.session = session
    }

    /// One file through load, evaluate and resolve, with no baseline: text checked in memory,
    /// against the app's code when given (rule examples, tests).
    public func outcome(of file: InputFile, code: CodeBase? = nil) -> FileOutcome {
        stages(baseline: nil, code: code).process(file).outcome
    }

    /// The same with `--fix`: the outcome is the fixed text's, and `fixed` holds both texts.
    public func outcome(of file: InputFile, fixing: FixRequest) -> FileOutcome {
        stages(baseline: nil, code: nil).process(file, fixing: fixing).outcome
    }

    /// Text in memory checked as `check` checks the file it stands for (an editor's unsaved
    /// buffer): with the session's configured baseline and the app's code, and with `fixing` the
    /// fixed text's outcome.
    public func outcome(of file: InputFile, code: CodeBase?, baselined: Bool, fixing: FixRequest? = nil) throws(AuditError) -> FileOutcome {
        let baseline = baselined ? try loadBaseline(.configured, inputs: .paths([file.path])) : nil
        return stages(baseline: baseline, code: code).process(file, fixing: fixing).outcome
    }

    /// The app's code from the session's source folders, read once for a run; nil when the
    /// session has none (evidence off).
    public func readCode(workers: Int) -> CodeBase? {
        guard !session.sources.isEmpty else { return nil }
        return CodeBase.scan(session.sources, taxonomy: session.policy.taxonomy, exclude: session.config.exclude, workers: workers)
    }

    /// Under `--staged`, the code as the index holds it: the commit is judged by what it carries.
    private func readCode(for inputs: AuditInputs, workers: Int) throws(AuditError) -> CodeBase? {
        guard inputs == .staged, !session.sources.isEmpty else { return readCode(workers: workers) }
        do throws(GitIndex.Failure) {
            return try CodeBase.staged(session.sources, index: try session.stagedIndex(), taxonomy: session.policy.taxonomy, exclude: session.config.exclude)
        } catch {
            throw AuditError(lines: ["--staged: \(ControlEscaping.escape(error.message))"])
        }
    }

    private func stages(baseline: BaselineInUse?, code: CodeBase?) -> FileStages {
        let selection = session.selection
        return FileStages(
            loader: FileLoader(policy: session.policy, defaultProfile: session.defaultProfile, limits: session.limits),
            evaluator: Evaluator(policy: session.policy, evaluates: { selection.needsEvaluation($0.id) }, code: code),
            resolver: Resolver(
                policy: session.policy, settings: session.settings, selection: selection, unsuppressible: session.config.unsuppressible,
                baseline: baseline, repositoryPath: session.repositoryPathFunction))
    }

    public func run(_ request: AuditRequest, into consumer: inout some AuditConsumer) throws(AuditError) -> RunSummary {
        let baseline = try loadBaseline(request.baseline, inputs: request.inputs)
        let inputs = try InputSelection(session: session).files(for: request.inputs, outputFiles: request.outputFiles)
        // A run that found no manifest has no claim to hold against the code.
        let code = inputs.files.isEmpty ? nil : try readCode(for: request.inputs, workers: request.jobs)
        let stages = stages(baseline: baseline, code: code)
        let resolver = stages.resolver
        var summary = RunSummary()
        var stale: [StaleBaselineEntry] = []
        var checked = Set<String>()
        func deliver(_ outcome: FileOutcome, staleEntries: [StaleBaselineEntry]) {
            summary.add(outcome)
            stale += staleEntries
            if outcome.isManifest { checked.insert(session.repositoryPath(outcome.file.path)) }
            consumer.consume(outcome)
        }
        consumer.begin(RunStart(notes: inputs.notes.map { RunStart.Note($0) } + (code?.notes ?? []), settingsNotes: session.settingsNotes))
        // The config's findings, then the unread source files': files that are no manifest.
        for (file, raw) in session.settingsFindings + (code?.unreadFindings(policy: session.policy) ?? []) {
            let resolved = resolver.resolve(raw, file: file)
            checked.insert(session.repositoryPath(file))
            stale += resolved.staleBaselineEntries
            guard !resolved.findings.isEmpty else { continue }
            deliver(FileOutcome(file: InputFile(path: file, named: true), isManifest: false, findings: resolved.findings), staleEntries: [])
        }
        if let baseline, code != nil {
            // Every source file of a folder read this run was looked at, with or without a
            // finding: the entries of one (EVD007 for a file since fixed) are judged as a checked
            // file's, so that a stale one cannot hide the file's next failure.
            let root = session.repositoryRoot ?? session.workingDirectory
            for file in baseline.files(inside: session.sourceFoldersInRepository) where !checked.contains(file) {
                checked.insert(file)
                stale += resolver.resolve([], file: Session.relativePath(Session.absolute(file, cwd: root), to: session.workingDirectory)).staleBaselineEntries
            }
        }
        let files = inputs.files
        OrderedParallel.run(count: files.count, workers: request.jobs, window: request.jobs * 4, work: { stages.process(files[$0], fixing: request.fixing) }) { processed in
            deliver(processed.outcome, staleEntries: processed.stale)
        }
        if let baseline, request.inputs != .staged {
            // The work tree is what a run over paths sees; the index may hold files it lacks.
            // Command-line settings are no file: their entries are judged only when they are given.
            stale += baseline.entriesOfMissingFiles(checked: checked) { $0 == Session.commandLineFile || session.existsInRepository($0) }
        }
        if let baseline, !stale.isEmpty {
            let resolved = resolver.resolve(baseline.findings(for: stale, policy: session.policy), file: baseline.file)
            if !resolved.findings.isEmpty {
                deliver(FileOutcome(file: InputFile(path: baseline.file, named: true), isManifest: false, findings: resolved.findings), staleEntries: [])
            }
        }
        consumer.finish(summary)
        return summary
    }

    private func loadBaseline(_ use: BaselineUse, inputs: AuditInputs) throws(AuditError) -> BaselineInUse? {
        let path: String
        switch use {
        case .none: return nil
        case .file(let file): path = file
        case .configured:
            guard let configured = session.configBaseline else { return nil }
            if inputs == .staged {
                let (baseline, bytes) = try parseBaseline(try stagedBaseline(configured), path: configured)
                return inUse(baseline, file: configured, text: bytes)
            }
            // A baseline the config names is read only from inside the repository: a pull request
            // must not be able to point it at a file whose content would reach the log.
            let confinement = session.repositoryRoot ?? session.config.file.map { Session.parent(of: Session.absolute($0, cwd: session.workingDirectory)) }
            if let refusal = ConfigLoader.refusal(configured, confinedTo: confinement) {
                throw AuditError(lines: ["the config's baseline `\(ControlEscaping.escape(configured))` is not read: \(refusal)"])
            }
            path = configured
        }
        guard let (baseline, bytes) = try readBaseline(path) else {
            throw AuditError(lines: ["baseline `\(ControlEscaping.escape(path))` does not exist; create it with `capaudit check --write-baseline \(ControlEscaping.escape(path))`"])
        }
        return inUse(baseline, file: path, text: bytes)
    }

    private func inUse(_ baseline: Baseline, file: String, text: [UInt8]) -> BaselineInUse {
        let policy = session.policy
        return BaselineInUse(baseline, file: file, text: text, normalizedFile: session.baselineFilePath, ruleID: { policy.resolve($0)?.rule.id ?? $0 })
    }

    /// The baseline at `path` and its bytes; nil when there is no such file.
    public func readBaseline(_ path: String) throws(AuditError) -> (Baseline, [UInt8])? {
        let bytes: [UInt8]
        switch FileReader.read(path, limit: session.limits.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(.missing): return nil
        case .failure(let failure): throw AuditError(lines: ["\(ControlEscaping.escape(path)): \(failure)"])
        }
        return try parseBaseline(bytes, path: path)
    }

    /// The config's baseline as the git index holds it: the one the commit carries.
    private func stagedBaseline(_ configured: String) throws(AuditError) -> [UInt8] {
        let shown = ControlEscaping.escape(configured)
        do throws(GitIndex.Failure) {
            let index = try session.stagedIndex()
            guard let path = index.topRelative(configured) else {
                throw GitIndex.Failure(message: "the config's baseline `\(shown)` is outside the repository, so the commit cannot carry it; keep the baseline in the repository")
            }
            guard let bytes = try index.fileContent(path, what: "the config's baseline") else {
                throw GitIndex.Failure(
                    message: "the config's baseline `\(shown)` is not in the git index, and --staged judges the commit by the baseline it carries; `git add \(shown)`, or remove `baseline` from the config")
            }
            return bytes
        } catch {
            throw AuditError(lines: ["--staged: \(error.message)"])
        }
    }

    private func parseBaseline(_ bytes: [UInt8], path: String) throws(AuditError) -> (Baseline, [UInt8]) {
        do throws(PolicyError) {
            return (try Baseline.parse(bytes, displayPath: path), bytes)
        } catch {
            throw AuditError(lines: error.problems.map { ControlEscaping.escape($0.description) })
        }
    }
}

/// The stages one file goes through, shared by the run's threads.
private struct FileStages: Sendable {
    let loader: FileLoader
    let evaluator: Evaluator
    let resolver: Resolver

    func process(_ file: InputFile) -> (outcome: FileOutcome, stale: [StaleBaselineEntry]) {
        let loaded = loader.load(file)
        // A file that is not a manifest is not checked: its baseline entries are left alone.
        guard loaded.isManifest else { return (FileOutcome(loaded, findings: []), []) }
        let evaluation = evaluator.evaluate(loaded)
        let resolved = resolver.resolve(evaluation.findings, file: loaded.input.path, comments: loaded.comments)
        return (FileOutcome(loaded, findings: resolved.findings, evidence: evaluation.evidence), resolved.staleBaselineEntries)
    }

    /// The file, then with `fixing` its fixed text checked as the file: the findings and stale
    /// baseline entries are the fixed text's, and the outcome carries both texts.
    func process(_ file: InputFile, fixing: FixRequest?) -> (outcome: FileOutcome, stale: [StaleBaselineEntry]) {
        let first = process(file)
        guard let fixing else { return first }
        let asFile = { @Sendable (bytes: [UInt8]) in
            var input = file
            input.content = bytes
            return process(input)
        }
        guard let (last, fixed) = FileFixer(request: fixing, check: asFile).fix(first) else { return first }
        var outcome = fixed.changed ? last.outcome.reading(file) : first.outcome
        outcome.fixed = fixed
        return (outcome, fixed.changed ? last.stale : first.stale)
    }
}

/// Receives a run's results as they come: the start, each file in input order, the end.
public protocol AuditConsumer {
    mutating func begin(_ start: RunStart)
    mutating func consume(_ outcome: FileOutcome)
    mutating func finish(_ summary: RunSummary)
}

/// What is known before the first file: problems met while walking folders and reading the code.
public struct RunStart: Sendable {
    /// A one-line note, with the file or folder it is about when there is one (SARIF locates it).
    public struct Note: Sendable, Equatable {
        public var text: String
        /// Relative to the working folder.
        public var file: String?

        public init(_ text: String, file: String? = nil) {
            self.text = text
            self.file = file
        }
    }

    public var notes: [Note]
    /// Which config the run uses (shown with `--verbose`; always in JSON `notes`).
    public var settingsNotes: [String]

    public init(notes: [Note] = [], settingsNotes: [String] = []) {
        self.notes = notes
        self.settingsNotes = settingsNotes
    }
}

/// One file's results: the file, its findings after the resolve stage (active and suppressed,
/// in line order), and what reporters may read of it (source lines, decoded manifests).
public struct FileOutcome: Sendable {
    public let file: InputFile
    public let isManifest: Bool
    /// A one-line note for standard error (a named file that is not a manifest, or excluded).
    public let note: String?
    public let findings: [Finding]
    /// The file's text, for the source lines the text format shows.
    public let source: SourceLines?
    /// Each decoded manifest with its profile, for the coverage report and fix snippets.
    public let manifests: [CheckedManifest]
    /// The file's text before and after `--fix`, when the run fixes; the findings are the fixed text's.
    public internal(set) var fixed: FixedFile?

    public init(
        file: InputFile, isManifest: Bool, note: String? = nil, findings: [Finding], source: SourceLines? = nil, manifests: [CheckedManifest] = []
    ) {
        self.file = file
        self.isManifest = isManifest
        self.note = note
        self.findings = findings
        self.source = source
        self.manifests = manifests
    }

    init(_ loaded: LoadedFile, findings: [Finding], evidence: [Int: EvidenceMarks] = [:]) {
        self.init(
            file: loaded.input, isManifest: loaded.isManifest, note: loaded.note, findings: findings, source: loaded.source,
            manifests: loaded.manifests.map { checked in
                var checked = checked
                checked.evidence = evidence[checked.documentIndex]
                return checked
            })
    }

    /// The same outcome, for the file as the run names it (a fixed text is checked as content).
    func reading(_ file: InputFile) -> FileOutcome {
        var outcome = FileOutcome(file: file, isManifest: isManifest, note: note, findings: findings, source: source, manifests: manifests)
        outcome.fixed = fixed
        return outcome
    }

    /// The findings that count: not suppressed nor baselined.
    public var activeFindings: [Finding] { findings.filter { $0.suppression == nil } }
}

/// Counts accumulated as files pass, for summaries and the exit code.
public struct RunSummary: Sendable, Equatable {
    public private(set) var files = 0
    public private(set) var manifests = 0
    public private(set) var errors = 0
    public private(set) var warnings = 0
    public private(set) var infos = 0
    /// Suppressed and baselined findings.
    public private(set) var suppressed = 0
    /// Active findings whose recommended fix `check --fix` applies.
    public private(set) var fixable = 0
    /// Active findings whose recommended fix only `--unsafe-fixes` applies.
    public private(set) var unsafeFixable = 0

    public init() {}

    /// Findings that count.
    public var findings: Int { errors + warnings + infos }

    public func count(_ severity: Severity) -> Int {
        switch severity {
        case .error: return errors
        case .warning: return warnings
        case .info: return infos
        }
    }

    /// Whether the exit code is 1.
    public func fails(_ failOn: FailOn) -> Bool {
        Severity.allCases.contains { count($0) > 0 && failOn.fails($0) }
    }

    public mutating func add(_ outcome: FileOutcome) {
        files += 1
        if outcome.isManifest { manifests += 1 }
        for finding in outcome.findings {
            guard finding.suppression == nil else {
                suppressed += 1
                continue
            }
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
            switch finding.fixability {
            case .safe?: fixable += 1
            case .unsafe?: unsafeFixable += 1
            case .display?, nil: break
            }
        }
    }
}

/// Keeps every file's outcome, for commands that lay out the whole result themselves (`explain`).
public struct OutcomeList: AuditConsumer {
    public private(set) var outcomes: [FileOutcome] = []
    public private(set) var notes: [RunNote] = []

    public init() {}

    public mutating func begin(_ start: RunStart) {
        notes += start.settingsNotes.map { RunNote(kind: .settings, text: $0) } + start.notes.map { RunNote(kind: .input, text: $0.text) }
    }

    public mutating func consume(_ outcome: FileOutcome) {
        outcomes.append(outcome)
        if let note = outcome.note { notes.append(RunNote(kind: .notAManifest, text: note)) }
    }

    public mutating func finish(_ summary: RunSummary) {}
}

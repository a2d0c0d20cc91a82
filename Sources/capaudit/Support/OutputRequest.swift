import CapauditKit

/// `--format FORMAT[=FILE]` and `--output FILE` as one command takes them: the formats it
/// declares, whether a format may go to a file of its own, and where each report goes. Every
/// misuse is a usage error (exit 2), never a silent fallback.
struct OutputRequest {
    struct Target: Equatable {
        var format: String
        /// Nil: standard output.
        var file: String?
    }

    var targets: [Target]

    /// How one command takes its output options.
    struct Rules {
        var formats: [String]
        var defaultFormat: String
        /// Whether `--format FORMAT=FILE` (several reports in one run) is accepted.
        var separateFiles: Bool
    }

    static func parse(_ arguments: ParsedArguments, command: String, rules: Rules) throws(UsageError) -> OutputRequest {
        let values = arguments.all("format")
        var targets: [Target] = []
        for value in values.isEmpty ? [rules.defaultFormat] : values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let format = parts.first ?? value
            guard rules.formats.contains(format) else {
                let hint = NearestName.suggestion(for: format, among: rules.formats).map { "; did you mean `\($0)`?" } ?? ""
                throw UsageError(message: "--format does not take `\(format)` for `\(command)`\(hint); choose from \(rules.formats.joined(separator: ", "))")
            }
            if parts.count == 2 {
                guard rules.separateFiles else {
                    throw UsageError(message: "`\(command)` writes one report: give `--format \(format)` and send it to a file with `--output \(parts[1])`")
                }
                guard !parts[1].isEmpty else { throw UsageError(message: "--format \(format)= needs a file name after `=`") }
            }
            targets.append(Target(format: format, file: parts.count == 2 ? parts[1] : nil))
        }
        if targets.filter({ $0.file == nil }).count > 1 {
            throw UsageError(message: "only one --format can go to standard output; send the others to files with --format FORMAT=FILE")
        }
        if let output = arguments.value("output") {
            guard let index = targets.firstIndex(where: { $0.file == nil }) else {
                throw UsageError(message: "nothing would go to --output \(output): every --format names its own file; drop --output or one `=FILE`")
            }
            targets[index].file = output
        }
        var seen: [String: String] = [:]
        for target in targets {
            guard let file = target.file else { continue }
            let key = Session.absolute(file, cwd: Session.currentDirectory())
            if let earlier = seen[key] {
                throw UsageError(message: "the \(earlier) and \(target.format) reports would both go to \(file); give each report its own file")
            }
            seen[key] = target.format
        }
        return OutputRequest(targets: targets)
    }

    /// The files reports go to, so that the run refuses to overwrite a manifest it checks.
    var files: [String] { targets.compactMap(\.file) }
}

/// Where each report of a run is being written: standard output, or a file that replaces its
/// target only when the run succeeds.
struct OpenOutputs {
    private(set) var sinks: [OutputSink] = []
    private var files: [OutputFile] = []

    /// Opens every target; the first that cannot be opened is the error (and nothing is left behind).
    static func open(_ request: OutputRequest) -> Result<OpenOutputs, OutputFailure> {
        var outputs = OpenOutputs()
        for target in request.targets {
            guard let path = target.file else {
                outputs.sinks.append(OutputSink.standardOutput())
                continue
            }
            switch OutputFile.create(path) {
            case .success(let file):
                outputs.files.append(file)
                outputs.sinks.append(file.sink)
            case .failure(let failure):
                outputs.discard()
                return .failure(failure)
            }
        }
        return .success(outputs)
    }

    /// Flushes standard output and puts every file in place; the failures, if any (exit 2).
    func commit() -> [OutputFailure] {
        var failures: [OutputFailure] = []
        for sink in sinks {
            sink.flush()
            if let failure = sink.failure, !failures.contains(failure) { failures.append(failure) }
        }
        for file in files {
            if let failure = file.commit(), !failures.contains(failure) { failures.append(failure) }
        }
        return failures
    }

    /// Leaves every target as it was.
    func discard() {
        for file in files { file.discard() }
    }
}

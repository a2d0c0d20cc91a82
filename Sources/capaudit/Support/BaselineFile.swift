import CapauditKit
import YAML

/// Reads a baseline file named by `--baseline` or the config and marks the findings it records.
enum BaselineFile {
    /// The stale entries as SUP002 findings, or nil when the file cannot be read or parsed
    /// (the problem is printed; exit 2).
    static func apply(_ file: String, to results: inout [FileResult], session: Session) throws(UsageError) -> [Finding]? {
        let bytes: [UInt8]
        switch FileReader.read(file, limit: YAMLLimits.default.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(.missing): throw UsageError(message: "baseline `\(file)` does not exist; create it with `capaudit check --write-baseline \(file)`")
        case .failure(let failure):
            Output.err("\(ControlEscaping.escape(file)): \(failure)\n")
            return nil
        }
        do throws(PolicyError) {
            let baseline = try Baseline.parse(bytes, displayPath: file)
            return baseline.apply(
                to: &results, repositoryPath: { session.repositoryPath($0) }, baselineFile: file, baselineText: SourceLines(bytes), policy: session.policy)
        } catch {
            for problem in error.problems { Output.err("\(ControlEscaping.escape(problem.description))\n") }
            return nil
        }
    }
}

/// Records a run's findings that count into a baseline (`--write-baseline`): entries by
/// fingerprint with their counts, whatever made the findings, so that the next run with this
/// baseline hides exactly them.
public struct BaselineRecorder: AuditConsumer {
    private let repositoryPath: @Sendable (String) -> String
    private var entries: [UInt64: Baseline.Entry] = [:]

    public init(repositoryPath: @escaping @Sendable (String) -> String) {
        self.repositoryPath = repositoryPath
    }

    public mutating func begin(_ start: RunStart) {}

    public mutating func consume(_ outcome: FileOutcome) {
        for finding in outcome.findings where finding.suppression == nil {
            if entries[finding.fingerprintValue] != nil {
                entries[finding.fingerprintValue]?.count += 1
            } else {
                entries[finding.fingerprintValue] = Baseline.Entry(
                    fingerprint: finding.fingerprint, rule: finding.ruleID, file: repositoryPath(finding.file), path: finding.path, count: 1)
            }
        }
    }

    public mutating func finish(_ summary: RunSummary) {}

    /// The baseline, its entries sorted so that it diffs well.
    public var baseline: Baseline {
        Baseline(entries: entries.values.sorted { ($0.file, $0.rule, $0.path, $0.fingerprint) < ($1.file, $1.rule, $1.path, $1.fingerprint) })
    }
}

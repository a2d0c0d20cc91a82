/// Records a run's findings that count into a baseline (`--write-baseline`): entries by
/// fingerprint with their counts, whatever made the findings, so that the next run with this
/// baseline hides exactly them.
public struct BaselineRecorder: AuditConsumer {
    private let repositoryPath: @Sendable (String) -> String
    private var entries: [UInt64: Baseline.Entry] = [:]
    /// The manifests the run checked, relative to the repository root.
    private var checkedFiles = Set<String>()

    public init(repositoryPath: @escaping @Sendable (String) -> String) {
        self.repositoryPath = repositoryPath
    }

    public mutating func begin(_ start: RunStart) {}

    public mutating func consume(_ outcome: FileOutcome) {
        if outcome.isManifest { checkedFiles.insert(repositoryPath(outcome.file.path)) }
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
        Baseline(entries: Baseline.sorted(entries.values))
    }

    /// The baseline to write over `previous`: this run's entries for the files it checked (its
    /// manifests, `settingsFiles`, the config and rule packs, and every file of `sourceFolders`,
    /// the source folders it read, relative to the repository root), and the previous entries of
    /// every other file, so that checking some files never drops the entries of the others. A
    /// previous entry of a checked file stays too when the run's selection left its rule out. An
    /// entry whose file no longer exists goes, unless `exists` is nil (a run of the git index).
    public func baseline(
        over previous: Baseline, settingsFiles: [String], sourceFolders: [String], selection: RuleSelection, normalizedFile: (String) -> String,
        exists: ((String) -> Bool)?
    ) -> Baseline {
        let settingsAndManifests = checkedFiles.union(settingsFiles.map(repositoryPath))
        func wasChecked(_ file: String) -> Bool {
            settingsAndManifests.contains(file) || sourceFolders.contains { Baseline.isInside(file, $0) }
        }
        var merged = entries
        var existence: [String: Bool] = [:]
        for entry in previous.entries {
            guard let fingerprint = Fingerprint.parse(entry.fingerprint), merged[fingerprint] == nil else { continue }
            var kept = entry
            kept.file = normalizedFile(entry.file)
            if wasChecked(kept.file) {
                guard !selection.keepsEveryCase(of: entry.rule) else { continue }
            } else if let exists {
                if existence[kept.file] == nil { existence[kept.file] = exists(kept.file) }
                guard existence[kept.file] == true else { continue }
            }
            merged[fingerprint] = kept
        }
        return Baseline(entries: Baseline.sorted(merged.values))
    }
}

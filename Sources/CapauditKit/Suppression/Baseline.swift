import JSON
import YAML

/// Today's findings recorded by fingerprint, so that a team can adopt capaudit and fail only on
/// new findings. Written as stable, sorted JSON that diffs well; an entry that no longer matches
/// is reported (SUP002) so the baseline only shrinks.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var fingerprint: String
        public var rule: String
        /// Relative to the repository root, as fingerprints are.
        public var file: String
        public var path: String
        public var count: Int

        public init(fingerprint: String, rule: String, file: String, path: String, count: Int) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.file = file
            self.path = path
            self.count = count
        }
    }

    public static let formatVersion = 1

    /// Whether `file` is `folder` or inside it, both relative to the repository root (`""` is the
    /// whole repository).
    static func isInside(_ file: String, _ folder: String) -> Bool {
        folder.isEmpty || file == folder || file.hasPrefix(folder + "/")
    }
    /// The most findings one entry may cover: more than any run gives, and far from overflow
    /// however many entries a baseline holds.
    public static let maxCount = 1_000_000_000
    public var entries: [Entry]
    /// Where each entry's fingerprint value starts in the file it was read from (empty for a
    /// baseline built in memory): findings about stale entries point there.
    var fingerprintOffsets: [Int] = []

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Two baselines are equal when their entries are, wherever the entries stood in a file.
    public static func == (lhs: Baseline, rhs: Baseline) -> Bool {
        lhs.entries == rhs.entries
    }

    public var json: String {
        JSONWriter(pretty: true).string(.object([
            ("version", .integer(Self.formatVersion)),
            ("tool", .string("capaudit")),
            ("findings", .array(entries.map { entry in
                .object([
                    ("fingerprint", .string(entry.fingerprint)),
                    ("rule", .string(entry.rule)),
                    ("file", .string(entry.file)),
                    ("path", .string(entry.path)),
                    ("count", .integer(entry.count)),
                ])
            })),
        ]))
    }

    /// Reads a baseline file; a broken one stops the run (exit 2) with its location
    /// (what is strict and what is tolerated: `BaselineDecoder`).
    public static func parse(_ bytes: [UInt8], displayPath: String) throws(PolicyError) -> Baseline {
        let decoded = try BaselineDecoder(bytes: bytes, displayPath: displayPath).decode()
        var baseline = Baseline(entries: decoded.entries)
        baseline.fingerprintOffsets = decoded.fingerprintOffsets
        return baseline
    }

    /// The entries sorted so that the file diffs well, one entry per fingerprint.
    static func sorted(_ entries: some Sequence<Entry>) -> [Entry] {
        entries.sorted { ($0.file, $0.rule, $0.path, $0.fingerprint) < ($1.file, $1.rule, $1.path, $1.fingerprint) }
    }

    /// The positions of byte offsets given in increasing order, in one pass over the bytes: a
    /// baseline written on one long line must not cost a scan of that line per offset. Lines end
    /// at LF, CR LF or a lone CR, and columns count Unicode scalars, as `SourceLines` counts them.
    static func positions(ofIncreasing offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
        var positions: [SourcePosition] = []
        positions.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var index = 0
        for offset in offsets {
            let target = min(max(offset, index), bytes.count)
            while index < target {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            positions.append(SourcePosition(line: line, column: column))
        }
        return positions
    }
}

/// A baseline in use: its entries by file (relative to the repository root), so that the
/// resolve stage applies it to each file as that file is checked, and the run reports the
/// entries no finding matched any more at the end.
///
/// An entry hides a finding only when its fingerprint, file, rule and path all agree with the
/// finding's: a rule or path rewritten by hand hides nothing, and the entry is reported with
/// the difference. A deprecated rule's id stands for its replacement, as in suppressions and
/// the config. Each entry covers its own count: entries for one fingerprint are never summed.
public struct BaselineInUse: Sendable {
    /// The baseline file as named, where findings about stale entries point.
    public let file: String
    let entries: [RecordedEntry]
    /// Entry numbers by file.
    let entriesByFile: [String: [Int]]
    let text: [UInt8]
    let fingerprintOffsets: [Int]

    /// One entry as the run reads it: its file normalized, its rule by the id it stands for.
    struct RecordedEntry: Sendable {
        let entry: Baseline.Entry
        /// The entry's place in the baseline file.
        let number: Int
        let file: String
        let rule: String
        let fingerprint: UInt64
    }

    /// `normalizedFile` turns an entry's `file` into the form findings have (`./a.yml`, `a//a.yml`
    /// and an absolute path inside the repository are `a.yml`); `ruleID` gives the id a rule
    /// name stands for.
    public init(_ baseline: Baseline, file: String, text: [UInt8], normalizedFile: (String) -> String, ruleID: (String) -> String) {
        self.file = file
        self.text = text
        fingerprintOffsets = baseline.fingerprintOffsets
        var entries: [RecordedEntry] = []
        entries.reserveCapacity(baseline.entries.count)
        var byFile: [String: [Int]] = [:]
        for (number, entry) in baseline.entries.enumerated() {
            guard let fingerprint = Fingerprint.parse(entry.fingerprint) else { continue }
            let recorded = RecordedEntry(entry: entry, number: number, file: normalizedFile(entry.file), rule: ruleID(entry.rule), fingerprint: fingerprint)
            byFile[recorded.file, default: []].append(entries.count)
            entries.append(recorded)
        }
        self.entries = entries
        entriesByFile = byFile
    }

    /// What an entry must agree with besides its file.
    private struct MatchKey: Hashable {
        let fingerprint: UInt64
        let rule: String
        let path: String
    }

    /// Marks the findings of one file that its entries record (up to each entry's count), and
    /// returns the entries left with findings to spare. Linear in the file's findings and entries.
    func apply(to findings: inout [Finding], file repositoryPath: String) -> [StaleBaselineEntry] {
        guard let numbers = entriesByFile[repositoryPath] else { return [] }
        var remaining: [Int: Int] = [:]
        var queues: [MatchKey: (entries: [Int], next: Int)] = [:]
        var byFingerprint: [UInt64: [Int]] = [:]
        for number in numbers {
            let entry = entries[number]
            remaining[number] = entry.entry.count
            queues[MatchKey(fingerprint: entry.fingerprint, rule: entry.rule, path: entry.entry.path), default: ([], 0)].entries.append(number)
            byFingerprint[entry.fingerprint, default: []].append(number)
        }
        var disagreements: [Int: Disagreement] = [:]
        var disagreeingFingerprints = Set<UInt64>()
        for index in findings.indices where findings[index].suppression == nil {
            let finding = findings[index]
            let key = MatchKey(fingerprint: finding.fingerprintValue, rule: finding.ruleID, path: finding.path)
            if var queue = queues[key] {
                // Entries whose count is used up are passed once, so that duplicates stay linear.
                while queue.next < queue.entries.count, remaining[queue.entries[queue.next], default: 0] == 0 { queue.next += 1 }
                if queue.next < queue.entries.count {
                    let number = queue.entries[queue.next]
                    remaining[number, default: 0] -= 1
                    findings[index].suppression = .baseline
                }
                queues[key] = queue
                continue
            }
            guard let candidates = byFingerprint[finding.fingerprintValue], disagreeingFingerprints.insert(finding.fingerprintValue).inserted else { continue }
            for number in candidates { disagreements[number] = Disagreement(rule: finding.ruleID, path: finding.path) }
        }
        return numbers.compactMap { number in
            guard let left = remaining[number], left > 0 else { return nil }
            let entry = entries[number]
            return StaleBaselineEntry(number: number, matched: entry.entry.count - left, disagreement: disagreements[number])
        }
    }

    /// The entries of files this run did not check whose file does not exist: nothing can match them.
    /// The files with entries inside one of `folders` (relative to the repository root; `""` is
    /// the whole repository), in path order.
    func files(inside folders: [String]) -> [String] {
        entriesByFile.keys.filter { file in folders.contains { Baseline.isInside(file, $0) } }.sorted()
    }

    func entriesOfMissingFiles(checked: Set<String>, exists: (String) -> Bool) -> [StaleBaselineEntry] {
        var stale: [StaleBaselineEntry] = []
        for (file, numbers) in entriesByFile where !checked.contains(file) && !exists(file) {
            stale += numbers.map { StaleBaselineEntry(number: $0, matched: 0, fileIsMissing: true) }
        }
        return stale
    }

    /// SUP002 findings for the stale entries, in the order of the baseline file.
    func findings(for stale: [StaleBaselineEntry], policy: Policy) -> [RawFinding] {
        guard !stale.isEmpty else { return [] }
        let ordered = stale.sorted { $0.number < $1.number }
        let offsets = ordered.map { item in
            let number = entries[item.number].number
            return number < fingerprintOffsets.count ? fingerprintOffsets[number] : 0
        }
        let positions = Baseline.positions(ofIncreasing: offsets, in: text)
        let rule = policy.definition(of: .unusedSuppression)
        return zip(ordered, positions).map { item, position in
            let entry = entries[item.number].entry
            return RawFinding(
                rule, message: "baseline entry \(entry.rule) at `\(entry.path)` in \(entry.file) \(item.reason(count: entry.count)); rewrite the baseline with --write-baseline so that it shrinks",
                at: position, path: entry.path, detail: entry.fingerprint)
        }
    }
}

/// A finding whose fingerprint an entry records, but whose rule or path is not the entry's.
struct Disagreement: Sendable {
    let rule: String
    let path: String
}

/// A baseline entry that matched fewer findings than it records.
struct StaleBaselineEntry: Sendable {
    /// The entry's number in `BaselineInUse.entries`.
    let number: Int
    let matched: Int
    var disagreement: Disagreement?
    var fileIsMissing = false

    func reason(count: Int) -> String {
        if fileIsMissing { return "names a file that does not exist any more, so it matches no finding" }
        if let disagreement {
            return "matches no finding: the finding with its fingerprint is \(disagreement.rule) at `\(disagreement.path)`, and an entry hides a finding only when its rule and path are the finding's"
        }
        return matched == 0 ? "matches no finding any more" : "matches \(matched) of its \(count) findings any more"
    }
}

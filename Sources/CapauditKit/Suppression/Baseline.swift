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
    }

    public static let formatVersion = 1
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
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
        Baseline(entries: try BaselineDecoder(bytes: bytes, displayPath: displayPath).decode())
    }

    /// Finds where each entry's fingerprint stands in the baseline's text, for findings about stale entries.
    static func positions(in source: SourceLines) -> [String: SourcePosition] {
        var positions: [String: SourcePosition] = [:]
        let bytes = source.bytes
        var index = 0
        let width = Fingerprint.digits
        while index + width + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), bytes[index + width + 1] == UInt8(ascii: "\""),
                bytes[(index + 1)...(index + width)].allSatisfy(Fingerprint.isLowercaseHexDigit) {
                let fingerprint = String(decoding: bytes[(index + 1)...(index + width)], as: UTF8.self)
                if positions[fingerprint] == nil { positions[fingerprint] = source.position(ofByte: index) }
                index += width + 2
            } else {
                index += 1
            }
        }
        return positions
    }
}

/// A baseline in use: its entries by file (relative to the repository root), so that the
/// resolve stage applies it to each file as that file is checked, and the run reports the
/// entries no finding matched any more at the end.
public struct BaselineInUse: Sendable {
    /// The baseline file as named, where findings about stale entries point.
    public let file: String
    let text: SourceLines
    let entriesByFile: [String: [Baseline.Entry]]

    public init(_ baseline: Baseline, file: String, text: SourceLines) {
        self.file = file
        self.text = text
        var byFile: [String: [Baseline.Entry]] = [:]
        for entry in baseline.entries { byFile[entry.file, default: []].append(entry) }
        entriesByFile = byFile
    }

    /// Marks the findings of one file that its entries record (up to each entry's count), and
    /// returns the entries left with findings to spare.
    func apply(to findings: inout [Finding], file repositoryPath: String) -> [StaleBaselineEntry] {
        guard let entries = entriesByFile[repositoryPath] else { return [] }
        var remaining: [UInt64: Int] = [:]
        for entry in entries {
            if let value = Fingerprint.parse(entry.fingerprint) { remaining[value, default: 0] += entry.count }
        }
        for index in findings.indices where findings[index].suppression == nil {
            guard let left = remaining[findings[index].fingerprintValue], left > 0 else { continue }
            findings[index].suppression = .baseline
            remaining[findings[index].fingerprintValue] = left - 1
        }
        var stale: [StaleBaselineEntry] = []
        for entry in entries {
            guard let value = Fingerprint.parse(entry.fingerprint), let left = remaining[value], left > 0 else { continue }
            remaining[value] = 0
            stale.append(StaleBaselineEntry(entry: entry, matched: entry.count - left))
        }
        return stale
    }

    /// SUP002 findings for the stale entries, in the order of the baseline file.
    func findings(for stale: [StaleBaselineEntry], policy: Policy) -> [RawFinding] {
        guard !stale.isEmpty else { return [] }
        let positions = Baseline.positions(in: text)
        let rule = policy.definition(of: .unusedSuppression)
        return stale.map { item in
            let entry = item.entry
            let what = item.matched == 0 ? "matches no finding" : "matches \(item.matched) of its \(entry.count) findings"
            return RawFinding(
                rule,
                message: "baseline entry \(entry.rule) at `\(entry.path)` in \(entry.file) \(what) any more; rewrite the baseline with --write-baseline so that it shrinks",
                at: positions[entry.fingerprint] ?? SourcePosition(line: 1, column: 1), path: entry.path, detail: entry.fingerprint)
        }
    }
}

/// A baseline entry that matched fewer findings than it records.
struct StaleBaselineEntry: Sendable {
    let entry: Baseline.Entry
    let matched: Int
}

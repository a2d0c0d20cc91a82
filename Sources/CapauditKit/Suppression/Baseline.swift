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

    /// Entries for the findings that count now (inline-suppressed ones are already accounted for).
    public init(findings: [Finding], repositoryPath: (String) -> String) {
        var byFingerprint: [String: Entry] = [:]
        for finding in findings where finding.suppression == nil {
            if var entry = byFingerprint[finding.fingerprint] {
                entry.count += 1
                byFingerprint[finding.fingerprint] = entry
            } else {
                byFingerprint[finding.fingerprint] = Entry(
                    fingerprint: finding.fingerprint, rule: finding.ruleID, file: repositoryPath(finding.file), path: finding.path, count: 1)
            }
        }
        entries = byFingerprint.values.sorted { ($0.file, $0.rule, $0.path, $0.fingerprint) < ($1.file, $1.rule, $1.path, $1.fingerprint) }
    }

    init(entries: [Entry]) {
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

    /// Marks baselined findings, and returns an SUP002 finding for each entry of a checked file
    /// that matched fewer findings than it records.
    public func apply(to results: inout [FileResult], repositoryPath: (String) -> String, baselineFile: String, baselineText: SourceLines, policy: Policy) -> [Finding] {
        var remaining: [String: Int] = [:]
        for entry in entries { remaining[entry.fingerprint, default: 0] += entry.count }
        var checkedFiles = Set<String>()
        for resultIndex in results.indices {
            checkedFiles.insert(repositoryPath(results[resultIndex].file.path))
            for findingIndex in results[resultIndex].findings.indices {
                let finding = results[resultIndex].findings[findingIndex]
                guard finding.suppression == nil, !finding.ruleID.hasPrefix("SUP"), let left = remaining[finding.fingerprint], left > 0 else { continue }
                results[resultIndex].findings[findingIndex].suppression = .baseline
                remaining[finding.fingerprint] = left - 1
            }
        }
        let slug = policy.rule("SUP002")?.slug ?? "unused-suppression"
        var stale: [Finding] = []
        for entry in entries where checkedFiles.contains(entry.file) {
            guard let left = remaining[entry.fingerprint], left > 0 else { continue }
            remaining[entry.fingerprint] = 0
            let matched = entry.count - left
            let position = Self.position(of: entry.fingerprint, in: baselineText)
            let what = matched == 0 ? "matches no finding" : "matches \(matched) of its \(entry.count) findings"
            stale.append(Finding(
                ruleID: "SUP002", slug: slug, severity: .warning,
                message: "baseline entry \(entry.rule) at `\(entry.path)` in \(entry.file) \(what) any more; rewrite the baseline with --write-baseline so that it shrinks",
                file: baselineFile, documentIndex: 0, start: position, path: entry.path, detail: entry.fingerprint))
        }
        return stale
    }

    static func position(of fingerprint: String, in source: SourceLines) -> SourcePosition {
        let needle = Array("\"\(fingerprint)\"".utf8)
        let bytes = source.bytes
        guard needle.count <= bytes.count else { return SourcePosition(line: 1, column: 1) }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && Array(bytes[start..<start + needle.count]) == needle {
            return source.position(ofByte: start)
        }
        return SourcePosition(line: 1, column: 1)
    }
}

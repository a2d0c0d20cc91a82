/// What `capaudit report` shows of one file: one `AppReport` per manifest document that
/// decoded, and the findings that belong to no matrix (documents that did not decode). Built
/// file by file as the run goes; the same outcomes give the same report.
public struct CoverageReport {
    private let builder: AppReportBuilder
    /// A summary line of each app so far, for the table that leads the report.
    private(set) var overviews: [AppOverview] = []
    /// Findings outside any matrix so far; they are numbered across the whole report.
    private(set) var otherCount = 0
    /// Every finding so far, suppressed and baselined ones included.
    private(set) var findingCount = 0

    public init(policy: Policy) {
        builder = AppReportBuilder(policy: policy)
    }

    /// The apps of one file, in document order, and its findings outside any matrix.
    public mutating func add(_ outcome: FileOutcome) -> (apps: [AppReport], otherFindings: [ReportFinding]) {
        let findings = outcome.findings
        let several = outcome.manifests.count > 1 || findings.contains { $0.documentIndex > 0 }
        // Fingerprints name their file, so anchors can only repeat within one.
        var anchors = Set<String>()
        var apps: [AppReport] = []
        for checked in outcome.manifests.sorted(by: { $0.documentIndex < $1.documentIndex }) {
            let own = Self.numbered(findings.filter { $0.documentIndex == checked.documentIndex }, from: 1, anchors: &anchors)
            apps.append(builder.build(file: outcome.file.path, checked: checked, isOneOfSeveral: several, findings: own))
        }
        let decoded = Set(outcome.manifests.map(\.documentIndex))
        let others = Self.numbered(findings.filter { !decoded.contains($0.documentIndex) }, from: otherCount + 1, anchors: &anchors)
        otherCount += others.count
        overviews += apps.map(AppOverview.init)
        findingCount += others.count + apps.reduce(0) { $0 + $1.findings.count }
        return (apps, others)
    }

    /// "capaudit 0.2.0 · 3 manifests · 12 findings", with the time when given.
    func meta(toolVersion: String, timestamp: String?) -> String {
        var parts = ["capaudit \(toolVersion)", overviews.count == 1 ? "1 manifest" : "\(overviews.count) manifests", Counting.findings(findingCount)]
        if let timestamp { parts.append("generated \(timestamp)") }
        return parts.joined(separator: " · ")
    }

    /// Numbers findings from `first` and gives each an anchor from its fingerprint, unique in the report.
    static func numbered(_ findings: [Finding], from first: Int, anchors: inout Set<String>) -> [ReportFinding] {
        findings.enumerated().map { offset, finding in
            var anchor = "f-\(finding.fingerprint)"
            var repeatCount = 1
            while anchors.contains(anchor) {
                repeatCount += 1
                anchor = "f-\(finding.fingerprint)-\(repeatCount)"
            }
            anchors.insert(anchor)
            return ReportFinding(number: first + offset, anchor: anchor, finding: finding)
        }
    }
}

/// One line of a report's summary table, kept for the end of the run while each app's details
/// are already written.
struct AppOverview {
    let name: String
    let fileLabel: String
    let profileTitle: String
    let platformSummary: String
    let missingCells: [Severity: Int]
    let exemptCells: Int
    let countedFindings: String
    /// "2 suppressed, 1 baselined", as `AppReport.uncountedParts`.
    let uncountedParts: [String]

    init(_ app: AppReport) {
        name = app.app.name
        fileLabel = app.fileLabel
        profileTitle = app.profile.title
        platformSummary = app.platformSummary
        var missing: [Severity: Int] = [:]
        for severity in Severity.allCases { missing[severity] = app.missingCells(severity) }
        missingCells = missing
        exemptCells = app.exemptCells
        countedFindings = Counting.bySeverity(app.countedFindings.map(\.finding))
        uncountedParts = app.uncountedParts
    }
}

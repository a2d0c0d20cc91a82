/// What `capaudit report` shows for a run: one `AppReport` per manifest document that
/// decoded, and the findings that belong to no matrix (files or documents that did not
/// decode, the config). Built from check results kept with their manifests
/// (`CheckConfiguration.keepManifests`); the same results give the same report.
public struct CoverageReport: Sendable {
    /// Sorted by file, then document.
    public var apps: [AppReport]
    /// Findings of documents without a matrix, in report order, numbered from 1.
    public var otherFindings: [ReportFinding]

    public init(results: [FileResult], policy: Policy) {
        let builder = AppReportBuilder(policy: policy)
        var anchors = Set<String>()
        var apps: [AppReport] = []
        var others: [Finding] = []
        for result in results.sorted(by: { $0.file.path < $1.file.path }) {
            let findings = result.findings.sorted(by: Finding.reportOrder)
            let several = result.manifests.count > 1 || findings.contains { $0.documentIndex > 0 }
            for checked in result.manifests.sorted(by: { $0.documentIndex < $1.documentIndex }) {
                let own = Self.numbered(findings.filter { $0.documentIndex == checked.documentIndex }, anchors: &anchors)
                apps.append(builder.build(file: result.file.path, checked: checked, isOneOfSeveral: several, findings: own))
            }
            let decoded = Set(result.manifests.map(\.documentIndex))
            others += findings.filter { !decoded.contains($0.documentIndex) }
        }
        self.apps = apps
        self.otherFindings = Self.numbered(others, anchors: &anchors)
    }

    /// Numbers findings from 1 and gives each an anchor from its fingerprint, unique in the report.
    static func numbered(_ findings: [Finding], anchors: inout Set<String>) -> [ReportFinding] {
        findings.enumerated().map { offset, finding in
            var anchor = "f-\(finding.fingerprint)"
            var repeatCount = 1
            while anchors.contains(anchor) {
                repeatCount += 1
                anchor = "f-\(finding.fingerprint)-\(repeatCount)"
            }
            anchors.insert(anchor)
            return ReportFinding(number: offset + 1, anchor: anchor, finding: finding)
        }
    }

    public var findingCount: Int { apps.reduce(otherFindings.count) { $0 + $1.findings.count } }
}

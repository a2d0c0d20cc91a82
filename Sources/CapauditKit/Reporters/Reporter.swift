/// Everything a reporter may show: the findings of one run, in report order, with the files and notes.
public struct RunReport: Sendable {
    public let results: [FileResult]
    /// Problems met while walking folders (symlink loops, unreadable folders).
    public var notes: [String]
    public var policy: Policy
    /// The tool's version, for machine-readable outputs.
    public var toolVersion: String
    /// Prefix that makes a path relative to the repository root, for SARIF URIs.
    public var repositoryPath: @Sendable (String) -> String

    public init(results: [FileResult], notes: [String], policy: Policy, toolVersion: String, repositoryPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.results = results
        self.notes = notes
        self.policy = policy
        self.toolVersion = toolVersion
        self.repositoryPath = repositoryPath
        allFindings = results.flatMap(\.findings).sorted(by: Finding.reportOrder)
        findings = allFindings.filter { $0.suppression == nil }
        var counts: [Severity: Int] = [:]
        for finding in findings { counts[finding.severity, default: 0] += 1 }
        severityCounts = counts
        var lines: [String: [Int: String]] = [:]
        for result in results where !result.lines.isEmpty { lines[result.file.path] = result.lines }
        linesByFile = lines
    }

    /// Every finding, suppressed ones included, in report order.
    public let allFindings: [Finding]

    /// The findings that count: not suppressed nor baselined.
    public let findings: [Finding]

    private let severityCounts: [Severity: Int]
    private let linesByFile: [String: [Int: String]]

    public var manifestCount: Int { results.filter(\.isManifest).count }

    public func count(_ severity: Severity) -> Int { severityCounts[severity] ?? 0 }

    public func sourceLine(_ finding: Finding) -> String? {
        linesByFile[finding.file]?[finding.start.line]
    }
}

/// One output format. Each reporter lives in its own file and turns a run into text.
public protocol Reporter: Sendable {
    /// The name `--format` takes.
    static var name: String { get }
    /// The reporter with its default settings.
    init()
    func render(_ report: RunReport) -> String
    /// Writes the report in pieces, so that a large run need not hold its whole output.
    func write(_ report: RunReport, to output: (String) -> Void)
}

extension Reporter {
    public func write(_ report: RunReport, to output: (String) -> Void) {
        output(render(report))
    }
}

public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [
        TextReporter.self,
        JSONReporter.self,
        SarifReporter.self,
        GitHubReporter.self,
        JUnitReporter.self,
        MarkdownReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }
}

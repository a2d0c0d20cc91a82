import CapauditKit
import YAML

/// Helpers to check manifest text in memory with the shipped policy.
public enum Manifests {
    /// The shipped policy, loaded once per test process.
    public static let policy: Policy = {
        do throws(PolicyError) {
            return try PolicyLoader.shipped()
        } catch {
            fatalError("the shipped policy does not load: \(error)")
        }
    }()

    /// Checks manifest text as if it were the file `path`, through the run's stages; `preview`
    /// runs preview rules too, and `source` checks it against the app's code (evidence on).
    public static func check(
        _ text: String, path: String = "manifest.yml", policy: Policy = Manifests.policy, profile: String? = nil, preview: Bool = false,
        source: [SourceText] = []
    ) -> FileOutcome {
        let code = source.isEmpty ? nil : CodeBase.contents(source, taxonomy: policy.taxonomy)
        return AuditRun(session: Session(policy: policy, defaultProfile: profile, preview: preview)).outcome(
            of: InputFile(path: path, named: true, content: Array(text.utf8)), code: code)
    }

    /// "RULE@line:col" for each finding, in report order.
    public static func summary(_ outcome: FileOutcome) -> [String] {
        outcome.findings.map { "\($0.ruleID)@\($0.start.line):\($0.start.column)" }
    }
}

/// A whole coverage report built from outcomes at once, as tests look at it.
public struct WholeCoverageReport {
    public var apps: [AppReport] = []
    public var otherFindings: [ReportFinding] = []

    public init(_ outcomes: [FileOutcome], policy: Policy = Manifests.policy) {
        var report = CoverageReport(policy: policy)
        for outcome in outcomes {
            let part = report.add(outcome)
            apps += part.apps
            otherFindings += part.otherFindings
        }
    }
}

extension ReportContext {
    /// The shipped policy and a fixed version, for tests.
    public static func test(policy: Policy = Manifests.policy) -> ReportContext {
        ReportContext(policy: policy, toolVersion: "test")
    }
}

/// `Rules/` read from its YAML, as `scripts/embed-rules` reads it: what the compiled policy is
/// held to.
public enum RulesFolder {
    public static var path: String { Paths.packageRoot.appendingPathComponent("Rules").path }

    public static func sources() throws(PolicyError) -> [PolicySource] {
        try PolicyCompiler.sources(inRulesFolder: path)
    }

    public static func policy() throws(PolicyError) -> Policy {
        try PolicyLoader.load(PolicyLoader.definitions(reading: sources()), adding: [])
    }
}

/// Everything `capaudit report` says about one manifest document: the app, its coverage
/// matrix, its actions and texts, what is exempted, and every finding, suppressed ones included.
public struct AppReport: Sendable {
    public var file: String
    public var documentIndex: Int
    /// Whether the file holds several manifest documents (the report then names the document).
    public var isOneOfSeveral: Bool
    public var app: App
    public var profile: Profile
    public var matrix: CoverageMatrix
    /// Fields of kinds the profile requires nothing of: not rows of the matrix.
    public var otherFieldCount: Int
    public var actions: [ActionReview]
    public var texts: [TextReview]
    public var optOuts: [OptOutReview]
    /// In report order, numbered from 1.
    public var findings: [ReportFinding]

    /// The file, and the document when the file holds several.
    public var fileLabel: String {
        isOneOfSeveral ? "\(file), document \(documentIndex + 1)" : file
    }

    /// "iOS 16.0+, Android API 28+".
    public var platformSummary: String {
        var parts: [String] = []
        if let ios = app.ios { parts.append("iOS \(ios.deploymentTarget)+") }
        if let android = app.android { parts.append("Android API \(android.minSDK)+") }
        return parts.joined(separator: ", ")
    }

    /// Findings that count: neither suppressed nor baselined.
    public var countedFindings: [ReportFinding] { findings.filter { $0.finding.suppression == nil } }

    public var suppressed: [ReportFinding] {
        findings.filter { if case .inline = $0.finding.suppression { return true } else { return false } }
    }

    public var baselined: [ReportFinding] { findings.filter { $0.finding.suppression == .baseline } }

    /// "2 suppressed, 1 baselined": the findings that do not count; empty when all do.
    public var uncountedParts: [String] {
        var parts: [String] = []
        if !suppressed.isEmpty { parts.append("\(suppressed.count) suppressed") }
        if !baselined.isEmpty { parts.append("\(baselined.count) baselined") }
        return parts
    }

    public func missingCells(_ severity: Severity) -> Int {
        matrix.cells.filter { $0.state == .missing(severity) }.count
    }

    public var exemptCells: Int {
        matrix.cells.filter { if case .exempt = $0.state { return true } else { return false } }.count
    }
}

/// A finding as the report shows it: numbered within its app, with an anchor unique in the report.
public struct ReportFinding: Sendable {
    public var number: Int
    public var anchor: String
    public var finding: Finding
}

/// An action against the profile's action policy.
public struct ActionReview: Sendable {
    public var screen: Screen
    public var action: Action
    /// The weakest acceptable `on-capture` and its severity; nil when the policy requires nothing.
    public var requirement: ActionRequirement?
    /// The finding (CAP004) that reports it falls short.
    public var finding: ReportFinding?

    public var meetsPolicy: Bool {
        requirement.map { action.onCapture.strength >= $0.minimum.strength } ?? true
    }
}

/// A text shown to people, with the findings about its wording.
public struct TextReview: Sendable {
    public enum Role: String, Sendable {
        case captureNotice = "capture notice"
        case screenshotText = "after a screenshot"
        case actionMessage = "action message"
    }

    public var role: Role
    /// The screen it belongs to; nil for the app-wide `capture` texts.
    public var screen: Screen?
    /// The action whose message it is.
    public var action: Action?
    public var style: NoticeStyle?
    public var text: LocalizedText
    public var findings: [ReportFinding]
}

/// A screen that opted out of capture protection.
public struct OptOutReview: Sendable {
    public var screen: Screen
    public var optOut: OptOut
    /// Matrix cells it exempts (gaps that would otherwise be findings).
    public var exemptedCells: Int
    /// Its CAP007 finding.
    public var finding: ReportFinding?
}

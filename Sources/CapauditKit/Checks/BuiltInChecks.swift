/// Findings that come from reading the file rather than from a check: the manifest itself
/// (MAN001-MAN004) and suppressions (SUP001-SUP004). Rules name these so that they have
/// pages, severities and SARIF metadata like every other rule.
struct ReportedByReaderCheck: Check {
    static let name = "manifest"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] { [] }
}

struct ReportedBySuppressionCheck: Check {
    static let name = "suppressions"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] { [] }
}

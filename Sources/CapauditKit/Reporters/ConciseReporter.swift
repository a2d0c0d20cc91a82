/// One line per finding, as ruff's `concise` output: `path:line:col: RULE message` (`RULE [*]`
/// when `check --fix` fixes it), then the text format's summary. Colour as the text format
/// (path bold, rule in the severity's colour); `--quiet` keeps only the findings, as ruff's does.
public struct ConciseReporter: Reporter {
    public static let name = "concise"
    var text: TextReporter
    let quiet: Bool

    public init(context: ReportContext) {
        text = TextReporter(color: context.color, showSource: false)
        quiet = context.quiet
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        for finding in file.findings where finding.suppression == nil {
            let location = "\(ControlEscaping.escape(finding.file)):\(finding.start.line):\(finding.start.column):"
            let rule = text.paint(finding.ruleID, TextReporter.colorCode(finding.severity))
            output.write("\(text.paint(location, "1")) \(rule)\(text.fixMark(finding)) \(ControlEscaping.escape(finding.message))\n")
        }
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        if quiet { return }
        output.write(text.summaryText(summary))
    }
}

/// JUnit XML for CI test dashboards: one test case per checked file. A file fails when it has
/// findings at or above `--fail-on`, so that the dashboard agrees with the exit code; findings
/// below it are listed in the test case's `<system-out>`. Strict JUnit schemas allow one
/// `<failure>` per test case, so a file's failing findings share one: the message counts them,
/// the body lists each with its location and fix. The counts lead the document, so test cases
/// are spooled to disk until the run ends.
public struct JUnitReporter: Reporter {
    public static let name = "junit"

    private let failOn: FailOn
    private var cases: Spool?
    private var tests = 0
    private var failures = 0
    private var skipped = 0

    public init(context: ReportContext) {
        failOn = context.failOn
    }

    public mutating func begin(_ start: RunStart, into output: OutputSink) {
        cases = Spool.create(failingInto: output)
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        guard let sink = cases?.sink else { return }
        tests += 1
        let active = file.activeFindings
        let failing = active.filter { failOn.fails($0.severity) }
        let passing = active.filter { !failOn.fails($0.severity) }
        sink.write("    <testcase classname=\"capaudit\" name=\"\(XMLEscaping.escape(file.file.path))\"")
        if failing.isEmpty, passing.isEmpty {
            if file.isManifest {
                sink.write("/>\n")
            } else {
                skipped += 1
                sink.write(">\n      <skipped message=\"\(XMLEscaping.escape(file.note ?? "not a manifest"))\"/>\n    </testcase>\n")
            }
            return
        }
        sink.write(">\n")
        if !failing.isEmpty {
            failures += 1
            sink.write(Self.failure(failing))
        }
        if !passing.isEmpty {
            sink.write("      <system-out>" + XMLEscaping.escape(Self.listing(passing), keepNewlines: true) + "</system-out>\n")
        }
        sink.write("    </testcase>\n")
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"capaudit\" \(counts)>\n  <testsuite name=\"capaudit\" \(counts)>\n")
        cases?.copy(into: output)
        output.write("  </testsuite>\n</testsuites>\n")
    }

    static func failure(_ findings: [Finding]) -> String {
        var ruleIDs: [String] = []
        for finding in findings where !ruleIDs.contains(finding.ruleID) { ruleIDs.append(finding.ruleID) }
        let message = counted(findings.count, "finding") + breakdown(findings)
        return "      <failure type=\"\(XMLEscaping.escape(ruleIDs.joined(separator: ",")))\" message=\"\(XMLEscaping.escape(message))\">"
            + XMLEscaping.escape(listing(findings), keepNewlines: true) + "</failure>\n"
    }

    /// Each finding on its line, with its fix below. A line break copied from input (a file
    /// name, a manifest's text) is shown as `\n`, so that it cannot start a line that reads as
    /// another finding.
    static func listing(_ findings: [Finding]) -> String {
        var body = ""
        for finding in findings {
            body += ControlEscaping.escape(
                "\(finding.file):\(finding.start.line):\(finding.start.column): \(finding.severity) \(finding.ruleID) \(finding.slug): \(finding.message)") + "\n"
            if let fix = finding.help { body += "  help: \(ControlEscaping.escape(fix))\n" }
            for place in finding.related {
                body += "  see: " + ControlEscaping.escape("\(place.file):\(place.position.line):\(place.position.column): \(place.message)") + "\n"
            }
        }
        return body
    }

    /// ` (2 errors, 1 warning)`: the count of each severity present, highest first.
    static func breakdown(_ findings: [Finding]) -> String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "\(count) \(severity == .info ? "info" : severity.description + (count == 1 ? "" : "s"))"
        }
        return " (\(parts.joined(separator: ", ")))"
    }
}

/// JUnit XML for CI test dashboards: one test case per checked file, failed when the file has
/// findings. Strict JUnit schemas allow one `<failure>` per test case, so a file's findings
/// share one: the message counts them, the body lists each with its location and fix.
public struct JUnitReporter: Reporter {
    public static let name = "junit"

    public init() {}

    public func render(_ report: RunReport) -> String {
        let findings = report.findings
        var cases: [String] = []
        var failures = 0
        var skipped = 0
        for result in report.results {
            let path = result.file.path
            let own = findings.filter { $0.file == path }
            let open = "    <testcase classname=\"capaudit\" name=\"\(XMLEscaping.escape(path))\""
            if !own.isEmpty {
                failures += 1
                cases.append(open + ">\n" + failure(own) + "    </testcase>\n")
            } else if !result.isManifest {
                skipped += 1
                let reason = result.note ?? "not a manifest"
                cases.append(open + ">\n      <skipped message=\"\(XMLEscaping.escape(reason))\"/>\n    </testcase>\n")
            } else {
                cases.append(open + "/>\n")
            }
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="capaudit" \(counts)>
              <testsuite name="capaudit" \(counts)>

            """ + cases.joined() + """
              </testsuite>
            </testsuites>

            """
    }

    func failure(_ findings: [Finding]) -> String {
        var ruleIDs: [String] = []
        for finding in findings where !ruleIDs.contains(finding.ruleID) { ruleIDs.append(finding.ruleID) }
        let message = "\(findings.count) finding\(findings.count == 1 ? "" : "s")" + Self.breakdown(findings)
        var body = ""
        for finding in findings {
            body += "\(finding.file):\(finding.start.line):\(finding.start.column): \(finding.severity) \(finding.ruleID) \(finding.slug): \(finding.message)\n"
            if let fix = finding.fix { body += "  help: \(fix)\n" }
        }
        return "      <failure type=\"\(XMLEscaping.escape(ruleIDs.joined(separator: ",")))\" message=\"\(XMLEscaping.escape(message))\">"
            + XMLEscaping.escape(body, keepNewlines: true) + "</failure>\n"
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

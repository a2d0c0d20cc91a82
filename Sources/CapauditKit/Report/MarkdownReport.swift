/// The coverage report as GitHub Markdown, for a pull-request comment or a job summary:
/// the summary and what is exposed first, each app's details folded in `<details>`.
/// Manifest text is escaped so that it cannot format itself, break a table or mention anyone.
public struct MarkdownReport: Reporter {
    public static let name = "markdown"

    public var toolVersion: String
    /// When the report was made; nil leaves it out, so that the output depends on the input alone.
    public var timestamp: String?
    private var builder: CoverageReport
    /// The summary and the exposed list lead the report, so each app's details and exposed
    /// lines wait on disk until the run ends.
    private var details: Spool?
    private var exposed: Spool?
    private var others: Spool?

    public init(context: ReportContext) {
        toolVersion = context.toolVersion
        timestamp = context.timestamp
        builder = CoverageReport(policy: context.policy)
    }

    public mutating func begin(_ start: RunStart, into output: OutputSink) {
        details = Spool.create(failingInto: output)
        exposed = Spool.create(failingInto: output)
        others = Spool.create(failingInto: output)
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        let first = builder.overviews.count
        let (apps, otherFindings) = builder.add(file)
        for (offset, app) in apps.enumerated() {
            let number = first + offset + 1
            // Each exposed line waits with its app's number: the name it shows depends on every app.
            for line in exposedLines(app) { exposed?.sink.write("\(number - 1)\t\(line)\n") }
            details?.sink.write(details(app))
        }
        for item in otherFindings { others?.sink.write(findingRow(item, showFile: true)) }
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        output.write("## Screen capture coverage\n\n\(m(builder.meta(toolVersion: toolVersion, timestamp: timestamp)))\n\n")
        guard !builder.overviews.isEmpty || builder.otherCount > 0 else {
            output.write("No manifest found.\n")
            return
        }
        if !builder.overviews.isEmpty {
            output.write("| App | Profile | Platforms | Gaps | Exempt | Findings |\n|---|---|---|---|---|---|\n")
            for app in builder.overviews {
                let gaps = Severity.allCases.reversed().compactMap { severity -> String? in
                    let count = app.missingCells[severity] ?? 0
                    return count == 0 ? nil : "✗ \(count) \(severity)"
                }
                let uncounted = app.uncountedParts.isEmpty ? "" : " (and \(app.uncountedParts.joined(separator: ", ")))"
                output.write("| **\(m(app.name))**<br>\(code(app.fileLabel)) | \(m(app.profileTitle)) | \(m(app.platformSummary)) ")
                output.write("| \(gaps.isEmpty ? "✓ none" : gaps.joined(separator: ", ")) | \(app.exemptCells == 0 ? "–" : "⊘ \(app.exemptCells)") ")
                output.write("| \(app.countedFindings)\(uncounted) |\n")
            }
            output.write("\n")
            writeExposed(into: output)
            output.write("Matrix cells: ✓ covered (by the mechanisms named under the matrix, or a masked or hidden display) · ")
            output.write("✗ missing, with the severity the profile gives it and the finding (F1, F2, …) that reports it · ")
            output.write("⊘ exempt: the screen opted out with a reason (CAP007) · – not required · ")
            output.write("⚠ contradicted: claimed, but an evidence finding (EVD001, EVD003) says the code applies none of the mechanisms. ")
            output.write("Under a mechanism, what the app's code shows: evidenced (found in the screen's code), declared only (the code was read ")
            output.write("and does not show it) or unchecked (no source for the platform, or the screen names no code); ")
            output.write("follows a setting: the person can turn the mechanisms off in the app (`app.settings`).\n\n")
        }
        details?.copy(into: output)
        if builder.otherCount > 0 {
            output.write("<details>\n<summary><b>Manifests without a matrix</b>: \(Counting.findings(builder.otherCount))</summary>\n\n")
            output.write(Self.findingTableHead)
            others?.copy(into: output)
            output.write("\n</details>\n")
        }
    }

    /// The exposed lines of every app, each named by its app (and file, when two apps share a name).
    private func writeExposed(into output: OutputSink) {
        var nameCounts: [String: Int] = [:]
        for app in builder.overviews { nameCounts[app.name, default: 0] += 1 }
        let labels = builder.overviews.map { app in
            // Two manifests of one app (a clean and a flawed one, say) are told apart by their files.
            (nameCounts[app.name] ?? 0) > 1 ? "**\(m(app.name))** (\(code(app.fileLabel)))" : "**\(m(app.name))**"
        }
        var any = false
        exposed?.lines(failingInto: output) { line in
            guard let tab = line.firstIndex(of: "\t"), let index = Int(line[..<tab]), index < labels.count else { return }
            if !any { output.write("**Exposed**\n\n") }
            any = true
            output.write("- \(labels[index]), \(line[line.index(after: tab)...])\n")
        }
        output.write(any ? "\n" : "✓ Every sensitive field is covered against every threat its profile requires.\n\n")
    }

    /// "iOS: CVV `security-code` on Cards (cards) to screenshot, ✗ error (F5)", one per field and
    /// platform with a missing cell; exempt ones are counted in the summary and listed under the app.
    func exposedLines(_ app: AppReport) -> [String] {
        var lines: [String] = []
        for platform in app.matrix.platforms {
            for screen in app.matrix.screens {
                for row in screen.rows {
                    var worst: Severity?
                    let gaps = row.cells.filter { cell in
                        guard cell.platform == platform, case .missing(let severity) = cell.state else { return false }
                        worst = max(worst ?? severity, severity)
                        return true
                    }
                    guard let first = gaps.first, let worst else { continue }
                    let verdict = "✗ \(worst)"
                    let reference = first.finding.map { " (F\($0.number))" } ?? ""
                    lines.append("\(platform.displayName): \(field(row.field)) on \(m(screenName(screen.screen))) to \(Phrases.list(gaps.map { $0.threat })), \(verdict)\(reference)")
                }
            }
        }
        return lines
    }

    func details(_ app: AppReport) -> String {
        let gaps = app.matrix.cells.filter { if case .missing = $0.state { return true } else { return false } }.count
        let gapText = gaps == 0 ? "✓ no gap" : "✗ \(gaps) \(gaps == 1 ? "gap" : "gaps")"
        var md = "<details>\n<summary><b>\(m(app.app.name))</b> · \(m(app.fileLabel)) · \(gapText) · \(Counting.findings(app.findings.count))</summary>\n\n"
        let lineage = app.profile.lineage.dropLast().reversed().map { code($0) }
        md += "**Profile** \(m(app.profile.title)) (\(code(app.profile.id))\(lineage.isEmpty ? "" : ", extends \(lineage.joined(separator: ", "))")) · "
        var platforms: [String] = []
        if let ios = app.app.ios { platforms.append("iOS \(ios.deploymentTarget) and later") }
        if let android = app.app.android { platforms.append("Android API \(android.minSDK) and later (target API \(android.targetSDK))") }
        md += "**Platforms** \(platforms.joined(separator: "; "))\n\n"
        md += matrix(app) + actions(app) + texts(app) + exemptions(app)
        md += "**Findings**\n\n" + (app.findings.isEmpty ? "No finding.\n" : findingTable(app.findings, showFile: false))
        return md + "\n</details>\n\n"
    }

    func matrix(_ app: AppReport) -> String {
        let matrix = app.matrix
        guard !matrix.screens.isEmpty else { return "No field of a kind that \(m(app.profile.title)) protects.\n\n" }
        let keys = matrix.mechanismKeys
        var md = "| Field |"
        for platform in matrix.platforms {
            for threat in matrix.threats { md += " \(platform.displayName)<br>\(m(threat.id)) |" }
        }
        md += "\n|---|" + String(repeating: ":-:|", count: matrix.platforms.count * matrix.threats.count) + "\n"
        let empty = String(repeating: " |", count: matrix.platforms.count * matrix.threats.count)
        for screen in matrix.screens {
            var note = ""
            if let optOut = screen.screen.optOut { note = optOut.hasReason ? " (opted out)" : " (opted out without a reason)" }
            md += "| **\(m(screenName(screen.screen)))**\(note) |\(empty)\n"
            for row in screen.rows {
                md += "| \(field(row.field))<br><sub>\(m(row.field.kind))</sub> |"
                for platform in matrix.platforms {
                    for threat in matrix.threats {
                        md += " \(row.cell(platform, threat.id).map { cell($0, keys) } ?? "") |"
                    }
                }
                md += "\n"
            }
        }
        md += "\n"
        if !keys.isEmpty {
            md += keys.map { key in "**\(m(key.short))** \(code(key.id))" }.joined(separator: " · ") + "\n\n"
        }
        return md
    }

    func cell(_ cell: MatrixCell, _ keys: [MechanismKey]) -> String {
        let reference = cell.finding.map { " F\($0.number)" + status($0.finding) } ?? ""
        switch cell.state {
        case .covered:
            if let contradiction = cell.contradiction {
                return "⚠ \(m(cell.shortCover(keys))) F\(contradiction.number)\(status(contradiction.finding))<br><sub>contradicted</sub>"
            }
            return "✓ \(m(cell.shortCover(keys)))" + (cell.evidence.map { "<br><sub>\(HTMLAppSection.evidenceWord($0))</sub>" } ?? "")
                + (cell.followedSetting.map { _ in "<br><sub>\(HTMLAppSection.followsSettingWord)</sub>" } ?? "")
        case .missing(let severity): return "✗ **\(severity)**\(reference)"
        case .exempt: return "⊘ exempt\(reference)"
        case .notRequired: return "–"
        }
    }

    func status(_ finding: Finding) -> String {
        switch finding.suppression {
        case .none: return ""
        case .inline: return " (suppressed)"
        case .baseline: return " (baselined)"
        }
    }

    func actions(_ app: AppReport) -> String {
        guard !app.actions.isEmpty else { return "" }
        var md = "**Actions during capture** (\(m(app.profile.title)) policy; allow &lt; confirm &lt; disable = hide)\n\n"
        md += "| Action | Screen | Kind, risk | On capture | Policy | Verdict |\n|---|---|---|---|---|---|\n"
        for review in app.actions {
            let action = review.action
            let policy = review.requirement.map { "at least \($0.minimum.rawValue)" } ?? "–"
            let verdict: String
            if review.requirement == nil {
                verdict = "– nothing required"
            } else if review.meetsPolicy {
                verdict = "✓ meets"
            } else {
                let severity = review.finding?.finding.severity ?? review.requirement?.severity ?? .error
                verdict = "✗ **\(severity)**" + (review.finding.map { " F\($0.number)" + status($0.finding) } ?? "")
            }
            md += "| \(action.label.map { "\(m($0)) " } ?? "")\(code(action.id)) | \(m(screenName(review.screen))) | \(m(action.kind)), \(action.risk.rawValue) "
            md += "| \(action.onCapture.rawValue) | \(policy) | \(verdict) |\n"
        }
        return md + "\n"
    }

    func texts(_ app: AppReport) -> String {
        guard !app.texts.isEmpty else { return "" }
        var md = "**Texts shown to people**\n\n| Where | Text | Wording |\n|---|---|---|\n"
        for review in app.texts {
            var place = review.screen.map { "\(screenName($0)): " } ?? "App-wide: "
            if let action = review.action { place += "message of \(action.label ?? action.id)" } else { place += review.role.rawValue }
            if let style = review.style { place += " (\(style.rawValue))" }
            let several = review.text.entries.count > 1
            let text = review.text.entries.map { entry in
                (several || entry.language != "en" ? "\(code(entry.language)) " : "") + "“\(m(entry.value))”"
            }.joined(separator: "<br>")
            let wording = review.findings.isEmpty ? "✓" : review.findings.map { "\(m($0.finding.ruleID)) F\($0.number)" }.joined(separator: ", ")
            md += "| \(m(place)) | \(text) | \(wording) |\n"
        }
        return md + "\n"
    }

    func exemptions(_ app: AppReport) -> String {
        var lines: [String] = []
        for review in app.optOuts {
            let reference = review.finding.map { " (F\($0.number))" } ?? ""
            if review.optOut.hasReason {
                let cells = review.exemptedCells == 1 ? "1 cell" : "\(review.exemptedCells) cells"
                lines.append("- \(m(screenName(review.screen))) opted out, exempting \(review.exemptedCells == 0 ? "nothing at present" : cells): “\(m(review.optOut.reason ?? ""))”\(reference)")
            } else {
                lines.append("- \(m(screenName(review.screen))) opted out without a reason: it exempts nothing\(reference)")
            }
        }
        for finding in app.suppressed {
            guard case .inline(let reason, let line) = finding.finding.suppression else { continue }
            lines.append("- F\(finding.number) (\(m(finding.finding.ruleID))) suppressed on line \(line): \(reason.isEmpty ? "no reason given" : "“\(m(reason))”")")
        }
        if !app.baselined.isEmpty {
            lines.append("- In the baseline: " + app.baselined.map { "F\($0.number) (\(m($0.finding.ruleID)))" }.joined(separator: ", "))
        }
        return lines.isEmpty ? "" : "**Exemptions**\n\n\(lines.joined(separator: "\n"))\n\n"
    }

    static let findingTableHead = "| # | Severity | Rule | Where | Finding |\n|---|---|---|---|---|\n"

    func findingTable(_ findings: [ReportFinding], showFile: Bool) -> String {
        Self.findingTableHead + findings.map { findingRow($0, showFile: showFile) }.joined()
    }

    func findingRow(_ item: ReportFinding, showFile: Bool) -> String {
        let finding = item.finding
        let place = (showFile ? "\(m(finding.file)):" : "") + "\(finding.start.line):\(finding.start.column)"
        let platform = finding.platform.map { " \($0.displayName)" } ?? ""
        return "| F\(item.number) | \(finding.severity) | \(m(finding.ruleID)) \(m(finding.slug)) | \(place)\(platform) | \(m(finding.message))\(status(finding)) |\n"
    }

    func screenName(_ screen: Screen) -> String {
        screen.title.map { "\($0) (\(screen.id))" } ?? screen.id
    }

    func field(_ field: Field) -> String {
        (field.label.map { "\(m($0)) " } ?? "") + code(field.id)
    }

    /// Code: in backticks when the text is an id or a path (the short form), else escaped in `<code>`.
    func code(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._/:= ,()".unicodeScalars.contains(scalar)
        }
        return plain ? "`\(text)`" : "<code>\(m(text))</code>"
    }

    func m(_ text: String) -> String { MarkupEscaping.markdown(text) }
}

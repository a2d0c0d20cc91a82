import CapauditKit
import Foundation
import TestSupport
import Testing

/// The report's matrix and the findings agree cell by cell: every missing cell has its CAP001
/// or AND005 finding (an exempt one its CAP007), and every such finding has its cells.
@Suite struct CoverageMatrixTests {
    static let examples = [
        "Examples/bank/clean.yml", "Examples/bank/flawed.yml", "Examples/bugreport/clean.yml", "Examples/bugreport/flawed.yml",
        "Examples/health/clean.yml", "Examples/health/flawed.yml", "Examples/travel/clean.yml", "Examples/travel/flawed.yml",
    ]

    static func outcomes(_ files: [String]) -> [FileOutcome] {
        files.map { file in
            Manifests.check(String(decoding: (try? readBytes(Paths.packageRoot.appendingPathComponent(file))) ?? [], as: UTF8.self), path: file)
        }
    }

    static func report(_ files: [String]) -> WholeCoverageReport {
        WholeCoverageReport(outcomes(files))
    }

    static func onlyApp(_ file: String) throws -> AppReport {
        let report = report([file])
        #expect(report.apps.count == 1)
        return try #require(report.apps.first)
    }

    /// "platform screen.field threat state" for each cell that is not covered nor unrequired.
    static func gaps(_ app: AppReport) -> [String] {
        app.matrix.screens.flatMap { screen in
            screen.rows.flatMap { row in
                row.cells.compactMap { cell -> String? in
                    let state: String
                    switch cell.state {
                    case .missing(let severity): state = "\(severity) \(cell.finding?.finding.ruleID ?? "no finding")"
                    case .exempt: state = "exempt \(cell.finding?.finding.ruleID ?? "no finding")"
                    case .covered, .notRequired: return nil
                    }
                    return "\(cell.platform) \(screen.screen.id).\(row.field.id) \(cell.threat) \(state)"
                }
            }
        }
    }

    @Test(arguments: examples)
    func cellsAndFindingsAgree(_ file: String) throws {
        let app = try Self.onlyApp(file)
        #expect(app.matrix.platforms.count * app.matrix.threats.count * app.matrix.rows.count == app.matrix.cells.count)
        for screen in app.matrix.screens {
            for row in screen.rows {
                for cell in row.cells {
                    switch cell.state {
                    case .missing:
                        let finding = try #require(cell.finding, "\(file): \(row.field.id) \(cell.platform) \(cell.threat) has no finding")
                        #expect(["CAP001", "AND005"].contains(finding.finding.ruleID))
                        #expect(finding.finding.path == row.field.location.path)
                        #expect(finding.finding.platform == cell.platform)
                        #expect(finding.finding.missingThreats.contains(cell.threat))
                    case .exempt:
                        let finding = try #require(cell.finding, "\(file): exempt \(row.field.id) \(cell.platform) \(cell.threat) has no finding")
                        #expect(finding.finding.ruleID == "CAP007")
                        #expect(finding.finding.path == screen.screen.location.path)
                        #expect(screen.screen.optOut?.hasReason == true)
                    case .covered, .notRequired:
                        #expect(cell.finding == nil)
                    }
                }
            }
        }
        for item in app.findings where ["CAP001", "AND005"].contains(item.finding.ruleID) {
            let cells = app.matrix.screens.flatMap(\.rows).filter { $0.field.location.path == item.finding.path }.flatMap(\.cells).filter {
                $0.platform == item.finding.platform && $0.isGap
            }
            #expect(cells.map(\.threat) == item.finding.missingThreats, "\(file): \(item.finding.ruleID) \(item.finding.path)")
            #expect(cells.allSatisfy { $0.finding?.anchor == item.anchor })
        }
        for item in app.findings where item.finding.ruleID == "CAP007" {
            let screen = try #require(app.optOuts.first { $0.screen.location.path == item.finding.path })
            #expect(screen.finding?.anchor == item.anchor)
        }
    }

    @Test func flawedBankShowsWhichFieldsAreExposedToWhichThreatsOnWhichPlatform() throws {
        let app = try Self.onlyApp("Examples/bank/flawed.yml")
        #expect(Self.gaps(app) == [
            "ios cards.security-code screenshot error CAP001",
            "android transfer-review.balance-after recording error AND005",
            "android transfer-review.balance-after mirroring error AND005",
            "android transfer-review.balance-after remote-control error AND005",
            "android transfer-review.balance-after app-switcher warning AND005",
            "ios profile.memorable-word screenshot error CAP001",
        ])
        #expect(app.missingCells(.error) == 5)
        #expect(app.missingCells(.warning) == 1)
        #expect(app.exemptCells == 0)
        #expect(app.profile.id == "banking")
        #expect(app.matrix.platforms == [.ios, .android])
        #expect(app.matrix.threats.map(\.id) == ["screenshot", "recording", "mirroring", "remote-control", "app-switcher"])
        #expect(app.matrix.screens.map(\.screen.id) == ["sign-in", "accounts", "cards", "transfer", "transfer-review", "payees", "add-payee", "profile", "push-notifications"])
        // `iban` lost its kind (CAP010) and `reference` is plain text: neither is a row.
        #expect(!app.matrix.rows.contains { ["iban", "reference", "full-name"].contains($0.field.id) })

        let balance = try #require(app.matrix.rows.first { $0.field.id == "available-balance" })
        #expect(balance.cell(.android, "recording")?.state == .covered)
        #expect(balance.cell(.android, "recording")?.coveredBy.map(\.name) == ["flag-secure"])
        #expect(balance.cell(.ios, "recording")?.coveredBy.map(\.name) == ["redact-on-capture"])
        #expect(balance.cell(.ios, "app-switcher")?.coveredBy.map(\.name) == ["cover-on-background"])
        #expect(balance.cell(.ios, "screenshot")?.state == .notRequired)
        let accountNumber = try #require(app.matrix.rows.first { $0.field.id == "account-number" && $0.field.location.path.contains("accounts") })
        #expect(accountNumber.cell(.ios, "screenshot")?.state == .covered)
        #expect(accountNumber.cell(.ios, "screenshot")?.coveredBy.first?.name == "masked")

        let send = try #require(app.actions.first { $0.action.id == "send" })
        #expect(!send.meetsPolicy)
        #expect(send.requirement?.minimum == .disable)
        #expect(send.finding?.finding.ruleID == "CAP004")
        #expect(app.actions.filter { !$0.meetsPolicy }.map(\.action.id) == ["send"])

        let notice = try #require(app.texts.first { $0.role == .captureNotice && $0.screen == nil })
        // Policy 3: "recording detected" is a headline (WRD001) as well as naming a capture word iOS cannot tell apart (WRD005).
        #expect(notice.findings.map(\.finding.ruleID) == ["WRD006", "WRD001", "WRD005", "WRD003"])
        let message = try #require(app.texts.first { $0.action?.id == "send" })
        #expect(message.findings.map(\.finding.ruleID) == ["WRD001"])
    }

    @Test func anOptOutWithAReasonExemptsItsCellsAndOneWithoutDoesNot() throws {
        let app = try Self.onlyApp("Examples/health/flawed.yml")
        let gaps = Self.gaps(app)
        #expect(gaps.contains("ios lab-results.result-value recording exempt CAP007"))
        #expect(gaps.contains("android telehealth-visit.shared-document screenshot warning CAP001"))
        #expect(gaps.contains("ios telehealth-visit.shared-document recording error CAP001"))
        #expect(!gaps.contains { $0.contains("telehealth-visit") && $0.contains("exempt") })
        let optOuts = app.optOuts.map { "\($0.screen.id) \($0.optOut.hasReason) \($0.exemptedCells) \($0.finding?.finding.severity.description ?? "-")" }
        #expect(optOuts == ["lab-results true 9 info", "prescription true 9 info", "telehealth-visit false 0 warning"])
    }

    @Test func aSuppressedFindingKeepsItsMissingCellAndIsListedAsAnExemption() throws {
        let manifest = """
            capaudit: 1
            app:
              name: Branch app
              profile: banking
              platforms:
                ios:
                  deployment-target: "17.0"
            capture:
              detect: [scene-capture-state]
              protect: [cover-on-background, redact-on-capture]
            screens:
              - id: cards
                fields:
                  # capaudit: ignore CAP001 -- shown only to staff in the branch
                  - id: pan
                    kind: card-number
            """
        let result = Manifests.check(manifest, path: "branch.yml")
        let app = try #require(WholeCoverageReport([result]).apps.first)
        #expect(Self.gaps(app) == ["ios cards.pan screenshot error CAP001"])
        let cell = try #require(app.matrix.rows.first?.cell(.ios, "screenshot"))
        #expect(cell.finding?.finding.suppression == .inline(reason: "shown only to staff in the branch", line: 14))
        #expect(app.suppressed.map(\.anchor) == [cell.finding?.anchor])
        #expect(!app.countedFindings.contains { $0.finding.ruleID == "CAP001" })
        let html = HTMLReport.render([result], context: .test())
        #expect(html.contains("✗ error<sup>\(cell.finding?.number ?? 0)</sup></a><br><small>suppressed</small>"))
        #expect(html.contains("by the comment on line 14: “shown only to staff in the branch”"))
    }

    @Test func aManifestThatDoesNotDecodeHasNoMatrixButKeepsItsFindings() throws {
        let broken = Manifests.check("capaudit: 1\napp: [\n", path: "broken.yml")
        let good = Self.outcomes(["Examples/bank/flawed.yml"])
        let report = WholeCoverageReport(good + [broken])
        #expect(report.apps.map(\.file) == ["Examples/bank/flawed.yml"])
        #expect(report.otherFindings.map(\.finding.ruleID) == ["MAN001"])
        #expect(report.otherFindings.first?.number == 1)
    }

    @Test func eachDocumentOfAFileIsAnAppOfItsOwn() throws {
        let document = """
            capaudit: 1
            app:
              name: NAME
              profile: banking
              platforms:
                android: {min-sdk: 28, target-sdk: 35}
            screens:
              - id: pin
                fields:
                  - id: pin
                    kind: pin
            """
        let text = document.replacingOccurrences(of: "NAME", with: "First") + "\n---\n" + document.replacingOccurrences(of: "NAME", with: "Second")
        let report = WholeCoverageReport([Manifests.check(text, path: "two.yml")])
        #expect(report.apps.map(\.fileLabel) == ["two.yml, document 1", "two.yml, document 2"])
        #expect(report.apps.map(\.app.name) == ["First", "Second"])
        #expect(report.apps.map { Self.gaps($0).count } == [5, 5])
        let anchors = report.apps.flatMap(\.findings).map(\.anchor)
        #expect(Set(anchors).count == anchors.count)
    }

    @Test func everyLinkInTheHTMLReportLandsOnAnID() {
        let html = HTMLReport.render(Self.outcomes(Self.examples), context: .test())
        let ids = Set(Self.attributeValues("id", in: html))
        let targets = Self.attributeValues("href", in: html).filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
        #expect(!targets.isEmpty)
        #expect(targets.filter { !ids.contains($0) } == [])
        #expect(ids.count == Self.attributeValues("id", in: html).count, "ids repeat")
        #expect(html.contains("<table class=\"matrix\" id=\"app-2-table\">"))
    }

    @Test func mechanismsGetShortNamesFromTheirInitials() throws {
        let app = try Self.onlyApp("Examples/bank/flawed.yml")
        #expect(app.matrix.mechanismKeys.map { "\($0.short)=\($0.id)" } == ["COB=cover-on-background", "ROC=redact-on-capture", "FS=flag-secure"])
        let balance = try #require(app.matrix.rows.first { $0.field.id == "available-balance" })
        #expect(balance.cell(.ios, "recording")?.shortCover(app.matrix.mechanismKeys) == "ROC")
    }

    @Test func markupEscapingMakesManifestTextInert() {
        #expect(MarkupEscaping.html("<script>alert('x')</script> & \"q\"") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        #expect(MarkupEscaping.html("a\u{1B}[31mb\u{202E}") == "a\\u{1B}[31mb\\u{202E}")
        #expect(MarkupEscaping.markdown("a | b <img> `c` *d* [e](f) @team\nnext") == "a \\| b &lt;img&gt; \\`c\\` \\*d\\* \\[e\\](f) &#64;team\\\\nnext")
    }

    static func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) }
    }

    /// Backticks in messages become code, never raw Markdown, and stay escaped; a YAML path wraps
    /// between its parts, never inside a name.
    @Test func theHTMLReportShowsCodeAndWrapsPathsBetweenParts() {
        #expect(MarkupEscaping.htmlWithCode("set `on-capture: <disable>` on `send`") == "set <code>on-capture: &lt;disable&gt;</code> on <code>send</code>")
        #expect(MarkupEscaping.htmlWithCode("one ` alone") == "one ` alone")
        #expect(MarkupEscaping.htmlPath("capture.notice.style") == "<code class=\"path\">capture.<wbr>notice.<wbr>style</code>")
        let html = HTMLReport.render(Self.outcomes(["Examples/bank/flawed.yml"]), context: .test())
        #expect(!html.contains("`"), "no raw backtick reaches the page")
        #expect(html.contains("<code class=\"path\">capture.<wbr>notice.<wbr>style</code>"))
    }
}

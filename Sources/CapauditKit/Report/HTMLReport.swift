/// The coverage report as one self-contained HTML file: inline CSS, no script, no network.
/// Tables are semantic (captions, `scope`), every colour has a symbol or a word beside it,
/// and the page prints on A4, fits a phone (wide tables scroll in their box) and follows
/// the reader's dark mode. The same report gives the same bytes.
public struct HTMLReport: Reporter {
    public static let name = "html"

    public var toolVersion: String
    /// When the report was made; nil leaves it out, so that the output depends on the input alone.
    public var timestamp: String?
    private var builder: CoverageReport
    /// The summary leads the page, so each app's section waits on disk until the run ends.
    private var sections: Spool?
    private var others: Spool?

    public init(context: ReportContext) {
        toolVersion = context.toolVersion
        timestamp = context.timestamp
        builder = CoverageReport(policy: context.policy)
    }

    public mutating func begin(_ start: RunStart, into output: OutputSink) {
        sections = Spool.create(failingInto: output)
        others = Spool.create(failingInto: output)
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        let first = builder.overviews.count
        let (apps, otherFindings) = builder.add(file)
        for (offset, app) in apps.enumerated() {
            let number = first + offset + 1
            sections?.sink.write(HTMLAppSection(app: app, id: "app-\(number)").render())
        }
        for item in otherFindings { others?.sink.write(HTMLFindingTable.row(item, showFile: true)) }
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        output.write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="capaudit \(e(toolVersion))">
            <title>Screen capture coverage</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header>
            <h1>Screen capture coverage</h1>
            <p class="meta">\(e(builder.meta(toolVersion: toolVersion, timestamp: timestamp)))</p>
            </header>
            <main>

            """)
        output.write(overview)
        output.write(legend)
        sections?.copy(into: output)
        if builder.otherCount > 0 {
            output.write("""
                <section class="others" aria-labelledby="others">
                <h2 id="others">Manifests without a matrix</h2>
                <p>These files or documents did not decode far enough to build a matrix; fix these findings first.</p>

                """)
            output.write(HTMLFindingTable.head(caption: "Findings outside any matrix"))
            others?.copy(into: output)
            output.write(HTMLFindingTable.foot)
            output.write("</section>\n")
        }
        output.write("""
            </main>
            <footer><p>Made by capaudit \(e(toolVersion)) from the manifests and the policy alone: the same input gives the same report.</p></footer>
            </body>
            </html>

            """)
    }

    var overview: String {
        guard !builder.overviews.isEmpty else {
            return "<section aria-labelledby=\"summary\"><h2 id=\"summary\">Summary</h2><p>No manifest with a matrix was found.</p></section>\n"
        }
        var html = """
            <section aria-labelledby="summary">
            <h2 id="summary">Summary</h2>
            <div class="scroll" tabindex="0" role="region" aria-labelledby="summary">
            <table class="overview">
            <caption>Each app: its gaps (matrix cells where a protection the profile requires is missing) and its findings</caption>
            <thead><tr><th scope="col">App</th><th scope="col">Profile</th><th scope="col">Platforms</th><th scope="col">Gaps</th><th scope="col">Exempt</th><th scope="col">Findings</th></tr></thead>
            <tbody>

            """
        for (index, app) in builder.overviews.enumerated() {
            let gaps = Severity.allCases.reversed().compactMap { severity -> String? in
                let count = app.missingCells[severity] ?? 0
                return count == 0 ? nil : "<span class=\"sev \(severity)\">✗ \(count) \(severity)</span>"
            }
            let gapText = gaps.isEmpty ? "<span class=\"ok\">✓ none</span>" : gaps.joined(separator: " ")
            html += """
                <tr><th scope="row"><a href="#app-\(index + 1)">\(e(app.name))</a><br><code>\(e(app.fileLabel))</code></th>\
                <td>\(e(app.profileTitle))</td><td>\(e(app.platformSummary))</td><td>\(gapText)</td>\
                <td>\(app.exemptCells == 0 ? "–" : "⊘ \(app.exemptCells)")</td><td>\(e(app.countedFindings))\(HTMLAppSection.uncountedNote(app.uncountedParts))</td></tr>

                """
        }
        html += "</tbody>\n</table>\n</div>\n</section>\n"
        return html
    }

    var legend: String {
        """
        <section class="legend" aria-labelledby="legend">
        <h2 id="legend">Reading the matrices</h2>
        <p>Rows are the fields whose kind the app's profile requires protection for, grouped by screen; columns are each platform's threats.</p>
        <dl>
        <dt><span class="cell ok">✓ FS</span></dt><dd>covered, by the mechanisms whose short names follow (listed under each matrix) or by a <code>masked</code> or <code>hidden</code> display</dd>
        <dt><span class="cell ok">✓ FS<small class="evidence">evidenced</small></span></dt><dd>under a mechanism: whether the app's code applies it: <b>evidenced</b> (found in the screen's code), <b>declared only</b> (the code was read and does not show it), <b>unchecked</b> (no source for the platform, or the screen names no code); <b>follows a setting</b>: the person can turn the mechanisms off in the app (<code>app.settings</code>)</dd>
        <dt><span class="cell contradicted">⚠ FS<small class="evidence">contradicted</small></span></dt><dd>claimed, but the app's code says otherwise: an evidence finding (EVD001 or EVD003, linked) reports every mechanism that would cover it</dd>
        <dt><span class="cell gap error">✗ error</span></dt><dd>missing: the profile requires it at that severity (<b>error</b>, <b>warning</b> or <b>info</b>); the number is the finding that reports it</dd>
        <dt><span class="cell exempt">⊘ exempt</span></dt><dd>missing, on a screen that opted out with a reason (CAP007)</dd>
        <dt><span class="cell na">–</span></dt><dd>not required by the profile</dd>
        </dl>
        </section>

        """
    }

    static let style = """
        :root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--head:#f6f8fa;--link:#0969da;\
        --ok:#116329;--ok-bg:#dafbe1;--error:#a40e26;--error-bg:#ffebe9;--warning:#7a4a00;--warning-bg:#fff1c2;\
        --info:#0550ae;--info-bg:#ddf4ff;--exempt:#59636e;--exempt-bg:#eaeef2;--na:#818b98}
        @media screen and (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--head:#151b23;--link:#4493f8;\
        --ok:#56d364;--ok-bg:#0f2d1a;--error:#ffa198;--error-bg:#4a1519;--warning:#f2cc60;--warning-bg:#3b2a05;\
        --info:#79c0ff;--info-bg:#0c2d4b;--exempt:#b7bdc8;--exempt-bg:#262c36;--na:#6e7681}}
        *{box-sizing:border-box}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0 auto;max-width:72rem;padding:1.5rem;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
        h1{font-size:1.6rem;margin:0 0 .25rem}
        h2{font-size:1.3rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
        h3{font-size:1.05rem;margin:1.5rem 0 .5rem}
        a{color:var(--link)}
        code{font:.85em/1.3 ui-monospace,"SFMono-Regular","DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
        code.path{overflow-wrap:normal}
        .meta,.file,.muted,caption,footer{color:var(--muted)}
        caption{text-align:left;font-size:.85rem;padding:.25rem 0;caption-side:top;position:sticky;left:0;max-width:calc(100vw - 3rem)}
        .scroll{overflow-x:auto;max-width:100%;margin:.5rem 0}
        table{border-collapse:collapse;font-size:.9rem}
        th,td{border:1px solid var(--line);padding:.3rem .45rem;vertical-align:top;text-align:left}
        thead th{background:var(--head)}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}
        .facts dt{font-weight:600}.facts dd{margin:0}
        .legend dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;align-items:center}
        .legend dd{margin:0}
        .cell{display:inline-block;min-width:4.5rem;padding:.15rem .4rem;border:1px solid var(--line);text-align:center;white-space:nowrap}
        .matrix{font-size:.85rem}
        .matrix th[scope=col]{text-align:center;font-weight:600;min-width:5.2rem;font-size:.8rem}
        .matrix th[scope=colgroup]{text-align:center;font-size:.95rem}
        .matrix th[rowspan]{vertical-align:bottom}
        .matrix td{text-align:center;white-space:nowrap}
        small.evidence{display:block;font-size:.7rem;font-weight:400;color:var(--muted)}
        .matrix .start{border-left:3px solid var(--fg)}
        .matrix th[scope=row]{position:sticky;left:0;z-index:1;background:var(--bg);min-width:11rem;max-width:16rem;font-weight:400}
        .matrix th[scope=row] .label{font-weight:600}
        .matrix th[scope=row] small{display:block;color:var(--muted)}
        .matrix th[scope=rowgroup]{background:var(--head);font-weight:600}
        .matrix th[scope=rowgroup] span{position:sticky;left:.45rem}
        .matrix th[scope=rowgroup] small{font-weight:400;color:var(--muted)}
        .ok{color:var(--ok)}td.ok,.cell.ok{background:var(--ok-bg)}
        .gap{font-weight:700}
        .error{color:var(--error)}td.error,.cell.error,.sev.error{background:var(--error-bg)}
        .warning{color:var(--warning)}td.warning,.cell.warning,.sev.warning{background:var(--warning-bg)}
        .info{color:var(--info)}td.info,.cell.info,.sev.info{background:var(--info-bg)}
        .exempt{color:var(--exempt);background:var(--exempt-bg)}
        .contradicted{color:var(--warning);background:var(--warning-bg);font-weight:700;outline:2px dashed var(--warning);outline-offset:-3px}
        .na{color:var(--na)}
        .sev{display:inline-block;padding:0 .35rem;border-radius:.25rem;font-weight:600;white-space:nowrap}
        td a,.exposed a{color:inherit}
        sup{font-weight:400;font-size:.7em;margin-left:.1em}
        .vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .keys{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .75rem;font-size:.85rem;margin:.5rem 0}
        .keys dt{font-weight:700}.keys dd{margin:0}
        .exposed li{margin:.15rem 0}
        .findings td:first-child{white-space:nowrap}
        .findings .fix{margin:.25rem 0 0;color:var(--muted);font-size:.85rem}
        td p{margin:0}td p+p{margin-top:.3rem}
        tr:target{outline:3px solid var(--link);outline-offset:-3px}
        blockquote{margin:0}
        .lang{font-size:.75rem;color:var(--muted);margin-right:.3rem}
        footer{margin-top:3rem;font-size:.8rem;border-top:1px solid var(--line)}
        @media (max-width:40rem){body{padding:.75rem;font-size:14px}.facts{grid-template-columns:1fr}.facts dd{margin-bottom:.3rem}\
        .matrix th[scope=row]{min-width:8rem}}
        @page{size:A4;margin:12mm}
        @media print{body{max-width:none;padding:0;font-size:9pt}\
        *{-webkit-print-color-adjust:exact;print-color-adjust:exact}\
        .scroll{overflow:visible}a{text-decoration:none}.matrix{font-size:7pt}\
        .matrix th[scope=col]{min-width:0;font-size:6.5pt}.matrix th[scope=row],.matrix th[scope=rowgroup] span,caption{position:static}\
        .matrix th[scope=row]{min-width:32mm}.matrix td{padding:.2rem .15rem}.matrix tbody,.matrix thead{break-inside:avoid}\
        .matrix thead{break-after:avoid}\
        .cell{min-width:0}tr,li,.keys{break-inside:avoid}h2,h3{break-after:avoid}\
        article.app+article.app{break-before:page}tr:target{outline:none}}
        """

    func e(_ text: String) -> String { MarkupEscaping.html(text) }
}

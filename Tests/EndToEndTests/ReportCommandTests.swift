import Foundation
import TestSupport
import Testing

@Suite struct ReportCommandTests {
    static let hostileManifest = """
        capaudit: 1
        app:
          name: "Bank <b>bold</b> & co"
          profile: banking
          platforms:
            ios:
              deployment-target: "17.0"
        capture:
          detect: [scene-capture-state]
          notice:
            style: banner
            text: "<script>alert('x')</script> Some details | are `hidden` @team while sharing."
        screens:
          - id: cards
            title: "Cards <img src=x onerror=alert(1)>"
            fields:
              - id: pan
                label: "Card <i>number</i>"
                kind: card-number

        """

    @Test func writesOneSelfContainedHTMLFileAndExitsZeroDespiteFindings() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("report.html")
        let result = try runCapaudit(["report", "Examples", "--output", output.path], in: Paths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let html = try readText(output)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.components(separatedBy: "<table class=\"matrix\"").count - 1 == 9)
        #expect(html.contains("<th scope=\"colgroup\" colspan=\"5\" class=\"start\">iOS <small>16.0+</small></th>"))
        #expect(html.contains("<li><b>iOS</b>: CVV <code>security-code</code> on Cards (cards) to screenshot <span class=\"sev error\">✗ error</span>"))
        // Self-contained: no script, no external resource.
        #expect(!html.contains("<script"))
        #expect(!html.contains("src="))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link"))
    }

    @Test func theSameInputGivesTheSameBytesWhateverTheJobs() throws {
        let one = try runCapaudit(["report", "Examples", "--jobs", "1"], in: Paths.packageRoot)
        let four = try runCapaudit(["report", "Examples", "--jobs", "4"], in: Paths.packageRoot)
        let again = try runCapaudit(["report", "Examples", "--jobs", "4"], in: Paths.packageRoot)
        #expect(one.status == 0)
        #expect(!one.stdout.isEmpty)
        #expect(one.stdout == four.stdout)
        #expect(four.stdout == again.stdout)
        let markdownOne = try runCapaudit(["report", "Examples", "--format", "markdown", "--jobs", "1"], in: Paths.packageRoot)
        let markdownFour = try runCapaudit(["report", "Examples", "--format", "markdown", "--jobs", "4"], in: Paths.packageRoot)
        #expect(markdownOne.stdout == markdownFour.stdout)
        #expect(!one.stdout.contains("generated"))
    }

    @Test func timestampOnlyWhenAsked() throws {
        let result = try runCapaudit(["report", "Examples/bank/clean.yml", "--timestamp"], in: Paths.packageRoot)
        #expect(result.status == 0)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("<p class=\"meta\">") })
        #expect(line.contains(" · generated 20"))
        #expect(line.hasSuffix("Z</p>"))
    }

    @Test func markdownPutsTheSummaryFirstAndTheDetailsFolded() throws {
        let result = try runCapaudit(["report", "Examples", "--format", "markdown"], in: Paths.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let markdown = result.stdout
        #expect(markdown.hasPrefix("## Screen capture coverage\n\ncapaudit "))
        let summary = try #require(markdown.range(of: "| App | Profile | Platforms | Gaps | Exempt | Findings |"))
        let firstDetails = try #require(markdown.range(of: "<details>"))
        #expect(summary.lowerBound < firstDetails.lowerBound)
        #expect(markdown.contains("- **Harbourline Bank** (`Examples/bank/flawed.yml`), iOS: CVV `security-code` on Cards (cards) to screenshot, ✗ error (F8)"))
        #expect(markdown.contains("- **Harbourline Bank** (`Examples/bank/flawed.yml`), Android: Balance after transfer `balance-after` on Check and send (transfer-review) to recording, mirroring, remote-control and app-switcher, ✗ error (F9)"))
        #expect(markdown.components(separatedBy: "<details>").count == markdown.components(separatedBy: "</details>").count)
        // A pull-request comment holds at most 65,536 characters.
        #expect(markdown.count < 65_536, "\(markdown.count) characters")
    }

    @Test func manifestTextComesOutEscaped() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.hostileManifest, to: folder.appendingPathComponent("capture.yml"))
        let html = try runCapaudit(["report", "capture.yml"], in: folder)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains("<script>"))
        #expect(!html.stdout.contains("<img"))
        #expect(!html.stdout.contains("<b>bold"))
        #expect(html.stdout.contains("<q lang=\"en\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; Some details | are `hidden` @team while sharing.</q>"))
        #expect(html.stdout.contains("<h2 id=\"app-1-title\">Bank &lt;b&gt;bold&lt;/b&gt; &amp; co</h2>"))
        let markdown = try runCapaudit(["report", "capture.yml", "--format", "markdown"], in: folder)
        #expect(markdown.status == 0)
        #expect(!markdown.stdout.contains("<script>"))
        #expect(!markdown.stdout.contains("<img"))
        #expect(!markdown.stdout.contains("@team"))
        #expect(markdown.stdout.contains("“&lt;script&gt;alert('x')&lt;/script&gt; Some details \\| are \\`hidden\\` &#64;team while sharing.”"))
    }

    @Test func baselinedFindingsAreListedAsExemptions() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("bank.yml")
        try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"), to: manifest)
        let written = try runCapaudit(["check", "bank.yml", "--write-baseline", "baseline.json"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let report = try runCapaudit(["report", "bank.yml", "--baseline", "baseline.json"], in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("<p>In the baseline: <a href=\"#f-"))
        #expect(report.stdout.contains("<td>none <span class=\"muted\">(and 16 baselined)</span></td>"))
        #expect(report.stdout.contains("✗ error<sup>8</sup></a><br><small>baselined</small>"))
        let missing = try runCapaudit(["report", "bank.yml", "--baseline", "nowhere.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("baseline `nowhere.json` does not exist"))
    }

    @Test func badInputExitsTwo() throws {
        let missing = try runCapaudit(["report", "does/not/exist.yml"], in: Paths.packageRoot)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("capaudit report: does/not/exist.yml: no such file or folder"))
        let format = try runCapaudit(["report", "--format", "pdf", "Examples"], in: Paths.packageRoot)
        #expect(format.status == 2)
        #expect(format.stderr.contains("--format does not take `pdf`"))
        #expect(format.stdout.isEmpty)
    }

    @Test func noManifestAllowedWritesAnEmptyReportAndSaysSo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["report", "--allow-empty", "."], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("capaudit report: no manifest found under ."))
        #expect(result.stdout.contains("<p>No manifest with a matrix was found.</p>"))
    }
}

import Foundation
import TestSupport
import Testing

/// The browser's findings list on a narrow terminal: each finding's severity, and whether it is
/// baselined, stay on screen, so that a baselined warning cannot pass for a live one.
@Suite struct InteractiveExplainNarrowTests {
    @Test(arguments: [40, 80]) func severityAndBaselineStateStayVisible(width: Int) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"), to: folder.appendingPathComponent("flawed.yml"))
        // WRD003 (a warning) baselined, every other finding live.
        let baseline = try runCapaudit(["check", "--select", "WRD003", "--write-baseline", "baseline.json"], in: folder)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        try write("baseline: baseline.json\n", to: folder.appendingPathComponent(".capaudit.yml"))

        let terminal = try PseudoTerminal(
            arguments: [Paths.capauditBinary.path, "explain"], directory: folder.path, width: width, height: 24,
            environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "HOME": folder.path])
        try #require(terminal.wait { $0.lines[0].hasPrefix(" capaudit explain") }, "no first screen:\n\(terminal.screen.lines.joined(separator: "\n"))")
        terminal.send("\t")
        #expect(terminal.wait { $0.lines[0].contains("[Findings") })
        terminal.send("/wrd00")
        #expect(terminal.wait { $0.lines[23].hasPrefix(" /wrd00_") && $0.lines[1].hasPrefix(" WRD") })
        let rows = terminal.screen.lines[1...8]
        let shown = terminal.screen.lines.joined(separator: "\n")
        #expect(rows.contains { $0.hasPrefix(" WRD003 warning baselined  flawed.yml:2") }, "\(shown)")
        #expect(rows.contains { $0.hasPrefix(" WRD005 warning            flawed.yml:2") }, "\(shown)")
        terminal.send("\u{1B}")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }
}

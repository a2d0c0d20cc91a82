import Foundation
import TestSupport
import Testing

/// The coverage report against the same run's evidence: a cell whose every covering mechanism an
/// EVD finding says the code does not apply is contradicted (linked to that finding), not green;
/// an EVD finding suppressed inline was judged not to apply, and leaves the cell covered.
@Suite struct ReportContradictionTests {
    static let sources = ["--source", "android=android", "--source", "ios=ios"]

    static func copyOfTheFixture() throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Paths.fixture("Source"), to: folder)
        return folder
    }

    /// The Markdown row of the transfer screen's field, Android's four required threats.
    static func transferRow(_ markdown: String) -> String {
        markdown.split(separator: "\n").first { $0.hasPrefix("| Available balance `from-balance`") }.map(String.init) ?? ""
    }

    @Test func aClaimTheCodeContradictsIsNotGreen() throws {
        let folder = try Self.copyOfTheFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try runCapaudit(["report", "drift.yml", "--format", "html"] + Self.sources, in: folder)
        #expect(html.status == 0)
        let title = "<td class=\"contradicted\" title=\"Screen recording on Android: claimed by flag-secure, contradicted by the code (finding 7)\"><a href=\"#"
        let cell = try #require(html.stdout.components(separatedBy: title).dropFirst().first?.prefix { $0 != "<" }, "\(html.stdout)")
        #expect(cell.hasSuffix("\">⚠ FS"), "\(cell)")
        // The cell links to finding 7, the EVD001 that says the transfer screen's code does not set the flag.
        let anchor = cell.prefix { $0 != "\"" }
        let findingRow = try #require(html.stdout.components(separatedBy: "id=\"\(anchor)\"").dropFirst().first?.prefix(400))
        #expect(findingRow.contains("EVD001"), "\(findingRow)")
        let markdown = try runCapaudit(["report", "drift.yml", "--format", "markdown"] + Self.sources, in: folder).stdout
        #expect(Self.transferRow(markdown).hasSuffix("| – | ⚠ FS F7<br><sub>contradicted</sub> | ⚠ FS F7<br><sub>contradicted</sub> | ⚠ FS F7<br><sub>contradicted</sub> | ⚠ FS F7<br><sub>contradicted</sub> |"), "\(markdown)")
        #expect(!Self.transferRow(markdown).contains("✓ FS"))
    }

    @Test func anEvidenceFindingSuppressedInlineLeavesTheCellCovered() throws {
        let folder = try Self.copyOfTheFixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("drift.yml")
        let text = try readText(manifest).replacingOccurrences(
            of: "    ios: [redact-on-capture]\n      android: [flag-secure]\n    code:\n      android: [TransferActivity]",
            with: "    ios: [redact-on-capture]\n      android: [flag-secure]   # capaudit: ignore EVD001 -- set by the navigation library\n    code:\n      android: [TransferActivity]")
        try write(text, to: manifest)
        let markdown = try runCapaudit(["report", "drift.yml", "--format", "markdown"] + Self.sources, in: folder).stdout
        #expect(Self.transferRow(markdown).hasSuffix("| – | ✓ FS<br><sub>declared only</sub> | ✓ FS<br><sub>declared only</sub> | ✓ FS<br><sub>declared only</sub> | ✓ FS<br><sub>declared only</sub> |"), "\(markdown)")
    }
}

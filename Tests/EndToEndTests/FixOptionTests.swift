import CapauditKit
import Foundation
import JSON
import Testing
import TestSupport

/// `check --fix`, `--unsafe-fixes` and `--diff` as a user meets them: what each applies, the
/// closing line, the reason a fix is left out, suppressed and baselined findings left alone,
/// the file written in place (its mode, through a symbolic link), and the combinations refused.
@Suite struct FixOptionTests {
    /// Two CAP001 findings with unsafe fixes; the fix of `pan` would make its BNK001 suppression
    /// unused (SUP002), so it is left out.
    static let manifest = """
        capaudit: 1
        app:
          name: Northwind Bank
          profile: banking
          platforms:
            ios:
              deployment-target: "17.0"
        capture:
          detect: [scene-capture-state]
        screens:
          - id: cards
            title: Cards
            fields:
              # capaudit: ignore BNK001 -- the full number is needed here (CARDS-1)
              - id: pan
                label: Card number
                kind: card-number
              - id: balance
                label: Balance
                kind: balance

        """

    static func folder() throws -> URL {
        let folder = try makeTemporaryFolder("capaudit-fix-options")
        try write(manifest, to: folder.appendingPathComponent("m.yml"))
        return folder
    }

    @Test func withoutUnsafeFixesNothingIsWrittenAndTheClosingLineSaysWhy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let diff = try runCapaudit(["check", "m.yml", "--diff"], in: folder)
        #expect(diff.status == 0)
        #expect(diff.stdout == "")
        #expect(diff.stderr == "capaudit check: no fix to apply; 2 unsafe fixes not applied (add --unsafe-fixes to apply them)\n")
        let fix = try runCapaudit(["check", "m.yml", "--fix", "--format", "concise"], in: folder)
        #expect(fix.status == 1)
        #expect(fix.stdout.contains("2 fixable with --unsafe-fixes."), "\(fix.stdout)")
        #expect(try readText(folder.appendingPathComponent("m.yml")) == Self.manifest)
    }

    @Test func unsafeFixesAreAppliedInPlaceAndAFixThatAddsAFindingIsLeftOutWithItsReason() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.yml")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.yml").path, withDestinationPath: "m.yml")

        let diff = try runCapaudit(["check", "link.yml", "--diff", "--unsafe-fixes"], in: folder)
        #expect(diff.status == 1)
        #expect(diff.stdout.hasPrefix("--- a/link.yml\n+++ b/link.yml\n@@ -18,3 +18,9 @@\n"), "\(diff.stdout)")
        let refusal = "note: link.yml:15:9: CAP001: not fixed, because it would add SUP002 at line 14 (unused suppression: no BNK001 finding on line 15)\n"
        #expect(diff.stderr == refusal + "capaudit check: would fix 1 finding in 1 file\n")
        #expect(try readText(file) == Self.manifest)

        let fix = try runCapaudit(["check", "link.yml", "--fix", "--unsafe-fixes", "--format", "concise"], in: folder)
        #expect(fix.status == 1, "the finding left out still fails the gate")
        #expect(fix.stderr == refusal + "capaudit check: fixed 1 finding in 1 file\n")
        #expect(fix.stdout.hasPrefix("link.yml:15:9: CAP001 `pan`"), "\(fix.stdout)")
        #expect(try readText(file) == Self.manifest + """
                    protect:
                      ios: [redact-on-capture, cover-on-background]
                notices:
                  - when: capture
                    style: inline
                    text: "Screen sharing is active. Some details are hidden."

            """)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.yml").path) == "m.yml")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.yml", "m.yml"], "no temporary file is left")
    }

    @Test func baselinedFindingsAreNeverFixed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try runCapaudit(["check", "m.yml", "--write-baseline", "baseline.json"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let fix = try runCapaudit(["check", "m.yml", "--fix", "--unsafe-fixes", "--baseline", "baseline.json"], in: folder)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(fix.stderr.hasSuffix("capaudit check: no fix to apply\n"), "\(fix.stderr)")
        #expect(try readText(folder.appendingPathComponent("m.yml")) == Self.manifest)
    }

    /// A reasoned opt-out (CAP007, info) is a decision: its fix is shown, never applied.
    @Test func aReasonedOptOutIsShownAFixButNeverLosesItToFix() throws {
        let folder = try makeTemporaryFolder("capaudit-fix-opt-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try readText(Paths.packageRoot.appendingPathComponent("Examples/health/clean.yml"))
        try write(clean, to: folder.appendingPathComponent("m.yml"))
        let json = try runCapaudit(["check", "m.yml", "--format", "json"], in: folder)
        let report = try JSONParser.parse(json.stdout)
        let optOuts = (report["findings"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "CAP007" }
        #expect(optOuts.count == 3)
        for finding in optOuts {
            #expect(finding["fix"]?["applicability"]?.stringValue == "display", "\(finding)")
            let edits = finding["fix"]?["edits"]?.arrayValue ?? []
            #expect(!edits.isEmpty, "the change is shown: \(finding)")
        }
        let fix = try runCapaudit(["check", "m.yml", "--fix", "--unsafe-fixes"], in: folder)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(fix.stderr.hasSuffix("capaudit check: no fix to apply\n"), "\(fix.stderr)")
        #expect(try readText(folder.appendingPathComponent("m.yml")) == clean)
    }

    @Test(arguments: [
        (["--fix", "--staged"], "--fix cannot be combined with --staged"),
        (["--diff", "--staged"], "--diff cannot be combined with --staged"),
        (["m.yml", "--unsafe-fixes"], "--unsafe-fixes only widens --fix or --diff"),
        (["-", "--fix"], "--fix rewrites files, and standard input (`-`) is none"),
        (["m.yml", "--diff", "--format", "json"], "--diff prints the diff and no report, so not with --format"),
        (["m.yml", "--fix", "--write-baseline", "b.json"], "--fix cannot be combined with --write-baseline"),
    ])
    func combinationsThatCannotWorkAreRefused(_ arguments: [String], _ reason: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["check"] + arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(try readText(folder.appendingPathComponent("m.yml")) == Self.manifest)
    }
}

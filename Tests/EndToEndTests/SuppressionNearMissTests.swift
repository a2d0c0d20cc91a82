import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// Suppression comments that do not silence what they meant to, end to end: a near miss is a
/// SUP004 finding with the form that was meant, and the finding it meant stays; an unused
/// suppression on the wrong line names the nearest finding of its rule.
@Suite struct SuppressionNearMissTests {
    static let head = """
        capaudit: 1
        app:
          name: Northwind Bank
          profile: general
          platforms:
            ios:
              deployment-target: "17.0"
        # capaudit checks this file in CI; CAP001 is explained in docs/rules.md.
        screens:

        """

    /// A screen `id` with a field `iban` under `comment` (its line is the one after `head`'s lines).
    static func screen(_ id: String, comment: String) -> String {
        "  - id: \(id)\n    title: \(id)\n    fields:\n      \(comment)\n      - id: iban\n        label: IBAN\n        kind: account-number\n"
    }

    /// "RULE line:col message | help" for every finding.
    static func findings(_ json: String) throws -> [String] {
        let report = try JSONParser.parse(json)
        return (report["findings"]?.arrayValue ?? []).map { finding in
            "\(finding["rule"]?.stringValue ?? "") \(finding["line"]?.intValue ?? 0):\(finding["column"]?.intValue ?? 0) "
                + "\(finding["message"]?.stringValue ?? "") | \(finding["help"]?.stringValue ?? "")"
        }
    }

    @Test func nearMissesAreReportedAndSilenceNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = Self.head
            + Self.screen("a", comment: "# capaudit ignore CAP001 -- read back by an agent")
            + Self.screen("b", comment: "# capaudit: ignore CAP001 - read back by an agent")
            + Self.screen("c", comment: "# capaudit: ignore CAP001 -- read back by an agent")
        try write(manifest, to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "app.yml", "--format", "json"], in: folder)
        let cap001 = "`iban` (account-number) is exposed to recording, mirroring, remote-control and app-switcher on iOS: nothing protects it there"
        let found = try Self.findings(result.stdout).map { $0.hasPrefix("CAP001") ? String($0.prefix { $0 != "|" }) : $0 }
        #expect(found == [
            "SUP004 13:7 this comment is not a suppression and silences nothing: the colon after `capaudit` is missing"
                + " | write `# capaudit: ignore CAP001 -- read back by an agent`",
            "CAP001 14:9 \(cap001) ",
            "SUP004 20:7 this comment is not a suppression and silences nothing: the reason follows `-`; write two hyphens, `--`"
                + " | write `# capaudit: ignore CAP001 -- read back by an agent`",
            "CAP001 21:9 \(cap001) ",
        ], "\(result.stdout)")
    }

    @Test func anUnusedSuppressionNamesTheNearestFindingOfItsRule() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The comment stands above `fields:`, one line too high for the field's finding.
        let manifest = Self.head + """
              - id: a
                title: A
                # capaudit: ignore CAP001 -- read back by an agent
                fields:
                  - id: iban
                    label: IBAN
                    kind: account-number

            """
        try write(manifest, to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "app.yml", "--format", "json", "--select", "SUP002"], in: folder)
        #expect(try Self.findings(result.stdout) == [
            "SUP002 12:5 unused suppression: no CAP001 finding on line 13; the nearest CAP001 finding is at 14:9"
                + " | put the comment on line 14 or on its own line above it, or remove `CAP001` from the comment"
        ], "\(result.stdout)")
    }
}

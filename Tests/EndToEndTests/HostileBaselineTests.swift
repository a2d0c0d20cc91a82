import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// The baseline against a hostile or careless hand: a baselined mistake never hides content the
/// mistake made capaudit skip, an entry hides only the finding it names (rule and path
/// included), no count crashes the run, a huge stale baseline is reported in n log n time, and
/// writing a baseline for some files keeps the entries of the others.
@Suite struct HostileBaselineTests {
    /// One screen, `legacy`, and the first line of its `fields`.
    static let header = """
        capaudit: 1
        app:
          name: Harbourline Bank
          profile: banking
          platforms:
            android:
              min-sdk: 28
              target-sdk: 35
        screens:
          - id: legacy
            title: Legacy
            fields:

        """

    static let screen = header + """
              - id: note
                label: Note
                kind: text

        """

    /// A card number shown in full: BNK001 at its first line, whatever protects the screen.
    static let cardNumber = """
              - id: pan
                label: Card number
                kind: card-number
                display: full

        """

    static func folder(_ manifest: String) throws -> URL {
        let folder = try makeTemporaryFolder()
        try write(manifest, to: folder.appendingPathComponent("bank.yml"))
        return folder
    }

    static func writeBaseline(in folder: URL, _ extra: [String] = []) throws {
        let written = try runCapaudit(["check", "--write-baseline", "baseline.json"] + extra, in: folder)
        #expect(written.status == 0, "\(written.stderr)")
    }

    static func rules(_ result: RunResult) throws -> [String] {
        let findings = try #require(JSONParser.parse(result.stdout)["findings"]?.arrayValue, "\(result.stdout)\(result.stderr)")
        return findings.compactMap { $0["rule"]?.stringValue }
    }

    static func baselineText(in folder: URL) throws -> String {
        try readText(folder.appendingPathComponent("baseline.json"))
    }

    // MARK: Content skipped because of a mistake never passes because the mistake was baselined

    @Test func aBaselinedTitleMistakeNeverHidesACardNumberAddedToItsScreen() throws {
        let broken = Self.screen.replacingOccurrences(of: "title: Legacy", with: "title: {en: Legacy}")
        let folder = try Self.folder(broken)
        try Self.writeBaseline(in: folder)
        let before = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(before.status == 0, "\(before.stdout)")
        #expect(before.stdout.contains("No findings in 1 manifest. (1 suppressed)"), "\(before.stdout)")
        try write(broken + Self.cardNumber, to: folder.appendingPathComponent("bank.yml"))
        let after = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(after.status == 1, "\(after.stdout)")
        #expect(after.stdout.contains("bank.yml:16:9: error BNK001 card-number-unmasked: card number `pan` is shown in full"), "\(after.stdout)")
    }

    /// Every screen title and action label of the flawed bank example, one at a time, turned into
    /// a map where a string is required: the run gives the MAN002 at that value and, besides it,
    /// exactly the findings of the example, so that the rest of the screen is still checked and
    /// nothing follows from the lost value.
    @Test func aWrongTitleOrActionLabelCountsAsAbsentWithNoCascade() throws {
        let example = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        let lines = example.components(separatedBy: "\n")
        var inActions = false
        var mutable: [Int] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("  - ") || (line.hasPrefix("    ") && !line.hasPrefix("     ")) { inActions = line == "    actions:" }
            if line.hasPrefix("    title: ") || (inActions && line.hasPrefix("        label: ")) { mutable.append(index) }
        }
        #expect(mutable.count >= 12, "\(mutable)")
        let folder = try makeTemporaryFolder()
        func findings(_ text: String) throws -> Set<String> {
            try write(text, to: folder.appendingPathComponent("bank.yml"))
            let result = try runCapaudit(["check", "--format", "json", "bank.yml"], in: folder)
            let items = try #require(JSONParser.parse(result.stdout)["findings"]?.arrayValue, "\(result.stderr)")
            return Set(items.map { item in
                ["rule", "line", "column", "path", "message"].map { key in item[key].flatMap { $0.stringValue ?? $0.intValue.map(String.init) } ?? "" }
                    .joined(separator: " | ")
            })
        }
        let original = try findings(example)
        for index in mutable {
            var mutated = lines
            let line = lines[index]
            let colon = try #require(line.firstIndex(of: ":"))
            mutated[index] = line[...colon] + " {en: \(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))}"
            let found = try findings(mutated.joined(separator: "\n"))
            let added = found.subtracting(original)
            #expect(original.isSubset(of: found), "line \(index + 1): \(original.subtracting(found))")
            #expect(added.count == 1 && added.first?.hasPrefix("MAN002 | \(index + 1) | ") == true, "line \(index + 1): \(added)")
        }
    }

    /// Mistakes that leave a node out of the policy rules (a screen, a field, a notice, a whole
    /// document), each with a change inside what was left out: the change makes the baselined
    /// finding new.
    static let skippingMistakes: [(name: String, mistake: @Sendable (String) -> String, change: @Sendable (String) -> String, rule: String)] = [
        ("a wrong window drops its screen", { $0.replacingOccurrences(of: "    title: Legacy\n", with: "    title: Legacy\n    window: 3\n") }, { $0 + cardNumber }, "MAN002"),
        ("an unknown kind drops its field", { $0.replacingOccurrences(of: "kind: text", with: "kind: card-numbr") }, { $0 + "        display: full\n" }, "MAN002"),
        ("a duplicate screen is left out", { $0 + "  - id: legacy\n    fields:\n      - {id: other, kind: text}\n" }, { $0 + "      - {id: cvv, kind: card-security-code, input: plain}\n" }, "MAN003"),
        ("an unknown `when` drops its notice", { $0 + "    notices:\n      - when: captur\n        text: Hidden while shared.\n" }, { $0.replacingOccurrences(of: "Hidden while shared.", with: "SECURITY ALERT!") }, "MAN002"),
        ("a wrong min-sdk leaves the platform out", { $0.replacingOccurrences(of: "min-sdk: 28", with: "min-sdk: twenty-eight") }, { $0 + cardNumber }, "MAN002"),
        ("an unknown profile leaves the document out", { $0.replacingOccurrences(of: "profile: banking", with: "profile: bankin") }, { $0 + cardNumber }, "MAN002"),
        ("a syntax error stops the file", { $0 + "  - id: [unclosed\n" }, { $0.replacingOccurrences(of: "kind: text\n", with: "kind: text\n" + cardNumber) }, "MAN001"),
        ("a document that is no manifest is left out", { $0 + "---\nnotes: [a]\n" }, { $0.replacingOccurrences(of: "[a]", with: "[a, b]") }, "MAN002"),
    ]

    @Test(arguments: skippingMistakes.indices)
    func aChangeInsideSkippedContentMakesItsMistakeNew(_ index: Int) throws {
        let (name, mistake, change, rule) = Self.skippingMistakes[index]
        let broken = mistake(Self.screen)
        #expect(broken != Self.screen, "\(name): the mistake changed nothing")
        let folder = try Self.folder(broken)
        try Self.writeBaseline(in: folder)
        let before = try runCapaudit(["check", "--baseline", "baseline.json", "--format", "json", "bank.yml"], in: folder)
        #expect(before.status == 0, "\(name): \(before.stdout)")
        #expect(try Self.rules(before).isEmpty, "\(name): \(before.stdout)")
        try write(change(broken), to: folder.appendingPathComponent("bank.yml"))
        let after = try runCapaudit(["check", "--baseline", "baseline.json", "--format", "json", "bank.yml"], in: folder)
        #expect(after.status == 1, "\(name): \(after.stdout)")
        #expect(try Self.rules(after).contains(rule), "\(name): \(after.stdout)")
        #expect(try Self.rules(after).contains("SUP002"), "\(name): the old entry is stale: \(after.stdout)")
    }

    // MARK: An entry hides only the finding it names

    /// A screen with nothing protecting its IBAN: CAP001 at `screens[id=legacy].fields[id=iban]`.
    static let unprotected = header + """
              - id: iban
                label: IBAN
                kind: account-number

        """

    static let rewrites: [(name: String, from: String, to: String)] = [
        ("rule", "\"rule\": \"CAP001\"", "\"rule\": \"WRD001\""),
        ("rule by slug of another rule", "\"rule\": \"CAP001\"", "\"rule\": \"unused-suppression\""),
        ("path", "\"path\": \"screens[id=legacy].fields[id=iban]\"", "\"path\": \"screens[id=legacy]\""),
    ]

    @Test(arguments: rewrites.indices)
    func anEntryWhoseRuleOrPathWasRewrittenHidesNothing(_ index: Int) throws {
        let (name, from, to) = Self.rewrites[index]
        let folder = try Self.folder(Self.unprotected)
        try Self.writeBaseline(in: folder)
        let written = try Self.baselineText(in: folder)
        #expect(written.contains(from), "\(written)")
        try write(written.replacingOccurrences(of: from, with: to), to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 1, "\(name): \(result.stdout)")
        #expect(result.stdout.contains("bank.yml:13:9: error CAP001 sensitive-data-exposed: `iban` (account-number)"), "\(name): \(result.stdout)")
        #expect(result.stdout.contains(
            "matches no finding: the finding with its fingerprint is CAP001 at `screens[id=legacy].fields[id=iban]`, and an entry hides a finding only when its rule and path are the finding's"),
            "\(name): \(result.stdout)")
    }

    @Test func anEntryNamingADeprecatedRuleStandsForItsReplacement() throws {
        let folder = try makeTemporaryFolder()
        try write(RulePacks.deprecatedCopyRule, to: folder.appendingPathComponent("pack/rules/ACME900.yml"))
        try write(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")), to: folder.appendingPathComponent("bank.yml"))
        let options = ["--rules", "pack", "--preview", "--select", "CAP013"]
        try Self.writeBaseline(in: folder, options + ["bank.yml"])
        let written = try Self.baselineText(in: folder)
        #expect(written.contains("\"rule\": \"CAP013\""), "\(written)")
        try write(written.replacingOccurrences(of: "\"rule\": \"CAP013\"", with: "\"rule\": \"ACME900\""), to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "--format", "json"] + options + ["bank.yml"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try Self.rules(result).isEmpty, "\(result.stdout)")
    }

    // MARK: Numbers

    @Test func countsThatAddUpPastTheLargestIntegerAreALocatedErrorNotACrash() throws {
        let folder = try Self.folder(Self.unprotected)
        let entry = "{\"fingerprint\": \"0123456789abcdef\", \"rule\": \"CAP001\", \"file\": \"bank.yml\", \"count\": 9223372036854775807}"
        try write("{\"version\": 1, \"findings\": [\n  \(entry),\n  \(entry)\n]}\n", to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(
            "baseline.json:2:86: `count` must be at most 1000000000 (more findings than any run gives), found 9223372036854775807; write the number of findings the entry covers"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func entriesForOneFindingEachCoverTheirOwnCount() throws {
        let folder = try Self.folder(Self.unprotected)
        try Self.writeBaseline(in: folder)
        let written = try Self.baselineText(in: folder)
        let doubled = written.replacingOccurrences(of: "\"count\": 1\n    }\n", with: "\"count\": 1000000000\n    },\n    {\"fingerprint\": \"\(try Self.fingerprint(in: written))\", \"rule\": \"CAP001\", \"file\": \"bank.yml\", \"path\": \"screens[id=legacy].fields[id=iban]\", \"count\": 1000000000}\n")
        #expect(doubled != written)
        try write(doubled, to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("baseline.json:6:22: warning SUP002 unused-suppression: baseline entry CAP001 at `screens[id=legacy].fields[id=iban]` in bank.yml matches 1 of its 1000000000 findings any more"), "\(result.stdout)")
        #expect(result.stdout.contains("baseline.json:12:21: warning SUP002 unused-suppression: baseline entry CAP001 at `screens[id=legacy].fields[id=iban]` in bank.yml matches no finding any more"), "\(result.stdout)")
    }

    static func fingerprint(in baseline: String) throws -> String {
        let entries = try #require(JSONParser.parse(baseline)["findings"]?.arrayValue)
        return try #require(entries.first?["fingerprint"]?.stringValue)
    }

    // MARK: Time

    /// 0.2.0 found the position of each stale entry by scanning its line from the start: a
    /// baseline written on one line (as a JSON tool minifies it) took 43 s for 20 000 entries, and
    /// would take minutes for this many. The bound is generous; the run is linear.
    @Test func aLargeStaleBaselineOnOneLineIsReportedInLinearTime() throws {
        let folder = try Self.folder(Self.unprotected)
        let count = 60_000
        let entries = (0..<count).map { index in
            let file = index.isMultiple(of: 10) ? "gone/\(index).yml" : "bank.yml"
            return "{\"fingerprint\":\"\(Fingerprint.hex(UInt64(index) &* 0x9E37_79B9_7F4A_7C15))\",\"rule\":\"CAP001\",\"file\":\"\(file)\",\"path\":\"s\(index)\",\"count\":2}"
        }
        try write("{\"version\":1,\"findings\":[" + entries.joined(separator: ",") + "]}", to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "--format", "json", "bank.yml"], in: folder, timeout: 100)
        #expect(result.status == 1, "\(result.stderr)")
        let findings = try #require(JSONParser.parse(result.stdout)["findings"]?.arrayValue)
        let stale = findings.filter { $0["rule"]?.stringValue == "SUP002" }
        #expect(stale.count == count, "every entry is stale")
        #expect(stale.last?["column"]?.intValue == 1 + entries.dropLast().reduce(25) { $0 + $1.count + 1 } + 15, "\(String(describing: stale.last))")
        #expect(findings.contains { $0["rule"]?.stringValue == "CAP001" })
    }

    // MARK: Writing keeps what it did not check

    static func twoManifests() throws -> URL {
        let folder = try Self.folder(Self.unprotected)
        try write(Self.unprotected.replacingOccurrences(of: "id: legacy", with: "id: other"), to: folder.appendingPathComponent("other.yml"))
        return folder
    }

    @Test func writingTheBaselineOfOneFileKeepsTheEntriesOfTheOthers() throws {
        let folder = try Self.twoManifests()
        try Self.writeBaseline(in: folder)
        let full = try Self.baselineText(in: folder)
        #expect(full.contains("\"file\": \"other.yml\"") && full.contains("\"file\": \"bank.yml\""), "\(full)")
        try Self.writeBaseline(in: folder, ["bank.yml"])
        #expect(try Self.baselineText(in: folder) == full)
        let result = try runCapaudit(["check", "--baseline", "baseline.json"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("No findings in 2 manifests. (2 suppressed)"), "\(result.stdout)")
    }

    @Test func writingTheBaselineOfASelectionKeepsTheEntriesOfTheOtherRules() throws {
        let folder = try Self.folder(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")))
        try Self.writeBaseline(in: folder)
        let full = try Self.baselineText(in: folder)
        #expect(full.contains("\"rule\": \"CAP001\"") && full.contains("\"rule\": \"AND001\""), "\(full)")
        try Self.writeBaseline(in: folder, ["--select", "CAP001"])
        #expect(try Self.baselineText(in: folder) == full)
        try Self.writeBaseline(in: folder, ["--ignore", "AND001/overlay-permission"])
        #expect(try Self.baselineText(in: folder) == full)
    }

    @Test func writingTheBaselineOfAnEmptyIndexKeepsEveryEntry() throws {
        let folder = try Self.twoManifests()
        try makeGitRepository(at: folder)
        for arguments in [["add", "bank.yml", "other.yml"], ["commit", "-q", "-m", "manifests"]] {
            let result = try run("git", ["-C", folder.path] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try Self.writeBaseline(in: folder)
        let full = try Self.baselineText(in: folder)
        #expect(full.contains("\"file\": \"other.yml\"") && full.contains("\"file\": \"bank.yml\""), "\(full)")
        try Self.writeBaseline(in: folder, ["--staged"])
        #expect(try Self.baselineText(in: folder) == full)
    }

    @Test func aBaselineWrittenFromASubfolderNamesFilesFromTheRepositoryRoot() throws {
        let folder = try Self.folder(Self.unprotected)
        try write(Self.unprotected.replacingOccurrences(of: "id: legacy", with: "id: other"), to: folder.appendingPathComponent("sub/other.yml"))
        try makeGitRepository(at: folder)
        try Self.writeBaseline(in: folder)
        let full = try Self.baselineText(in: folder)
        #expect(full.contains("\"file\": \"sub/other.yml\"") && full.contains("\"file\": \"bank.yml\""), "\(full)")
        let sub = folder.appendingPathComponent("sub")
        let written = try runCapaudit(["check", "--write-baseline", "../baseline.json"], in: sub)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Self.baselineText(in: folder) == full)
        let result = try runCapaudit(["check", "--baseline", "../baseline.json"], in: sub)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("No findings in 1 manifest. (1 suppressed)"), "\(result.stdout)")
    }

    @Test func writingOverABaselineThatCannotBeReadIsRefused() throws {
        let folder = try Self.folder(Self.unprotected)
        try write("<<<<<<< HEAD\n{}\n", to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--write-baseline", "baseline.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("baseline.json:1:1: not valid JSON"), "\(result.stderr)")
        #expect(result.stderr.contains("the baseline to replace cannot be read, so the entries of files this run does not check cannot be kept; fix it, or delete it to write a new one"), "\(result.stderr)")
        #expect(try Self.baselineText(in: folder) == "<<<<<<< HEAD\n{}\n")
    }

    @Test func anEntryOfAFileThatNoLongerExistsIsStaleAndIsNotWrittenAgain() throws {
        let folder = try Self.twoManifests()
        try Self.writeBaseline(in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("other.yml"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("SUP002 unused-suppression: baseline entry CAP001 at `screens[id=other].fields[id=iban]` in other.yml names a file that does not exist any more"), "\(result.stdout)")
        try Self.writeBaseline(in: folder)
        let rewritten = try Self.baselineText(in: folder)
        #expect(rewritten.contains("\"file\": \"bank.yml\"") && !rewritten.contains("other.yml"), "\(rewritten)")
    }

    @Test func anInlineSuppressionIsNeverRecordedSoRemovingItFailsTheGate() throws {
        let suppressed = Self.unprotected.replacingOccurrences(of: "      - id: iban", with: "      # capaudit: ignore CAP001 -- shown to agents\n      - id: iban")
        let folder = try Self.folder(suppressed)
        try Self.writeBaseline(in: folder)
        #expect(try Self.baselineText(in: folder) == "{\n  \"version\": 1,\n  \"tool\": \"capaudit\",\n  \"findings\": []\n}\n")
        try write(Self.unprotected, to: folder.appendingPathComponent("bank.yml"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("bank.yml:13:9: error CAP001 sensitive-data-exposed: `iban` (account-number)"), "\(result.stdout)")
    }

    static let reportOptions: [[String]] = [["--format", "sarif=out.sarif"], ["--format", "json"], ["--output", "out.txt"], ["--baseline", "old.json"]]

    @Test(arguments: reportOptions)
    func writingABaselineWritesNoReportAndSaysSo(_ options: [String]) throws {
        let folder = try Self.folder(Self.unprotected)
        let result = try runCapaudit(["check", "--write-baseline", "baseline.json"] + options, in: folder)
        #expect(result.status == 2, "\(options): \(result.stderr)")
        #expect(result.stderr.contains("--write-baseline cannot be combined with \(options[0])"), "\(result.stderr)")
        #expect(result.stderr.contains("run `capaudit check --baseline FILE` afterwards for reports"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("baseline.json").path))
    }

    // MARK: How the file is written by hand

    static let fileSpellings = ["./bank.yml", "sub/../bank.yml", ".//bank.yml", "ABSOLUTE/bank.yml"]

    @Test(arguments: fileSpellings)
    func anEntryFileSpelledAnotherWayStillMatches(_ spelling: String) throws {
        let folder = try Self.folder(Self.unprotected)
        try Self.writeBaseline(in: folder)
        let file = spelling.replacingOccurrences(of: "ABSOLUTE", with: folder.resolvingSymlinksInPath().path)
        let written = try Self.baselineText(in: folder)
        try write(written.replacingOccurrences(of: "\"file\": \"bank.yml\"", with: "\"file\": \"\(file)\""), to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 0, "\(spelling): \(result.stdout)")
        #expect(result.stdout.contains("No findings in 1 manifest. (1 suppressed)"), "\(spelling): \(result.stdout)")
    }

    @Test func aBaselineWithCRLFAndAByteOrderMarkReadsAndPointsAtItsLines() throws {
        let folder = try Self.folder(Self.unprotected)
        try Self.writeBaseline(in: folder)
        let written = try Self.baselineText(in: folder)
        let stale = written.replacingOccurrences(of: "\"path\": \"screens[id=legacy].fields[id=iban]\"", with: "\"path\": \"screens[id=legacy].fields[id=iban]\", \"x\": 1")
            + "\n"
        let entry = "{\"fingerprint\": \"00000000000000aa\", \"rule\": \"CAP001\", \"file\": \"bank.yml\"}"
        let withStale = stale.replacingOccurrences(of: "  ]\n}", with: "  , \(entry)\n  ]\n}")
        #expect(withStale != stale)
        try writeBytes([0xEF, 0xBB, 0xBF] + Array(withStale.replacingOccurrences(of: "\n", with: "\r\n").utf8), toPath: Array(folder.appendingPathComponent("baseline.json").path.utf8))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("baseline.json:12:21: warning SUP002 unused-suppression: baseline entry CAP001 at `` in bank.yml matches no finding any more"), "\(result.stdout)")
        #expect(result.stdout.contains("(1 suppressed)"), "\(result.stdout)")
    }

    @Test func staleEntriesOfABaselineOnOneLinePointAtTheirColumns() throws {
        let folder = try Self.folder(Self.unprotected)
        let entries = (0..<3).map { "{\"fingerprint\": \"00000000000000a\($0)\", \"rule\": \"CAP001\", \"file\": \"bank.yml\", \"path\": \"é\($0)\"}" }
        try write("{\"version\": 1, \"findings\": [" + entries.joined(separator: ", ") + "]}", to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        for (index, column) in [45, 134, 223].enumerated() {
            #expect(result.stdout.contains("baseline.json:1:\(column): warning SUP002 unused-suppression: baseline entry CAP001 at `é\(index)`"), "\(result.stdout)")
        }
    }
}

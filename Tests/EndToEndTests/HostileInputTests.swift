import Foundation
import TestSupport
import Testing

/// Hostile and unusual inputs, end to end: each gives a located one-line reason (or is accepted
/// as designed), never a crash or a hang, and the other files of the run are still reported.
@Suite struct HostileInputTests {
    static let good = """
        capaudit: 1
        app:
          name: Good
          profile: general
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: home
            fields:
              - id: note
                label: Note

        """

    /// Two seconds a case for the release binary (CI sets CAPAUDIT_BINARY to it); a debug build,
    /// several times slower, gets a hang guard instead.
    static let timeBudget: Double = ProcessInfo.processInfo.environment["CAPAUDIT_BINARY"] == nil ? 15 : 2

    struct Outcome {
        var result: RunResult
        var seconds: Double
    }

    /// Runs `check` on the hostile file next to a good manifest with a finding-free body, and
    /// checks the good one is still reported (it appears in the JSON file list).
    func check(_ name: String, bytes: [UInt8], extra: [String] = [], expectStatus: Int32) throws -> (Outcome, [String: Any]) {
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        let start = Date()
        let result = try runCapaudit(["check", "--format", "json", name, "good.yml"] + extra, in: folder)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == expectStatus, "\(name): exit \(result.status)\n\(result.stdout)\n\(result.stderr)")
        #expect(seconds < Self.timeBudget, "\(name) took \(seconds) s")
        print("hostile input \(name): \(Int(seconds * 1000)) ms")
        let report = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        let files = (report["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(files.contains("good.yml"), "\(name): the good file was not reported: \(result.stdout.prefix(400))")
        return (Outcome(result: result, seconds: seconds), report)
    }

    func findings(_ report: [String: Any]) -> [[String: Any]] {
        report["findings"] as? [[String: Any]] ?? []
    }

    func expectFinding(_ report: [String: Any], rule: String, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        let matching = findings(report).filter { ($0["rule"] as? String) == rule && ($0["file"] as? String) == file }
        #expect(matching.count >= 1, "no \(rule) in \(file): \(findings(report).map { "\($0["rule"] ?? "") \($0["message"] ?? "")" })")
        guard let first = matching.first else { return }
        if let line { #expect(first["line"] as? Int == line, "\(rule) line") }
        if let column { #expect(first["column"] as? Int == column, "\(rule) column") }
        #expect((first["message"] as? String)?.contains(message) == true, "\(rule) message: \(first["message"] ?? "")")
        #expect(!((first["message"] as? String) ?? "").contains("\n"), "a one-line reason")
    }

    @Test func invalidYAML() throws {
        let (_, report) = try check("broken.yml", bytes: Array("capaudit: 1\napp: [unclosed\nscreens: []\n".utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "broken.yml", line: 3, message: "flow sequence")
    }

    @Test func invalidUTF8() throws {
        let (_, report) = try check("latin1.yml", bytes: Array("capaudit: 1\napp:\n  name: Caf".utf8) + [0xE9, 0x0A], expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "latin1.yml", line: 3, column: 12, message: "UTF-8")
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text = Self.good.replacingOccurrences(of: "\n", with: "\r\n")
        let (_, report) = try check("bom.yml", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), expectStatus: 0)
        #expect(findings(report).isEmpty)
    }

    @Test func tabsAsIndentation() throws {
        let (_, report) = try check("tabs.yml", bytes: Array("capaudit: 1\napp:\n\tname: T\n".utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "tabs.yml", line: 3, column: 1, message: "tab")
    }

    /// Skipped quietly, as the pre-commit framework names every staged YAML file; with `--verbose`, with a note.
    @Test func emptyCommentOnlyAndBinaryFilesAreSkippedWithANote() throws {
        for (name, bytes) in [("empty.yml", [UInt8]()), ("comments.yml", Array("# nothing here\n# at all\n".utf8)), ("binary.yml", [0x00, 0xFF, 0x7F, 0x10, 0x00, 0x89])] {
            let (quiet, report) = try check(name, bytes: bytes, expectStatus: 0)
            #expect(quiet.result.stderr == "", "\(name): \(quiet.result.stderr)")
            #expect(findings(report).isEmpty)
            let (verbose, _) = try check(name, bytes: bytes, extra: ["--verbose"], expectStatus: 0)
            #expect(verbose.result.stderr == "note: \(name): skipped, not a capaudit manifest (no top-level `capaudit` key)\n", "\(name): \(verbose.result.stderr)")
        }
    }

    @Test func fileOverTheSizeLimit() throws {
        let body = "capaudit: 1\n" + String(repeating: "# padding\n", count: 2_000)
        let (_, report) = try check("big.yml", bytes: Array(body.utf8), extra: ["--max-file-size", "10000"], expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "big.yml", line: 1, column: 1, message: "over the limit of 10000")
    }

    @Test func hundredMegabyteFile() throws {
        var bytes = Array("capaudit: 1\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "#"), count: 100 * 1024 * 1024)
        let (_, report) = try check("huge.yml", bytes: bytes, expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "huge.yml", message: "over the limit")
    }

    @Test func deepNesting() throws {
        let text = "capaudit: 1\napp: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        let (_, report) = try check("deep.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "deep.yml", line: 2, message: "deeper than 512")
    }

    @Test func aliasBomb() throws {
        var text = "capaudit: 1\na: &a [x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let (_, report) = try check("bomb.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "bomb.yml", message: "alias bomb")
    }

    @Test func undefinedAlias() throws {
        let (_, report) = try check("alias.yml", bytes: Array("capaudit: 1\napp: *missing\n".utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "alias.yml", line: 2, column: 6, message: "`*missing`")
    }

    @Test func duplicateKeys() throws {
        let text = Self.good.replacingOccurrences(of: "  name: Good\n", with: "  name: Good\n  name: Again\n")
        let (_, report) = try check("dup.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN003", file: "dup.yml", line: 4, column: 3, message: "first is at line 3")
    }

    @Test func nonStringKeys() throws {
        let text = Self.good.replacingOccurrences(of: "  name: Good\n", with: "  name: Good\n  [a, b]: c\n")
        let (_, report) = try check("keys.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN002", file: "keys.yml", line: 4, column: 3, message: "must be names")
    }

    @Test func mergeKeysAndMultipleDocumentsAreAccepted() throws {
        let text = """
            capaudit: 1
            app:
              name: Merged
              profile: general
              platforms:
                android: &android {min-sdk: 35, target-sdk: 35}
            screens:
              - &screen
                id: home
              - <<: *screen
                id: away
            ---
            \(Self.good)
            """
        let (_, report) = try check("merge.yml", bytes: Array(text.utf8), expectStatus: 0)
        #expect(findings(report).isEmpty, "\(findings(report))")
    }

    @Test func numbersTooLargeForAnInteger() throws {
        let text = Self.good.replacingOccurrences(of: "min-sdk: 35", with: "min-sdk: 99999999999999999999999")
        let (_, report) = try check("number.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN002", file: "number.yml", line: 6, message: "fits in 64 bits")
    }

    static let header = "capaudit: 1\napp:\n  name: Many\n  profile: general\n  platforms:\n    android: {min-sdk: 35, target-sdk: 35}\n"

    @Test func hundredThousandScreens() throws {
        var text = Self.header + "screens:\n"
        for index in 0..<100_000 { text += "  - id: s\(index)\n" }
        let (_, report) = try check("many.yml", bytes: Array(text.utf8), expectStatus: 0)
        #expect(findings(report).isEmpty)
    }

    @Test func megabyteText() throws {
        let notice = String(repeating: "Some content is hidden. ", count: 45_000)
        let text = Self.header + "capture:\n  notice:\n    text: \"\(notice)\"\nscreens:\n  - id: home\n"
        let (outcome, report) = try check("long.yml", bytes: Array(text.utf8), expectStatus: 0)
        #expect(findings(report).contains { $0["rule"] as? String == "WRD007" }, "a 1 MB notice is too long: \(outcome.result.stderr)")
    }

    @Test func folderAndMissingPathOnTheCommandLine() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("apps/a/good.yml"))
        let walked = try runCapaudit(["check", "apps"], in: folder)
        #expect(walked.status == 0)
        #expect(walked.stdout.contains("No findings in 1 manifest."))
        let missing = try runCapaudit(["check", "apps", "nowhere.yml"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere.yml: no such file or folder"))
    }

    @Test func symlinkLoopIsNotedAndTheRestWalked() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("apps/good.yml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("apps/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("apps/self.yml").path, withDestinationPath: "self.yml")
        let result = try runCapaudit(["check", "apps"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("No findings in 1 manifest."))
        #expect(result.stderr.contains("symlink"))
    }

    @Test func fifoIsNeverRead() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        #expect(mkfifo(folder.appendingPathComponent("pipe.yml").path, 0o644) == 0)
        let result = try runCapaudit(["check", "pipe.yml", "good.yml"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("pipe.yml:1:1: error MAN001 yaml-syntax: a FIFO is not a regular file"))
    }

    /// A file with mode 0 is unreadable to anyone but root: as root, `capaudit` runs as `nobody`.
    @Test(.enabled(if: Unprivileged.launcher != nil, "running as root without setpriv or runuser to run capaudit as another user, and root reads every file"))
    func unreadableFile() throws {
        let launcher = try #require(Unprivileged.launcher)
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        try write(Self.good, to: folder.appendingPathComponent("secret.yml"))
        #expect(chmod(folder.path, 0o755) == 0)
        #expect(chmod(folder.appendingPathComponent("good.yml").path, 0o644) == 0)
        #expect(chmod(folder.appendingPathComponent("secret.yml").path, 0) == 0)
        // `nobody` may not get into the build folder (a clone under /root): it runs a copy from here.
        let capaudit = folder.appendingPathComponent("capaudit")
        try FileManager.default.copyItem(at: Paths.capauditBinary, to: capaudit)
        let result = try launcher.run(capaudit.path, ["check", "secret.yml", "good.yml"], in: folder)
        #expect(result.status == 1, "\(launcher): exit \(result.status)\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("secret.yml:1:1: error MAN001 yaml-syntax: cannot read the file: Permission denied"), "\(result.stdout)")
        #expect(result.stdout.contains("Found 1 finding (1 error) in 2 manifests."), "good.yml is still checked: \(result.stdout)")
    }

    @Test func brokenConfigAndRulePackExitTwoWithTheirLocation() throws {
        let folder = try makeTemporaryFolder()
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        try write("profile: general\nfail-on: sometimes\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let config = try runCapaudit(["check", "good.yml"], in: folder)
        #expect(config.status == 2)
        #expect(config.stderr.contains(".capaudit.yml:2:10: `fail-on` must be one of error, warning, info, never"), "\(config.stderr)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".capaudit.yml"))
        try write("id: ACME001\nslug: acme\ntitle: Acme\ncheck: field\nseverity: loud\nmessage: m\n", to: folder.appendingPathComponent("pack/rules/ACME001.yml"))
        let pack = try runCapaudit(["check", "--rules", "pack", "good.yml"], in: folder)
        #expect(pack.status == 2)
        #expect(pack.stderr.contains("pack/rules/ACME001.yml:5:11:"), "\(pack.stderr)")
    }
}

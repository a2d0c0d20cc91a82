import CapauditKit
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

    /// Runs `check` on the hostile file next to a good manifest with a finding-free body, and
    /// checks the good one is still reported (it appears in the JSON file list). Prints the time
    /// and peak memory; speed is asserted in the benchmark, not here.
    func check(_ name: String, bytes: [UInt8], extra: [String] = [], expectStatus: Int32) throws -> (RunResult, [String: Any]) {
        try withTemporaryFolder { folder in
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            return try checkWithGood([name], in: folder, extra: extra, expectStatus: expectStatus)
        }
    }

    /// Runs `check --format json` on `arguments` and good.yml in the folder; good.yml must be reported.
    func checkWithGood(_ arguments: [String], in folder: URL, extra: [String] = [], expectStatus: Int32) throws -> (RunResult, [String: Any]) {
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        let start = Date()
        let result = try runCapaudit(["check", "--format", "json"] + arguments + ["good.yml"] + extra, in: folder)
        let seconds = Date().timeIntervalSince(start)
        let label = arguments.first ?? "."
        #expect(result.status == expectStatus, "\(label): exit \(result.status)\n\(result.stdout.prefix(2000))\n\(result.stderr.prefix(2000))")
        print("hostile input \(label): \(Int(seconds * 1000)) ms, \(result.peakMemoryBytes / 1_048_576) MB")
        let report = Self.json(result)
        #expect(files(report).contains("good.yml"), "\(label): the good file was not reported: \(result.stdout.prefix(400))")
        return (result, report)
    }

    static func json(_ result: RunResult) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    func files(_ report: [String: Any]) -> [String] {
        (report["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    func notes(_ report: [String: Any]) -> [String] {
        report["notes"] as? [String] ?? []
    }

    /// A fresh folder, removed with everything in it when the test is done.
    func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    func findings(_ report: [String: Any]) -> [[String: Any]] {
        report["findings"] as? [[String: Any]] ?? []
    }

    /// A finding of the rule in the file, at the line and column when given, whose one-line message contains `message`.
    func expectFinding(_ report: [String: Any], rule: String, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        let matching = findings(report).filter { ($0["rule"] as? String) == rule && ($0["file"] as? String) == file }
        let found = matching.first { finding in
            (line.map { finding["line"] as? Int == $0 } ?? true) && (column.map { finding["column"] as? Int == $0 } ?? true)
                && (finding["message"] as? String)?.contains(message) == true
        }
        let seen = matching.map { "\($0["line"] ?? ""):\($0["column"] ?? "") \($0["message"] ?? "")" }
        #expect(found != nil, "no \(rule) in \(file) at \(line.map(String.init) ?? "?"):\(column.map(String.init) ?? "?") saying \"\(message)\"; \(rule) findings there: \(seen)")
        let text = found.flatMap { $0["message"] as? String } ?? ""
        #expect(!text.contains("\n"), "a one-line reason")
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
            #expect(quiet.stderr == "", "\(name): \(quiet.stderr)")
            #expect(findings(report).isEmpty)
            let (verbose, _) = try check(name, bytes: bytes, extra: ["--verbose"], expectStatus: 0)
            #expect(verbose.stderr == "note: \(name): skipped, not a capaudit manifest (no top-level `capaudit` key)\n", "\(name): \(verbose.stderr)")
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
        #expect(findings(report).contains { $0["rule"] as? String == "WRD007" }, "a 1 MB notice is too long: \(outcome.stderr)")
    }

    @Test func folderAndMissingPathOnTheCommandLine() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
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
        defer { try? FileManager.default.removeItem(at: folder) }
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
        defer { try? FileManager.default.removeItem(at: folder) }
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
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.good, to: folder.appendingPathComponent("good.yml"))
        try write(Self.good, to: folder.appendingPathComponent("secret.yml"))
        #expect(chmod(folder.path, 0o755) == 0)
        #expect(chmod(folder.appendingPathComponent("good.yml").path, 0o644) == 0)
        #expect(chmod(folder.appendingPathComponent("secret.yml").path, 0) == 0)
        // `nobody` may not get into the build folder (a clone under /root): it runs a copy from here.
        // `cp` writes the copy in its own process: written from this one, the open file could be
        // inherited by a program another test thread starts meanwhile, and running the copy would
        // fail with "Text file busy" (it did in CI).
        let capaudit = folder.appendingPathComponent("capaudit")
        let copy = try run("/bin/cp", [Paths.capauditBinary.path, capaudit.path])
        try #require(copy.status == 0, "cp: \(copy.stderr)")
        let result = try launcher.run(capaudit.path, ["check", "secret.yml", "good.yml"], in: folder)
        #expect(result.status == 1, "\(launcher): exit \(result.status)\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("secret.yml:1:1: error MAN001 yaml-syntax: cannot read the file: Permission denied"), "\(result.stdout)")
        #expect(result.stdout.contains("Found 1 finding (1 error) in 2 manifests."), "good.yml is still checked: \(result.stdout)")
    }

    @Test func brokenConfigAndRulePackExitTwoWithTheirLocation() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
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

    // MARK: issue 17

    /// A manifest with one schema mistake, MAN002 at line 8, column 5 (`bogus`).
    static let flawed = good.replacingOccurrences(of: "  - id: home\n", with: "  - id: home\n    bogus: 1\n")

    /// The bytes of a path under the folder.
    static func path(in folder: URL, _ name: [UInt8]) -> [UInt8] {
        Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
    }

    func expectMAN002(_ report: [String: Any], in file: String, line: Int, column: Int) {
        expectFinding(report, rule: "MAN002", file: file, line: line, column: column, message: "`bogus`")
    }

    @Test func stagedFilesAreReadByBlobIdWhateverTheirNames() throws {
        try withTemporaryFolder { folder in
            func git(_ arguments: String...) throws {
                let result = try run("git", ["-C", folder.path] + arguments)
                #expect(result.status == 0, "git \(arguments): \(result.stderr)")
            }
            try makeGitRepository(at: folder)
            try write(Self.good, to: folder.appendingPathComponent("good.yml"))
            for name in ["0:good.yml", "2:x.yml", "new\nline.yml"] { try write(Self.flawed, to: folder.appendingPathComponent(name)) }
            try writeBytes(Array(Self.flawed.utf8), toPath: Self.path(in: folder, [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x79, 0x6D, 0x6C]))
            try git("add", "-A")
            try git("update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),sub.yml")
            let result = try runCapaudit(["check", "--staged", "--format", "json"], in: folder)
            #expect(result.status == 1, "\(result.stdout.prefix(2000))\n\(result.stderr)")
            let report = Self.json(result)
            #expect(files(report).contains("good.yml"))
            for file in ["0:good.yml", "2:x.yml", "new\nline.yml", "caf\\xE9.yml"] { expectMAN002(report, in: file, line: 9, column: 5) }
            #expect(notes(report).contains("sub.yml: skipped, a submodule (gitlink), not a file"), "\(notes(report))")
        }
    }

    @Test func thousandsOfStagedFilesTakeFourGitProcesses() throws {
        try withTemporaryFolder { folder in
            try makeGitRepository(at: folder)
            let count = 1_000
            for index in 0..<count { try write(index == 0 ? Self.flawed : Self.good, to: folder.appendingPathComponent("apps/m\(index).yml")) }
            #expect(try run("git", ["-C", folder.path, "add", "-A"]).status == 0)
            // A `git` first on PATH that logs each command before running the real one.
            let realGit = try run("/bin/sh", ["-c", "command -v git"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let log = folder.appendingPathComponent("git.log").path
            try write("#!/bin/sh\necho \"$1\" >> '\(log)'\nexec '\(realGit)' \"$@\"\n", to: folder.appendingPathComponent("bin/git"))
            chmod(folder.appendingPathComponent("bin/git").path, 0o755)
            let path = folder.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            let start = Date()
            let result = try runCapaudit(["check", "--staged", "--format", "json"], in: folder.appendingPathComponent("apps"), environment: ["PATH": path])
            print("hostile input --staged with \(count) files: \(Int(Date().timeIntervalSince(start) * 1000)) ms")
            #expect(result.status == 1)
            let report = Self.json(result)
            #expect(files(report).count == count)
            expectMAN002(report, in: "m0.yml", line: 9, column: 5)
            let commands = try readText(URL(fileURLWithPath: log)).split(separator: "\n")
            // rev-parse, ls-files, diff --cached, cat-file: the same four for one file or thousands.
        #expect(commands.count <= 4, "git ran \(commands.count) times: \(commands.prefix(5))")
        }
    }

    @Test func utf16AndUtf32ManifestsAreCheckedAndAUtf16ConfigIsRead() throws {
        func encoded(_ text: String, _ encoding: String.Encoding) throws -> [UInt8] {
            Array(try #require(("\u{FEFF}" + text).data(using: encoding)))
        }
        let (_, report) = try check("u16.yml", bytes: try encoded(Self.flawed, .utf16LittleEndian), expectStatus: 1)
        expectMAN002(report, in: "u16.yml", line: 9, column: 5)
        let (_, big) = try check("u32.yml", bytes: try encoded(Self.flawed, .utf32BigEndian), expectStatus: 1)
        expectMAN002(big, in: "u32.yml", line: 9, column: 5)
        var broken = try encoded("capaudit: 1\napp: x", .utf16BigEndian)
        broken += [0xD8, 0x3D, 0x00, 0x41]
        let (_, located) = try check("lone.yml", bytes: broken, expectStatus: 1)
        expectFinding(located, rule: "MAN001", file: "lone.yml", line: 2, column: 7, message: "unpaired surrogate")
        try withTemporaryFolder { folder in
            try Data(try encoded("fail-on: never\nprofile: banking\n", .utf16LittleEndian)).write(to: folder.appendingPathComponent(".capaudit.yml"))
            try write(Self.flawed, to: folder.appendingPathComponent("flawed.yml"))
            let (_, configured) = try checkWithGood(["flawed.yml"], in: folder, expectStatus: 0)
            expectMAN002(configured, in: "flawed.yml", line: 9, column: 5)
        }
    }

    @Test func namesThatAreNotUtf8AndPathsPastPathMaxAreFound() throws {
        try withTemporaryFolder { folder in
            // Foundation cannot remove a tree deeper than PATH_MAX; rm walks it folder by folder.
            defer { _ = try? run("rm", ["-rf", folder.path]) }
            try writeBytes(Array(Self.flawed.utf8), toPath: Self.path(in: folder, [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x79, 0x6D, 0x6C]))
            var deep = "d"
            while deep.utf8.count < 4_200 { deep += "/" + String(repeating: "d", count: 200) }
            try makeDeepFolder(deep, in: folder)
            try writeBytes(Array(Self.flawed.utf8), toPath: Self.path(in: folder, Array((deep + "/deep.yml").utf8)))
            let (_, walked) = try checkWithGood(["."], in: folder, expectStatus: 1)
            expectMAN002(walked, in: "caf\\xE9.yml", line: 9, column: 5)
            expectMAN002(walked, in: deep + "/deep.yml", line: 9, column: 5)
            // Named on the command line: the shell passes the name's own bytes.
            let named = try run("/bin/sh", ["-c", "exec \"$0\" check --format json \"$(printf 'caf\\351.yml')\" \"$1\" good.yml", Paths.capauditBinary.path, deep + "/deep.yml"], in: folder)
            #expect(named.status == 1, "\(named.stderr)")
            let report = Self.json(named)
            expectMAN002(report, in: "caf\\xE9.yml", line: 9, column: 5)
            expectMAN002(report, in: deep + "/deep.yml", line: 9, column: 5)
            #expect(files(report).contains("good.yml"))
        }
    }

    @Test func discoveryNeverFollowsASymlinkOutOfTheTree() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("root").path, withDestinationPath: "/")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("p").path, withDestinationPath: "/proc")
            try write(Self.good, to: folder.appendingPathComponent("good.yml"))
            let result = try runCapaudit(["check", "--format", "json"], in: folder)
            print("hostile input ln -s / root; ln -s /proc p: \(result.peakMemoryBytes >> 20) MB")
            #expect(result.status == 0, "\(result.stderr)")
            let report = Self.json(result)
            #expect(files(report) == ["good.yml"])
            #expect(notes(report).contains("root: skipped, a symlink that leads out of ."), "\(notes(report))")
            #expect(notes(report).contains("p: skipped, a symlink that leads out of ."))
            #expect(result.peakMemoryBytes < memoryBound(256 << 20))
        }
    }

    /// A manifest whose line 2 is one flow sequence of that many scalars, two bytes each.
    static func flowSequence(scalars: Int) -> [UInt8] {
        Array(("capaudit: 1\nx: [" + String(repeating: "1,", count: scalars - 1) + "1]\n").utf8)
    }

    @Test func aHugeFlowSequenceStopsAtTheNodeBudgetInBoundedMemory() throws {
        let (result, report) = try check("flood.yml", bytes: Self.flowSequence(scalars: 30_000_000), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "flood.yml", line: 2, message: "more than 1000000 YAML nodes")
        #expect(result.peakMemoryBytes < memoryBound(256 << 20), "peak \(result.peakMemoryBytes >> 20) MB")
    }

    @Test func fourHugeFilesAtFourJobsAndHalfAMillionAnchorsStayBounded() throws {
        try withTemporaryFolder { folder in
            let bytes = Data(Self.flowSequence(scalars: 3_000_000))
            let names = (1...4).map { "flood\($0).yml" }
            for name in names { try bytes.write(to: folder.appendingPathComponent(name)) }
            let (result, report) = try checkWithGood(names, in: folder, extra: ["--jobs", "4"], expectStatus: 1)
            for name in names { expectFinding(report, rule: "MAN001", file: name, line: 2, message: "more than 1000000 YAML nodes") }
            #expect(result.peakMemoryBytes < memoryBound(1 << 30), "peak \(result.peakMemoryBytes >> 20) MB")
        }
        var anchors = "capaudit: 1\nx:\n"
        for index in 0..<500_000 { anchors += "  - &a\(index) x\n" }
        let (result, report) = try check("anchors.yml", bytes: Array(anchors.utf8), expectStatus: 1)
        expectFinding(report, rule: "MAN001", file: "anchors.yml", message: "more than 1000000 YAML nodes")
        #expect(result.peakMemoryBytes < memoryBound(256 << 20), "peak \(result.peakMemoryBytes >> 20) MB")
    }

    @Test func lineAndParagraphSeparatorsAndNextLineAreNotLineBreaks() throws {
        let text = Self.flawed
            .replacingOccurrences(of: "capaudit: 1\n", with: "capaudit: 1 # shared\u{2028} with the team\n")
            .replacingOccurrences(of: "  name: Good\n", with: "  name: Good # note\u{85}more\n")
        let (_, report) = try check("separators.yml", bytes: Array(text.utf8), expectStatus: 1)
        #expect(findings(report).count == 1, "\(findings(report))")
        expectMAN002(report, in: "separators.yml", line: 9, column: 5)
    }

    @Test func aSyntaxErrorInALaterDocumentKeepsTheFindingsOfTheOthers() throws {
        let text = Self.good + "---\n" + Self.flawed + "---\n" + Self.good + "---\ncapaudit: 1\napp: [unclosed\nscreens: []\n"
        let (_, report) = try check("four.yml", bytes: Array(text.utf8), expectStatus: 1)
        expectMAN002(report, in: "four.yml", line: 21, column: 5)
        expectFinding(report, rule: "MAN001", file: "four.yml", line: 40, message: "flow sequence")
        #expect(findings(report).first { $0["rule"] as? String == "MAN001" }?["document"] as? Int == 3)
    }

    @Test func manifestsTheTextualSniffMissesAreFoundByParsing() throws {
        try withTemporaryFolder { folder in
            let body = Self.flawed.replacingOccurrences(of: "capaudit: 1\n", with: "")
            let cases: [(name: String, text: String, line: Int, column: Int)] = [
                ("flow.yml", "{capaudit: 1, app: {name: F, profile: general, platforms: {android: {min-sdk: 35, target-sdk: 35}}}, screens: [{id: home, bogus: 1}]}\n", 1, 123),
                ("indented.yml", Self.flawed.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n", 9, 7),
                ("explicit.yml", "? capaudit\n: 1\n" + body, 10, 5),
                ("escaped.yml", "\"capa\\x75dit\": 1\n" + body, 9, 5),
                ("document.yml", "--- {capaudit: 1, app: {name: F, profile: general, platforms: {android: {min-sdk: 35, target-sdk: 35}}}, screens: [{id: home, bogus: 1}]}\n", 1, 127),
                ("late.yml", String(repeating: "# licence text, line after line\n", count: 2_500) + Self.flawed, 2_509, 5),
            ]
            for item in cases { try write(item.text, to: folder.appendingPathComponent(item.name)) }
            try write(body, to: folder.appendingPathComponent("nocap.yml"))
            let (_, named) = try checkWithGood(cases.map(\.name) + ["nocap.yml"], in: folder, expectStatus: 1)
            let (_, walked) = try checkWithGood(["."], in: folder, expectStatus: 1)
            for report in [named, walked] {
                for item in cases { expectMAN002(report, in: item.name, line: item.line, column: item.column) }
                expectMAN002(report, in: "nocap.yml", line: 8, column: 5)
                expectFinding(report, rule: "MAN002", file: "nocap.yml", line: 1, column: 1, message: "add `capaudit: 1`")
            }
        }
    }

    @Test func aRulePackLexiconBuiltToBeSlowEndsInWRD009AndAnOversizedOneIsAnError() throws {
        try withTemporaryFolder { folder in
            let endings = (0..<50).map { "x\($0)" }.joined(separator: ", ")
            let exception = Array(repeating: "the screen", count: 15).joined(separator: " ")
            var lexicon = "language: en\nalarm:\n"
            for index in 0..<2_000 {
                lexicon += "  - match: \"the|a|an screen\(index)|screen\"\n    suffixes: [\(endings)]\n    gap: 8\n    except: [\"\(exception)\"]\n"
            }
            try write(lexicon, to: folder.appendingPathComponent("pack/wording/en.yml"))
            let notice = Array(repeating: "the screen", count: 20_000).joined(separator: " ")
            try write(Self.header + "capture:\n  notice:\n    text: \"\(notice)\"\nscreens:\n  - id: home\n", to: folder.appendingPathComponent("notice.yml"))
            let (_, report) = try checkWithGood(["notice.yml"], in: folder, extra: ["--rules", "pack"], expectStatus: 0)
            expectFinding(report, rule: "WRD009", file: "notice.yml", line: 9, column: 11, message: "the text was not fully checked: the wording budget ran out after")
            try write("language: en\n# " + String(repeating: "x", count: 5 << 20) + "\n", to: folder.appendingPathComponent("pack/wording/en.yml"))
            let oversized = try runCapaudit(["check", "--rules", "pack", "good.yml"], in: folder)
            #expect(oversized.status == 2)
            #expect(oversized.stderr.contains("wording/en.yml: the file is 5242896 bytes, over the limit of 4194304; split it"), "\(oversized.stderr)")
            #expect(!oversized.stderr.contains("--max-file-size"))
        }
    }

    @Test func invisibleCharactersAreShownEscapedAndDoNotHideWords() throws {
        try withTemporaryFolder { folder in
            let text = Self.header + "capture:\n  notice:\n    text: \"Some H\u{200B}ackers may watch.\"\nscreens:\n  - id: ho\u{200B}me\n"
            try write(text, to: folder.appendingPathComponent("zw.yml"))
            let result = try runCapaudit(["check", "zw.yml"], in: folder)
            #expect(result.status == 1)
            #expect(result.stdout.contains("zw.yml:9:17: warning WRD001"), "\(result.stdout)")
            #expect(result.stdout.contains("`ho\\u{200B}me`"), "the id is shown as the file has it: \(result.stdout)")
            #expect(!result.stdout.unicodeScalars.contains("\u{200B}"), "no invisible character reaches the terminal")
        }
    }
}

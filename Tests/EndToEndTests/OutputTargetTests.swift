import Foundation
import TestSupport
import Testing

/// Where reports go: each command takes only its own formats, every write is checked (a full
/// disk or a closed pipe is exit 2, never a pass with an empty report), and files are replaced
/// whole or not at all.
@Suite struct OutputTargetTests {
    static let flawed = """
        capaudit: 1
        app:
          name: Outputs
          profile: general
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: login
            fields:
              - id: pin
                kind: pin
                input: plain

        """

    func folder() throws -> URL {
        let folder = try makeTemporaryFolder()
        try write(Self.flawed, to: folder.appendingPathComponent("m.yml"))
        return folder
    }

    // MARK: A failed write is exit 2

    @Test func aReportToAFullDiskIsExitTwo() throws {
        let result = try runCapaudit(["check", "m.yml", "--format", "sarif=/dev/full"], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write /dev/full: No space left on device"), "\(result.stderr)")
    }

    @Test func aBaselineToAFullDiskIsExitTwoAndSaysNothingWasWritten() throws {
        let result = try runCapaudit(["check", "m.yml", "--write-baseline", "/dev/full"], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write /dev/full: No space left on device"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrote"), "\(result.stderr)")
    }

    @Test func standardOutputOnAFullDiskIsExitTwo() throws {
        for arguments in [["check", "m.yml"], ["check", "m.yml", "--format", "json"], ["report", "m.yml"], ["rules"], ["explain", "CAP001"], ["version"]] {
            let result = try run("/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", Paths.capauditBinary.path] + arguments, in: try folder())
            #expect(result.status == 2, "\(arguments): exit \(result.status)")
            #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aClosedStandardOutputIsExitTwo() throws {
        let result = try run("/bin/sh", ["-c", "exec \"$0\" check m.yml >&-", Paths.capauditBinary.path], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write standard output: Bad file descriptor"), "\(result.stderr)")
    }

    /// Whether this process may mount a file system in a mount namespace of its own (root, as in CI).
    static let canMountTinyDisk: Bool = {
        (try? run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"]))?.status == 0
    }()

    /// On a 64 KB disk, a baseline or a report that does not fit is exit 2, the previous file
    /// stays as it was, and no temporary file is left: files are written beside their target
    /// and renamed over it only when complete.
    @Test(.enabled(if: canMountTinyDisk, "needs root to mount a small tmpfs"), arguments: ["--write-baseline", "--format"])
    func aFullDiskLeavesThePreviousFile(_ option: String) throws {
        let folder = try makeTemporaryFolder()
        let fields = (0..<400).map { "      - {id: pin-\($0), kind: pin, input: plain}" }.joined(separator: "\n")
        try write("capaudit: 1\napp:\n  name: Big\n  profile: general\n  platforms: {android: {min-sdk: 35, target-sdk: 35}}\nscreens:\n  - id: s\n    fields:\n\(fields)\n", to: folder.appendingPathComponent("m.yml"))
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let argument = option == "--format" ? "sarif=disk/out" : "disk/out"
        let script = """
            mount -t tmpfs -o size=64k tmpfs disk || exit 99
            printf '{"version": 1, "findings": []}\\n' > disk/out
            "$0" check m.yml \(option) \(argument)
            echo "status $?"
            cat disk/out
            ls -A disk
            """
        let result = try run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, Paths.capauditBinary.path], in: folder)
        #expect(result.stdout == "status 2\n{\"version\": 1, \"findings\": []}\nout\n", "\(result.stdout)")
        #expect(result.stderr.contains("cannot write disk/out: No space left on device"), "\(result.stderr)")
    }

    @Test func aReportToAFolderThatDoesNotExistIsExitTwoBeforeChecking() throws {
        let result = try runCapaudit(["check", "m.yml", "--format", "json=nowhere/out.json"], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write nowhere/out.json: the folder nowhere does not exist"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: Each command takes its own formats

    @Test func reportTakesOneFormatAndNoFileOfItsOwn() throws {
        let folder = try folder()
        let misuse = try runCapaudit(["report", "m.yml", "--format", "markdown=x.md"], in: folder)
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("`report` writes one report: give `--format markdown` and send it to a file with `--output x.md`"), "\(misuse.stderr)")
        #expect(misuse.stdout.isEmpty)
        let wrong = try runCapaudit(["report", "m.yml", "--format", "sarif"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--format does not take `sarif` for `report`; choose from html, markdown"), "\(wrong.stderr)")
        let right = try runCapaudit(["report", "m.yml", "--format", "markdown", "--output", "x.md"], in: folder)
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try readText(folder.appendingPathComponent("x.md")).hasPrefix("## Screen capture coverage"))
    }

    @Test func explainAndRulesTakeTheirOwnFormats() throws {
        let folder = try folder()
        let explain = try runCapaudit(["explain", "m.yml", "--format", "json=out.json"], in: folder)
        #expect(explain.status == 2)
        #expect(explain.stderr.contains("`explain` writes one report"), "\(explain.stderr)")
        let html = try runCapaudit(["explain", "CAP001", "--format", "html"], in: folder)
        #expect(html.status == 2)
        #expect(html.stderr.contains("--format does not take `html` for `explain`; choose from text, json, markdown"), "\(html.stderr)")
        let rules = try runCapaudit(["rules", "--format", "sarif"], in: folder)
        #expect(rules.status == 2)
        #expect(rules.stderr.contains("--format does not take `sarif` for `rules`"), "\(rules.stderr)")
    }

    @Test func outputWithEveryFormatInAFileIsExitTwo() throws {
        let result = try runCapaudit(["check", "m.yml", "--format", "json=a.json", "--output", "b.txt"], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("nothing would go to --output b.txt"), "\(result.stderr)")
    }

    @Test func twoReportsToOneFileIsExitTwo() throws {
        let result = try runCapaudit(["check", "m.yml", "--format", "json=out", "--format", "sarif=./out"], in: try folder())
        #expect(result.status == 2)
        #expect(result.stderr.contains("the json and sarif reports would both go to ./out"), "\(result.stderr)")
    }

    @Test func aReportOverAManifestBeingCheckedIsExitTwo() throws {
        let folder = try folder()
        let result = try runCapaudit(["check", ".", "--format", "json=m.yml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("m.yml is a manifest this run checks"), "\(result.stderr)")
        #expect(try readText(folder.appendingPathComponent("m.yml")) == Self.flawed)
    }

    @Test func outputGoesWhereStandardOutputWouldHaveGone() throws {
        let folder = try folder()
        let result = try runCapaudit(["check", "m.yml", "--format", "text", "--format", "json=r.json", "--output", "r.txt"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(try readText(folder.appendingPathComponent("r.txt")).contains("CAP002"))
        #expect(try readText(folder.appendingPathComponent("r.json")).contains("\"CAP002\""))
    }
}

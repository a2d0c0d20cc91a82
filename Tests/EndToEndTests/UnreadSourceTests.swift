import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// A source file that evidence meant to read and could not (not UTF-8, over the size limit) is
/// an EVD007 finding at that file in every format, `--quiet` included (issue 22: 0.2.0 left only
/// a note on standard error, which `--quiet` hid and SARIF never carried). Folders skipped by
/// design stay silent, and every note of the JSON output is a SARIF notification.
@Suite struct UnreadSourceTests {
    /// One Android screen and one iOS screen, each mapped to a type that is read.
    static let manifest = """
        capaudit: 1
        app:
          name: Northwind Bank
          profile: general
          platforms:
            android:
              min-sdk: 28
              target-sdk: 35
            ios:
              deployment-target: "17.0"
        screens:
          - id: cards
            title: Cards
            protect:
              android: [flag-secure]
            code:
              android: [CardActivity]
              ios: [CardView]

        """
    static let activity = "class CardActivity : AppCompatActivity() {\n    fun onCreate() {\n        window.setFlags(FLAG_SECURE, FLAG_SECURE)\n    }\n}\n"
    /// ISO-8859-1: the `é` is the byte E9, no UTF-8, at line 3, column 11.
    static let latin1Legacy: [UInt8] = Array("class Legacy {\n    fun show() {\n    // caf".utf8) + [0xE9] + Array("\n        window.clearFlags(FLAG_SECURE)\n    }\n}\n".utf8)
    static let legacy = "app/src/main/java/com/northwind/Legacy.kt"
    static let big = "ios/Big.swift"
    /// What EVD007 must report, as "FILE:LINE:COLUMN".
    static let expected = ["\(legacy):3:11", "\(big):1:1"]

    /// The tree: a read activity, a Latin-1 Kotlin file, the same file under `build/` (skipped by
    /// design), a link out of the source folder (a note), a Swift file one byte over 4 MiB.
    static func tree() throws -> URL {
        let folder = try makeTemporaryFolder("capaudit-unread")
        try write(manifest, to: folder.appendingPathComponent("capaudit.yml"))
        try write(activity, to: folder.appendingPathComponent("app/src/main/java/com/northwind/CardActivity.kt"))
        try write("", to: folder.appendingPathComponent("app/build/generated/Gen.kt"))
        try writeBytes(latin1Legacy, toPath: Array(folder.appendingPathComponent(legacy).path.utf8))
        try writeBytes(latin1Legacy, toPath: Array(folder.appendingPathComponent("app/build/generated/Gen.kt").path.utf8))
        try write("class Outside {}\n", to: folder.appendingPathComponent("outside/Outside.kt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("app/Outside.kt").path, withDestinationPath: folder.appendingPathComponent("outside/Outside.kt").path)
        try write("struct CardView: View {}\n", to: folder.appendingPathComponent("ios/CardView.swift"))
        let header = Array("// generated\n".utf8)
        try write("", to: folder.appendingPathComponent(big))
        try writeBytes(header + [UInt8](repeating: UInt8(ascii: " "), count: 4 * 1024 * 1024 + 1 - header.count), toPath: Array(folder.appendingPathComponent(big).path.utf8))
        return folder
    }

    static let sources = ["--source", "android=app", "--source", "ios=ios"]

    static func check(_ folder: URL, _ extra: [String]) throws -> RunResult {
        let result = try runCapaudit(["check", "capaudit.yml"] + sources + extra, in: folder)
        #expect(result.status == 0, "info never fails the run at the default --fail-on: \(result.stdout)\n\(result.stderr)")
        return result
    }

    @Test(arguments: [[], ["--quiet"]])
    func textNamesEachUnreadFileWhereItStops(_ extra: [String]) throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.check(folder, extra)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("EVD007") }
        #expect(lines.count == 2, "\(result.stdout)")
        for (line, place) in zip(lines, Self.expected) { #expect(line.hasPrefix("\(place): info EVD007"), "\(line)") }
        #expect(lines.first?.contains("not valid UTF-8") == true)
        #expect(lines.last?.contains("over the 4 MiB limit") == true)
        #expect(!result.stdout.contains("build/generated"), "a folder skipped by design is no finding: \(result.stdout)")
    }

    @Test func jsonHasAFindingPerUnreadFileAndTheLinkNote() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try JSONParser.parse(try Self.check(folder, ["--format", "json", "--quiet"]).stdout)
        let unread = (report["findings"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "EVD007" }
        #expect(unread.map { "\($0["file"]?.stringValue ?? ""):\($0["line"]?.intValue ?? 0):\($0["column"]?.intValue ?? 0)" } == Self.expected)
        #expect(unread.map { $0["severity"]?.stringValue } == ["info", "info"])
        #expect(unread.map { $0["platform"]?.stringValue } == ["android", "ios"])
        let notes = (report["notes"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(notes.contains { $0.hasPrefix("app/Outside.kt: skipped, a symbolic link to ") }, "\(notes)")
        #expect(!notes.contains { $0.contains("Legacy.kt") || $0.contains("Big.swift") }, "the finding replaces the note: \(notes)")
    }

    @Test func sarifCarriesEachFindingAndEveryNote() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarif = try JSONParser.parse(try Self.check(folder, ["--format", "sarif"]).stdout)
        let run = try #require(sarif["runs"]?.arrayValue?.first)
        let unread = (run["results"]?.arrayValue ?? []).filter { $0["ruleId"]?.stringValue == "EVD007" }
        #expect(unread.map { result -> String in
            let location = result["locations"]?.arrayValue?.first?["physicalLocation"]
            return "\(location?["artifactLocation"]?["uri"]?.stringValue ?? ""):\(location?["region"]?["startLine"]?.intValue ?? 0):\(location?["region"]?["startColumn"]?.intValue ?? 0)"
        } == Self.expected)
        #expect(unread.map { $0["level"]?.stringValue } == ["note", "note"])
        let notifications = try #require(run["invocations"]?.arrayValue?.first?["toolExecutionNotifications"]?.arrayValue)
        let json = try JSONParser.parse(try Self.check(folder, ["--format", "json"]).stdout)
        let notes = (json["notes"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(!notes.isEmpty)
        #expect(notifications.compactMap { $0["message"]?["text"]?.stringValue } == notes)
        #expect(notifications.allSatisfy { $0["level"]?.stringValue == "note" })
        let link = notifications.first { $0["message"]?["text"]?.stringValue?.hasPrefix("app/Outside.kt:") == true }
        #expect(link?["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue == "app/Outside.kt")
    }

    @Test func githubAnnotatesEachUnreadFile() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = try Self.check(folder, ["--format", "github", "--quiet"]).stdout.split(separator: "\n").filter { $0.contains("EVD007") }
        #expect(lines.count == 2)
        for (line, place) in zip(lines, Self.expected) {
            let parts = place.split(separator: ":")
            #expect(line.hasPrefix("::notice file=\(parts[0]),line=\(parts[1]),col=\(parts[2])"), "\(line)")
        }
    }

    /// The staged code is scanned like the disk: a staged Latin-1 file is EVD007 too.
    @Test func stagedCodeReportsItsUnreadFile() throws {
        let repo = try HostileIndexTests.Repository()
        defer { try? FileManager.default.removeItem(at: repo.folder) }
        try repo.write(Self.manifest, "capaudit.yml")
        try repo.write(Self.activity, "app/src/main/java/com/northwind/CardActivity.kt")
        try repo.write("", Self.legacy)
        try writeBytes(Self.latin1Legacy, toPath: Array(repo.folder.appendingPathComponent(Self.legacy).path.utf8))
        try repo.write("struct CardView: View {}\n", "ios/CardView.swift")
        try repo.git("add", "-A")
        let (result, report) = try repo.check(Self.sources)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let unread = (report["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "EVD007" }
        #expect(unread.map { "\($0["file"] ?? ""):\($0["line"] ?? 0):\($0["column"] ?? 0)" } == ["\(Self.legacy):3:11"])
    }

    /// A baselined EVD007 of a file since fixed is stale: the file was read this run without a
    /// finding, and an entry left behind would hide its next failure. `--write-baseline` drops it.
    @Test func theEntryOfAnUnreadFileSinceFixedIsStale() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(Self.big))
        let written = try runCapaudit(["check", "capaudit.yml"] + Self.sources + ["--write-baseline", "baseline.json"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try readText(folder.appendingPathComponent("baseline.json")).contains(Self.legacy))

        try write("class Legacy {\n    fun show() {}\n}\n", to: folder.appendingPathComponent(Self.legacy))
        let result = try runCapaudit(["check", "capaudit.yml", "--format", "concise", "--fail-on", "warning"] + Self.sources + ["--baseline", "baseline.json"], in: folder)
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        let unused = result.stdout.split(separator: "\n").filter { $0.contains("SUP002") }
        #expect(unused.count == 1, "\(result.stdout)")
        #expect(unused.first?.hasPrefix("baseline.json:") == true && unused.first?.contains("baseline entry EVD007") == true, "\(result.stdout)")

        let rewritten = try runCapaudit(["check", "capaudit.yml"] + Self.sources + ["--write-baseline", "baseline.json"], in: folder)
        #expect(rewritten.status == 0, "\(rewritten.stderr)")
        #expect(try !readText(folder.appendingPathComponent("baseline.json")).contains("EVD007"))
    }
}

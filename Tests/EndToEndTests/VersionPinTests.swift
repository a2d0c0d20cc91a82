import Foundation
import TestSupport
import Testing

/// Every capaudit version the docs pin (a tag to check out, a pre-commit `rev:`, an action's
/// `@vX.Y.Z`, `capaudit X.Y.Z` as the binary prints it, the JSON example's tool version, the
/// changelog's latest release) equals what the built binary says: a release cannot ship with docs
/// that point at another version.
@Suite struct VersionPinTests {
    struct Pin: CustomStringConvertible {
        var file: String
        var line: Int
        var version: String
        var description: String { "\(file):\(line): \(version)" }
    }

    static let number = #"(\d+\.\d+\.\d+)"#

    /// The pins in `text`. A `rev:` counts under a `repo:` that names capaudit, and `name@vX.Y.Z`
    /// when the name ends in capaudit: other tools' pins (checkout@v4, other hook repositories)
    /// are not capaudit's.
    static func pins(in text: String, file: String) throws -> [Pin] {
        let revision = try Regex(#"^\s*rev:\s*v?"# + number)
        let atVersion = try Regex(#"(\S*)@v"# + number)
        let tag = try Regex(#"(?:^|[^\w.@/-])v"# + number + #"\b"#)
        let printed = try Regex(#"\bcapaudit v?"# + number)
        var pins: [Pin] = []
        var repositoryIsCapaudit = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func add(_ version: Substring) { pins.append(Pin(file: file, line: index + 1, version: String(version))) }
            if line.contains("repo:") { repositoryIsCapaudit = line.contains("capaudit") }
            if let match = try revision.firstMatch(in: line) {
                if repositoryIsCapaudit, let version = match.output[1].substring { add(version) }
                continue
            }
            for match in line.matches(of: atVersion) {
                if let name = match.output[1].substring, name.hasSuffix("capaudit"), let version = match.output[2].substring { add(version) }
            }
            for match in line.matches(of: tag) + line.matches(of: printed) {
                if let version = match.output[1].substring { add(version) }
            }
        }
        let toolVersion = try Regex(#""name": "capaudit",\s*"version": ""# + number + #"""#)
        for match in text.matches(of: toolVersion) {
            if let version = match.output[1].substring {
                let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 2
                pins.append(Pin(file: file, line: line, version: String(version)))
            }
        }
        return pins
    }

    /// The changelog's first released section: its heading and its text, up to the next heading
    /// of the same level.
    static func latestRelease(in changelog: String) throws -> (heading: String, text: String) {
        let lines = changelog.split(separator: "\n", omittingEmptySubsequences: false)
        let release = try Regex(#"^## \[\d+\.\d+\.\d+\]"#)
        let start = try #require(lines.firstIndex { $0.firstMatch(of: release) != nil }, "CHANGELOG.md has no `## [X.Y.Z]` section")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return (String(lines[start]), lines[start..<end].joined(separator: "\n"))
    }

    @Test func everyPinnedVersionIsTheBinarysVersion() throws {
        let printed = try runCapaudit(["version"])
        #expect(printed.status == 0)
        let binary = try #require(printed.stdout.firstMatch(of: try Regex(#"^capaudit "# + Self.number + #"\n$"#))?.output[1].substring.map(String.init))
        #expect(try runCapaudit(["--version"]).stdout == printed.stdout)

        let root = Paths.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        var pinsByFile: [String: [Pin]] = [:]
        for file in ["README.md", "action.yml"] + docs {
            pinsByFile[file] = try Self.pins(in: try readText(root.appendingPathComponent(file)), file: file)
        }
        let changelog = try Self.latestRelease(in: try readText(root.appendingPathComponent("CHANGELOG.md")))
        pinsByFile["CHANGELOG.md"] = try Self.pins(in: changelog.text, file: "CHANGELOG.md")
            + [Pin(file: "CHANGELOG.md", line: 0, version: String(try #require(changelog.heading.firstMatch(of: try Regex(Self.number))?.output[1].substring)))]

        for file in ["README.md", "action.yml", "docs/ci.md", "docs/json-output.md", "CHANGELOG.md"] {
            #expect(!(pinsByFile[file] ?? []).isEmpty, "\(file) pins no version: the scan no longer recognises its pins")
        }
        let stale = pinsByFile.values.joined().filter { $0.version != binary }
        #expect(stale.isEmpty, "pins that differ from `capaudit version` (\(binary)): \(stale.map(\.description))")
    }

    @Test func theScanFindsCapauditsPinsAndNoOneElses() throws {
        let text = """
            - uses: actions/checkout@v4
            - uses: example-org/capaudit@v9.8.7
            git checkout v1.2.3
            capaudit 4.5.6
              - repo: https://github.com/pre-commit/pre-commit-hooks
                rev: v7.7.7
              - repo: https://github.com/example-org/capaudit
                rev: v2.3.4
            swift-actions/setup-swift@v2.1.0 and Swift 6.1.2
            """
        let found = try Self.pins(in: text, file: "sample").map { "\($0.line):\($0.version)" }
        #expect(found == ["2:9.8.7", "3:1.2.3", "4:4.5.6", "8:2.3.4"])
    }
}

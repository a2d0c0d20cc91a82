import Foundation
import TestSupport
import Testing

/// The docs pin capaudit by commit, as the repository has no tags: every ref they name (a
/// `git checkout`, a pre-commit `rev:`, an action's `@ref`, the GitLab job's `CAPAUDIT_COMMIT`,
/// a clone's `--branch`) is the full SHA of the newest release commit (subject `Release X.Y.Z`)
/// before the current commit, and each `# capaudit X.Y.Z` comment beside one names that release.
/// The binary, the changelog's latest release and the JSON example's tool version agree.
@Suite struct VersionPinTests {
    struct Pin: CustomStringConvertible {
        enum Kind: Equatable { case ref, version }
        var file: String
        var line: Int
        var kind: Kind
        var value: String
        var description: String { "\(file):\(line): \(value)" }
    }

    static let number = #"(\d+\.\d+\.\d+)"#
    static let pinnedFiles = ["README.md", "docs/getting-started.md", "docs/ci.md", "action.yml"]

    /// The pins in `text`. A `rev:` counts under a `repo:` that names capaudit, and `name@ref`
    /// when the name ends in capaudit: other tools' pins (checkout@v4, other hook repositories)
    /// are not capaudit's. A checkout of a shell variable is the variable's pin, found where it is set.
    static func pins(in text: String, file: String) throws -> [Pin] {
        let revision = try Regex(#"^\s*rev:\s*([^\s#]+)"#)
        let atRef = try Regex(##"([\w./-]*)@([^\s`'"#]+)"##)
        let checkout = try Regex(#"\bgit\b(?:\s+-C\s+\S+)?\s+checkout(?:\s+--quiet|\s+-q)*\s+([^\s#;&|"$-][^\s#;&|]*)"#)
        let branch = try Regex(#"--branch[ =]([^\s#;&|]+)"#)
        let commitVariable = try Regex(#"CAPAUDIT_(?:COMMIT|VERSION):\s*([^\s#]+)"#)
        let comment = try Regex(#"#\s*capaudit v?"# + number + #"\b"#)
        var pins: [Pin] = []
        var repositoryIsCapaudit = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func add(_ value: Substring?, _ kind: Pin.Kind) {
                if let value { pins.append(Pin(file: file, line: index + 1, kind: kind, value: String(value))) }
            }
            if line.contains("repo:") { repositoryIsCapaudit = line.contains("capaudit") }
            if let match = try revision.firstMatch(in: line), repositoryIsCapaudit { add(match.output[1].substring, .ref) }
            for match in line.matches(of: atRef) where match.output[1].substring?.hasSuffix("/capaudit") == true {
                add(match.output[2].substring, .ref)
            }
            for pattern in [checkout, branch, commitVariable] {
                for match in line.matches(of: pattern) { add(match.output[1].substring, .ref) }
            }
            for match in line.matches(of: comment) { add(match.output[1].substring, .version) }
        }
        return pins
    }

    static func git(_ arguments: [String]) throws -> String {
        let result = try run("git", ["-C", Paths.packageRoot.path] + arguments)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The newest commit before HEAD whose subject is `Release X.Y.Z...`: the one the docs can pin
    /// (a commit cannot name its own SHA).
    static func pinnableRelease() throws -> (commit: String, version: String) {
        let head = try git(["rev-parse", "HEAD"])
        let releases = try git(["log", "--format=%H %s", "--grep=^Release [0-9]", "HEAD"]).split(separator: "\n")
        let release = try #require(
            releases.first { !$0.hasPrefix(head) },
            "no commit with the subject `Release X.Y.Z` before HEAD: the tests need the repository's history (a full clone, fetch-depth 0)")
        let parts = release.split(separator: " ")
        let version = try #require(release.firstMatch(of: try Regex(#"^\S+ Release "# + number))?.output[1].substring)
        return (String(parts[0]), String(version))
    }

    /// The changelog's first released section's heading.
    static func latestRelease(in changelog: String) throws -> String {
        let heading = try #require(changelog.firstMatch(of: try Regex(#"(?m)^## \["# + number + #"\]"#)), "CHANGELOG.md has no `## [X.Y.Z]` section")
        return String(try #require(heading.output[1].substring))
    }

    @Test func everyPinIsTheLatestReleaseCommit() throws {
        let release = try Self.pinnableRelease()
        var pins: [Pin] = []
        for file in Self.pinnedFiles {
            let found = try Self.pins(in: try readText(Paths.packageRoot.appendingPathComponent(file)), file: file)
            #expect(found.contains { $0.kind == .ref }, "\(file) pins no commit: the scan no longer recognises its pins")
            pins += found
        }
        let stale = pins.filter { $0.value != ($0.kind == .ref ? release.commit : release.version) }
        #expect(stale.isEmpty, "pins other than the release commit \(release.commit) (capaudit \(release.version)): \(stale)")
        for pin in pins where pin.kind == .ref {
            #expect(try run("git", ["-C", Paths.packageRoot.path, "cat-file", "-e", "\(pin.value)^{commit}"]).status == 0, "\(pin) names no commit")
        }
    }

    /// Every other doc names no capaudit ref at all (only the files above pin one).
    @Test func noOtherDocNamesARef() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Paths.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }.filter { !Self.pinnedFiles.contains($0) }
        #expect(docs.count > 5)
        for file in docs {
            let refs = try Self.pins(in: try readText(Paths.packageRoot.appendingPathComponent(file)), file: file).filter { $0.kind == .ref }
            #expect(refs.isEmpty, "\(refs)")
        }
    }

    @Test func theBinaryTheChangelogAndTheJSONExampleAgree() throws {
        let printed = try runCapaudit(["version"])
        #expect(printed.status == 0)
        let binary = try #require(printed.stdout.firstMatch(of: try Regex(#"^capaudit "# + Self.number + #"\n$"#))?.output[1].substring.map(String.init))
        #expect(try runCapaudit(["--version"]).stdout == printed.stdout)
        #expect(try Self.latestRelease(in: try readText(Paths.packageRoot.appendingPathComponent("CHANGELOG.md"))) == binary)
        let example = try readText(Paths.packageRoot.appendingPathComponent("docs/json-output.md"))
        let toolVersions = example.matches(of: try Regex(#""name": "capaudit",\s*"version": ""# + Self.number + #"""#)).compactMap { $0.output[1].substring }
        #expect(!toolVersions.isEmpty && toolVersions.allSatisfy { $0 == binary }, "\(toolVersions) in docs/json-output.md, binary \(binary)")
    }

    @Test func theScanFindsCapauditsPinsAndNoOneElses() throws {
        let text = """
            - uses: actions/checkout@v4
            - uses: example-org/capaudit@v9.8.7
            git checkout v1.2.3
            git -C /tmp/capaudit checkout --quiet abc123   # capaudit 4.5.6
              - repo: https://github.com/pre-commit/pre-commit-hooks
                rev: v7.7.7
              - repo: https://github.com/example-org/capaudit
                rev: 0123abcd  # capaudit 2.3.4
            swift-actions/setup-swift@v2.1.0 and Swift 6.1.2
            git clone --depth 1 --branch v5.5.5 https://github.com/example-org/capaudit.git
                CAPAUDIT_COMMIT: fedcba
            git -C /tmp/capaudit checkout --quiet "$CAPAUDIT_COMMIT"
            """
        let found = try Self.pins(in: text, file: "sample").map { "\($0.line):\($0.value)" }
        #expect(found == ["2:v9.8.7", "3:v1.2.3", "4:abc123", "4:4.5.6", "8:0123abcd", "8:2.3.4", "10:v5.5.5", "11:fedcba"])
    }
}

import Foundation
import TestSupport
import Testing

/// The YAML mistakes people make most, in a manifest (MAN001) and in the config (exit 2): each
/// is explained at the character that caused it, with the line written the way YAML reads it.
@Suite struct MessageHintTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// The text at `text`'s `⟨…⟩` place of a manifest (or the whole config).
        var line: String
        var position: String
        var message: String
        var description: String { name }
    }

    static let manifestHead = "capaudit: 1\napp:\n  name: Bank\n  platforms:\n    ios:\n      deployment-target: \"17.0\"\ncapture:\n  notice:\n"

    /// Each mistake on line 9 of a manifest, as the value of `capture.notice.text`.
    static let manifestCases = [
        Case(
            name: "colon in a plain text", line: "    text: Note: this is shared", position: "9:15",
            message: "`: ` inside an unquoted value makes YAML read a second key; quote the whole value: `text: \"Note: this is shared\"`"),
        Case(
            name: "apostrophe in single quotes", line: "    text: 'It's shared'", position: "9:14",
            message: "an apostrophe ends a single-quoted text: double it (`'It''s shared'`) or use double quotes (`text: \"It's shared\"`)"),
        Case(
            name: "value starting with @", line: "    text: @support is watching", position: "9:11",
            message: "a plain value cannot start with `@`, which YAML reserves; quote it: `text: \"@support is watching\"`"),
        Case(
            name: "value starting with a backtick", line: "    text: `Sharing` is on", position: "9:11",
            message: "a plain value cannot start with a backtick, which YAML reserves; quote it: `text: \"`Sharing` is on\"`"),
        Case(
            name: "tab in the indentation", line: "\ttext: Sharing is on", position: "9:1",
            message: "a tab cannot indent YAML (found character that cannot start any token); indent with spaces"),
    ]

    @Test(arguments: manifestCases) func aManifestMistakeIsExplainedWhereItIs(_ example: Case) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifestHead + example.line + "\n", to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "app.yml"], in: folder)
        #expect(result.status == 1)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "app.yml:\(example.position): error MAN001 yaml-syntax: \(example.message)", "\(result.stdout)")
    }

    static let configCases = [
        Case(
            name: "glob in a flow list", line: "exclude: [**/build]", position: "1:11",
            message: "`*` starts a YAML alias, so the unquoted pattern `**/build` cannot be read; quote it: `\"**/build\"`"),
        Case(
            name: "glob in a block list", line: "exclude:\n  - **/build", position: "2:5",
            message: "`*` starts a YAML alias, so the unquoted pattern `**/build` cannot be read; quote it: `\"**/build\"`"),
        Case(
            name: "glob with a dot", line: "exclude: [*.bak]", position: "1:11",
            message: "`*` starts a YAML alias, so the unquoted pattern `*.bak` cannot be read; quote it: `\"*.bak\"`"),
        Case(
            name: "glob read as an alias", line: "exclude: [*build]", position: "1:11",
            message: "alias `*build` refers to no anchor defined before it; define `&build` first, or, if `*build` is a text or a glob, quote it: \"*build\""),
        Case(
            name: "profile starting with @", line: "profile: @banking", position: "1:10",
            message: "a plain value cannot start with `@`, which YAML reserves; quote it: `profile: \"@banking\"`"),
    ]

    @Test(arguments: configCases) func aConfigMistakeIsExplainedWhereItIsAndStopsTheRun(_ example: Case) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(example.line + "\n", to: folder.appendingPathComponent(".capaudit.yml"))
        try write(Self.manifestHead + "    text: Sharing is on\n", to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "app.yml"], in: folder)
        #expect(result.status == 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == ".capaudit.yml:\(example.position): \(example.message)", "\(result.stderr)")
    }
}

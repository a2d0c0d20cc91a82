import Foundation
import TestSupport
import Testing

/// A gate that checks nothing must not pass: `check` and `report` that find no manifest exit 2
/// and say where they looked, unless the run allows it (`--allow-empty`, config
/// `allow-empty: true`); `--staged` with nothing staged passes, as the hook must.
@Suite struct EmptyGateTests {
    static let manifest = "capaudit: 1\napp:\n  name: C\n  profile: general\n  platforms:\n    android: {min-sdk: 35, target-sdk: 35}\nscreens:\n  - id: home\n"

    /// Ways a run finds no manifest: the arguments, and what the folder holds.
    struct EmptyCase: CustomStringConvertible {
        var name: String
        var arguments: [String]
        var files: [String: String]
        /// What the refusal must say it looked under.
        var looked: String
        var description: String { name }
    }

    static let cases = [
        EmptyCase(name: "an empty folder named", arguments: ["apps/"], files: ["apps/.keep": ""], looked: "apps/"),
        EmptyCase(name: "the working folder, YAML that is no manifest", arguments: [], files: ["other.yml": "name: not a manifest\n"], looked: "."),
        EmptyCase(
            name: "a manifest saved as .yaml.txt, folder walked", arguments: ["apps"], files: ["apps/screens.yaml.txt": manifest],
            looked: "apps"),
        EmptyCase(
            name: "only non-manifests named", arguments: ["ci.yml", "notes.yaml"],
            files: ["ci.yml": "jobs: {}\n", "notes.yaml": "app: x\n"], looked: "ci.yml, notes.yaml"),
    ]

    static func folder(with files: [String: String]) throws -> URL {
        let folder = try makeTemporaryFolder("capaudit-empty")
        try makeGitRepository(at: folder)
        for (name, text) in files { try write(text, to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test(arguments: cases, ["check", "report"])
    func noManifestExitsTwoAndSaysWhereItLooked(_ empty: EmptyCase, command: String) throws {
        let folder = try Self.folder(with: empty.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let quietOption = command == "check" ? ["--quiet", "--fail-on", "warning"] : []
        let result = try runCapaudit([command] + quietOption + empty.arguments, in: folder)
        #expect(result.status == 2, "\(empty): \(result.stderr)")
        #expect(result.stdout.isEmpty, "no report for a run that checked nothing")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("capaudit \(command): ") })
        #expect(lines.first?.hasPrefix("capaudit \(command): no manifest found under \(empty.looked), from the folder \(folder.path): ") == true, "\(lines)")
        #expect(result.stderr.contains("a manifest is a YAML file with a top-level `capaudit` key"))
        #expect(result.stderr.contains("folders are searched for .yml and .yaml files"))
        #expect(result.stderr.contains("pass --allow-empty (or set `allow-empty: true` in .capaudit.yml)"))
    }

    @Test func theRefusalCountsTheFilesItRead() throws {
        let folder = try Self.folder(with: ["a.yml": "x: 1\n", "b.yml": "y: 2\n", "empty/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try runCapaudit(["check"], in: folder)
        #expect(read.stderr.contains(": 2 files were read and none is a manifest (`--verbose` names them)\n"))
        let none = try runCapaudit(["check", "empty"], in: folder)
        #expect(none.stderr.contains("no manifest found under empty, from the folder \(folder.path): no .yml or .yaml file there\n"))
    }

    @Test func noReportFileIsWrittenForAnEmptyRun() throws {
        let folder = try Self.folder(with: ["apps/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["check", "--format", "sarif=out/capaudit.sarif", "--format", "json", "apps"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/capaudit.sarif").path))
        let baseline = try runCapaudit(["check", "--write-baseline", "baseline.json", "apps"], in: folder)
        #expect(baseline.status == 2)
        #expect(baseline.stderr.hasPrefix("capaudit check: no manifest found under apps, "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("baseline.json").path), "an empty baseline from the wrong folder")
    }

    @Test(arguments: ["check", "report"])
    func allowEmptyPassesWithANote(_ command: String) throws {
        let folder = try Self.folder(with: ["apps/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let allowed = try runCapaudit([command, "--allow-empty", "apps"], in: folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr == "capaudit \(command): no manifest found under apps (a manifest is a YAML file with a top-level `capaudit` key)\n")
        #expect(!allowed.stdout.isEmpty, "the report of an allowed empty run is written")
        try write("allow-empty: true\n", to: folder.appendingPathComponent(".capaudit.yml"))
        let configured = try runCapaudit([command, "apps"], in: folder)
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stderr == allowed.stderr)
    }

    @Test func allowEmptyInTheConfigTakesABoolean() throws {
        let folder = try Self.folder(with: [".capaudit.yml": "allow-empty: sometimes\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["check"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".capaudit.yml:1:14"), "\(result.stderr)")
        #expect(result.stderr.contains("`allow-empty`"), "\(result.stderr)")
    }

    @Test func quietAllowedEmptyRunPrintsNothing() throws {
        let folder = try Self.folder(with: ["apps/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["check", "--allow-empty", "--quiet", "--fail-on", "warning", "apps/"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let json = try runCapaudit(["check", "--allow-empty", "--quiet", "--format", "json", "apps/"], in: folder)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"manifests\": 0"), "\(json.stdout)")
    }

    /// The hook's run: nothing staged, or only YAML that is no manifest, passes silently.
    @Test func stagedWithNoManifestPasses() throws {
        let folder = try Self.folder(with: ["README.md": "# app\n", "ci.yml": "jobs: {}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let nothing = try runCapaudit(["check", "--staged", "--quiet"], in: folder)
        #expect(nothing.status == 0, "\(nothing.stderr)")
        #expect(nothing.stdout.isEmpty && nothing.stderr.isEmpty)
        #expect(try run("git", ["-C", folder.path, "add", "README.md", "ci.yml"]).status == 0)
        let noManifest = try runCapaudit(["check", "--staged"], in: folder)
        #expect(noManifest.status == 0, "\(noManifest.stderr)")
        #expect(noManifest.stderr == "capaudit check: no staged manifest (a manifest is a YAML file with a top-level `capaudit` key)\n")
        #expect(try runCapaudit(["hook", "install"], in: folder).status == 0)
        let commit = try run("git", ["-C", folder.path, "commit", "-q", "-m", "no manifest"])
        #expect(commit.status == 0, "the hook refused a commit without a manifest: \(commit.stderr)")
    }
}

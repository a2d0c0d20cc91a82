import Foundation
import TestSupport
import Testing

/// Where the config is looked for outside a repository, which one a run says it uses, and
/// `-` for the files of settings.
@Suite struct ConfigDiscoveryTests {
    /// Outside a repository the search stops at the home folder: a config above it is someone
    /// else's and is not applied; one in the home folder is, and the run says which.
    @Test func outsideARepositoryTheSearchStopsAtTheHomeFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        try write("fail-on: never\n", to: folder.appendingPathComponent(".capaudit.yml"))
        try write(HostileInputTests.flawed, to: home.appendingPathComponent("project/bad.yml"))
        let project = home.appendingPathComponent("project")
        let above = try runCapaudit(["check", "--format", "json", "--verbose"], in: project, environment: ["HOME": home.path])
        #expect(above.status == 1, "the config above the home folder is not applied: \(above.stdout.prefix(1000))\n\(above.stderr)")
        #expect(!(HostileInputTests.json(above)["notes"] as? [String] ?? []).contains { $0.hasPrefix("config:") })

        try write("fail-on: never\n", to: home.appendingPathComponent(".capaudit.yml"))
        let inHome = try runCapaudit(["check", "--format", "json"], in: project, environment: ["HOME": home.path])
        #expect(inHome.status == 0, "\(inHome.stdout.prefix(1000))\n\(inHome.stderr)")
        #expect((HostileInputTests.json(inHome)["notes"] as? [String] ?? []).contains("config: \(home.path)/.capaudit.yml"), "\(inHome.stdout)")
        let verbose = try runCapaudit(["check", "--verbose"], in: project, environment: ["HOME": home.path])
        #expect(verbose.stderr.contains("note: config: \(home.path)/.capaudit.yml\n"), "\(verbose.stderr)")
        let quiet = try runCapaudit(["check"], in: project, environment: ["HOME": home.path])
        #expect(!quiet.stderr.contains("note: config:"), "without --verbose the config used is not a note: \(quiet.stderr)")
    }

    /// `-` names no file of settings: `--config`, `--baseline` and `--write-baseline` refuse it
    /// alike (exit 2), rather than one looking for a file named `-` and another writing one.
    @Test func aDashIsRefusedForEveryFileOfSettings() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(HostileInputTests.good, to: folder.appendingPathComponent("good.yml"))
        for option in ["config", "baseline", "write-baseline"] {
            let result = try runCapaudit(["check", "--\(option)", "-", "good.yml"], in: folder, input: .bytes(Array("fail-on: never\n".utf8)))
            #expect(result.status == 2, "--\(option) -: exit \(result.status)\n\(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "capaudit check: --\(option) takes a file, and capaudit reads no settings from standard input nor writes them to standard output; name the file (`./-` for a file named `-`)\n"),
                "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path), "--\(option) - wrote a file named -")
        }
    }
}

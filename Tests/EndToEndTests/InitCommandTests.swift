import CapauditKit
import Foundation
import TestSupport
import Testing

@Suite struct InitCommandTests {
    static let profiles = ["general", "banking", "health"]
    static let platforms = ["ios", "android", "ios,android"]

    /// Each starter manifest passes `capaudit check` with nothing at warning or above.
    @Test(arguments: profiles, platforms)
    func starterManifestPassesCheck(_ profile: String, _ platforms: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try runCapaudit(["init", "--profile", profile, "--platforms", platforms], in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasPrefix("Wrote capaudit.yml: a starter manifest for the \(profile) profile on "))
        let text = try readText(folder.appendingPathComponent("capaudit.yml"))
        #expect(text.hasPrefix("# yaml-language-server: $schema=./capaudit.schema.json\n"))
        #expect(text.contains("capaudit schema > capaudit.schema.json"))
        let check = try runCapaudit(["check", "--fail-on", "warning", "capaudit.yml"], in: folder)
        #expect(check.status == 0, "\(profile) on \(platforms):\n\(check.stdout)")
        #expect(check.stdout.contains("No findings in 1 manifest"), "\(check.stdout)")
    }

    @Test func refusesToOverwriteAFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("screens.yml")
        try write("capaudit: 1 # mine\n", to: path)
        let result = try runCapaudit(["init", "--profile", "banking", "screens.yml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("capaudit init: cannot write screens.yml: it already exists, and this never overwrites a file"))
        #expect(try readText(path) == "capaudit: 1 # mine\n")
    }

    @Test func aFolderGetsCapauditYmlInside() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        let result = try runCapaudit(["init", "--platforms", "ios", "app"], in: folder)
        #expect(result.status == 0)
        let text = try readText(folder.appendingPathComponent("app/capaudit.yml"))
        #expect(text.contains("  profile: general "))
        #expect(!text.contains("android"))
    }

    @Test func badProfileOrPlatformIsSuggestedAndWritesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try runCapaudit(["init", "--profile", "helth"], in: folder)
        #expect(profile.status == 2)
        #expect(profile.stderr.contains("unknown profile `helth`; did you mean `health`?"))
        let platform = try runCapaudit(["init", "--platforms", "ios,andriod"], in: folder)
        #expect(platform.status == 2)
        #expect(platform.stderr.contains("--platforms: unknown platform `andriod`; did you mean `android`?"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A folder that does not exist is named as such, with the command that makes it.
    @Test func aMissingFolderIsNamed() throws {
        let folder = try makeTemporaryFolder()
        let trailing = try runCapaudit(["init", "--platforms", "android", "sub/"], in: folder)
        #expect(trailing.status == 2)
        #expect(trailing.stderr.contains("the folder sub/ does not exist; create it first (mkdir -p sub/)"), "\(trailing.stderr)")
        let inside = try runCapaudit(["init", "--platforms", "android", "sub/screens.yml"], in: folder)
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("cannot write sub/screens.yml: the folder sub does not exist; create it first (mkdir -p sub)"), "\(inside.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing left behind")
    }
}

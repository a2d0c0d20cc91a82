import Foundation
import TestSupport
import Testing

/// `init` drafts for the profile the run will judge by: `--profile`, else the config's `profile`,
/// else general. A draft written for a weaker profile than the config's would pass its own gate.
@Suite struct InitProfileTests {
    static func appWithConfig(profile: String) throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent("Examples/wallet"), to: folder)
        try write("profile: \(profile)\nsource:\n  android: android\n  ios: ios\n", to: folder.appendingPathComponent(".capaudit.yml"))
        return folder
    }

    static let cases: [(arguments: [String], drafted: String)] = [
        (["init", "--from-source", "draft.yml"], "banking"),
        (["init", "--from-source", "--profile", "health", "draft.yml"], "health"),
        (["init", "draft.yml"], "banking"),
        (["init", "--profile", "general", "draft.yml"], "general"),
    ]

    @Test(arguments: cases.indices) func theDraftTakesTheConfigsProfileUnlessTheCommandLineNamesOne(index: Int) throws {
        let (arguments, drafted) = Self.cases[index]
        let folder = try Self.appWithConfig(profile: "banking")
        let result = try runCapaudit(arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("for the \(drafted) profile"), "\(result.stdout)")
        let text = try readText(folder.appendingPathComponent("draft.yml"))
        #expect(text.contains("\n  profile: \(drafted)"), "\(text)")
    }
}

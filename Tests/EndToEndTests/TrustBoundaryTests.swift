import Foundation
import TestSupport
import Testing

/// What capaudit reads only where it is safe to: a config or baseline that is not a regular file
/// inside the repository is refused (exit 2) without a byte of it in any message, and settings
/// that would silently check nothing are mistakes.
@Suite struct TrustBoundaryTests {
    static let secret = "aws_secret_access_key=AKIAIOSFODNN7EXAMPLE"

    func repository() throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/clean.yml")), to: folder.appendingPathComponent("m.yml"))
        return folder
    }

    /// A file outside the repository with a secret in it, as a pull request could link to.
    func secretFile() throws -> URL {
        let outside = try makeTemporaryFolder().appendingPathComponent("credentials")
        try write(Self.secret + "\n", to: outside)
        return outside
    }

    func expectRefused(_ result: RunResult, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stdout.contains("AKIA") && !result.stderr.contains("AKIA"), "the secret reached the output", sourceLocation: sourceLocation)
    }

    @Test func aConfigThatIsNotAFileIsRefused() throws {
        let repo = try repository()
        let config = repo.appendingPathComponent(".capaudit.yml")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        expectRefused(try runCapaudit(["check", "m.yml"], in: repo), ".capaudit.yml: the config is not read: it is a folder, not a file")
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: "/dev/zero")
        expectRefused(try runCapaudit(["check", "m.yml"], in: repo), ".capaudit.yml: the config is not read: it is a device, not a file")
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: repo.appendingPathComponent("missing.yml").path)
        expectRefused(try runCapaudit(["check", "m.yml"], in: repo), ".capaudit.yml: the config is not read: it is a symlink that leads to nothing")
        try FileManager.default.removeItem(at: config)
        #expect(mkfifo(config.path, 0o644) == 0)
        expectRefused(try runCapaudit(["check", "m.yml"], in: repo, timeout: 20), ".capaudit.yml: the config is not read: it is a FIFO, not a file")
    }

    /// Regression: a config linked to a secret outside the repository printed its first bytes in
    /// the error ("the config must be a mapping, got the string \"aws_secret_access_key=…\"").
    @Test func aConfigLinkedOutOfTheRepositoryIsNeverRead() throws {
        let repo = try repository()
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent(".capaudit.yml").path, withDestinationPath: try secretFile().path)
        expectRefused(
            try runCapaudit(["check", "m.yml"], in: repo),
            ".capaudit.yml: the config is not read: it is a symlink that leads outside the repository; capaudit reads no file there")
    }

    @Test func aBaselineTheConfigLinksOutOfTheRepositoryIsNeverRead() throws {
        let repo = try repository()
        try write("baseline: baseline.json\n", to: repo.appendingPathComponent(".capaudit.yml"))
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("baseline.json").path, withDestinationPath: try secretFile().path)
        expectRefused(
            try runCapaudit(["check", "m.yml"], in: repo),
            "the config's baseline `baseline.json` is not read: it is a symlink that leads outside the repository")
    }

    @Test func anEmptyIncludePatternIsAMistakeNotAnEmptyRun() throws {
        let repo = try repository()
        try write("include: [\"\"]\n", to: repo.appendingPathComponent(".capaudit.yml"))
        let result = try runCapaudit(["check"], in: repo)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".capaudit.yml:1:11: an empty pattern in `include` matches no path"), "\(result.stderr)")
    }

    @Test func aDeletedWorkingFolderIsExitTwo() throws {
        let repo = try repository()
        let result = try run("/bin/sh", ["-c", "mkdir gone && cd gone && rmdir ../gone && exec \"$0\" check", Paths.capauditBinary.path], in: repo)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("cannot read the working folder"), "\(result.stderr)")
    }

    @Test func aPackReferenceMayOnlyLinkToTheWeb() throws {
        let repo = try repository()
        try write("S99:\n  title: Click me\n  url: \"javascript:alert(1)\"\n", to: repo.appendingPathComponent("pack/references.yml"))
        let result = try runCapaudit(["check", "--rules", "pack", "m.yml"], in: repo)
        #expect(result.status == 2)
        #expect(result.stderr.contains("pack/references.yml:3:8: a reference's `url` must start with https:// or http://"), "\(result.stderr)")
    }

    /// Regression: a 20-deep chain was blamed on Rules/profiles/general.yml:4:1, and once per profile.
    @Test func aTooDeepExtendsChainIsReportedOnceWhereItStarts() throws {
        let repo = try repository()
        for level in 1...20 {
            try write("id: p\(level)\ntitle: P\(level)\nextends: \(level == 1 ? "general" : "p\(level - 1)")\ndescription: d\n", to: repo.appendingPathComponent("pack/profiles/p\(level).yml"))
        }
        let result = try runCapaudit(["check", "--rules", "pack", "m.yml"], in: repo)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("extends") }
        #expect(lines == ["pack/profiles/p20.yml:3:10: `extends` chain of `p20` is deeper than 16 profiles (p20 → p19 → p18 → … → p5 → p4); extend a shipped profile more directly"])
    }

    /// Regression: `FILE:0` (and `:-1`, `:abc`, `:72:0`) said "no such file or folder" for a file that exists.
    @Test(arguments: ["0", "-1", "abc", "72:0"])
    func explainSaysWhatIsWrongWithTheLine(_ suffix: String) throws {
        let result = try runCapaudit(["explain", "m.yml:\(suffix)"], in: try repository())
        #expect(result.status == 2)
        #expect(result.stderr.contains("`m.yml:\(suffix)`: after the file name give a line (and column) of 1 or more, as in m.yml:12"), "\(result.stderr)")
    }

    @Test func explainPastTheEndOfTheFileSaysSo() throws {
        let result = try runCapaudit(["explain", "m.yml:9999"], in: try repository())
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 9999 is past the end of m.yml, which has"), "\(result.stderr)")
    }
}

import CapauditKit
import Dispatch
import Foundation
import Testing

/// The config's `include` and `exclude` globs: a path matches when it, or a folder above it, matches.
@Suite struct GlobTests {
    func expectMatches(_ pattern: String, _ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let glob = Glob(pattern)
        for path in paths {
            #expect(glob.matches(path), "`\(pattern)` should match `\(path)`", sourceLocation: sourceLocation)
        }
    }

    func expectMisses(_ pattern: String, _ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let glob = Glob(pattern)
        for path in paths {
            #expect(!glob.matches(path), "`\(pattern)` should not match `\(path)`", sourceLocation: sourceLocation)
        }
    }

    @Test func starStaysWithinOneSegment() {
        expectMatches("apps/*.yml", ["apps/bank.yml", "apps/.yml", "apps/a.b.yml"])
        expectMisses("apps/*.yml", ["apps/sub/bank.yml", "bank.yml", "apps/bank.yaml", "other/apps/bank.yml"])
        expectMisses("apps*yml", ["apps/bank.yml"])
    }

    @Test func aFolderThatMatchesTakesEverythingUnderIt() {
        expectMatches("apps/*", ["apps/bank.yml", "apps/sub/deep/bank.yml"])
        expectMatches("apps", ["apps", "apps/bank.yml"])
        expectMisses("apps", ["apps.yml", "applications/bank.yml"])
    }

    @Test func doubleStarCrossesSegments() {
        expectMatches("apps/**/bank.yml", ["apps/bank.yml", "apps/a/bank.yml", "apps/a/b/c/bank.yml"])
        expectMisses("apps/**/bank.yml", ["bank.yml", "other/apps/bank.yml", "apps/a/bank.yaml"])
        expectMatches("**/fixtures/**", ["fixtures/a.yml", "a/b/fixtures/c.yml", "fixtures"])
        expectMisses("**/fixtures/**", ["a/fixtures.yml", "a/myfixtures/b.yml"])
        expectMatches("**", ["a.yml", "a/b/c.yml"])
    }

    @Test func questionMarkIsOneCharacterNeverASlash() {
        expectMatches("bank?.yml", ["bank1.yml", "apps/bankX.yml"])
        expectMisses("bank?.yml", ["bank.yml", "bank12.yml"])
        expectMisses("apps?bank.yml", ["apps/bank.yml"])
        expectMatches("apps/?/x.yml", ["apps/a/x.yml"])
        expectMisses("apps/?/x.yml", ["apps//x.yml", "apps/ab/x.yml"])
    }

    @Test func aTrailingSlashIsTheWholeFolderFromTheWorkingFolder() {
        expectMatches("legacy/", ["legacy", "legacy/a.yml", "legacy/deep/a.yml"])
        expectMisses("legacy/", ["legacy.yml", "legacyapps/a.yml", "apps/legacy/a.yml"])
    }

    @Test func aLeadingDotSlashIsTheWorkingFolder() {
        expectMatches("./apps/*.yml", ["apps/bank.yml", "./apps/bank.yml"])
        expectMisses("./apps/*.yml", ["other/apps/bank.yml"])
        expectMatches("././bank.yml", ["bank.yml"])
        // The slash anchors it, where a bare `bank.yml` matches at any depth.
        expectMisses("./bank.yml", ["apps/bank.yml"])
    }

    @Test func aPatternWithoutSlashMatchesAnySegment() {
        expectMatches("*.yml", ["bank.yml", "apps/bank.yml", "a/b/c/bank.yml", "./bank.yml"])
        expectMisses("*.yml", ["bank.yaml", "apps/bank.yml.bak"])
        expectMatches("fixtures", ["fixtures/a.yml", "a/fixtures/b.yml"])
        expectMisses("fixtures", ["a/fixtures.yml"])
    }

    @Test func anEmptyPatternMatchesNothing() {
        expectMisses("", ["a.yml", "apps/a.yml", ""])
    }

    @Test func nonASCIINamesMatchByCharacter() {
        expectMatches("caf?.yml", ["café.yml", "cafe\u{301}.yml", "données/café.yml"])
        expectMatches("données/*.yml", ["données/a.yml", "donne\u{301}es/a.yml"])
        expectMisses("caf?.yml", ["cafés.yml"])
        expectMatches("应用/**/设置.yml", ["应用/a/设置.yml"])
    }

    /// Inputs that take exponential time in a backtracking matcher finish here, with the right answer.
    @Test func longInputsWithManyStarsFinish() throws {
        let longName = String(repeating: "a", count: 5000)
        let deepPath = Array(repeating: "a", count: 200).joined(separator: "/")
        let cases: [(pattern: String, path: String, matches: Bool)] = [
            (String(repeating: "*a", count: 30) + "*b", longName, false),
            (String(repeating: "*a", count: 30) + "*b", "apps/\(longName)", false),
            (String(repeating: "*a", count: 30) + "*", longName, true),
            (String(repeating: "**/a/", count: 20) + "b", deepPath, false),
            (String(repeating: "**/a/", count: 20) + "a", deepPath, true),
            ("**/" + String(repeating: "*a", count: 20) + "*b", deepPath + "/" + longName, false),
        ]
        let answers = try #require(
            HangGuard.run { cases.map { Glob($0.pattern).matches($0.path) } },
            "matching did not finish in \(HangGuard.seconds) s: is the matcher backtracking?"
        )
        #expect(answers == cases.map(\.matches))
    }
}

/// Runs work that a regression could make exponential on its own thread, so that the test fails
/// instead of hanging the run: Swift Testing's time limit cannot stop synchronous work.
enum HangGuard {
    /// Far above the milliseconds the work takes in a debug build: a guard, not a speed test.
    static let seconds = 60

    /// The work's result, or nil when it has not finished in time (its thread is left running).
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result? {
        let outcome = Outcome<Result>()
        Thread.detachNewThread {
            outcome.value = work()
            outcome.finished.signal()
        }
        guard outcome.finished.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
        return outcome.value
    }

    /// Written by the work's thread before `finished` is signalled, read only after the wait.
    private final class Outcome<Result>: @unchecked Sendable {
        var value: Result?
        let finished = DispatchSemaphore(value: 0)
    }
}

import Foundation
import TestSupport
import Testing

/// A broken baseline stops `check` with exit 2 and a message at its line and column, never a
/// crash; keys a newer capaudit may add are tolerated.
@Suite struct BaselineFileTests {
    static func check(baseline: String) throws -> RunResult {
        let folder = try makeTemporaryFolder()
        try write(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")), to: folder.appendingPathComponent("bank.yml"))
        try write(baseline, to: folder.appendingPathComponent("baseline.json"))
        return try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
    }

    @Test func anUnpairedSurrogateIsALocatedErrorNotACrash() throws {
        let result = try Self.check(baseline: Baselines.oneEntry(fingerprint: "\"\\uD800\\u0041\"", file: "bank.yml"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(
            "baseline.json:6:23: not valid JSON: `\\uD800` is the first half of a surrogate pair but no `\\uDC00`-`\\uDFFF` escape follows it"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty, "a broken baseline stops the run before any report")
    }

    @Test(arguments: ["-5", "0", "1.5", "1e30", "\"2\""])
    func aCountThatIsNotAPositiveWholeNumberStopsTheRun(_ count: String) throws {
        let result = try Self.check(baseline: Baselines.oneEntry(count: count, file: "bank.yml"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(
            "baseline.json:10:16: `count` must be a whole number of at least 1 (how many findings the entry covers), found \(count)"),
            "\(result.stderr)")
    }

    @Test func keysFromANewerCapauditAreTolerated() throws {
        let folder = try makeTemporaryFolder()
        try write(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")), to: folder.appendingPathComponent("bank.yml"))
        let written = try runCapaudit(["check", "--write-baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try readText(folder.appendingPathComponent("baseline.json"))
        let extended = baseline
            .replacingOccurrences(of: "\"tool\": \"capaudit\",", with: "\"tool\": \"capaudit\",\n  \"generated\": \"2030-01-01\",")
            .replacingOccurrences(of: "\"count\": 1", with: "\"count\": 1,\n      \"severity\": \"error\"")
        #expect(extended.contains("generated") && extended.contains("severity"))
        try write(extended, to: folder.appendingPathComponent("baseline.json"))
        let result = try runCapaudit(["check", "--baseline", "baseline.json", "bank.yml"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}

import Foundation
import TestSupport
import Testing

@Suite struct CheckCommandTests {
    @Test func flawedExamplesExitOneCleanOnesZero() throws {
        let clean = try runCapaudit(["check", "Examples/bank/clean.yml", "Examples/health/clean.yml", "Examples/travel/clean.yml", "Examples/bugreport/clean.yml"], in: Paths.packageRoot)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        let flawed = try runCapaudit(["check", "Examples/bank/flawed.yml"], in: Paths.packageRoot)
        #expect(flawed.status == 1)
        #expect(flawed.stdout.contains("Examples/bank/flawed.yml:81:9: error BNK002 security-code-displayed:"))
    }

    @Test func missingPathExitsTwo() throws {
        let result = try runCapaudit(["check", "does/not/exist.yml"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains("does/not/exist.yml: no such file or folder"))
    }

    @Test func unknownOptionSuggestsTheNearestAndExitsTwo() throws {
        let result = try runCapaudit(["check", "--formt", "json"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option `--formt`; did you mean `--format`?"))
    }

    @Test func badFormatValueIsSuggested() throws {
        let result = try runCapaudit(["check", "--format", "jsn", "Examples"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean `json`?"))
    }
}

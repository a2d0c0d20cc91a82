@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// docs/configuration.md, "Preview and deprecated rules": preview rules run only with the opt-in, deprecated rules never
/// run and their names stand for their replacement; a pack's parameters are checked against
/// what its check declares.
@Suite struct RuleLifecycleTests {
    static let previewRule = """
        id: ACME100
        slug: full-card-number
        title: Card number in full
        status: preview
        check: field
        parameters:
          where: {kind: [card-number], display: [full]}
        severity: warning
        message: "`{field}` shows the card number"
        """
    static let deprecatedRule = """
        id: ACME101
        slug: old-card-number
        title: Old name of ACME100
        status: deprecated
        replaced-by: ACME100
        check: field
        parameters:
          where: {kind: [card-number], display: [full]}
        severity: warning
        message: "`{field}` shows the card number"
        """
    static let manifest = """
        capaudit: 1
        app:
          name: Lifecycle
          profile: general
          platforms:
            android:
              min-sdk: 26
              target-sdk: 35
        screens:
          - id: cards
            protect: [flag-secure]
            fields:
              - id: pan
                kind: card-number
                display: masked
                reveal: tap
              # capaudit: ignore ACME101 -- shown on purpose
              - id: full-pan
                kind: card-number
        """

    static func source(_ path: String, _ text: String) -> PolicySource {
        PolicySource(relativePath: path, displayPath: "pack/\(path)", bytes: Array(text.utf8))
    }

    static func load(_ sources: [PolicySource]) throws(PolicyError) -> Policy {
        try PolicyLoader.load(adding: sources)
    }

    static func problems(_ sources: [PolicySource]) -> [PolicyError.Problem] {
        do throws(PolicyError) {
            _ = try load(sources)
            return []
        } catch {
            return error.problems
        }
    }

    static var pack: Policy {
        get throws {
            try load([source("rules/ACME100.yml", previewRule), source("rules/ACME101.yml", deprecatedRule)])
        }
    }

    func check(_ policy: Policy, preview: Bool) -> FileOutcome {
        Manifests.check(Self.manifest, path: "app.yml", policy: policy, preview: preview)
    }

    @Test func aPreviewRuleRunsOnlyWithTheOptIn() throws {
        let policy = try Self.pack
        #expect(policy.rule("ACME100")?.status == .preview)
        let without = check(policy, preview: false)
        #expect(!without.findings.contains { $0.ruleID == "ACME100" })
        let with = check(policy, preview: true)
        let finding = try #require(with.findings.first { $0.ruleID == "ACME100" })
        #expect(finding.start == SourcePosition(line: 18, column: 9))
        #expect(finding.severity == .warning)
    }

    @Test func aDeprecatedRuleNeverRunsAndItsNameStandsForTheReplacement() throws {
        let policy = try Self.pack
        let result = check(policy, preview: true)
        #expect(!result.findings.contains { $0.ruleID == "ACME101" })
        // The suppression names ACME101: it silences the ACME100 finding and says so at info.
        let replaced = try #require(result.findings.first { $0.ruleID == "ACME100" })
        #expect(replaced.suppression == .inline(reason: "shown on purpose", line: 17))
        let note = try #require(result.findings.first { $0.ruleID == "SUP003" })
        #expect(note.severity == .info)
        #expect(note.start.line == 17)
        #expect(note.message.contains("ACME101 (`old-card-number`) is deprecated and replaced by ACME100"))
        #expect(policy.resolve("old-card-number")?.rule.id == "ACME100")
        #expect(policy.resolve("ACME100")?.deprecated == nil)
    }

    @Test func theConfigNamingADeprecatedRuleSetsTheReplacement() throws {
        let policy = try Self.pack
        let config = try ConfigLoader.parse(Array("preview: true\nrules:\n  ACME101: error\n".utf8), displayPath: ".capaudit.yml", policy: policy)
        #expect(config.preview)
        #expect(config.rules == ["ACME100": .on(.error)])
        let note = try #require(config.problems.first)
        #expect(note.rule == .unknownRule && note.caseName == "deprecated" && note.position == SourcePosition(line: 3, column: 3))
    }

    @Test func deprecationNeedsAKnownReplacement() {
        let missing = Self.deprecatedRule.replacingOccurrences(of: "replaced-by: ACME100\n", with: "")
        let withoutReplacement = Self.problems([Self.source("rules/ACME101.yml", missing)])
        #expect(withoutReplacement.map(\.message).contains { $0.contains("a deprecated rule needs `replaced-by`") })
        let unknown = Self.problems([Self.source("rules/ACME101.yml", Self.deprecatedRule)])
        let problem = unknown.first { $0.message.contains("`replaced-by` names an unknown rule `ACME100`") }
        #expect(problem?.position == SourcePosition(line: 5, column: 14))
        let stable = Self.previewRule.replacingOccurrences(of: "status: preview", with: "replaced-by: CAP001")
        #expect(Self.problems([Self.source("rules/ACME100.yml", stable)]).contains { $0.message.contains("`replaced-by` is for a deprecated rule") })
    }

    /// The pack's mistake and where it must be reported (line, column of the value or key).
    @Test(arguments: [
        ("  where: {kind: [card-number], dispaly: [full]}", 7, 32, "unknown key `dispaly` in `where`; did you mean `display`?"),
        ("  where: {kind: [card-numbr], display: [full]}", 7, 18, "unknown data kind `card-numbr` in each entry of `kind`; did you mean `card-number`?"),
        ("  where: {kind: card-number, display: [full]}", 7, 17, "`kind` must be a list, got the string \"card-number\""),
        ("  where: {kind: [card-number], display: [ful]}", 7, 42, "unknown display `ful` in each entry of `display`; did you mean `full`?"),
        ("  wher: {kind: [card-number], display: [full]}", 7, 3, "unknown key `wher` in `parameters` (check `field`); did you mean `where`?"),
        ("  where: {kind: [card-number], keyboard-cache: [yes]}", 7, 49, "each entry of `keyboard-cache` must be true or false, got the string \"yes\""),
    ])
    func packParametersAreCheckedAgainstWhatTheCheckDeclares(_ line: String, _ row: Int, _ column: Int, _ message: String) {
        let rule = Self.previewRule.replacingOccurrences(of: "  where: {kind: [card-number], display: [full]}", with: line)
        let problems = Self.problems([Self.source("rules/ACME100.yml", rule)])
        #expect(problems.count == 1, "\(problems.map(\.description))")
        let problem = problems.first
        #expect(problem?.file == "pack/rules/ACME100.yml")
        #expect(problem?.position == SourcePosition(line: row, column: column))
        #expect(problem?.message == message)
    }

    @Test func requiredParametersAndNamesOfEveryDomainAreChecked() {
        let rule = """
            id: ACME102
            slug: sole
            title: Sole mechanism
            check: sole-mechanism
            parameters:
              platform: windows
            severity: warning
            message: "m"
            """
        let messages = Self.problems([Self.source("rules/ACME102.yml", rule)]).map(\.message)
        #expect(messages.contains("`parameters` (check `sole-mechanism`) needs the key `mechanism`"))
        #expect(messages.contains { $0.hasPrefix("unknown platform `windows` in `platform`; known: ios, android") })
        let noParameters = rule.replacingOccurrences(of: "parameters:\n  platform: windows\n", with: "")
        #expect(Self.problems([Self.source("rules/ACME102.yml", noParameters)]).map(\.message).contains(
            "the check `sole-mechanism` needs the parameter `platform` (a platform name)"))
    }
}

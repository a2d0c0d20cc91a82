@testable import CapauditKit
import Testing

/// A rule pack's scoped patterns (`shows` inside `inside` handlers, docs/evidence.md "Handlers").
@Suite struct ScopedEvidencePackTests {
    static func pack(_ sets: String) -> PolicySource {
        PolicySource(
            relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml",
            bytes: Array("""
                evidence:
                  - mechanism: cover-on-background
                    platform: ios
                    sets:
                \(sets)

                """.utf8))
    }

    @Test func aPacksShowCallCountsOnlyInsideItsHandlers() throws {
        let policy = try PolicyLoader.load(adding: [Self.pack("      swift:\n        - shows: [PrivacyShield.show]\n          inside: [func sceneWillResignActive]")])
        let inHandler = "func sceneWillResignActive(_ scene: UIScene) { PrivacyShield.show(in: window) }"
        #expect(EvidenceRuleTests.mechanisms("swift", inHandler, policy: policy).sets == ["cover-on-background"])
        #expect(EvidenceRuleTests.mechanisms("swift", inHandler).sets.isEmpty)
        #expect(EvidenceRuleTests.mechanisms("swift", "PrivacyShield.show(in: window)", policy: policy).sets.isEmpty)
    }

    @Test func aScopedEntrysMistakesAreReportedAtTheirLine() {
        let broken = Self.pack("""
                  swift:
                    - shows: [PrivacyShield.show]
                    - shows: ["show("]
                      inside: [func sceneWillResignActive]
                    - shows: [hide]
                      inside: ["onChange("]
                    - shows: [hide]
                      inside: []
            """)
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [broken])
            Issue.record("a pack with broken scoped patterns loaded")
        } catch {
            #expect(error.problems.map(\.description) == [
                "pack/taxonomy.yml:6:11: a scoped pattern entry needs the key `inside`",
                "pack/taxonomy.yml:7:19: swift pattern `show(`: an opening bracket is never closed",
                "pack/taxonomy.yml:10:20: swift pattern `onChange(` in `inside`: an opening bracket is never closed",
                "pack/taxonomy.yml:12:19: `inside` needs at least one handler pattern (`func sceneWillResignActive`)",
            ])
        }
    }
}

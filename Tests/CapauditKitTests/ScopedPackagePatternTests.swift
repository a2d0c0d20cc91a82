@testable import CapauditKit
import Testing

/// Handler scopes read Swift, Kotlin and Java declarations; a Dart or TypeScript entry under a
/// package's name cannot be scoped yet, and a pack that tries is stopped at the entry, while its
/// plain patterns keep their package.
@Suite struct ScopedPackagePatternTests {
    @Test func aScopedEntryUnderAPackageIsReportedAtItsLine() {
        let pack = ScopedEvidencePackTests.pack("""
                  dart:
                    secure_application:
                      - shows: [lock()]
                        inside: [didChangeAppLifecycleState]
            """)
        do throws(PolicyError) {
            _ = try PolicyLoader.load(adding: [pack])
            Issue.record("a pack with a scoped Dart entry loaded")
        } catch {
            #expect(error.problems.map(\.description) == [
                "pack/taxonomy.yml:7:21: dart pattern `lock()`: only Swift, Kotlin and Java patterns can be scoped to handlers (write it as a pattern of its own)"
            ])
        }
    }

    @Test func aPlainEntryUnderAPackageKeepsItsPackage() throws {
        let policy = try PolicyLoader.load(adding: [ScopedEvidencePackTests.pack("      dart:\n        secure_application: [unlock()]")])
        let mechanism = try #require(policy.taxonomy.mechanisms.first { $0.id == "cover-on-background" && $0.platform == .ios })
        #expect(mechanism.evidence.sets.filter { $0.text == "unlock()" } == [EvidencePattern(language: .dart, text: "unlock()", package: "secure_application")])
    }
}

@testable import CapauditKit
import Foundation
import TestSupport
import Testing

/// The binary carries Rules/ as generated source: this fails while that copy is stale.
@Suite struct EmbeddedRulesTests {
    @Test func generatedSourceMatchesRulesFolder() throws {
        let rules = Paths.packageRoot.appendingPathComponent("Rules")
        let enumerator = FileManager.default.enumerator(at: rules, includingPropertiesForKeys: nil)
        var onDisk: [String: String] = [:]
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "yml" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(rules.standardizedFileURL.path.count + 1))
            onDisk[relative] = try readText(url)
        }
        let embedded = Dictionary(uniqueKeysWithValues: EmbeddedRules.files.map { ($0.path, $0.text) })
        #expect(Set(onDisk.keys) == Set(embedded.keys), "Rules/ and the embedded copy list different files: run scripts/embed-rules")
        for (path, text) in onDisk {
            let expected = text.hasSuffix("\n") ? String(text.dropLast()) : text
            #expect(embedded[path] == expected, "Rules/\(path) changed since the embedded copy was generated: run scripts/embed-rules")
        }
    }
}

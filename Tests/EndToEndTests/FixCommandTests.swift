import CapauditKit
import Foundation
import Testing
import TestSupport

/// `check --fix --unsafe-fixes` on every Example, every fixture manifest and every rule's failing
/// example: each finding whose fix is not display-only is gone, no finding appears, every
/// comment stays, a second `--fix` changes no byte, and `--diff` is what `--fix` writes, byte
/// for byte (`patch` applies it).
@Suite struct FixCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: [UInt8]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        let files = ["Examples/bank", "Examples/bugreport", "Examples/health", "Examples/travel", "Examples/wallet", "Tests/Fixtures/InvalidManifests"]
            .flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: Paths.packageRoot.appendingPathComponent(folder).path)) ?? [])
                    .filter { $0.hasSuffix(".yml") && !$0.hasPrefix(".") && $0 != "expected.yml" }.sorted().map { "\(folder)/\($0)" }
            } + ["Tests/Fixtures/rule-pack-app.yml"]
        for file in files {
            if let text = try? readBytes(Paths.packageRoot.appendingPathComponent(file)) { cases.append(Case(name: file, text: text)) }
        }
        for rule in Manifests.policy.rules where !rule.id.hasPrefix("EVD") && !rule.failingExample.isEmpty {
            cases.append(Case(name: "\(rule.id) failing example", text: Array(rule.failingExample.utf8)))
        }
        return cases
    }()

    struct Reported {
        var rule: String
        var fingerprint: String
        var applicability: String?
        var line: Int
    }

    static func findings(_ folder: URL) throws -> [Reported] {
        let result = try runCapaudit(["check", "manifest.yml", "--preview", "--format", "json", "--fail-on", "never"], in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let findings = try #require(report["findings"] as? [[String: Any]])
        return findings.map { finding in
            Reported(
                rule: finding["rule"] as? String ?? "", fingerprint: finding["fingerprint"] as? String ?? "",
                applicability: (finding["fix"] as? [String: Any])?["applicability"] as? String, line: finding["line"] as? Int ?? 0)
        }
    }

    /// The comments of a text: a whole comment line, or what follows ` #` outside quotes.
    static func comments(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            var inQuotes: Character?
            var previous: Character = " "
            for (offset, character) in line.enumerated() {
                if let quote = inQuotes {
                    if character == quote { inQuotes = nil }
                } else if character == "\"" || character == "'", " [{,:-".contains(previous) {
                    inQuotes = character
                } else if character == "#", previous == " " || previous == "\t" || offset == 0 {
                    return String(line.dropFirst(offset)).trimmingCharacters(in: .whitespaces)
                }
                previous = character
            }
            return nil
        }
    }

    @Test(arguments: cases)
    func fixRemovesEveryFixableFindingAddsNoneKeepsEveryCommentAndIsIdempotent(_ fixture: Case) throws {
        let folder = try makeTemporaryFolder("capaudit-fix")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.yml")
        try Data(fixture.text).write(to: manifest)
        let before = try Self.findings(folder)

        let diff = try runCapaudit(["check", "manifest.yml", "--preview", "--diff", "--unsafe-fixes"], in: folder)
        let fix = try runCapaudit(["check", "manifest.yml", "--preview", "--fix", "--unsafe-fixes", "--fail-on", "never"], in: folder)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(!fix.stderr.contains("not fixed"), "\(fixture.name): \(fix.stderr)")
        let fixed = try readBytes(manifest)
        #expect(diff.status == (fixed == fixture.text ? 0 : 1), "\(diff.stderr)")

        let after = try Self.findings(folder)
        let beforePrints = Set(before.map(\.fingerprint))
        let added = after.filter { !beforePrints.contains($0.fingerprint) && !$0.rule.hasPrefix("EVD") }
        #expect(added.isEmpty, "\(fixture.name): --fix added \(added.map { "\($0.rule) line \($0.line)" })\n\(String(decoding: fixed, as: UTF8.self))")
        let afterPrints = Set(after.map(\.fingerprint))
        let left = before.filter { $0.applicability != nil && $0.applicability != "display" && afterPrints.contains($0.fingerprint) }
        #expect(left.isEmpty, "\(fixture.name): --fix left \(left.map { "\($0.rule) line \($0.line)" })\n\(String(decoding: fixed, as: UTF8.self))")

        let fixedText = String(decoding: fixed, as: UTF8.self)
        for comment in Self.comments(String(decoding: fixture.text, as: UTF8.self)) {
            #expect(fixedText.contains(comment), "\(fixture.name): --fix dropped the comment \(comment)")
        }

        let again = try runCapaudit(["check", "manifest.yml", "--preview", "--fix", "--unsafe-fixes", "--fail-on", "never"], in: folder)
        #expect(try readBytes(manifest) == fixed, "\(fixture.name): a second --fix changed the file: \(again.stderr)")

        let copy = folder.appendingPathComponent("patched")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try Data(fixture.text).write(to: copy.appendingPathComponent("manifest.yml"))
        if !diff.stdout.isEmpty {
            try Data(diff.stdout.utf8).write(to: folder.appendingPathComponent("fix.diff"))
            let patch = try run("/usr/bin/env", ["patch", "-p1", "--quiet", "--input", "../fix.diff"], in: copy)
            #expect(patch.status == 0, "\(patch.stdout)\(patch.stderr)")
        }
        #expect(try readBytes(copy.appendingPathComponent("manifest.yml")) == fixed, "\(fixture.name): the diff is not what --fix wrote")
    }
}

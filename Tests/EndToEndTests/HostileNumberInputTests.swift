import Foundation
import TestSupport
import Testing

/// Every number a manifest holds has bounds: past them is a located MAN002 that gives the
/// range, never a silent acceptance or an overflow. Generated over each number and value.
@Suite struct HostileNumberInputTests {
    struct NumberField: Sendable, CustomTestStringConvertible {
        var key: String
        /// What replaces `original` in Examples/bank/flawed.yml, the number as VALUE.
        var replacement: String
        var testDescription: String { key }
    }

    static let original = "      min-sdk: 28\n      target-sdk: 35\n"

    static let fields = [
        NumberField(key: "min-sdk", replacement: "      min-sdk: VALUE\n      target-sdk: 35\n"),
        NumberField(key: "target-sdk", replacement: "      min-sdk: 1\n      target-sdk: VALUE\n"),
        NumberField(key: "max-sdk", replacement: "      min-sdk: 28\n      target-sdk: 35\n      permissions:\n        - {name: READ_EXTERNAL_STORAGE, max-sdk: VALUE}\n"),
    ]

    static let outOfRange = ["0", "-5", "1001", "9223372036854775807", "-9223372036854775808"]

    func check(_ manifest: String) throws -> (RunResult, [[String: Any]]) {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(manifest, to: folder.appendingPathComponent("app.yml"))
        let result = try runCapaudit(["check", "--format", "json", "app.yml"], in: folder)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result, json?["findings"] as? [[String: Any]] ?? [])
    }

    @Test(arguments: fields)
    func apiLevelsHaveBounds(_ field: NumberField) throws {
        let example = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        try #require(example.contains(Self.original))
        for value in Self.outOfRange + ["1", "1000"] {
            let manifest = example.replacingOccurrences(of: Self.original, with: field.replacement.replacingOccurrences(of: "VALUE", with: value))
            let (result, findings) = try check(manifest)
            #expect((0...2).contains(result.status), "\(field.key) \(value): \(result.stderr)")
            let schema = findings.filter { $0["rule"] as? String == "MAN002" && ($0["message"] as? String ?? "").hasPrefix("`\(field.key)` must be an integer") }
            if Self.outOfRange.contains(value) {
                let message = schema.first?["message"] as? String
                #expect(
                    message == "`\(field.key)` must be an integer from 1 to 1000, got \(value)",
                    "\(field.key) \(value): \(String(describing: message))")
                let line = manifest.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\(field.key): \(value)") }.map { $0 + 1 }
                #expect(schema.first?["line"] as? Int == line, "located at the value")
            } else {
                #expect(schema.isEmpty, "\(field.key) \(value) is in range: \(schema)")
                #expect(findings.contains { $0["rule"] as? String == "CAP001" }, "\(field.key) \(value): the manifest is still checked")
            }
        }
    }

    @Test func versionPartsHaveBounds() throws {
        let example = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        let original = "      deployment-target: \"16.0\"\n"
        try #require(example.contains(original))
        for (value, accepted) in [("99999999999.0", false), ("1000.0", false), ("17.1000", false), ("9223372036854775807.1", false), ("999.999", true), ("0.0", true)] {
            let (result, findings) = try check(example.replacingOccurrences(of: original, with: "      deployment-target: \"\(value)\"\n"))
            #expect((0...2).contains(result.status))
            let message = findings.first { $0["rule"] as? String == "MAN002" && ($0["message"] as? String ?? "").contains("`deployment-target`") }?["message"] as? String
            if accepted {
                #expect(message == nil, "\(value): \(String(describing: message))")
            } else {
                #expect(message == "`deployment-target` must be \"MAJOR[.MINOR]\" such as \"17.0\" (each part at most 999), got \"\(value)\"", "\(value)")
            }
        }
    }
}

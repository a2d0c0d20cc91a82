import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing
import YAML

/// Runs every case of the official YAML test suite through the loader.
@Suite struct ConformanceTests {
    /// Cases where libyaml 0.2.5 itself parts from the suite, or where capaudit deliberately reads differently.
    static let knownDeviations: [String: String] = [
        "2JQS": "libyaml rejects this valid document: did not find expected key",
        "2LFX": "libyaml rejects this valid document: found unknown directive name",
        "2SXE": "libyaml rejects this valid document: mapping values are not allowed in this context",
        "4ABK": "libyaml rejects this valid document: found unexpected ':'",
        "4MUZ/00": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "4MUZ/01": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "4MUZ/02": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "58MP": "libyaml rejects this valid document: did not find expected node content",
        "5MUD": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "5T43": "libyaml rejects this valid document: did not find expected node content",
        "652Z": "libyaml reads `?foo` as a complex-key indicator",
        "6BCT": "libyaml rejects this valid document: found character that cannot start any token",
        "6CA3": "libyaml rejects this valid document: found character that cannot start any token",
        "6LVF": "libyaml rejects this valid document: found unknown directive name",
        "6M2F": "libyaml rejects this valid document: did not find expected key",
        "7Z25": "libyaml rejects this valid document: did not find expected <document start>",
        "8XYN": "libyaml rejects this valid document: did not find expected alphabetic or numeric character",
        "96NN/00": "libyaml rejects this valid document: found a tab character where an indentation space is expected",
        "96NN/01": "libyaml rejects this valid document: found a tab character where an indentation space is expected",
        "9C9N": "libyaml accepts this invalid document",
        "9HCY": "libyaml accepts this invalid document",
        "9JBA": "libyaml accepts this invalid document",
        "9SA2": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "A2M4": "libyaml rejects this valid document: found character that cannot start any token",
        "BEC7": "libyaml rejects this valid document: found incompatible YAML document",
        "CFD4": "libyaml rejects this valid document: did not find expected node content",
        "CVW2": "libyaml accepts this invalid document",
        "DBG4": "libyaml rejects this valid document: did not find expected node content",
        "DK3J": "libyaml rejects this valid document: did not find expected <document start>",
        "DK95/00": "libyaml rejects this valid document: found character that cannot start any token",
        "DK95/01": "libyaml accepts this invalid document",
        "DK95/03": "libyaml rejects this valid document: found character that cannot start any token",
        "DK95/04": "libyaml rejects this valid document: found a tab character that violates indentation",
        "EB22": "libyaml accepts this invalid document",
        "FP8R": "libyaml rejects this valid document: did not find expected <document start>",
        "FRK4": "libyaml rejects this valid document: found unexpected ':'",
        "G5U8": "libyaml accepts this invalid document",
        "HM87/00": "libyaml rejects this valid document: did not find expected node content",
        "HM87/01": "libyaml reads `?x` in a flow sequence as a complex key",
        "HWV9": "libyaml rejects this valid document: did not find expected node content",
        "JEF9/02": "libyaml drops the trailing line break of a keep-chomped block scalar at end of stream",
        "K3WX": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "L24T/01": "libyaml loses trailing space lines of a keep-chomped block scalar",
        "M2N8/00": "libyaml rejects this valid document: did not find expected key",
        "M7A3": "libyaml rejects this valid document: did not find expected <document start>",
        "MUS6/00": "libyaml accepts this invalid document",
        "MUS6/01": "libyaml accepts this invalid document",
        "MUS6/05": "libyaml rejects this valid document: found unknown directive name",
        "MUS6/06": "libyaml rejects this valid document: found unknown directive name",
        "NHX8": "libyaml rejects this valid document: did not find expected key",
        "NJ66": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "NKF9": "libyaml rejects this valid document: did not find expected key",
        "Q5MG": "libyaml rejects this valid document: found character that cannot start any token",
        "QB6E": "libyaml accepts this invalid document",
        "QT73": "libyaml rejects this valid document: did not find expected node content",
        "R4YG": "libyaml rejects this valid document: found a tab character where an indentation space is expected",
        "RHX7": "libyaml accepts this invalid document",
        "S3PD": "libyaml rejects this valid document: did not find expected key",
        "S98Z": "libyaml accepts this invalid document",
        "SM9W/01": "libyaml rejects this valid document: did not find expected key",
        "SU5Z": "libyaml accepts this invalid document",
        "UKK6/00": "libyaml rejects this valid document: did not find expected key",
        "UT92": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "VJP3/01": "libyaml rejects this valid document: did not find expected ',' or '}'",
        "W4TN": "libyaml rejects this valid document: could not find expected directive name",
        "W5VH": "libyaml rejects this valid document: did not find expected alphabetic or numeric character",
        "X4QW": "libyaml accepts this invalid document",
        "Y2GN": "libyaml takes `:` into an anchor name",
        "Y79Y/001": "libyaml rejects this valid document: found a tab character where an indentation space is expected",
        "Y79Y/003": "libyaml accepts this invalid document",
        "Y79Y/010": "libyaml rejects this valid document: found character that cannot start any token",
        "YJV2": "libyaml accepts this invalid document",
    ]

    /// The data branch of the suite holds about 400 cases; far fewer means a wrong or partial folder.
    static let minimumCaseCount = 300

    struct Case {
        var id: String
        var folder: URL
    }

    static func cases(in suite: URL) -> [Case] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: suite.path) else { return [] }
        var found: [Case] = []
        for name in names.sorted() {
            let folder = suite.appendingPathComponent(name)
            if manager.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                found.append(Case(id: name, folder: folder))
                continue
            }
            let subfolders = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            for sub in subfolders.sorted() where manager.fileExists(atPath: folder.appendingPathComponent("\(sub)/in.yaml").path) {
                found.append(Case(id: "\(name)/\(sub)", folder: folder.appendingPathComponent(sub)))
            }
        }
        return found
    }

    static func json(_ node: YAMLNode) -> JSONValue {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .integer(let number): return .integer(number)
            case .integerOutOfRange(let text): return .number(Double(text) ?? .nan)
            case .float(let number): return .number(number)
            case .string(let text): return .string(text)
            }
        case .sequence(let items):
            return .array(items.map(json))
        case .mapping(let pairs):
            return .object(pairs.map { (($0.key.scalar?.value ?? "<complex key>"), json($0.value)) })
        }
    }

    @Test func suiteConforms() throws {
        let suite = Paths.yamlTestSuite
        try #require(
            FileManager.default.fileExists(atPath: suite.path),
            "YAML test suite not found at \(suite.path): the project carries it in Tests/Fixtures/yaml-test-suite; YAML_TEST_SUITE, when set, must name a copy of its data branch"
        )
        var passed = 0
        var deviations: [String] = []
        var failures: [String] = []
        let allCases = Self.cases(in: suite)
        try #require(allCases.count >= Self.minimumCaseCount, "\(suite.path) holds \(allCases.count) cases with an in.yaml: is it the data branch of the YAML test suite?")
        for testCase in allCases {
            let bytes = try readBytes(testCase.folder.appendingPathComponent("in.yaml"))
            let mustFail = FileManager.default.fileExists(atPath: testCase.folder.appendingPathComponent("error").path)
            let jsonURL = testCase.folder.appendingPathComponent("in.json")
            let outcome: String?
            switch Result(catching: { () throws(YAMLError) in try YAMLLoader.load(bytes) }) {
            case .success(let stream):
                if mustFail {
                    outcome = "accepted a document the suite rejects"
                } else if let jsonText = try? readText(jsonURL) {
                    let expected = try JSONParser.parseStream(jsonText)
                    let actual = stream.documents.map(Self.json)
                    outcome = expected == actual ? nil : "value differs: expected \(expected), got \(actual)"
                } else {
                    outcome = nil
                }
            case .failure(let error):
                if mustFail {
                    outcome = error.position.line >= 1 && error.position.column >= 1 ? nil : "error without a position"
                } else {
                    outcome = "rejected a valid document: \(error.position): \(error)"
                }
            }
            guard let outcome else {
                passed += 1
                continue
            }
            if Self.knownDeviations[testCase.id] != nil {
                deviations.append(testCase.id)
            } else {
                failures.append("\(testCase.id): \(outcome)")
            }
        }
        print("YAML test suite: \(allCases.count) cases, \(passed) passed, \(deviations.count) known libyaml deviations")
        for failure in failures { print("  unexpected: \(failure)") }
        #expect(failures.isEmpty, "unexpected conformance failures: \(failures.count)")
        let stale = Self.knownDeviations.keys.filter { id in !deviations.contains(id) }.sorted()
        #expect(stale.isEmpty, "listed as deviations but now pass: \(stale)")
    }
}

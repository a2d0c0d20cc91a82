import CapauditKit
import TestSupport
import Testing
import YAML

/// `Baseline.parse`: what a baseline file may hold, and where each problem is reported.
@Suite struct BaselineParseTests {
    static func baseline(count: String = "2", fingerprint: String = "\"0123456789abcdef\"") -> String {
        Baselines.oneEntry(count: count, fingerprint: fingerprint)
    }

    static func problem(_ text: String) -> PolicyError.Problem? {
        switch Result(catching: { () throws(PolicyError) in try Baseline.parse(Array(text.utf8), displayPath: "baseline.json") }) {
        case .success: return nil
        case .failure(let error): return error.problems.first
        }
    }

    @Test func readsWhatItWrites() throws {
        let fingerprint = Fingerprint.hex(Fingerprint.make(rule: "CAP001", file: "apps/bank.yml", document: 0, path: "screens[id=cards]", platform: "android", detail: ""))
        let baseline = try Baseline.parse(Array(Self.baseline(fingerprint: "\"\(fingerprint)\"").utf8), displayPath: "baseline.json")
        #expect(baseline.entries.map(\.fingerprint) == [fingerprint])
        #expect(baseline.entries.first?.count == 2)
        #expect(baseline.entries.first?.path == "screens[id=cards]")
        let rewritten = try Baseline.parse(Array(baseline.json.utf8), displayPath: "baseline.json")
        #expect(rewritten == baseline)
    }

    static let badCounts: [(String, String)] = [
        ("-5", "-5"), ("0", "0"), ("-0", "-0"), ("1.5", "1.5"), ("1e30", "1e30"), ("1.0", "1.0"), ("2e0", "2e0"),
        ("\"2\"", "\"2\""), ("null", "null"), ("true", "true"), ("[1]", "an array"), ("{}", "an object"),
        ("9223372036854775808", "9223372036854775808"),
    ]

    @Test(arguments: badCounts)
    func countMustBeAPositiveWholeNumber(_ count: String, _ shown: String) throws {
        let problem = try #require(Self.problem(Self.baseline(count: count)), "count \(count) was accepted")
        #expect(problem.description == "baseline.json:10:16: `count` must be a whole number of at least 1 (how many findings the entry covers), found \(shown)")
    }

    @Test func countDefaultsToOneAndMayBeLarge() throws {
        let withoutCount = Self.baseline().replacingOccurrences(of: "\"path\": \"screens[id=cards]\",\n      \"count\": 2", with: "\"path\": \"screens[id=cards]\"")
        #expect(withoutCount != Self.baseline())
        #expect(try Baseline.parse(Array(withoutCount.utf8), displayPath: "b").entries.first?.count == 1)
        #expect(try Baseline.parse(Array(Self.baseline(count: "1000000").utf8), displayPath: "b").entries.first?.count == 1_000_000)
    }

    @Test(arguments: ["1000000001", "9223372036854775807"])
    func countIsAtMostOneBillion(_ count: String) throws {
        let problem = try #require(Self.problem(Self.baseline(count: count)), "count \(count) was accepted")
        #expect(problem.description == "baseline.json:10:16: `count` must be at most 1000000000 (more findings than any run gives), found \(count); write the number of findings the entry covers, as --write-baseline does")
        #expect(try Baseline.parse(Array(Self.baseline(count: "1000000000").utf8), displayPath: "b").entries.first?.count == 1_000_000_000)
    }

    static let badFingerprints: [(String, String)] = [
        ("\"0123456789ABCDEF\"", "\"0123456789ABCDEF\""), ("\"0123456789abcde\"", "\"0123456789abcde\""),
        ("\"0123456789abcdef0\"", "\"0123456789abcdef0\""), ("\"0123456789abcdeg\"", "\"0123456789abcdeg\""), ("\"\"", "\"\""),
        ("\"0123456789abcdef\\n\"", "\"0123456789abcdef\\n\""), ("1234567890123456", "1234567890123456"),
        ("\"" + String(repeating: "ab", count: 30) + "\"", "\"" + String(repeating: "ab", count: 19) + "a..."),
    ]

    @Test(arguments: badFingerprints)
    func fingerprintIsSixteenLowercaseHexDigits(_ fingerprint: String, _ shown: String) throws {
        let problem = try #require(Self.problem(Self.baseline(fingerprint: fingerprint)), "fingerprint \(fingerprint) was accepted")
        #expect(problem.position == SourcePosition(line: 6, column: 22))
        #expect(problem.message == "`fingerprint` must be 16 lowercase hex digits, found \(shown); copy it from a baseline that --write-baseline wrote")
    }

    @Test func theBriefsSurrogateIsALocatedJSONError() throws {
        let problem = try #require(Self.problem(Self.baseline(fingerprint: "\"\\uD800\\u0041\"")))
        #expect(problem.position == SourcePosition(line: 6, column: 23))
        #expect(problem.message.hasPrefix("not valid JSON: `\\uD800` is the first half of a surrogate pair"))
        #expect(problem.message.hasSuffix("; fix it, or write a new baseline with --write-baseline"))
    }

    @Test func unknownKeysAreTolerated() throws {
        let text = Self.baseline()
            .replacingOccurrences(of: "\"tool\": \"capaudit\",", with: "\"tool\": \"capaudit\", \"generated\": {\"by\": [\"a newer capaudit\"]},")
            .replacingOccurrences(of: "\"count\": 2", with: "\"count\": 2, \"message\": \"kept for people\"")
        #expect(text.contains("generated") && text.contains("message"))
        let baseline = try Baseline.parse(Array(text.utf8), displayPath: "baseline.json")
        #expect(baseline.entries.count == 1)
    }

    @Test func missingAndMistypedFieldsPointAtTheirEntry() throws {
        let noRule = Self.baseline().replacingOccurrences(of: "\"rule\": \"CAP001\",", with: "")
        #expect(Self.problem(noRule)?.description == "baseline.json:5:5: entry 1 of `findings` has no `rule`; each entry needs `fingerprint`, `rule` and `file`, as --write-baseline writes them")
        let numericFile = Self.baseline().replacingOccurrences(of: "\"file\": \"apps/bank.yml\"", with: "\"file\": 7")
        #expect(Self.problem(numericFile)?.description == "baseline.json:8:15: `file` must be a string, found 7")
        let nullPath = Self.baseline().replacingOccurrences(of: "\"path\": \"screens[id=cards]\"", with: "\"path\": null")
        #expect(Self.problem(nullPath)?.description == "baseline.json:9:15: `path` must be a string, found null")
        #expect(Self.problem("{\"version\": 1, \"findings\": [\"x\"]}")?.description
            == "baseline.json:1:29: entry 1 of `findings` must be an object, found \"x\"; each entry needs `fingerprint`, `rule` and `file`, as --write-baseline writes them")
    }

    @Test func aKeyTwiceIsAnError() throws {
        let twice = Self.baseline().replacingOccurrences(of: "\"count\": 2", with: "\"count\": 2, \"count\": 3")
        #expect(Self.problem(twice)?.description == "baseline.json:10:19: `count` appears twice in this object; keep one")
        #expect(Self.problem("{\"version\": 1, \"version\": 1, \"findings\": []}")?.position == SourcePosition(line: 1, column: 16))
    }

    @Test func theShapeIsChecked() throws {
        let expected = "expected {\"version\": 1, \"findings\": [...]}; write one with --write-baseline"
        #expect(Self.problem("[]")?.description == "baseline.json:1:1: not a capaudit baseline: found an array, \(expected)")
        #expect(Self.problem("{\"findings\": []}")?.description == "baseline.json:1:1: not a capaudit baseline: no `version`, \(expected)")
        #expect(Self.problem("{\n  \"version\": 2,\n  \"findings\": []\n}")?.description
            == "baseline.json:2:14: baseline version 2 is not one this capaudit reads (1); write a new baseline with --write-baseline")
        #expect(Self.problem("{\"version\": \"1\", \"findings\": []}")?.position == SourcePosition(line: 1, column: 13))
        #expect(Self.problem("{\"version\": 1}")?.description == "baseline.json:1:1: not a capaudit baseline: no `findings`, \(expected)")
        #expect(Self.problem("{\"version\": 1, \"findings\": {}}")?.description == "baseline.json:1:28: `findings` must be an array of entries, found an object")
        #expect(try Baseline.parse(Array("{\"version\": 1, \"findings\": []}".utf8), displayPath: "b").entries.isEmpty)
    }

    @Test func invalidJSONIsLocated() throws {
        let problem = try #require(Self.problem("{\n  \"version\": 1,\n  \"findings\": [\n    {\"count\": 01}\n  ]\n}"))
        #expect(problem.position == SourcePosition(line: 4, column: 15))
        #expect(problem.message.hasPrefix("not valid JSON: a JSON number cannot have a leading zero"))
        let bytes = [UInt8(ascii: "{")] + [0xFF]
        let invalidUTF8 = Result { () throws(PolicyError) in try Baseline.parse(bytes, displayPath: "b.json") }
        guard case .failure(let error) = invalidUTF8 else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(error.description == "b.json:1:2: not valid JSON: expected a key in double quotes after `{`, found byte 0xFF; fix it, or write a new baseline with --write-baseline")
    }
}

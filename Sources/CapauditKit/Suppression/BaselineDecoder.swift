import JSON
import YAML

/// Reads a baseline file's JSON into entries, every problem located at the value that causes it.
///
/// Strict about what it reads: `version` is the integer 1, each `count` a whole number from 1 to
/// `Baseline.maxCount` written without fraction or exponent, each `fingerprint` 16 lowercase hex digits, and
/// no object names a key twice. Tolerant of keys it does not know, at the top and in entries:
/// a baseline written by a newer capaudit with more fields still reads.
struct BaselineDecoder {
    /// A wrong value longer than this is shortened in messages.
    static let longestQuotedValue = 40

    let bytes: [UInt8]
    let displayPath: String

    /// The entries, and where each one's fingerprint value starts.
    struct Decoded {
        var entries: [Baseline.Entry] = []
        var fingerprintOffsets: [Int] = []
    }

    func decode() throws(PolicyError) -> Decoded {
        let root: JSONNode
        do throws(JSONParser.Failure) {
            root = try JSONParser.parseNode(bytes)
        } catch {
            throw problem("not valid JSON: \(error.message); fix it, or write a new baseline with --write-baseline", at: error.offset)
        }
        let expectedShape = "expected {\"version\": \(Baseline.formatVersion), \"findings\": [...]}; write one with --write-baseline"
        guard case .object(let members) = root.content else {
            throw problem("not a capaudit baseline: found \(found(root)), \(expectedShape)", at: root.offset)
        }
        try rejectRepeatedKeys(members)
        guard let version = root["version"] else { throw problem("not a capaudit baseline: no `version`, \(expectedShape)", at: root.offset) }
        guard case .integer(Baseline.formatVersion) = version.content else {
            throw problem(
                "baseline version \(found(version)) is not one this capaudit reads (\(Baseline.formatVersion)); write a new baseline with --write-baseline",
                at: version.offset)
        }
        guard let findings = root["findings"] else { throw problem("not a capaudit baseline: no `findings`, \(expectedShape)", at: root.offset) }
        guard case .array(let items) = findings.content else {
            throw problem("`findings` must be an array of entries, found \(found(findings))", at: findings.offset)
        }
        var decoded = Decoded()
        decoded.entries.reserveCapacity(items.count)
        decoded.fingerprintOffsets.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let (entry, offset) = try entry(item, number: index + 1)
            decoded.entries.append(entry)
            decoded.fingerprintOffsets.append(offset)
        }
        return decoded
    }

    private func entry(_ node: JSONNode, number: Int) throws(PolicyError) -> (Baseline.Entry, fingerprintOffset: Int) {
        let needs = "each entry needs `fingerprint`, `rule` and `file`, as --write-baseline writes them"
        guard case .object(let members) = node.content else {
            throw problem("entry \(number) of `findings` must be an object, found \(found(node)); \(needs)", at: node.offset)
        }
        try rejectRepeatedKeys(members)
        func required(_ key: String) throws(PolicyError) -> JSONNode {
            guard let value = node[key] else { throw problem("entry \(number) of `findings` has no `\(key)`; \(needs)", at: node.offset) }
            return value
        }
        let fingerprintNode = try required("fingerprint")
        guard case .string(let fingerprint) = fingerprintNode.content, Self.isFingerprint(fingerprint) else {
            throw problem(
                "`fingerprint` must be \(Fingerprint.digits) lowercase hex digits, found \(found(fingerprintNode)); copy it from a baseline that --write-baseline wrote",
                at: fingerprintNode.offset)
        }
        let rule = try text(required("rule"), key: "rule")
        let file = try text(required("file"), key: "file")
        var path = ""
        if let pathNode = node["path"] { path = try text(pathNode, key: "path") }
        return (Baseline.Entry(fingerprint: fingerprint, rule: rule, file: file, path: path, count: try count(node["count"])), fingerprintNode.offset)
    }

    private func text(_ node: JSONNode, key: String) throws(PolicyError) -> String {
        guard case .string(let text) = node.content else { throw problem("`\(key)` must be a string, found \(found(node))", at: node.offset) }
        return text
    }

    /// How many findings the entry covers: 1 when the key is absent.
    private func count(_ node: JSONNode?) throws(PolicyError) -> Int {
        guard let node else { return 1 }
        guard case .integer(let count) = node.content, count >= 1 else {
            throw problem("`count` must be a whole number of at least 1 (how many findings the entry covers), found \(found(node))", at: node.offset)
        }
        guard count <= Baseline.maxCount else {
            throw problem(
                "`count` must be at most \(Baseline.maxCount) (more findings than any run gives), found \(found(node)); write the number of findings the entry covers, as --write-baseline does",
                at: node.offset)
        }
        return count
    }

    static func isFingerprint(_ text: String) -> Bool {
        Fingerprint.parse(text) != nil
    }

    private func rejectRepeatedKeys(_ members: [JSONNode.Member]) throws(PolicyError) {
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            throw problem("`\(member.key)` appears twice in this object; keep one", at: member.keyOffset)
        }
    }

    /// A wrong value as the file spells it: numbers as written, strings quoted and escaped,
    /// containers by their kind, anything long shortened.
    private func found(_ node: JSONNode) -> String {
        let spelled: String
        switch node.content {
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text):
            var quoted = ""
            JSONWriter.quote(text, into: &quoted)
            spelled = quoted
        case .integer, .number:
            let numberBytes = bytes[node.offset...].prefix { Self.numberBytes.contains($0) }
            spelled = String(decoding: numberBytes, as: UTF8.self)
        }
        guard spelled.count > Self.longestQuotedValue else { return spelled }
        return String(spelled.prefix(Self.longestQuotedValue)) + "..."
    }

    private static let numberBytes = Set("+-0123456789.eE".utf8)

    private func problem(_ message: String, at offset: Int) -> PolicyError {
        PolicyError(problems: [.init(file: displayPath, position: SourceLines(bytes).position(ofByte: offset), message: message)])
    }
}

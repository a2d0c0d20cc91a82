import YAML

/// Reads YAML nodes into typed values, collecting every problem instead of stopping at the first.
///
/// One decoder serves one document on one thread. Every reader reports at the node concerned
/// (the alias, when the node was reached through one) and names the key by its path.
final class NodeDecoder {
    private(set) var problems: [DecodingProblem] = []
    /// The alias under which the current subtree was reached, if any: findings point there.
    private var aliasStack: [SourcePosition] = []

    func report(_ kind: DecodingProblem.Kind, _ message: String, at node: YAMLNode, path: String) {
        problems.append(DecodingProblem(kind: kind, message: message, position: position(of: node), path: path))
    }

    func report(_ message: String, at node: YAMLNode, path: String) {
        report(.schema, message, at: node, path: path)
    }

    func report(_ message: String, at position: SourcePosition, path: String) {
        problems.append(DecodingProblem(kind: .schema, message: message, position: position, path: path))
    }

    /// Where a finding about this node points: the innermost alias above it, or the node itself.
    func position(of node: YAMLNode) -> SourcePosition {
        node.alias ?? aliasStack.last ?? node.start
    }

    /// Runs `body` with findings inside `node` pointing at its alias when it was reached through one.
    func within<T>(_ node: YAMLNode, _ body: () -> T) -> T {
        guard let alias = node.alias else { return body() }
        aliasStack.append(alias)
        defer { aliasStack.removeLast() }
        return body()
    }

    var problemCount: Int { problems.count }

    /// Marks the problems reported since `count` that no inner node has claimed as the reason
    /// `node` is left out: their findings' fingerprints then cover the node's content.
    func skipped(_ node: YAMLNode, problemsSince count: Int) {
        guard count < problems.count else { return }
        var hash: UInt64?
        for index in count..<problems.count where problems[index].skippedContent == nil {
            if hash == nil { hash = ContentHash.of(node) }
            problems[index].skippedContent = hash
        }
    }

    // MARK: Mappings

    /// The mapping at `node`, with unknown keys reported (suggesting the nearest known one)
    /// and missing required keys reported at the mapping.
    func mapping(_ node: YAMLNode, path: String, what: String, known: [String], required: [String] = []) -> Fields? {
        guard let pairs = node.mapping else {
            report("\(what) must be a mapping, got \(Self.describe(node))", at: node, path: path)
            return nil
        }
        var names: [String] = []
        names.reserveCapacity(pairs.count)
        for pair in pairs {
            guard case .scalar(let keyScalar) = pair.key.content else {
                report("keys of \(what) must be names, got \(Self.describe(pair.key))", at: pair.key, path: path)
                names.append("")
                continue
            }
            let name = keyScalar.value
            if !known.contains(name) {
                let keyPath = Self.join(path, name)
                let hint = NearestName.hint(for: name, among: known)
                let list = hint.isEmpty ? "; known keys: \(known.joined(separator: ", "))" : hint
                report("unknown key `\(name)` in \(what)\(list)", at: pair.key, path: keyPath)
            }
            names.append(name)
        }
        for key in required where !names.contains(key) {
            report("\(what) needs the key `\(key)`", at: node, path: path)
        }
        return Fields(node: node, pairs: pairs, names: names, path: path)
    }

    // MARK: Scalars

    // Paths and descriptions are built only when something is reported: decoding a valid
    // manifest builds no message text.

    func string(_ node: YAMLNode, path: @autoclosure () -> String, what: @autoclosure () -> String, nonEmpty: Bool = false) -> String? {
        guard case .scalar(let scalar) = node.content, case .string(let text) = scalar.resolved else {
            report("\(what()) must be a string, got \(Self.describe(node))", at: node, path: path())
            return nil
        }
        if nonEmpty, text.allSatisfy(\.isWhitespace) {
            report("\(what()) must not be empty", at: node, path: path())
            return nil
        }
        return text
    }

    /// What a count or length a rule pack sets (a rule's parameter) may be.
    static let counts = 0...1_000_000

    /// An integer within `range`: a number from input always has an upper bound.
    func integer(_ node: YAMLNode, path: @autoclosure () -> String, what: @autoclosure () -> String, range: ClosedRange<Int>) -> Int? {
        switch node.scalar?.resolved {
        case .integer(let value) where range.contains(value):
            return value
        case .integer(let value):
            report("\(what()) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(value)", at: node, path: path())
        case .integerOutOfRange(let text):
            report("\(what()) must be an integer that fits in 64 bits, got \(text)", at: node, path: path())
        case .string(let text) where Int(text) != nil:
            report("\(what()) must be an integer, got the string \"\(text)\"; remove the quotes", at: node, path: path())
        default:
            report("\(what()) must be an integer, got \(Self.describe(node))", at: node, path: path())
        }
        return nil
    }

    func bool(_ node: YAMLNode, path: @autoclosure () -> String, what: @autoclosure () -> String) -> Bool? {
        if case .bool(let value) = node.scalar?.resolved { return value }
        report("\(what()) must be true or false, got \(Self.describe(node))", at: node, path: path())
        return nil
    }

    /// A string from a fixed set, with a suggestion for a near miss.
    func oneOf(_ node: YAMLNode, _ allowed: [String], path: @autoclosure () -> String, what: @autoclosure () -> String) -> String? {
        guard case .scalar(let scalar) = node.content, case .string(let text) = scalar.resolved else {
            report("\(what()) must be one of \(allowed.joined(separator: ", ")), got \(Self.describe(node))", at: node, path: path())
            return nil
        }
        guard allowed.contains(text) else {
            report("\(what()) must be one of \(allowed.joined(separator: ", ")), got `\(text)`\(NearestName.hint(for: text, among: allowed))", at: node, path: path())
            return nil
        }
        return text
    }

    /// A case of a string enum, by its raw value; a value of no case is reported as `oneOf` reports it.
    func oneOf<Value: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, _ type: Value.Type, path: @autoclosure () -> String, what: @autoclosure () -> String
    ) -> Value? where Value.RawValue == String {
        if case .scalar(let scalar) = node.content, case .string(let text) = scalar.resolved, let value = Value(rawValue: text) { return value }
        return oneOf(node, Value.allCases.map(\.rawValue), path: path(), what: what()).flatMap(Value.init)
    }

    /// The items of a list; a single scalar where a list is expected is reported.
    func list(_ node: YAMLNode, path: @autoclosure () -> String, what: @autoclosure () -> String) -> [YAMLNode]? {
        guard case .sequence(let items) = node.content else {
            report("\(what()) must be a list, got \(Self.describe(node))", at: node, path: path())
            return nil
        }
        return items
    }

    func stringList(_ node: YAMLNode, path: @autoclosure () -> String, what: @autoclosure () -> String) -> [(String, YAMLNode)] {
        guard let items = list(node, path: path(), what: what()) else { return [] }
        var result: [(String, YAMLNode)] = []
        for (index, item) in items.enumerated() {
            if let text = string(item, path: "\(path())[\(index)]", what: "each entry of \(what())") {
                result.append((text, item))
            }
        }
        return result
    }

    // MARK: Describing

    static func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            switch scalar.resolved {
            case .null: return "nothing (null)"
            case .bool(let value): return "the boolean \(value)"
            case .integer(let value): return "the integer \(value)"
            case .integerOutOfRange(let text): return "the integer \(text)"
            case .float: return "the number \(scalar.value)"
            case .string(let text):
                let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
                return "the string \"\(shown)\""
            }
        }
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}

/// The pairs of a mapping that `NodeDecoder.mapping` accepted, looked up by key.
struct Fields {
    let node: YAMLNode
    let pairs: [YAMLPair]
    /// The key of each pair ("" for a key that is not a name), in pair order.
    let names: [String]
    let path: String

    subscript(key: String) -> YAMLNode? {
        guard let index = names.firstIndex(of: key) else { return nil }
        return pairs[index].value
    }
}

import YAML

/// One parameter a check reads from its rule's `parameters`: its name, the values it takes and
/// whether a rule must give it. Each check declares its parameters, as swift-argument-parser
/// declares options, so that a rule pack with a typo fails at its line instead of giving a rule
/// that silently cannot fire.
struct ParameterSpec: Sendable {
    var name: String
    var type: ParameterType
    var isRequired: Bool

    init(_ name: String, _ type: ParameterType, required: Bool = false) {
        self.name = name
        self.type = type
        self.isRequired = required
    }
}

indirect enum ParameterType: Sendable {
    case string
    case integer
    case boolean
    /// "MAJOR[.MINOR]", as an iOS version.
    case version
    /// A string that names something the policy knows.
    case name(NameDomain)
    case list(ParameterType)
    /// A mapping with declared keys.
    case record([ParameterSpec])
    /// A mapping from names of a domain to values of one type.
    case map(NameDomain, ParameterType)

    /// For messages: "a list of mechanism names".
    var phrase: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        case .version: return "a version string such as \"17.0\""
        case .name(let domain): return "a \(domain.noun) name"
        case .list(let item): return "a list of \(item.pluralPhrase)"
        case .record: return "a mapping"
        case .map(let domain, _): return "a mapping from \(domain.noun) names"
        }
    }

    private var pluralPhrase: String {
        switch self {
        case .string: return "strings"
        case .integer: return "integers"
        case .boolean: return "booleans"
        case .version: return "versions"
        case .name(let domain): return "\(domain.noun) names"
        case .list: return "lists"
        case .record, .map: return "mappings"
        }
    }
}

/// The names a `.name` parameter may take, from the loaded taxonomy or a fixed list.
enum NameDomain: Sendable {
    case dataKind, category, mechanism, threat, actionKind, platform, profile
    case fixed(noun: String, [String])

    var noun: String {
        switch self {
        case .dataKind: return "data kind"
        case .category: return "category"
        case .mechanism: return "mechanism"
        case .threat: return "threat"
        case .actionKind: return "action kind"
        case .platform: return "platform"
        case .profile: return "profile"
        case .fixed(let noun, _): return noun
        }
    }

    func names(in taxonomy: Taxonomy, profiles: [String]) -> [String] {
        switch self {
        case .dataKind: return taxonomy.dataKindNames
        case .category: return taxonomy.categories
        case .mechanism: return taxonomy.mechanismNames
        case .threat: return taxonomy.threats.map(\.id) + taxonomy.threatGroups.keys.sorted()
        case .actionKind: return taxonomy.actionKinds.map(\.id)
        case .platform: return Platform.allCases.map(\.rawValue)
        case .profile: return profiles
        case .fixed(_, let names): return names
        }
    }

    /// The values of a Swift enum as a fixed domain.
    static func values<E: RawRepresentable & CaseIterable>(of type: E.Type, noun: String) -> NameDomain where E.RawValue == String {
        .fixed(noun: noun, type.allCases.map(\.rawValue))
    }
}

/// Checks a rule's `parameters` against the declared parameters of its check: unknown keys,
/// missing required ones, wrong types and unknown names are reported where they stand.
struct ParameterValidator {
    let taxonomy: Taxonomy
    /// The profiles read so far (shipped and the pack's), for parameters that name one.
    let profiles: [String]
    let decoder: NodeDecoder

    /// Reports every problem of `node` (nil: the rule gives no parameters).
    func validate(_ node: YAMLNode?, against specs: [ParameterSpec], path: String, rulePosition: SourcePosition, check: String) {
        guard let node, node.scalar?.resolved != .null else {
            for spec in specs where spec.isRequired {
                decoder.report("the check `\(check)` needs the parameter `\(spec.name)` (\(spec.type.phrase))", at: rulePosition, path: path)
            }
            return
        }
        if specs.isEmpty, node.mapping?.isEmpty == true { return }
        record(node, specs, path: path, what: "`parameters` (check `\(check)`)")
    }

    private func record(_ node: YAMLNode, _ specs: [ParameterSpec], path: String, what: String) {
        let known = specs.map(\.name)
        guard let fields = decoder.mapping(node, path: path, what: what, known: known, required: specs.filter(\.isRequired).map(\.name)) else { return }
        for spec in specs {
            guard let value = fields[spec.name] else { continue }
            check(value, spec.type, path: NodeDecoder.join(path, spec.name), what: "`\(spec.name)`")
        }
    }

    private func check(_ node: YAMLNode, _ type: ParameterType, path: String, what: String) {
        switch type {
        case .string:
            _ = decoder.string(node, path: path, what: what)
        case .integer:
            _ = decoder.integer(node, path: path, what: what, range: NodeDecoder.counts)
        case .boolean:
            _ = decoder.bool(node, path: path, what: what)
        case .version:
            guard let text = decoder.string(node, path: path, what: what) else { return }
            if OSVersion(text) == nil {
                decoder.report("\(what) must be \"MAJOR[.MINOR]\" such as \"17.0\" (each part at most \(OSVersion.partRange.upperBound)), got \"\(text)\"", at: node, path: path)
            }
        case .name(let domain):
            guard let text = decoder.string(node, path: path, what: what) else { return }
            let names = domain.names(in: taxonomy, profiles: profiles)
            if !names.contains(text) {
                let hint = NearestName.hint(for: text, among: names)
                let known = hint.isEmpty ? "; known: \(names.joined(separator: ", "))" : hint
                decoder.report("unknown \(domain.noun) `\(text)` in \(what)\(known)", at: node, path: path)
            }
        case .list(let item):
            for (index, element) in (decoder.list(node, path: path, what: what) ?? []).enumerated() {
                check(element, item, path: "\(path)[\(index)]", what: "each entry of \(what)")
            }
        case .record(let specs):
            record(node, specs, path: path, what: what)
        case .map(let domain, let valueType):
            let names = domain.names(in: taxonomy, profiles: profiles)
            guard let pairs = decoder.mapping(node, path: path, what: what, known: names)?.pairs else { return }
            for pair in pairs {
                guard let key = pair.key.scalar?.value, names.contains(key) else { continue }
                check(pair.value, valueType, path: NodeDecoder.join(path, key), what: "`\(key)`")
            }
        }
    }
}

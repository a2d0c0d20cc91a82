import YAML

/// A field whose properties match a condition: `where` (every listed property takes one of its
/// values) or `any-of` (a list of such conditions). Serves CAP002, CAP003, CAP008, BNK001-BNK003 and HLT001.
struct FieldCheck: Check {
    static let name = "field"
    /// The field properties a condition may test, with the values each takes.
    static let conditionSpecs: [ParameterSpec] = [
        ParameterSpec("kind", .list(.name(.dataKind))),
        ParameterSpec("category", .list(.name(.category))),
        ParameterSpec("input", .list(.name(.values(of: InputKind.self, noun: "input")))),
        ParameterSpec("display", .list(.name(.values(of: Display.self, noun: "display")))),
        ParameterSpec("context", .list(.name(.values(of: FieldContext.self, noun: "context")))),
        ParameterSpec("reveal", .list(.name(.values(of: Reveal.self, noun: "reveal")))),
        ParameterSpec("copy", .list(.name(.values(of: CopyBehaviour.self, noun: "copy")))),
        ParameterSpec("keyboard-cache", .list(.boolean)),
        ParameterSpec("sensitive", .list(.boolean)),
    ]
    static let parameters = [
        ParameterSpec("where", .record(conditionSpecs)),
        ParameterSpec("any-of", .list(.record(conditionSpecs))),
        ParameterSpec("fix", .string),
    ]
    static var properties: [String] { conditionSpecs.map(\.name) }

    /// Each condition maps a property to its accepted values.
    let conditions: [[String: Set<String>]]
    /// The fix for a matching field, a template over the same values as the message.
    let fix: String?

    init(parameters: CheckParameters) {
        var conditions: [[String: Set<String>]] = []
        if let whereNode = parameters["where"] {
            conditions.append(Self.condition(whereNode, parameters: parameters, path: "\(parameters.path).where"))
        }
        if let anyOf = parameters["any-of"] {
            for (index, item) in (parameters.decoder.list(anyOf, path: "\(parameters.path).any-of", what: "`any-of`") ?? []).enumerated() {
                conditions.append(Self.condition(item, parameters: parameters, path: "\(parameters.path).any-of[\(index)]"))
            }
        }
        if conditions.isEmpty {
            parameters.reportMissing("the `field` check needs `where` or `any-of`")
        }
        self.conditions = conditions
        fix = parameters.string("fix")
    }

    private static func condition(_ node: YAMLNode, parameters: CheckParameters, path: String) -> [String: Set<String>] {
        guard let fields = parameters.decoder.mapping(node, path: path, what: "a field condition", known: properties) else { return [:] }
        var condition: [String: Set<String>] = [:]
        for pair in fields.pairs {
            guard let key = pair.key.scalar?.value else { continue }
            let values = parameters.decoder.list(pair.value, path: "\(path).\(key)", what: "`\(key)`") ?? []
            condition[key] = Set(values.compactMap { $0.scalar?.value })
        }
        return condition
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens {
            for field in screen.fields where conditions.contains(where: { matches($0, field, context) }) {
                let arguments = [
                    "field": field.id, "kind": field.kind, "display": field.display.rawValue, "context": field.context.rawValue,
                    "input": field.input.rawValue, "screen": screen.id,
                ]
                emissions.append(Emission(location: field.location, arguments: arguments, fix: fix.map { MessageTemplate.render($0, arguments) }))
            }
        }
        return emissions
    }

    private func matches(_ condition: [String: Set<String>], _ field: Field, _ context: EvaluationContext) -> Bool {
        condition.allSatisfy { property, accepted in
            accepted.contains(value(of: property, field, context))
        }
    }

    private func value(of property: String, _ field: Field, _ context: EvaluationContext) -> String {
        switch property {
        case "kind": return field.kind
        case "category": return context.taxonomy.dataKind(named: field.kind)?.category ?? "none"
        case "input": return field.input.rawValue
        case "display": return field.display.rawValue
        case "context": return field.context.rawValue
        case "reveal": return field.reveal.rawValue
        case "keyboard-cache": return String(field.keyboardCache)
        case "sensitive": return String(context.isSensitive(field.kind))
        default: return ""
        }
    }
}

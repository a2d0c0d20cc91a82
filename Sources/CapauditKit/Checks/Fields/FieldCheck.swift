import YAML

/// A field whose properties match a condition: `where` (every listed property takes one of its
/// values) or `any-of` (a list of such conditions, the first that matches speaking). A condition
/// may carry its own `fix` (a template over the message's values) and `set` (the field keys the
/// fix changes, as data); the check's own `fix` and `set` serve conditions without them. Serves
/// CAP002, CAP003, CAP008, CAP013, BNK001-BNK003 and HLT001.
struct FieldCheck: Check {
    static let name = "field"

    /// The keys of a field a fix may set, with the values each takes.
    static let settable: [ParameterSpec] = [
        ParameterSpec("display", .name(.values(of: Display.self, noun: "display"))),
        ParameterSpec("reveal", .name(.values(of: Reveal.self, noun: "reveal"))),
        ParameterSpec("input", .name(.values(of: InputKind.self, noun: "input"))),
        ParameterSpec("copy", .name(.values(of: CopyBehaviour.self, noun: "copy"))),
        ParameterSpec("keyboard-cache", .boolean),
    ]
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
    static let fixSpecs = [ParameterSpec("fix", .string), ParameterSpec("set", .record(settable))]
    static let parameters = [
        ParameterSpec("where", .record(conditionSpecs)),
        ParameterSpec("any-of", .list(.record(conditionSpecs + fixSpecs))),
        // The `{citation}` of the message: a source that applies under a profile (and those that extend it), else the default.
        ParameterSpec("citation", .string),
        ParameterSpec("citation-by-profile", .map(.profile, .string)),
    ] + fixSpecs
    /// The field properties a condition may test (`conditionSpecs`), read once when the rule loads.
    enum Property: String {
        case kind, category, input, display, context, reveal, copy, keyboardCache = "keyboard-cache", sensitive
    }

    struct Condition {
        /// Each property tested, with its accepted values.
        var accepted: [(property: Property, values: Set<String>)]
        /// The fix as text (a template, compiled once) and as the keys it sets, in the order written.
        var fix: MessageTemplate?
        var set: [(key: String, value: String)]
    }

    let conditions: [Condition]
    let citation: String
    let citationByProfile: [String: String]

    init(parameters: CheckParameters) {
        citation = parameters.string("citation") ?? ""
        var byProfile: [String: String] = [:]
        for pair in parameters["citation-by-profile"]?.mapping ?? [] {
            if let profile = pair.key.scalar?.value, let text = pair.value.scalar?.value { byProfile[profile] = text }
        }
        citationByProfile = byProfile
        let fix = parameters.string("fix")
        let set = Self.settings(parameters["set"])
        var conditions: [Condition] = []
        if let whereNode = parameters["where"] {
            conditions.append(Self.condition(whereNode, fix: fix, set: set))
        }
        for item in parameters["any-of"]?.sequence ?? [] {
            conditions.append(Self.condition(item, fix: fix, set: set))
        }
        if conditions.isEmpty {
            parameters.reportMissing("the `field` check needs `where` or `any-of`")
        }
        self.conditions = conditions
    }

    private static func condition(_ node: YAMLNode, fix: String?, set: [(key: String, value: String)]) -> Condition {
        var accepted: [Property: Set<String>] = [:]
        for pair in node.mapping ?? [] {
            guard let key = pair.key.scalar?.value, let property = Property(rawValue: key) else { continue }
            accepted[property] = Set((pair.value.sequence ?? []).compactMap { $0.scalar?.value })
        }
        let ownSet = settings(node["set"])
        return Condition(
            accepted: accepted.map { ($0.key, $0.value) }, fix: (node["fix"]?.scalar?.value ?? fix).map(MessageTemplate.init),
            set: ownSet.isEmpty ? set : ownSet)
    }

    private static func settings(_ node: YAMLNode?) -> [(key: String, value: String)] {
        (node?.mapping ?? []).compactMap { pair in
            guard let key = pair.key.scalar?.value, let value = pair.value.scalar?.value else { return nil }
            return (key, value)
        }
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        let citation = context.profile.lineage.reversed().lazy.compactMap { citationByProfile[$0] }.first ?? self.citation
        for screen in context.manifest.screens {
            for field in screen.fields {
                guard let condition = conditions.first(where: { matches($0, field, context) }) else { continue }
                let arguments = [
                    "field": field.id, "kind": field.kind, "display": field.display.rawValue, "context": field.context.rawValue,
                    "input": field.input.rawValue, "screen": screen.id, "citation": citation,
                ]
                let text = condition.fix?.render(arguments)
                emissions.append(Emission(
                    location: field.location, arguments: arguments, fix: text,
                    fixes: context.fixes {
                        let edits = condition.set.filter { value(of: $0.key, field, context) != $0.value }.map { key, value in
                            ManifestEdit.set(key, to: key == "keyboard-cache" ? .bool(value == "true") : .name(value), at: field.location.path)
                        }
                        return edits.isEmpty ? [] : [Fix(text ?? "change the field", edits)]
                    }))
            }
        }
        return emissions
    }

    private func matches(_ condition: Condition, _ field: Field, _ context: EvaluationContext) -> Bool {
        condition.accepted.allSatisfy { property, accepted in
            accepted.contains(value(of: property, field, context))
        }
    }

    /// The value of a key a fix sets, to leave out the edits that change nothing.
    private func value(of key: String, _ field: Field, _ context: EvaluationContext) -> String {
        Property(rawValue: key).map { value(of: $0, field, context) } ?? ""
    }

    private func value(of property: Property, _ field: Field, _ context: EvaluationContext) -> String {
        switch property {
        case .kind: return field.kind
        case .category: return context.taxonomy.dataKind(named: field.kind)?.category ?? "none"
        case .input: return field.input.rawValue
        case .display: return field.display.rawValue
        case .context: return field.context.rawValue
        case .reveal: return field.reveal.rawValue
        case .copy: return field.copy.rawValue
        case .keyboardCache: return String(field.keyboardCache)
        case .sensitive: return String(context.isSensitive(field.kind))
        }
    }
}

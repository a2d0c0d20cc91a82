import YAML

/// A field whose properties match a condition: `where` (every listed property takes one of its
/// values) or `any-of` (a list of such conditions, the first that matches speaking). A condition
/// may carry its own `fix` (a template over the message's values) and `set` (the field keys the
/// fix changes, as data), and one alternative to it (`or-fix`, `or-set`); the check's own serve
/// conditions without them. Serves
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
    static let fixSpecs = [
        ParameterSpec("fix", .string), ParameterSpec("set", .record(settable)),
        ParameterSpec("or-fix", .string), ParameterSpec("or-set", .record(settable)),
    ]
    static let parameters = [
        ParameterSpec("where", .record(conditionSpecs)),
        // A fix that sets `input: secure` also adds this window protection where Android below the
        // API level still shows a secure input's last character in captures (RULES.md, chains: → AND009).
        ParameterSpec(
            "secure-input-window",
            .record([ParameterSpec("mechanism", .name(.mechanism), required: true), ParameterSpec("below-api", .integer, required: true)])),
        ParameterSpec("any-of", .list(.record(conditionSpecs + fixSpecs))),
        // The `{citation}` of the message: a source that applies under a profile (and those that extend it), else the default.
        ParameterSpec("citation", .string),
        ParameterSpec("citation-by-profile", .map(.profile, .string)),
        // A field in one of these contexts whose effective set has the mechanism on every platform
        // of its screen, each of them the one named, does not fire (HLT001: `privacy-sensitive` on
        // an iOS widget).
        ParameterSpec(
            "satisfied-by",
            .record([
                ParameterSpec("platform", .name(.platform), required: true), ParameterSpec("mechanism", .name(.mechanism), required: true),
                ParameterSpec("context", .list(.name(.values(of: FieldContext.self, noun: "context"))), required: true),
            ])),
    ] + fixSpecs
    /// The field properties a condition may test (`conditionSpecs`), read once when the rule loads.
    enum Property: String {
        case kind, category, input, display, context, reveal, copy, keyboardCache = "keyboard-cache", sensitive
    }

    struct Condition {
        /// Each property tested, with its accepted values.
        var accepted: [(property: Property, values: Set<String>)]
        /// The fixes it offers, the recommended one first.
        var offers: [Offer]
    }

    /// A fix as text (a template, compiled once) and as the keys it sets, in the order written.
    struct Offer {
        var fix: MessageTemplate?
        var set: [(key: String, value: String)]

        /// The `fix` / `set` pair of a node (`or-fix` / `or-set` with `prefix: "or-"`), each key
        /// falling back to the check's own; nil when the node gives neither.
        init?(_ node: YAMLNode?, prefix: String = "", fallback: Offer? = nil) {
            let text = node?["\(prefix)fix"]?.scalar?.value
            let set = FieldCheck.settings(node?["\(prefix)set"])
            guard text != nil || !set.isEmpty || fallback != nil else { return nil }
            fix = text.map(MessageTemplate.init) ?? fallback?.fix
            self.set = set.isEmpty ? fallback?.set ?? [] : set
        }
    }

    /// The window protection a secure input still needs on Android below an API level.
    struct SecureInputWindow {
        var mechanism: String
        var belowAPI: Int

        /// The clause and edits that add the protection to the field's window, when that window
        /// lacks it on an Android the app supports below the level.
        func chain(_ field: Field, on screen: Screen, _ context: EvaluationContext) -> (clause: String, edits: [ManifestEdit])? {
            guard let android = context.manifest.app.android, context.manifest.app.ships(.android), android.minSDK < belowAPI,
                screen.appears(on: .android), !context.isOutsideAppWindow(field, on: screen), !OptOutCheck.exempts(screen),
                context.ruleFacts.secureInputCategories?.contains(context.taxonomy.dataKind(named: field.kind)?.category ?? "") ?? true,
                let protection = context.taxonomy.mechanism(mechanism, on: .android),
                !context.windowHas(mechanism, screen: screen, on: .android), !context.isWindowProtected(screen),
                !field.protect.contains(where: { $0.name == mechanism && $0.applies(on: .android) })
            else { return nil }
            let call = protection.how(in: context.manifest.app.toolkit(on: .android))
            let clause = "; below API \(belowAPI) Android still shows a secure input's last character and key previews in captures, "
                + "so also add `\(mechanism)` to the screen `\(screen.id)` for Android (\(call))"
            let edits = FixPlanner(context: context).adding([mechanism], on: .android, to: screen.protect, at: screen.location.path, screen: nil)
            return (clause, edits)
        }
    }

    /// A mechanism that makes the finding moot where every platform of the field's screen is the
    /// one it exists on.
    struct Satisfaction {
        var platform: Platform
        var mechanism: String
        var contexts: Set<String>

        func holds(_ field: Field, on screen: Screen, _ context: EvaluationContext) -> Bool {
            guard contexts.contains(field.context.rawValue) else { return false }
            let platforms = context.manifest.app.platforms.filter(screen.appears)
            return !platforms.isEmpty && platforms.allSatisfy { shown in
                shown == platform && context.effectiveMechanisms(field: field, screen: screen, platform: shown).contains { $0.id == mechanism }
            }
        }
    }

    let conditions: [Condition]
    let secureInputWindow: SecureInputWindow?
    let satisfaction: Satisfaction?
    let citation: String
    let citationByProfile: [String: String]

    init(parameters: CheckParameters) {
        citation = parameters.string("citation") ?? ""
        var byProfile: [String: String] = [:]
        for pair in parameters["citation-by-profile"]?.mapping ?? [] {
            if let profile = pair.key.scalar?.value, let text = pair.value.scalar?.value { byProfile[profile] = text }
        }
        citationByProfile = byProfile
        let satisfied = parameters["satisfied-by"]
        satisfaction = satisfied.flatMap { node in
            guard let platform = node["platform"]?.scalar.flatMap({ Platform(rawValue: $0.value) }), let mechanism = node["mechanism"]?.scalar?.value else { return nil }
            return Satisfaction(platform: platform, mechanism: mechanism, contexts: Set((node["context"]?.sequence ?? []).compactMap { $0.scalar?.value }))
        }
        let offers = [Offer(parameters.node), Offer(parameters.node, prefix: "or-")]
        var conditions: [Condition] = []
        if let whereNode = parameters["where"] {
            conditions.append(Self.condition(whereNode, offers: offers))
        }
        for item in parameters["any-of"]?.sequence ?? [] {
            conditions.append(Self.condition(item, offers: offers))
        }
        if conditions.isEmpty {
            parameters.reportMissing("the `field` check needs `where` or `any-of`")
        }
        self.conditions = conditions
        let window = parameters["secure-input-window"]
        secureInputWindow = window.flatMap { node in
            guard let mechanism = node["mechanism"]?.scalar?.value, let level = node["below-api"]?.scalar.flatMap({ Int($0.value) }) else { return nil }
            return SecureInputWindow(mechanism: mechanism, belowAPI: level)
        }
    }

    private static func condition(_ node: YAMLNode, offers: [Offer?]) -> Condition {
        var accepted: [Property: Set<String>] = [:]
        for pair in node.mapping ?? [] {
            guard let key = pair.key.scalar?.value, let property = Property(rawValue: key) else { continue }
            accepted[property] = Set((pair.value.sequence ?? []).compactMap { $0.scalar?.value })
        }
        let own = [Offer(node, fallback: offers[0]), Offer(node, prefix: "or-", fallback: offers[1])]
        return Condition(accepted: accepted.map { ($0.key, $0.value) }, offers: own.compactMap(\.self))
    }

    fileprivate static func settings(_ node: YAMLNode?) -> [(key: String, value: String)] {
        (node?.mapping ?? []).compactMap { pair in
            guard let key = pair.key.scalar?.value, let value = pair.value.scalar?.value else { return nil }
            return (key, value)
        }
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        let citation = context.profile.lineage.reversed().lazy.compactMap { citationByProfile[$0] }.first ?? self.citation
        // A hosted screen is drawn by another component: its fields' settings are not the app's (CAP015 judges it).
        for screen in context.manifest.screens where !screen.isHosted {
            for field in screen.fields {
                guard let condition = conditions.first(where: { matches($0, field, context) }) else { continue }
                if satisfaction?.holds(field, on: screen, context) == true { continue }
                let arguments = [
                    "field": field.id, "kind": field.kind, "display": field.display.rawValue, "context": field.context.rawValue,
                    "input": field.input.rawValue, "screen": screen.id, "citation": citation, "secure-input": SecureInputCall.phrase(on: screen, context),
                ]
                let offered = condition.offers.map { offer in
                    let makesSecure = field.input != .secure && offer.set.contains { $0.key == "input" && $0.value == InputKind.secure.rawValue }
                    let chained = makesSecure ? secureInputWindow?.chain(field, on: screen, context) : nil
                    return (offer: offer, chained: chained, text: offer.fix.map { $0.render(arguments) + (chained?.clause ?? "") })
                }
                emissions.append(Emission(
                    location: field.location, arguments: arguments, fix: offered.first?.text,
                    fixes: context.fixes {
                        offered.compactMap { offer, chained, text in
                            let edits = offer.set.filter { value(of: $0.key, field, context) != $0.value }.map { key, value in
                                ManifestEdit.set(key, to: key == "keyboard-cache" ? .bool(value == "true") : .name(value), at: field.location.path)
                            }
                            return edits.isEmpty ? nil : ManifestFix(text ?? "change the field", edits + (chained?.edits ?? []))
                        }
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

/// The code behind `input: secure` for each UI toolkit (docs/manifest.md, "Field values per
/// platform"), for the fixes that make an input secure (`{secure-input}`).
enum SecureInputCall {
    static func call(on platform: Platform, toolkit: String) -> String? {
        switch (platform, toolkit) {
        case (.ios, IOSPlatform.Toolkit.uikit.rawValue): return "`isSecureTextEntry = true`"
        case (.ios, IOSPlatform.Toolkit.swiftui.rawValue): return "`SecureField`"
        case (.android, AndroidPlatform.Toolkit.views.rawValue): return "`inputType` `textPassword` or `numberPassword`"
        case (.android, AndroidPlatform.Toolkit.compose.rawValue):
            return "`BasicSecureTextField` or Material 3 `SecureTextField`, never `PasswordVisualTransformation` alone, which leaves a plain input to the keyboard, autofill and Android 15's screen-share protection"
        case (_, AndroidPlatform.Toolkit.flutter.rawValue): return "`TextField(obscureText: true)`"
        case (_, AndroidPlatform.Toolkit.reactNative.rawValue): return "`<TextInput secureTextEntry>`"
        default: return nil
        }
    }

    /// "on iOS …; on Android …" for the platforms of the screen.
    static func phrase(on screen: Screen, _ context: EvaluationContext) -> String {
        context.manifest.app.platforms.filter(screen.appears).compactMap { platform in
            context.manifest.app.toolkit(on: platform).flatMap { call(on: platform, toolkit: $0) }.map { "on \(platform.displayName) \($0)" }
        }.joined(separator: "; ")
    }
}

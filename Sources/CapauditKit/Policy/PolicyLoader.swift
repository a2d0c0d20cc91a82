import SourceScan
import YAML

/// Builds a `Policy`: the shipped policy, compiled into the binary from `Rules/`
/// (`CompiledPolicy`), then rule packs read from their YAML.
///
/// Packs use the same layout as `Rules/` and can add data kinds, action kinds, mechanisms, rules
/// on the built-in checks, profiles (usually extending a shipped one) and lexicon entries. Every
/// problem is reported at its file, line and column; any problem makes the policy unusable.
public struct PolicyLoader {
    /// The deepest `extends` chain accepted.
    public static let maxExtendsDepth = 16

    private var problems: [PolicyError.Problem] = []
    private var taxonomy = Taxonomy()
    private var references: [String: Reference] = [:]
    private var rules: [String: RuleDefinition] = [:]
    private var checks: [String: any Check] = [:]
    private var profileDefinitions: [String: ProfileDefinition] = [:]
    /// Lexicons of rule packs, merged by language.
    private var lexicons: [String: Lexicon] = [:]
    private var shippedLexicons: [String: @Sendable () -> LexiconDefinition?] = [:]

    private init() {}

    /// Starts from a policy's definitions, its rules' checks built from their parameters.
    private init(startingFrom definitions: PolicyDefinitions) {
        taxonomy = definitions.taxonomy
        references = definitions.references
        for rule in definitions.rules {
            rules[rule.id] = rule
            guard let checkType = CheckRegistry.check(named: rule.check) else {
                problems.append(.init(file: rule.file, position: nil, message: "unknown check `\(rule.check)`; rebuild capaudit after running scripts/embed-rules"))
                continue
            }
            let decoder = NodeDecoder()
            checks[rule.id] = checkType.init(parameters: CheckParameters(node: rule.parameters, decoder: decoder, path: "parameters", rulePosition: SourcePosition(line: 1, column: 1)))
            record(decoder, file: rule.file)
        }
        for profile in definitions.profiles { profileDefinitions[profile.id] = profile }
        shippedLexicons = definitions.lexicons
    }

    /// The shipped policy as compiled into the binary: no YAML is parsed.
    public static func shipped() throws(PolicyError) -> Policy {
        try load(adding: [])
    }

    /// The shipped policy with rule packs read on top of it.
    public static func load(adding packs: [PolicySource]) throws(PolicyError) -> Policy {
        try load(CompiledPolicy.definitions, adding: packs)
    }

    /// A policy from its definitions, with rule packs read on top of it.
    public static func load(_ definitions: PolicyDefinitions, adding packs: [PolicySource]) throws(PolicyError) -> Policy {
        var loader = PolicyLoader(startingFrom: definitions)
        return try loader.build(packs)
    }

    /// A policy folder laid out as `Rules/` read from its YAML as the shipped policy (its
    /// sources marked `isShipped`): what scripts/embed-rules compiles into `CompiledPolicy`, and
    /// what the tests hold the compiled policy to.
    public static func definitions(reading sources: [PolicySource]) throws(PolicyError) -> PolicyDefinitions {
        var loader = PolicyLoader()
        loader.read(sources)
        for source in sources where source.isShipped && source.relativePath.hasPrefix("wording/") {
            loader.checkShippedLexicon(source)
        }
        loader.checkRuleReferences()
        loader.resolveReplacements()
        _ = loader.resolveProfiles()
        guard loader.problems.isEmpty else { throw PolicyError(problems: loader.problems) }
        let keys = loader.canonicalRuleKeys
        return PolicyDefinitions(
            taxonomy: loader.taxonomy, references: loader.references, rules: loader.rules.values.sorted { $0.id < $1.id },
            profiles: loader.profileDefinitions.values.sorted { $0.id < $1.id }.map { profile in
                var canonical = profile
                canonical.ruleSettings = Dictionary(profile.ruleSettings.map { (keys[$0.key] ?? $0.key, $0.value) }) { first, _ in first }
                return canonical
            },
            lexicons: loader.shippedLexicons)
    }

    private mutating func build(_ packs: [PolicySource]) throws(PolicyError) -> Policy {
        // English is the language of plain-string texts unless a manifest says otherwise: its
        // lexicon is built on another core while the rest of the run starts.
        let shipped = ShippedLexicons(shippedLexicons)
        shipped.prepare("en")
        read(packs)
        checkRuleReferences()
        resolveReplacements()
        let profiles = resolveProfiles()
        guard problems.isEmpty else { throw PolicyError(problems: problems) }
        let sortedRules = rules.values.sorted { $0.id < $1.id }
        return Policy(
            taxonomy: taxonomy, rules: sortedRules, profiles: profiles,
            lexicons: LexiconStore(shipped: shipped, fromPacks: lexicons, taxonomy: taxonomy), references: references, unknownRuleNames: unknownRuleNames,
            deprecatedRuleNames: deprecatedRuleNames,
            checks: sortedRules.compactMap { rule in checks[rule.id].map { (rule, $0) } })
    }

    /// Reads policy files: shipped lexicons are kept to be read on first use, the rest is parsed
    /// (on every core) and read in dependency order.
    private mutating func read(_ sources: [PolicySource]) {
        var toParse: [PolicySource] = []
        for source in sources {
            if source.isShipped, source.relativePath.hasPrefix("wording/") {
                shippedLexicons[Self.language(ofLexiconPath: source.relativePath)] = { Self.lexiconDefinition(from: source) }
            } else {
                toParse.append(source)
            }
        }
        var parsed: [(PolicySource, YAMLNode)] = []
        for (index, outcome) in Self.parseAll(toParse.map(\.bytes)).enumerated() {
            let source = toParse[index]
            switch outcome {
            case .failure(let error):
                problems.append(.init(file: source.displayPath, position: error.position, message: error.description))
            case .success(let stream):
                for duplicate in stream.duplicateKeys {
                    problems.append(Self.duplicateKeyProblem(duplicate, in: source))
                }
                if let root = stream.documents.first { parsed.append((source, root)) }
            }
        }
        let kinds: [(String, (inout PolicyLoader, PolicySource, YAMLNode, NodeDecoder) -> Void)] = [
            ("taxonomy.yml", { $0.readTaxonomy($2, $3) }),
            ("references.yml", { $0.readReferences($2, $3) }),
            ("wording/", { $0.readLexicon($1, $2, $3) }),
            ("profiles/", { $0.readProfile($1, $2, $3) }),
            ("rules/", { $0.readRule($1, $2, $3) }),
        ]
        for (prefix, read) in kinds {
            for (source, root) in parsed where source.relativePath == prefix || (prefix.hasSuffix("/") && source.relativePath.hasPrefix(prefix)) {
                let decoder = NodeDecoder()
                read(&self, source, root, decoder)
                record(decoder, file: source.displayPath)
            }
        }
        for (source, _) in parsed where !kinds.contains(where: { source.relativePath == $0.0 || ($0.0.hasSuffix("/") && source.relativePath.hasPrefix($0.0)) }) && !source.isShipped {
            problems.append(.init(file: source.displayPath, position: nil, message: "not a policy file: a pack holds taxonomy.yml, references.yml, rules/*.yml, profiles/*.yml and wording/*.yml"))
        }
    }

    /// Parses the files on every core.
    static func duplicateKeyProblem(_ duplicate: YAMLDuplicateKey, in source: PolicySource) -> PolicyError.Problem {
        PolicyError.Problem(file: source.displayPath, position: duplicate.position, message: "duplicate key `\(duplicate.key)`; the first is at line \(duplicate.firstPosition.line)")
    }

    static func parseAll(_ files: [[UInt8]]) -> [Result<YAMLStream, YAMLError>] {
        ParallelMap.map(count: files.count, workers: 4) { index in
            Result(catching: { () throws(YAMLError) in try YAMLLoader.load(files[index]) })
        }
    }

    private mutating func record(_ decoder: NodeDecoder, file: String) {
        for problem in decoder.problems {
            problems.append(.init(file: file, position: problem.position, message: problem.message))
        }
    }

    // MARK: taxonomy

    private mutating func readTaxonomy(_ root: YAMLNode, _ decoder: NodeDecoder) {
        guard let fields = decoder.mapping(root, path: "", what: "a taxonomy", known: ["threats", "threat-groups", "categories", "data-kinds", "action-kinds", "mechanisms", "evidence"]) else { return }
        for (index, item) in (fields["threats"].flatMap { decoder.list($0, path: "threats", what: "`threats`") } ?? []).enumerated() {
            guard let threat = decoder.mapping(item, path: "threats[\(index)]", what: "a threat", known: ["id", "title", "description"], required: ["id"]),
                let id = threat["id"].flatMap({ decoder.string($0, path: "threats[\(index)].id", what: "`id`", nonEmpty: true) })
            else { continue }
            guard taxonomy.threat(named: id) == nil else {
                decoder.report(.duplicate, "threat `\(id)` is defined twice", at: item, path: "threats[\(index)]")
                continue
            }
            guard taxonomy.threats.count < 64 else {
                decoder.report("at most 64 threats can be defined", at: item, path: "threats[\(index)]")
                continue
            }
            taxonomy.threats.append(Threat(
                id: id, title: threat["title"]?.scalar?.value ?? id, description: threat["description"]?.scalar?.value ?? "",
                bit: ThreatSet(rawValue: 1 << UInt64(taxonomy.threats.count))))
        }
        if let groups = fields["threat-groups"], let pairs = decoder.mapping(groups, path: "threat-groups", what: "`threat-groups`", known: groups.mapping?.compactMap { $0.key.scalar?.value } ?? [])?.pairs {
            for pair in pairs {
                guard let name = pair.key.scalar?.value else { continue }
                taxonomy.threatGroups[name] = threats(pair.value, path: "threat-groups.\(name)", decoder)
            }
        }
        if let categories = fields["categories"] {
            taxonomy.categories += decoder.stringList(categories, path: "categories", what: "`categories`").map(\.0)
        }
        for (index, item) in (fields["data-kinds"].flatMap { decoder.list($0, path: "data-kinds", what: "`data-kinds`") } ?? []).enumerated() {
            let path = "data-kinds[\(index)]"
            guard let kind = decoder.mapping(item, path: path, what: "a data kind", known: ["id", "category", "title", "description", "hints", "aliases"], required: ["id", "category"]),
                let id = kind["id"].flatMap({ decoder.string($0, path: "\(path).id", what: "`id`", nonEmpty: true) }),
                let categoryNode = kind["category"],
                let category = decoder.oneOf(categoryNode, taxonomy.categories, path: "\(path).category", what: "`category`")
            else { continue }
            guard taxonomy.dataKind(named: id) == nil else {
                decoder.report(.duplicate, "data kind `\(id)` is already defined", at: item, path: path)
                continue
            }
            taxonomy.add(DataKind(
                id: id, category: category, title: kind["title"]?.scalar?.value ?? id, description: kind["description"]?.scalar?.value ?? "",
                hints: hints(kind["hints"], path: "\(path).hints", decoder),
                aliases: kind["aliases"].map { decoder.stringList($0, path: "\(path).aliases", what: "`aliases`").map(\.0) } ?? []))
        }
        for (index, item) in (fields["action-kinds"].flatMap { decoder.list($0, path: "action-kinds", what: "`action-kinds`") } ?? []).enumerated() {
            let path = "action-kinds[\(index)]"
            guard let kind = decoder.mapping(item, path: path, what: "an action kind", known: ["id", "risk", "title", "hints"], required: ["id", "risk"]),
                let id = kind["id"].flatMap({ decoder.string($0, path: "\(path).id", what: "`id`", nonEmpty: true) }),
                let riskNode = kind["risk"], let risk = decoder.oneOf(riskNode, Risk.allCases.map(\.rawValue), path: "\(path).risk", what: "`risk`").flatMap(Risk.init)
            else { continue }
            guard taxonomy.actionKind(named: id) == nil else {
                decoder.report(.duplicate, "action kind `\(id)` is already defined", at: item, path: path)
                continue
            }
            taxonomy.add(ActionKind(id: id, risk: risk, hints: hints(kind["hints"], path: "\(path).hints", decoder)))
        }
        for (index, item) in (fields["mechanisms"].flatMap { decoder.list($0, path: "mechanisms", what: "`mechanisms`") } ?? []).enumerated() {
            let path = "mechanisms[\(index)]"
            let known = ["id", "platform", "role", "fragile", "conditional", "scope", "applies-to", "covers", "min-version", "caveat", "description", "how", "evidence"]
            guard let mechanism = decoder.mapping(item, path: path, what: "a mechanism", known: known, required: ["id", "platform", "role"]),
                let id = mechanism["id"].flatMap({ decoder.string($0, path: "\(path).id", what: "`id`", nonEmpty: true) }),
                let platform = mechanism["platform"].flatMap({ decoder.oneOf($0, Platform.allCases.map(\.rawValue), path: "\(path).platform", what: "`platform`") }).flatMap(Platform.init),
                let role = mechanism["role"].flatMap({ decoder.oneOf($0, Mechanism.Role.allCases.map(\.rawValue), path: "\(path).role", what: "`role`") }).flatMap(Mechanism.Role.init)
            else { continue }
            guard taxonomy.mechanism(id, on: platform) == nil else {
                decoder.report(.duplicate, "mechanism `\(id)` is already defined for \(platform.rawValue)", at: item, path: path)
                continue
            }
            var how: [String: String] = [:]
            if let howNode = mechanism["how"], let fields = decoder.mapping(howNode, path: "\(path).how", what: "`how`", known: platform.toolkits) {
                for (toolkit, node) in zip(fields.names, fields.pairs.map(\.value)) where platform.toolkits.contains(toolkit) {
                    how[toolkit] = decoder.string(node, path: "\(path).how.\(toolkit)", what: "`\(toolkit)`", nonEmpty: true)
                }
            }
            let covers = mechanism["covers"].map { threats($0, path: "\(path).covers", decoder) } ?? ThreatSet()
            if role != .protect, !covers.isEmpty, let coversNode = mechanism["covers"] {
                decoder.report("a \(role.rawValue) mechanism covers no threat; list `covers` only for a protect mechanism", at: coversNode, path: "\(path).covers")
            }
            taxonomy.mechanisms.append(Mechanism(
                id: id, platform: platform, role: role, covers: covers,
                minVersion: mechanism["min-version"].flatMap { minimumVersion($0, platform: platform, path: "\(path).min-version", decoder) },
                isFragile: mechanism["fragile"].flatMap { decoder.bool($0, path: "\(path).fragile", what: "`fragile`") } ?? false,
                isConditional: mechanism["conditional"].flatMap { decoder.bool($0, path: "\(path).conditional", what: "`conditional`") } ?? false,
                isAppWide: mechanism["scope"].flatMap { decoder.oneOf($0, ["app"], path: "\(path).scope", what: "`scope`") } != nil,
                appliesTo: mechanism["applies-to"].map { placements($0, path: "\(path).applies-to", decoder) } ?? Mechanism.Placement.defaults,
                caveat: mechanism["caveat"]?.scalar?.value ?? "", description: mechanism["description"]?.scalar?.value ?? "", how: how,
                caveatClause: Phrases.clause(mechanism["caveat"]?.scalar?.value ?? ""),
                evidence: mechanism["evidence"].map { evidence($0, path: "\(path).evidence", platform: platform, decoder) } ?? MechanismEvidence()))
        }
        for (index, item) in (fields["evidence"].flatMap { decoder.list($0, path: "evidence", what: "`evidence`") } ?? []).enumerated() {
            addEvidence(item, path: "evidence[\(index)]", decoder)
        }
    }

    /// `applies-to`: the places a manifest may list the mechanism, in `Placement` order.
    private func placements(_ node: YAMLNode, path: String, _ decoder: NodeDecoder) -> [Mechanism.Placement] {
        guard let items = decoder.list(node, path: path, what: "`applies-to`") else { return Mechanism.Placement.defaults }
        if items.isEmpty {
            decoder.report("`applies-to` needs at least one of \(Mechanism.Placement.allCases.map(\.rawValue).joined(separator: ", ")); leave it out for field, screen and capture", at: node, path: path)
        }
        let named = Set(items.compactMap { decoder.oneOf($0, Mechanism.Placement.self, path: path, what: "an `applies-to` entry") })
        return Mechanism.Placement.allCases.filter(named.contains)
    }

    /// A mechanism's `evidence`: `sets` and `clears`, each a map from language to patterns, or
    /// `declared-only` with the reason no pattern can show the mechanism.
    private func evidence(_ node: YAMLNode, path: String, platform: Platform, _ decoder: NodeDecoder) -> MechanismEvidence {
        var evidence = MechanismEvidence()
        guard let fields = decoder.mapping(node, path: path, what: "`evidence`", known: ["sets", "clears", "declared-only"]) else { return evidence }
        evidence.declaredOnly = fields["declared-only"].flatMap { decoder.string($0, path: "\(path).declared-only", what: "`declared-only`", nonEmpty: true) }
        evidence.sets = fields["sets"].map { patterns($0, path: "\(path).sets", platform: platform, decoder) } ?? []
        evidence.clears = fields["clears"].map { patterns($0, path: "\(path).clears", platform: platform, decoder) } ?? []
        if evidence.declaredOnly != nil, let sets = fields["sets"] {
            decoder.report("`declared-only` says no pattern can show this mechanism, yet `sets` gives some; keep one of the two", at: sets, path: "\(path).sets")
        }
        return evidence
    }

    /// A map from language to a list of patterns, each compiled once here so that a pack's
    /// mistake is reported at its line. An entry is a pattern, or a mapping of patterns that count
    /// only inside handlers: `shows` (the patterns), `inside` (the handlers) and optionally
    /// `testing` (what a handler's body must contain to count). Dart and TypeScript patterns name
    /// a package's API, so theirs is a map from the package's name to its patterns.
    private func patterns(_ node: YAMLNode, path: String, platform: Platform, _ decoder: NodeDecoder) -> [EvidencePattern] {
        let languages = SourceLanguage.allCases.filter { $0.serves(platform) }.map(\.rawValue)
        guard let fields = decoder.mapping(node, path: path, what: "`\(path.split(separator: ".").last ?? "")` of \(platform.displayName) evidence", known: languages) else { return [] }
        var result: [EvidencePattern] = []
        for (name, value) in zip(fields.names, fields.pairs.map(\.value)) {
            guard let language = SourceLanguage(rawValue: name), language.serves(platform) else { continue }
            guard language.patternsNamePackages else {
                result += patternList(value, path: "\(path).\(name)", language: language, package: nil, decoder)
                continue
            }
            guard let pairs = value.mapping else {
                decoder.report("`\(name)` patterns name a package's API: write a map from the package's name to its patterns", at: value, path: "\(path).\(name)")
                continue
            }
            for pair in pairs {
                guard let package = decoder.string(pair.key, path: "\(path).\(name)", what: "a package name", nonEmpty: true) else { continue }
                result += patternList(pair.value, path: "\(path).\(name).\(package)", language: language, package: package, decoder)
            }
        }
        return result
    }

    private func patternList(_ node: YAMLNode, path: String, language: SourceLanguage, package: String?, _ decoder: NodeDecoder) -> [EvidencePattern] {
        var result: [EvidencePattern] = []
        for (index, item) in (decoder.list(node, path: path, what: "`\(language.rawValue)` patterns") ?? []).enumerated() {
            let itemPath = "\(path)[\(index)]"
            if item.mapping != nil {
                result += scopedPatterns(item, path: itemPath, language: language, package: package, decoder)
            } else if let text = decoder.string(item, path: itemPath, what: "each entry of `\(language.rawValue)` patterns") {
                result += compiled(EvidencePattern(language: language, text: text, package: package), at: item, path: path, decoder)
            }
        }
        return result
    }

    /// `{shows: [...], inside: [...], testing: [...]}`: patterns that count only in handlers' bodies.
    private func scopedPatterns(_ node: YAMLNode, path: String, language: SourceLanguage, package: String?, _ decoder: NodeDecoder) -> [EvidencePattern] {
        guard let fields = decoder.mapping(node, path: path, what: "a scoped pattern entry", known: ["shows", "inside", "testing"], required: ["shows", "inside"]),
            let showsNode = fields["shows"], let insideNode = fields["inside"]
        else { return [] }
        /// The entries of `key` that compile, each mistake reported at its entry.
        func valid(_ node: YAMLNode, _ key: String) -> [String] {
            decoder.stringList(node, path: "\(path).\(key)", what: "`\(key)` patterns").compactMap { text, item in
                do throws(PatternError) {
                    _ = try PatternSet([PatternDefinition(language: language, text: text, tag: "")])
                    return text
                } catch {
                    decoder.report("\(language.rawValue) pattern `\(text)` in `\(key)`: \(error.reason)", at: item, path: "\(path).\(key)")
                    return nil
                }
            }
        }
        let handlers = valid(insideNode, "inside")
        let testing = fields["testing"].map { valid($0, "testing") } ?? []
        guard !handlers.isEmpty else {
            // Handlers that do not compile were reported at their entries.
            guard insideNode.sequence?.isEmpty ?? false else { return [] }
            decoder.report("`inside` needs at least one handler pattern (`func sceneWillResignActive`)", at: insideNode, path: "\(path).inside")
            return []
        }
        let scope = PatternScope(handlers: handlers, testing: testing)
        return decoder.stringList(showsNode, path: "\(path).shows", what: "`shows` patterns").flatMap { text, item in
            compiled(EvidencePattern(language: language, text: text, scope: scope, package: package), at: item, path: "\(path).shows", decoder)
        }
    }

    /// The pattern, when it compiles; else nothing, and the reason reported at `node`.
    private func compiled(_ pattern: EvidencePattern, at node: YAMLNode, path: String, _ decoder: NodeDecoder) -> [EvidencePattern] {
        do throws(PatternError) {
            _ = try PatternSet([PatternDefinition(language: pattern.language, text: pattern.text, tag: "", scope: pattern.scope)])
            return [pattern]
        } catch {
            decoder.report("\(pattern.language.rawValue) pattern `\(pattern.text)`: \(error.reason)", at: node, path: path)
            return []
        }
    }

    /// An entry of a taxonomy's top-level `evidence` list: patterns a rule pack adds to a
    /// mechanism defined before it.
    private mutating func addEvidence(_ node: YAMLNode, path: String, _ decoder: NodeDecoder) {
        guard let fields = decoder.mapping(node, path: path, what: "an evidence entry", known: ["mechanism", "platform", "sets", "clears"], required: ["mechanism", "platform"]),
            let nameNode = fields["mechanism"], let name = decoder.string(nameNode, path: "\(path).mechanism", what: "`mechanism`", nonEmpty: true),
            let platform = fields["platform"].flatMap({ decoder.oneOf($0, Platform.allCases.map(\.rawValue), path: "\(path).platform", what: "`platform`") }).flatMap(Platform.init)
        else { return }
        guard let index = taxonomy.mechanisms.firstIndex(where: { $0.id == name && $0.platform == platform }) else {
            let known = taxonomy.mechanisms.filter { $0.platform == platform }.map(\.id)
            decoder.report("unknown \(platform.rawValue) mechanism `\(name)`\(NearestName.hint(for: name, among: known))", at: nameNode, path: "\(path).mechanism")
            return
        }
        if let sets = fields["sets"] { taxonomy.mechanisms[index].evidence.sets += patterns(sets, path: "\(path).sets", platform: platform, decoder) }
        if let clears = fields["clears"] { taxonomy.mechanisms[index].evidence.clears += patterns(clears, path: "\(path).clears", platform: platform, decoder) }
    }

    /// A kind's `hints`: a list (English), or a map from base language tag to a list.
    private func hints(_ node: YAMLNode?, path: String, _ decoder: NodeDecoder) -> [Hint] {
        guard let node else { return [] }
        guard let pairs = node.mapping else { return hintList(node, language: "en", path: path, decoder) }
        guard let fields = decoder.mapping(node, path: path, what: "`hints`", known: pairs.compactMap { $0.key.scalar?.value }) else { return [] }
        var result: [Hint] = []
        for (language, pair) in zip(fields.names, fields.pairs) where !language.isEmpty {
            guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
                decoder.report("keys of `hints` are base language tags such as `en` or `de`, got \"\(language)\"", at: pair.key, path: path)
                continue
            }
            result += hintList(pair.value, language: language, path: "\(path).\(language)", decoder)
        }
        return result
    }

    /// One language's hints: each a phrase, or `{phrase, except}` with the longer phrases around
    /// it that cancel a match.
    private func hintList(_ node: YAMLNode, language: String, path: String, _ decoder: NodeDecoder) -> [Hint] {
        guard let items = decoder.list(node, path: path, what: "`hints`") else { return [] }
        return items.enumerated().compactMap { index, item in
            let itemPath = "\(path)[\(index)]"
            guard item.mapping != nil else {
                return decoder.string(item, path: itemPath, what: "a hint (a phrase, or {phrase, except})")
                    .flatMap { hintWords($0, at: item, path: itemPath, decoder) }
                    .map { Hint(language: language, words: $0) }
            }
            guard let fields = decoder.mapping(item, path: itemPath, what: "a hint", known: ["phrase", "except"], required: ["phrase"]),
                let phraseNode = fields["phrase"],
                let words = decoder.string(phraseNode, path: "\(itemPath).phrase", what: "`phrase`").flatMap({ hintWords($0, at: phraseNode, path: "\(itemPath).phrase", decoder) })
            else { return nil }
            let exceptPath = "\(itemPath).except"
            let except = (fields["except"].map { decoder.stringList($0, path: exceptPath, what: "`except`") } ?? []).compactMap { text, node -> [String]? in
                guard let phrase = hintWords(text, at: node, path: exceptPath, decoder) else { return nil }
                guard phrase.count > words.count, IdentifierWords.phrase(words, occursIn: phrase) else {
                    decoder.report("an `except` phrase is a longer phrase around its hint \"\(words.joined(separator: " "))\", got \"\(text)\"", at: node, path: exceptPath)
                    return nil
                }
                return phrase
            }
            return Hint(language: language, words: words, except: except)
        }
    }

    /// A hint or `except` phrase split into the words an id or label is split into.
    private func hintWords(_ text: String, at node: YAMLNode, path: String, _ decoder: NodeDecoder) -> [String]? {
        let words = IdentifierWords.split(text)
        guard !words.isEmpty, words.count <= IdentifierWords.maxPhraseWords else {
            decoder.report("a hint is one to \(IdentifierWords.maxPhraseWords) words, got \"\(text)\"", at: node, path: path)
            return nil
        }
        return words
    }

    /// An API level on Android (`35`), a "MAJOR.MINOR" string on iOS (`"17.0"`).
    private func minimumVersion(_ node: YAMLNode, platform: Platform, path: String, _ decoder: NodeDecoder) -> OSVersion? {
        if platform == .android {
            return decoder.integer(node, path: path, what: "`min-version` (an API level)", range: AndroidPlatform.apiLevels).map(OSVersion.init(apiLevel:))
        }
        guard let text = decoder.string(node, path: path, what: "`min-version` (an iOS version such as \"17.0\")") else { return nil }
        guard let version = OSVersion(text) else {
            decoder.report("`min-version` must be \"MAJOR[.MINOR]\" such as \"17.0\" (each part at most \(OSVersion.partRange.upperBound)), got \"\(text)\"", at: node, path: path)
            return nil
        }
        return version
    }

    /// A list of threat names and group names.
    private func threats(_ node: YAMLNode, path: String, _ decoder: NodeDecoder) -> ThreatSet {
        var set = ThreatSet()
        for (name, item) in decoder.stringList(node, path: path, what: "a list of threats") {
            if let threat = taxonomy.threat(named: name) {
                set.formUnion(threat.bit)
            } else if let group = taxonomy.threatGroups[name] {
                set.formUnion(group)
            } else {
                let known = taxonomy.threats.map(\.id) + taxonomy.threatGroups.keys.sorted()
                decoder.report("unknown threat `\(name)`\(NearestName.hint(for: name, among: known))", at: item, path: path)
            }
        }
        return set
    }

    // MARK: references

    private mutating func readReferences(_ root: YAMLNode, _ decoder: NodeDecoder) {
        guard let pairs = root.mapping else {
            decoder.report("references must be a mapping from key to {title, url}", at: root, path: "")
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalar?.value,
                let fields = decoder.mapping(pair.value, path: key, what: "a reference", known: ["title", "url", "note"], required: ["title"])
            else { continue }
            var url = fields["url"].flatMap { decoder.string($0, path: "\(key).url", what: "`url`", nonEmpty: true) }
            // Links reach the HTML report, SARIF and Markdown: only web addresses, never `javascript:` or `file:`.
            if let link = url, let node = fields["url"], !(link.lowercased().hasPrefix("https://") || link.lowercased().hasPrefix("http://")) {
                decoder.report("a reference's `url` must start with https:// or http://, got `\(ControlEscaping.escape(link))`", at: node, path: "\(key).url")
                url = nil
            }
            references[key] = Reference(id: key, title: fields["title"]?.scalar?.value ?? key, url: url, note: fields["note"]?.scalar?.value)
        }
    }

    // MARK: lexicons

    private mutating func readLexicon(_ source: PolicySource, _ root: YAMLNode, _ decoder: NodeDecoder) {
        guard let lexicon = Self.lexiconDefinition(root, source: source, decoder)?.lexicon else { return }
        if var existing = lexicons[lexicon.language] {
            existing.merge(lexicon)
            lexicons[lexicon.language] = existing
        } else {
            lexicons[lexicon.language] = lexicon
        }
    }

    /// `wording/de.yml` → `de`
    static func language(ofLexiconPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (name.hasSuffix(".yml") ? String(name.dropLast(4)) : name).lowercased()
    }

    /// A shipped lexicon is read on first use at run time; the compiler and the tests read it
    /// here, so that a mistake in it, a duplicate key included, fails the build instead of
    /// leaving one of two values in force or the language without a lexicon.
    private mutating func checkShippedLexicon(_ source: PolicySource) {
        for outcome in Self.parseAll([source.bytes]) {
            switch outcome {
            case .failure(let error):
                problems.append(.init(file: source.displayPath, position: error.position, message: error.description))
            case .success(let stream):
                for duplicate in stream.duplicateKeys {
                    problems.append(Self.duplicateKeyProblem(duplicate, in: source))
                }
                guard let root = stream.documents.first else { continue }
                let decoder = NodeDecoder()
                _ = Self.lexiconDefinition(root, source: source, decoder)
                record(decoder, file: source.displayPath)
            }
        }
    }

    /// A shipped lexicon file, read on first use; nil if it does not parse (`definitions(reading:)`
    /// reports its problems).
    static func lexiconDefinition(from source: PolicySource) -> LexiconDefinition? {
        guard let root = (try? YAMLLoader.load(source.bytes))?.documents.first else { return nil }
        let decoder = NodeDecoder()
        let lexicon = Self.lexiconDefinition(root, source: source, decoder)
        return decoder.problems.isEmpty ? lexicon : nil
    }

    static func lexiconDefinition(_ root: YAMLNode, source: PolicySource, _ decoder: NodeDecoder) -> LexiconDefinition? {
        let known = ["language", "name", "neutral-notice"] + Lexicon.listNames + ["affected-words", "acronyms", "measured", "examples"]
        guard let fields = decoder.mapping(root, path: "", what: "a lexicon", known: known, required: ["language"]),
            let languageNode = fields["language"],
            let language = decoder.string(languageNode, path: "language", what: "`language`", nonEmpty: true)?.lowercased()
        else { return nil }
        if language != Self.language(ofLexiconPath: source.relativePath) {
            decoder.report("`language: \(language)` must match the file name `\(source.relativePath.split(separator: "/").last ?? "")`", at: languageNode, path: "language")
            return nil
        }
        var lists: [String: [LexiconDefinition.Entry]] = [:]
        for name in Lexicon.listNames {
            guard let listNode = fields[name] else { continue }
            lists[name] = (decoder.list(listNode, path: name, what: "`\(name)`") ?? []).enumerated().compactMap { index, item in
                Self.lexiconEntry(item, path: "\(name)[\(index)]", list: name, requiresCategory: source.isShipped, decoder)
            }
        }
        return LexiconDefinition(
            language: language, name: fields["name"]?.scalar?.value ?? language, lists: lists,
            affected: fields["affected-words"].map { affectedWords($0, path: Lexicon.affectedList, decoder) } ?? [],
            acronyms: fields["acronyms"].map { decoder.stringList($0, path: "acronyms", what: "`acronyms`").map(\.0) } ?? [],
            neutralNotice: fields["neutral-notice"].flatMap { decoder.string($0, path: "neutral-notice", what: "`neutral-notice`", nonEmpty: true) },
            file: source.displayPath, measured: fields["measured"].map { measurements($0, decoder) } ?? [],
            examples: fields["examples"].map { examples($0, decoder) } ?? [:])
    }

    /// A mapping whose keys are names of the data (profiles, kinds), with their values.
    private static func namedPairs(_ node: YAMLNode, path: String, what: String, _ decoder: NodeDecoder) -> [(String, YAMLNode)]? {
        guard let pairs = node.mapping else {
            decoder.report("\(what) must be a mapping", at: node, path: path)
            return nil
        }
        return pairs.compactMap { pair in pair.key.scalar.map { ($0.value, pair.value) } }
    }

    /// The `examples` block: profile → role → text, with `by-kind` and `by-category` maps of
    /// overrides under a role's profile (keys as `WordingExamples` keys them).
    static func examples(_ node: YAMLNode, _ decoder: NodeDecoder) -> [String: String] {
        guard let profiles = namedPairs(node, path: "examples", what: "`examples`", decoder) else { return [:] }
        let roles = WordingExamples.Role.allCases.map(\.rawValue)
        let overrides = [WordingExamples.byKind, WordingExamples.byCategory]
        var texts: [String: String] = [:]
        for (profile, profileNode) in profiles {
            let path = "examples.\(profile)"
            guard let fields = decoder.mapping(profileNode, path: path, what: "a profile's examples", known: roles + overrides) else { continue }
            for role in WordingExamples.Role.allCases {
                if let text = fields[role.rawValue].flatMap({ decoder.string($0, path: "\(path).\(role.rawValue)", what: "an example", nonEmpty: true) }) {
                    texts[WordingExamples.key(profile: profile, role: role)] = text
                }
            }
            for override in overrides {
                guard let overrideNode = fields[override],
                    let byRole = decoder.mapping(overrideNode, path: "\(path).\(override)", what: "`\(override)`", known: roles)
                else { continue }
                for role in WordingExamples.Role.allCases {
                    guard let namesNode = byRole[role.rawValue], let names = namedPairs(namesNode, path: "\(path).\(override).\(role.rawValue)", what: "examples by name", decoder) else { continue }
                    for (name, textNode) in names {
                        if let text = decoder.string(textNode, path: "\(path).\(override).\(role.rawValue).\(name)", what: "an example", nonEmpty: true) {
                            texts[WordingExamples.key(profile: profile, role: role, override: "\(override):\(name)")] = text
                        }
                    }
                }
            }
        }
        return texts
    }

    /// The `measured` block: for each part of the corpus, its counts and ratios.
    static func measurements(_ node: YAMLNode, _ decoder: NodeDecoder) -> [CorpusMeasurement] {
        guard let parts = decoder.mapping(node, path: "measured", what: "`measured`", known: CorpusMeasurement.parts) else { return [] }
        let counts = ["texts", "neutral", "alarming"]
        let ratios = ["tone-precision", "tone-recall", "rule-precision", "rule-recall"]
        return CorpusMeasurement.parts.compactMap { part -> CorpusMeasurement? in
            guard let partNode = parts[part],
                let fields = decoder.mapping(partNode, path: "measured.\(part)", what: "a measurement", known: counts + ratios, required: counts + ratios)
            else { return nil }
            let count = { (key: String) in fields[key].flatMap { decoder.integer($0, path: "measured.\(part).\(key)", what: "`\(key)`", range: NodeDecoder.counts) } }
            let ratio = { (key: String) -> Double? in
                guard let node = fields[key] else { return nil }
                guard let value = node.scalar.flatMap({ Double($0.value) }), (0...1).contains(value) else {
                    decoder.report("`\(key)` must be a number from 0 to 1", at: node, path: "measured.\(part).\(key)")
                    return nil
                }
                return value
            }
            guard let texts = count("texts"), let neutral = count("neutral"), let alarming = count("alarming"),
                let tonePrecision = ratio("tone-precision"), let toneRecall = ratio("tone-recall"),
                let rulePrecision = ratio("rule-precision"), let ruleRecall = ratio("rule-recall")
            else { return nil }
            return CorpusMeasurement(
                part: part, texts: texts, neutral: neutral, alarming: alarming, tonePrecision: tonePrecision, toneRecall: toneRecall,
                rulePrecision: rulePrecision, ruleRecall: ruleRecall)
        }
    }

    /// The longest gap a phrase may allow: keeps matching linear whatever a pack says.
    static let maxGap = 8
    static let maxPhraseWords = 12

    /// `list`: the entry's list (`alarm`, `blame`, ...), which says which categories it may name.
    /// `requiresCategory`: a shipped lexicon names the category of every entry of a list that has
    /// categories; a rule pack or a config may leave it out.
    /// `affected-words`: each item a phrase matched word for word, or an entry (`match`, `suffixes`,
    /// `gap`, `except`) for a word with its inflections.
    static func affectedWords(_ node: YAMLNode, path listPath: String, _ decoder: NodeDecoder) -> [LexiconDefinition.Entry] {
        (decoder.list(node, path: listPath, what: "`affected-words`") ?? []).enumerated().compactMap { index, item in
            let path = "\(listPath)[\(index)]"
            guard item.mapping == nil else { return lexiconEntry(item, path: path, list: Lexicon.affectedList, requiresCategory: false, decoder) }
            return decoder.string(item, path: path, what: "an affected word or phrase", nonEmpty: true).map(LexiconDefinition.Entry.phrase)
        }
    }

    static func lexiconEntry(_ node: YAMLNode, path: String, list: String, requiresCategory: Bool, _ decoder: NodeDecoder) -> LexiconDefinition.Entry? {
        let categories = LexiconCategory.categories(ofList: list)
        // An affected word only names something: it suggests nothing.
        let known = ["match", "suffixes", "gap", "except"] + (list == Lexicon.affectedList ? [] : ["suggest"]) + (categories.isEmpty ? [] : ["category"])
        let required = ["match"] + (requiresCategory && !categories.isEmpty ? ["category"] : [])
        guard let fields = decoder.mapping(node, path: path, what: "a lexicon entry", known: known, required: required),
            let match = fields["match"].flatMap({ decoder.string($0, path: "\(path).match", what: "`match`", nonEmpty: true) })
        else { return nil }
        let words = match.split(whereSeparator: \.isWhitespace).map { word in
            word.split(separator: "|").flatMap { Tokenizer.tokens(String($0)).map(\.original) }
        }
        guard !words.contains(where: \.isEmpty), !words.isEmpty else {
            if let matchNode = fields["match"] { decoder.report("`match` must be words (letters or digits), got \"\(match)\"", at: matchNode, path: "\(path).match") }
            return nil
        }
        guard words.count <= maxPhraseWords else {
            if let matchNode = fields["match"] { decoder.report("a phrase may have at most \(maxPhraseWords) words", at: matchNode, path: "\(path).match") }
            return nil
        }
        let gap = fields["gap"].flatMap { decoder.integer($0, path: "\(path).gap", what: "`gap`", range: 0...maxGap) } ?? 0
        var category: String?
        if !categories.isEmpty, let categoryNode = fields["category"], let name = decoder.string(categoryNode, path: "\(path).category", what: "`category`", nonEmpty: true) {
            let names = categories.map(\.rawValue)
            guard names.contains(name) else {
                decoder.report("unknown category `\(name)` for the `\(list)` list\(NearestName.hint(for: name, among: names)); expected one of: \(names.joined(separator: ", "))", at: categoryNode, path: "\(path).category")
                return nil
            }
            category = name
        }
        return LexiconDefinition.Entry(
            match: match, alternatives: words,
            suffixes: fields["suffixes"].map { decoder.stringList($0, path: "\(path).suffixes", what: "`suffixes`").map(\.0) } ?? [],
            gap: gap,
            exceptions: fields["except"].map { decoder.stringList($0, path: "\(path).except", what: "`except`").map(\.0) } ?? [],
            suggestion: fields["suggest"].flatMap { decoder.string($0, path: "\(path).suggest", what: "`suggest`") } ?? "", category: category)
    }

    // MARK: rules

    private mutating func readRule(_ source: PolicySource, _ root: YAMLNode, _ decoder: NodeDecoder) {
        let known = [
            "id", "slug", "title", "status", "replaced-by", "check", "parameters", "severity", "cases", "points-at", "message", "rationale", "fix",
            "examples", "references", "security-severity", "fix-applicability", "fix-applicability-reason",
        ]
        guard let fields = decoder.mapping(root, path: "", what: "a rule", known: known, required: ["id", "slug", "title", "check", "severity", "message"]),
            let id = fields["id"].flatMap({ decoder.string($0, path: "id", what: "`id`", nonEmpty: true) }),
            let slug = fields["slug"].flatMap({ decoder.string($0, path: "slug", what: "`slug`", nonEmpty: true) }),
            let checkNode = fields["check"], let checkName = decoder.string(checkNode, path: "check", what: "`check`")
        else { return }
        guard let checkType = CheckRegistry.check(named: checkName) else {
            decoder.report("unknown check `\(checkName)`\(NearestName.hint(for: checkName, among: CheckRegistry.names)); built-in checks: \(CheckRegistry.names.joined(separator: ", "))", at: checkNode, path: "check")
            return
        }
        if let existing = rules[id] ?? rules.values.first(where: { $0.slug == slug }) {
            decoder.report(.duplicate, "rule `\(id)` (`\(slug)`) is already defined in \(existing.file)", at: root, path: "")
            return
        }
        var defaultSetting: SeveritySetting?
        if let severityNode = fields["severity"], severityNode.scalar?.value != "matrix" {
            defaultSetting = decoder.oneOf(severityNode, Severity.settingNames + ["matrix"], path: "severity", what: "`severity`").flatMap(SeveritySetting.init(name:))
        }
        var cases: [String: SeveritySetting] = [:]
        var caseMessages: [String: String] = [:]
        var retiredCases: [String: String] = [:]
        if let casesNode = fields["cases"], let pairs = casesNode.mapping {
            for pair in pairs {
                guard let name = pair.key.scalar?.value,
                    let caseFields = decoder.mapping(pair.value, path: "cases.\(name)", what: "a case", known: ["severity", "message", "retired"])
                else { continue }
                // A retired case keeps its name and never fires: it needs no severity of its own.
                if let retired = caseFields["retired"] {
                    guard let policy = decoder.string(retired, path: "cases.\(name).retired", what: "`retired` (the policy that retired the case)", nonEmpty: true)
                    else { continue }
                    retiredCases[name] = policy
                    cases[name] = .off
                    continue
                }
                guard let severityNode = caseFields["severity"] else {
                    decoder.report("a case needs `severity`, or `retired` with the policy that retired it", at: pair.value, path: "cases.\(name)")
                    continue
                }
                guard let setting = decoder.oneOf(severityNode, Severity.settingNames, path: "cases.\(name).severity", what: "`severity`").flatMap(SeveritySetting.init(name:))
                else { continue }
                cases[name] = setting
                if let message = caseFields["message"]?.scalar?.value { caseMessages[name] = message }
            }
        }
        if let examples = fields["examples"] {
            _ = decoder.mapping(examples, path: "examples", what: "`examples`", known: ["failing", "passing", "source", "passing-source"])
        }
        let status = fields["status"].flatMap { decoder.oneOf($0, RuleStatus.allCases.map(\.rawValue), path: "status", what: "`status`") }
            .flatMap(RuleStatus.init) ?? .stable
        let replacedBy = fields["replaced-by"].flatMap { decoder.string($0, path: "replaced-by", what: "`replaced-by`", nonEmpty: true) }
        if status == .deprecated, replacedBy == nil, fields["replaced-by"] == nil {
            decoder.report("a deprecated rule needs `replaced-by`: the id of the rule its name now stands for", at: root, path: "")
        }
        if let node = fields["replaced-by"], let replacedBy {
            if status != .deprecated {
                decoder.report("`replaced-by` is for a deprecated rule; add `status: deprecated` or remove it", at: node, path: "replaced-by")
            } else {
                pendingReplacements.append((replacedBy, node, source.displayPath))
            }
        }
        let before = decoder.problemCount
        ParameterValidator(taxonomy: taxonomy, profiles: profileDefinitions.keys.sorted(), decoder: decoder)
            .validate(fields["parameters"], against: checkType.parameters, path: "parameters", rulePosition: root.start, check: checkName)
        if decoder.problemCount == before {
            checks[id] = checkType.init(parameters: CheckParameters(node: fields["parameters"], decoder: decoder, path: "parameters", rulePosition: root.start))
        }
        let referenceKeys = fields["references"].map { decoder.stringList($0, path: "references", what: "`references`") } ?? []
        for (key, node) in referenceKeys where references[key] == nil {
            decoder.report("unknown reference `\(key)`\(NearestName.hint(for: key, among: references.keys.sorted()))", at: node, path: "references")
        }
        rules[id] = RuleDefinition(
            id: id, slug: slug, title: fields["title"]?.scalar?.value ?? id, status: status, replacedBy: replacedBy, check: checkName,
            parameters: fields["parameters"],
            defaultSetting: defaultSetting, cases: cases, caseMessages: caseMessages, retiredCases: retiredCases, pointsAt: fields["points-at"]?.scalar?.value ?? "",
            message: fields["message"]?.scalar?.value ?? "", references: referenceKeys.map(\.0),
            securitySeverity: fields["security-severity"].flatMap { securitySeverity($0, decoder) },
            fixApplicability: fields["fix-applicability"].flatMap {
                decoder.oneOf($0, FixApplicability.allCases.map(\.rawValue), path: "fix-applicability", what: "`fix-applicability`")
            }.flatMap(FixApplicability.init) ?? .unsafe,
            fixApplicabilityReason: fields["fix-applicability-reason"].flatMap {
                decoder.string($0, path: "fix-applicability-reason", what: "`fix-applicability-reason`", nonEmpty: true)
            } ?? "",
            documentation: RuleDocumentation(root),
            file: source.displayPath)
    }

    /// `replaced-by` values, checked once every rule is read: (the id named, its node, the file).
    private var pendingReplacements: [(id: String, node: YAMLNode, file: String)] = []

    /// Each `replaced-by` names a rule that is not itself deprecated.
    private mutating func resolveReplacements() {
        for (id, node, file) in pendingReplacements {
            guard let replacement = rules[id] else {
                problems.append(.init(file: file, position: node.start, message: "`replaced-by` names an unknown rule `\(id)`\(NearestName.hint(for: id, among: rules.keys.sorted()))"))
                continue
            }
            if replacement.status == .deprecated {
                problems.append(.init(file: file, position: node.start, message: "`replaced-by` names \(id), which is deprecated too; name the rule that replaces it"))
            }
        }
    }

    /// A number from 0.0 to 10.0, as SARIF and GitHub code scanning read it.
    private func securitySeverity(_ node: YAMLNode, _ decoder: NodeDecoder) -> Double? {
        switch node.scalar?.resolved {
        case .float(let value) where (0...10).contains(value): return value
        case .integer(let value) where (0...10).contains(value): return Double(value)
        default:
            decoder.report("`security-severity` must be a number from 0.0 to 10.0, got \(NodeDecoder.describe(node))", at: node, path: "security-severity")
            return nil
        }
    }

    // MARK: profiles

    private mutating func readProfile(_ source: PolicySource, _ root: YAMLNode, _ decoder: NodeDecoder) {
        guard let fields = decoder.mapping(root, path: "", what: "a profile", known: ["id", "title", "extends", "description", "rules", "coverage", "action-policy"], required: ["id"]),
            let id = fields["id"].flatMap({ decoder.string($0, path: "id", what: "`id`", nonEmpty: true) })
        else { return }
        if let existing = profileDefinitions[id] {
            decoder.report(.duplicate, "profile `\(id)` is already defined in \(existing.file); extend it under a new id instead", at: root, path: "id")
            return
        }
        var ruleSettings: [String: SeveritySetting] = [:]
        if let rulesNode = fields["rules"], let pairs = decoder.mapping(rulesNode, path: "rules", what: "`rules`", known: rulesNode.mapping?.compactMap { $0.key.scalar?.value } ?? [])?.pairs {
            for pair in pairs {
                guard let key = pair.key.scalar?.value,
                    let setting = decoder.oneOf(pair.value, Severity.settingNames, path: "rules.\(key)", what: "a rule's severity").flatMap(SeveritySetting.init(name:))
                else { continue }
                ruleSettings[key] = setting
                pendingRuleReferences.append((key, pair.key, source.displayPath, source.isShipped))
            }
        }
        var coverage: [String: CoverageRequirement?] = [:]
        if let coverageNode = fields["coverage"], let pairs = coverageNode.mapping {
            for pair in pairs {
                guard let kind = pair.key.scalar?.value else { continue }
                let path = "coverage.\(kind)"
                guard taxonomy.dataKind(named: kind) != nil else {
                    decoder.report("unknown data kind `\(kind)`\(NearestName.hint(for: kind, among: taxonomy.dataKindNames))", at: pair.key, path: path)
                    continue
                }
                if pair.value.scalar?.value == "off" {
                    coverage[kind] = .some(nil)
                    continue
                }
                guard let row = decoder.mapping(pair.value, path: path, what: "a coverage row (severity: [threats]) or `off`", known: ["error", "warning", "info"]) else { continue }
                var severities: [(threats: ThreatSet, severity: Severity)] = []
                for severity in Severity.allCases.reversed() {
                    if let threatsNode = row[severity.description] {
                        severities.append((threats(threatsNode, path: "\(path).\(severity)", decoder), severity))
                    }
                }
                coverage[kind] = CoverageRequirement(severities: severities)
            }
        } else if let coverageNode = fields["coverage"] {
            decoder.report("`coverage` must be a mapping from data kind to row", at: coverageNode, path: "coverage")
        }
        var byKind: [String: ActionRequirement?] = [:]
        var byRisk: [Risk: ActionRequirement?] = [:]
        if let policyNode = fields["action-policy"], let policy = decoder.mapping(policyNode, path: "action-policy", what: "`action-policy`", known: ["kinds", "risks"]) {
            for pair in policy["kinds"]?.mapping ?? [] {
                guard let kind = pair.key.scalar?.value else { continue }
                guard taxonomy.actionKind(named: kind) != nil else {
                    decoder.report("unknown action kind `\(kind)`\(NearestName.hint(for: kind, among: taxonomy.actionKinds.map(\.id)))", at: pair.key, path: "action-policy.kinds.\(kind)")
                    continue
                }
                byKind[kind] = actionRequirement(pair.value, path: "action-policy.kinds.\(kind)", decoder)
            }
            for pair in policy["risks"]?.mapping ?? [] {
                guard let name = pair.key.scalar?.value else { continue }
                guard let risk = Risk(rawValue: name) else {
                    decoder.report("unknown risk `\(name)`; use low, medium or high", at: pair.key, path: "action-policy.risks.\(name)")
                    continue
                }
                byRisk[risk] = actionRequirement(pair.value, path: "action-policy.risks.\(name)", decoder)
            }
        }
        profileDefinitions[id] = ProfileDefinition(
            id: id, title: fields["title"]?.scalar?.value ?? id, description: fields["description"]?.scalar?.value ?? "",
            extends: fields["extends"]?.scalar?.value, ruleSettings: ruleSettings, coverage: coverage,
            actionsByKind: byKind, actionsByRisk: byRisk, file: source.displayPath, position: root.start, extendsPosition: fields["extends"]?.start)
    }

    private var pendingRuleReferences: [(key: String, node: YAMLNode, file: String, isShipped: Bool)] = []
    /// Rule names in packs' profiles that name no rule: SUP003 findings, not errors, so that a
    /// rule renamed in a later capaudit does not break every build.
    private var unknownRuleNames: [PolicyError.Problem] = []
    /// Deprecated rule names in profiles: SUP003 at info, the setting applying to the replacement.
    private var deprecatedRuleNames: [PolicyError.Problem] = []
    /// A profile's rule key as written (`loyalty-in-notification`) → the key settings use (`ACME001`).
    private var canonicalRuleKeys: [String: String] = [:]

    /// `{minimum, severity}`, or `off` (nil) to remove an inherited row.
    private func actionRequirement(_ node: YAMLNode, path: String, _ decoder: NodeDecoder) -> ActionRequirement?? {
        if node.scalar?.value == "off" { return .some(nil) }
        guard let fields = decoder.mapping(node, path: path, what: "an action requirement", known: ["minimum", "severity"], required: ["minimum", "severity"]),
            let minimum = fields["minimum"].flatMap({ decoder.oneOf($0, OnCapture.allCases.map(\.rawValue), path: "\(path).minimum", what: "`minimum`") }).flatMap(OnCapture.init),
            let severity = fields["severity"].flatMap({ decoder.oneOf($0, ["error", "warning", "info"], path: "\(path).severity", what: "`severity`") }).flatMap(Severity.init(name:))
        else { return nil }
        return .some(ActionRequirement(minimum: minimum, severity: severity))
    }

    /// Checks the rule names profiles give settings for, and learns the key each stands for.
    private mutating func checkRuleReferences() {
        for (key, node, file, isShipped) in pendingRuleReferences {
            let name = key.split(separator: "/").first.map(String.init) ?? key
            let caseName = key.split(separator: "/").dropFirst().first.map(String.init)
            var problem: PolicyError.Problem?
            if var rule = rules[name] ?? rules.values.first(where: { $0.slug == name }) {
                if rule.status == .deprecated, let replacement = rule.replacedBy.flatMap({ rules[$0] }) {
                    deprecatedRuleNames.append(.init(file: file, position: node.start, message: Policy.deprecationNote(rule, replacement: replacement)))
                    rule = replacement
                }
                canonicalRuleKeys[key] = rule.settingKey(case: caseName)
                if let caseName, rule.cases[caseName] == nil {
                    let cases = rule.cases.keys.sorted().joined(separator: ", ")
                    problem = .init(file: file, position: node.start, message: "rule \(rule.id) has no case `\(caseName)`\(cases.isEmpty ? "" : "; its cases: \(cases)")")
                }
            } else {
                let names = rules.values.flatMap { [$0.id, $0.slug] }.sorted()
                problem = .init(file: file, position: node.start, message: "unknown rule `\(name)`\(NearestName.hint(for: name, among: names))")
            }
            if let problem {
                if isShipped { problems.append(problem) } else { unknownRuleNames.append(problem) }
            }
        }
        pendingRuleReferences = []
    }

    /// Applies `extends` chains; cycles and over-deep chains are errors.
    private mutating func resolveProfiles() -> [String: Profile] {
        var resolved: [String: Profile] = [:]
        // A chain too deep is reported once, at the profile that starts it (the one no other extends).
        let extended = Set(profileDefinitions.values.compactMap(\.extends))
        for id in profileDefinitions.keys.sorted() {
            var chain: [ProfileDefinition] = []
            var current: String? = id
            while let name = current {
                guard let raw = profileDefinitions[name] else {
                    if let child = chain.last, let position = child.extendsPosition {
                        problems.append(.init(file: child.file, position: position, message: "`extends` names an unknown profile `\(name)`\(NearestName.hint(for: name, among: profileDefinitions.keys.sorted()))"))
                    }
                    break
                }
                if chain.contains(where: { $0.id == name }) {
                    let cycle = (chain.map(\.id) + [name]).joined(separator: " → ")
                    problems.append(.init(file: raw.file, position: raw.extendsPosition ?? raw.position, message: "`extends` forms a cycle: \(cycle)"))
                    chain = []
                    break
                }
                if chain.count >= Self.maxExtendsDepth {
                    if !extended.contains(id), let start = chain.first {
                        let shown = chain.prefix(3).map(\.id) + ["…", chain.last?.id ?? name, name]
                        problems.append(.init(
                            file: start.file, position: start.extendsPosition ?? start.position,
                            message: "`extends` chain of `\(id)` is deeper than \(Self.maxExtendsDepth) profiles (\(shown.joined(separator: " → "))); extend a shipped profile more directly"))
                    }
                    chain = []
                    break
                }
                chain.append(raw)
                current = raw.extends
            }
            guard !chain.isEmpty, let own = chain.first else { continue }
            var profile = Profile(
                id: id, title: own.title, description: own.description, lineage: chain.reversed().map(\.id), ruleSettings: [:], coverage: [:],
                actionsByKind: [:], actionsByRisk: [:])
            for raw in chain.reversed() {
                for (key, setting) in raw.ruleSettings { profile.ruleSettings[canonicalRuleKeys[key] ?? key] = setting }
                for (kind, row) in raw.coverage { profile.coverage[kind] = row }
                for (kind, requirement) in raw.actionsByKind { profile.actionsByKind[kind] = requirement }
                for (risk, requirement) in raw.actionsByRisk { profile.actionsByRisk[risk] = requirement }
            }
            resolved[id] = profile
        }
        return resolved
    }
}

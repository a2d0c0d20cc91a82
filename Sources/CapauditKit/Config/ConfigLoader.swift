import YAML

/// Reads `.capaudit.yml`. Errors are located and stop the run (exit 2); a rule name that does
/// not exist is a SUP003 finding instead, as a stale name must not break every build.
public enum ConfigLoader {
    public static let fileNames = [".capaudit.yml", ".capaudit.yaml"]
    static let keys = ["profile", "include", "exclude", "rules", "rule-packs", "wording", "baseline", "fail-on", "inline-suppressions", "preview", "allow-empty", "source"]

    /// The config found from `folder` upward, stopping at the repository root (a folder with `.git`),
    /// or outside a repository at `home` or the file system's root, whichever comes first: a config
    /// in a folder above the user's own is someone else's.
    /// Anything by that name counts (a folder, a FIFO, a broken link): `refusal` then says why it
    /// cannot be read, rather than the run going on silently with the default policy.
    public static func find(from folder: String, home: String?) -> String? {
        var current = folder
        while true {
            for name in fileNames where FileReader.status(of: Array("\(current)/\(name)".utf8), followingSymlinks: false) != nil {
                return "\(current)/\(name)"
            }
            if FileReader.kind(of: "\(current)/.git") != .missing || current == home { return nil }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Why a config (or a file it names) is not read: not a regular file, or, when `root` is given,
    /// a symlink that leads out of it. A file that could be anywhere (a secret a pull request links
    /// to) is never read, so that nothing of it can reach a message or a CI log. Nil when it may be read.
    public static func refusal(_ path: String, confinedTo root: String?) -> String? {
        guard FileReader.status(of: Array(path.utf8), followingSymlinks: false) != nil else { return "it does not exist" }
        let isLink = FileReader.isSymbolicLink(path)
        guard let real = FileReader.realPath(path) else { return "it is a symlink that leads to nothing (or to itself)" }
        switch FileReader.kind(of: path) {
        case .regular: break
        case .directory: return "it is a folder, not a file"
        case .other(let kind): return "it is \(kind), not a file"
        case .missing: return "it is a symlink that leads to nothing"
        }
        if isLink, let root, let realRoot = FileReader.realPath(root), !real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
            return "it is a symlink that leads outside the repository; capaudit reads no file there"
        }
        return nil
    }

    public static func load(path: String, displayPath: String, policy: Policy) throws(PolicyError) -> Config {
        let bytes: [UInt8]
        switch FileReader.read(path, limit: 1 << 20) {
        case .success(let read): bytes = read
        case .failure(let failure): throw PolicyError(problems: [.init(file: displayPath, position: failure.position, message: failure.description)])
        }
        return try parse(bytes, displayPath: displayPath, policy: policy)
    }

    public static func parse(_ bytes: [UInt8], displayPath: String, policy: Policy) throws(PolicyError) -> Config {
        var config = Config()
        config.file = displayPath
        let root: YAMLNode
        switch Result(catching: { () throws(YAMLError) in try YAMLLoader.load(bytes) }) {
        case .failure(let error):
            throw PolicyError(problems: [.init(file: displayPath, position: error.position, message: error.description)])
        case .success(let stream):
            if let duplicate = stream.duplicateKeys.first {
                throw PolicyError(problems: [.init(file: displayPath, position: duplicate.position, message: "duplicate key `\(duplicate.key)`; the first is at line \(duplicate.firstPosition.line)")])
            }
            guard let document = stream.documents.first, document.scalar?.resolved != .null else { return config }
            root = document
        }
        let decoder = NodeDecoder()
        guard let fields = decoder.mapping(root, path: "", what: "the config", known: keys) else {
            throw PolicyError(problems: decoder.problems.map { .init(file: displayPath, position: $0.position, message: $0.message) })
        }
        if let node = fields["profile"], let name = decoder.string(node, path: "profile", what: "`profile`", nonEmpty: true) {
            config.profile = name
            if policy.profiles[name] == nil, !(fields["rule-packs"] != nil) {
                decoder.report("unknown profile `\(name)`\(NearestName.hint(for: name, among: policy.profileNames))", at: node, path: "profile")
            }
        }
        config.include = fields["include"].map { globs($0, key: "include", decoder: decoder) } ?? []
        config.exclude = fields["exclude"].map { globs($0, key: "exclude", decoder: decoder) } ?? []
        if let rules = fields["rules"] {
            for pair in decoder.mapping(rules, path: "rules", what: "`rules`", known: rules.mapping?.compactMap { $0.key.scalar?.value } ?? [])?.pairs ?? [] {
                guard let name = pair.key.scalar?.value,
                    let setting = decoder.oneOf(pair.value, Severity.settingNames, path: "rules.\(name)", what: "a rule's severity").flatMap(SeveritySetting.init(name:))
                else { continue }
                let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
                guard let rule = resolve(parts.first ?? name, at: pair.key.start, file: displayPath, policy: policy, problems: &config.problems) else { continue }
                if BuiltInRule.isManifestRule(rule.id) {
                    decoder.report(
                        "\(rule.id) cannot be turned off or given another severity: MAN findings mean capaudit could not read a manifest; fix it, or record it in a baseline",
                        at: pair.key, path: "rules.\(name)")
                    continue
                }
                config.rules[parts.count == 2 ? "\(rule.id)/\(parts[1])" : rule.id] = setting
            }
        }
        config.rulePacks = fields["rule-packs"].map { decoder.stringList($0, path: "rule-packs", what: "`rule-packs`").map(\.0) } ?? []
        if let wording = fields["wording"] { config.wording = wordingAdditions(wording, decoder: decoder, file: displayPath) }
        config.baseline = fields["baseline"].flatMap { decoder.string($0, path: "baseline", what: "`baseline`", nonEmpty: true) }
        config.failOn = fields["fail-on"].flatMap { decoder.oneOf($0, FailOn.allCases.map(\.rawValue), path: "fail-on", what: "`fail-on`") }.flatMap(FailOn.init)
        if let inline = fields["inline-suppressions"], let inlineFields = decoder.mapping(inline, path: "inline-suppressions", what: "`inline-suppressions`", known: ["forbid"]) {
            for (name, node) in inlineFields["forbid"].map({ decoder.stringList($0, path: "inline-suppressions.forbid", what: "`forbid`") }) ?? [] {
                if let rule = resolve(name, at: node.start, file: displayPath, policy: policy, problems: &config.problems) {
                    config.unsuppressible.insert(rule.id)
                }
            }
        }
        config.preview = fields["preview"].flatMap { decoder.bool($0, path: "preview", what: "`preview`") } ?? false
        config.allowEmpty = fields["allow-empty"].flatMap { decoder.bool($0, path: "allow-empty", what: "`allow-empty`") } ?? false
        if let source = fields["source"] { config.sources = sources(source, decoder: decoder) }
        guard decoder.problems.isEmpty else {
            throw PolicyError(problems: decoder.problems.map { .init(file: displayPath, position: $0.position, message: $0.message) })
        }
        return config
    }

    /// `include` or `exclude` patterns; an empty one is a mistake (it would match nothing, or
    /// everything), never a silent way to check no file.
    static func globs(_ node: YAMLNode, key: String, decoder: NodeDecoder) -> [Glob] {
        decoder.stringList(node, path: key, what: "`\(key)`").compactMap { pattern, item in
            guard !pattern.trimmed.isEmpty else {
                decoder.report("an empty pattern in `\(key)` matches no path; remove it, or write the path you mean (`apps/**`)", at: item, path: key)
                return nil
            }
            return Glob(pattern)
        }
    }

    /// The rule a name in the config stands for; an unknown name, or a deprecated one (which stands
    /// for its replacement), adds a SUP003 finding.
    static func resolve(_ name: String, at position: SourcePosition, file: String, policy: Policy, problems: inout [SettingsProblem]) -> RuleDefinition? {
        guard let (rule, deprecated) = policy.resolve(name) else {
            problems.append(unknownRule(name, at: position, file: file, policy: policy))
            return nil
        }
        if let deprecated {
            problems.append(deprecatedRule(deprecated, replacement: rule, at: position, file: file, path: "rules.\(name)"))
        }
        return rule
    }

    /// SUP003, case `deprecated` (info): a deprecated rule's name, standing for its replacement.
    static func deprecatedRule(_ rule: RuleDefinition, replacement: RuleDefinition, at position: SourcePosition, file: String, path: String) -> SettingsProblem {
        SettingsProblem(
            rule: .unknownRule, caseName: "deprecated", file: file, message: Policy.deprecationNote(rule, replacement: replacement), position: position,
            path: path, fix: "write `\(replacement.id)` instead of `\(rule.id)`", detail: rule.id)
    }

    /// `source`: a map from platform to its source folder (with `target`, the iOS application
    /// target whose deployment target counts), or a list of roots (docs/evidence.md).
    static func sources(_ node: YAMLNode, decoder: NodeDecoder) -> [ConfiguredSource] {
        if let items = node.sequence {
            if items.isEmpty {
                decoder.report("`source` lists no root, so no code would be read; list a root (`- path: app`) or remove `source`", at: node, path: "source")
            }
            return items.enumerated().compactMap { index, item in root(item, path: "source[\(index)]", decoder: decoder) }
        }
        let what = "`source` (a map from platform to its source folder, or a list of roots with `path`)"
        guard let fields = decoder.mapping(node, path: "source", what: what, known: Platform.allCases.map(\.rawValue) + ["target"]) else {
            return []
        }
        let target = fields["target"].flatMap { targetNode in
            decoder.string(targetNode, path: "source.target", what: "`source.target` (the iOS application target's name)", nonEmpty: true)
                .map { ConfiguredName(name: $0, position: targetNode.start) }
        }
        if let targetNode = fields["target"], fields[Platform.ios.rawValue] == nil {
            decoder.report("`source.target` names an iOS application target, but `source` has no `ios` folder; add `ios: FOLDER` or remove `target`", at: targetNode, path: "source.target")
        }
        return Platform.allCases.compactMap { platform in
            guard let folderNode = fields[platform.rawValue],
                let folder = decoder.string(folderNode, path: "source.\(platform.rawValue)", what: "`source.\(platform.rawValue)` (a folder)", nonEmpty: true)
            else { return nil }
            var source = ConfiguredSource(platforms: [platform], folder: folder, position: folderNode.start, key: "source.\(platform.rawValue)")
            source.target = platform == .ios ? target : nil
            return source
        }
    }

    static let rootKeys = ["path", "platforms", "exclude", "packages", "tests", "target"]

    /// One root of the `source` list: `path` and what else it says, each key checked.
    static func root(_ node: YAMLNode, path: String, decoder: NodeDecoder) -> ConfiguredSource? {
        guard let fields = decoder.mapping(node, path: path, what: "a source root", known: rootKeys, required: ["path"]),
            let folderNode = fields["path"],
            let folder = decoder.string(folderNode, path: "\(path).path", what: "`path` (a folder relative to the config's folder)", nonEmpty: true)
        else { return nil }
        var root = ConfiguredSource(folder: folder, position: folderNode.start, key: "\(path).path")
        if let platformsNode = fields["platforms"] {
            let names = decoder.stringList(platformsNode, path: "\(path).platforms", what: "`platforms`")
            root.platforms = names.compactMap { name, item in
                guard let platform = Platform(rawValue: name) else {
                    decoder.report("unknown platform `\(name)`\(NearestName.hint(for: name, among: Platform.allCases.map(\.rawValue))); choose from ios, android", at: item, path: "\(path).platforms")
                    return nil
                }
                return platform
            }
            if platformsNode.sequence?.isEmpty == true {
                decoder.report("`platforms` lists no platform, so the root would be read for none; list them (`[android]`) or remove the key for every platform the app ships", at: platformsNode, path: "\(path).platforms")
            }
        }
        root.exclude = fields["exclude"].map { globs($0, key: "\(path).exclude", decoder: decoder) } ?? []
        if let testsNode = fields["tests"] {
            root.includesTests = decoder.oneOf(testsNode, ["include", "exclude"], path: "\(path).tests", what: "`tests`") == "include"
        }
        root.packages = fields["packages"].map { decoder.stringList($0, path: "\(path).packages", what: "`packages`") }?.compactMap { name, item in
            guard !name.trimmed.isEmpty else {
                decoder.report("an empty name in `packages` names no package; write the package's name (`react-native-capture-protection`)", at: item, path: "\(path).packages")
                return nil
            }
            return ConfiguredName(name: name, position: item.start)
        } ?? []
        if let targetNode = fields["target"], let target = decoder.string(targetNode, path: "\(path).target", what: "`target` (the name of the app's target)", nonEmpty: true) {
            root.target = ConfiguredName(name: target, position: targetNode.start)
        }
        return root
    }

    static func unknownRule(_ name: String, at position: SourcePosition, file: String, policy: Policy) -> SettingsProblem {
        SettingsProblem(
            rule: .unknownRule, file: file, message: "the config names an unknown rule `\(name)`\(NearestName.hint(for: name, among: policy.ruleNames))",
            position: position, path: "rules.\(name)", fix: "correct the name, or remove the entry", detail: name)
    }

    static func wordingAdditions(_ node: YAMLNode, decoder: NodeDecoder, file: String) -> WordingAdditions {
        var additions = WordingAdditions()
        let listKeys = Lexicon.listNames + ["affected-words", "acronyms"]
        guard let fields = decoder.mapping(node, path: "wording", what: "`wording`", known: listKeys + ["languages"]) else { return additions }
        additions.everyLanguage = lexicon(fields, language: "*", path: "wording", decoder: decoder, file: file)
        if let languages = fields["languages"], let pairs = languages.mapping {
            for pair in pairs {
                guard let tag = pair.key.scalar?.value.lowercased(),
                    let languageFields = decoder.mapping(pair.value, path: "wording.languages.\(tag)", what: "a language's additions", known: listKeys)
                else { continue }
                additions.byLanguage[tag] = lexicon(languageFields, language: tag, path: "wording.languages.\(tag)", decoder: decoder, file: file)
            }
        } else if let languages = fields["languages"] {
            decoder.report("`languages` must map language tags to additions", at: languages, path: "wording.languages")
        }
        return additions
    }

    /// Entries may be plain words or phrases, or full lexicon entries.
    static func lexicon(_ fields: Fields, language: String, path: String, decoder: NodeDecoder, file: String) -> Lexicon? {
        var lists: [String: [LexiconDefinition.Entry]] = [:]
        for name in Lexicon.listNames {
            guard let node = fields[name] else { continue }
            lists[name] = (decoder.list(node, path: "\(path).\(name)", what: "`\(name)`") ?? []).enumerated().compactMap { index, item in
                if let word = item.scalar?.value {
                    return LexiconDefinition.Entry.phrase(word)
                }
                return PolicyLoader.lexiconEntry(item, path: "\(path).\(name)[\(index)]", list: name, requiresCategory: false, decoder)
            }
        }
        let affected = fields["affected-words"].map { PolicyLoader.affectedWords($0, path: "\(path).affected-words", decoder) } ?? []
        let acronyms = fields["acronyms"].map { decoder.stringList($0, path: "\(path).acronyms", what: "`acronyms`").map(\.0) } ?? []
        guard !lists.isEmpty || !affected.isEmpty || !acronyms.isEmpty else { return nil }
        return LexiconDefinition(language: language, name: language, lists: lists, affected: affected, acronyms: acronyms, neutralNotice: nil, file: file).lexicon
    }
}

extension Policy {
    /// This policy with the config's wording additions merged into its lexicons.
    public func adding(_ wording: WordingAdditions) -> Policy {
        guard !wording.isEmpty else { return self }
        return Policy(
            taxonomy: taxonomy, rules: rules, profiles: profiles, lexicons: lexicons.adding(wording), references: references,
            unknownRuleNames: unknownRuleNames, deprecatedRuleNames: deprecatedRuleNames, checks: checks)
    }
}

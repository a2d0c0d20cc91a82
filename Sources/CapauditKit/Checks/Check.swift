import YAML

/// A built-in, parameterised check. Rules in `Rules/rules/*.yml` name a check and give its
/// parameters; the check is built once per rule when the policy loads, then evaluated per document.
protocol Check: Sendable {
    /// The name rules use in `check:`.
    static var name: String { get }
    /// The parameters it reads; a rule's `parameters` are checked against them before `init`.
    static var parameters: [ParameterSpec] { get }
    init(parameters: CheckParameters)
    func evaluate(_ context: EvaluationContext) -> [Emission]
}

extension Check {
    static var parameters: [ParameterSpec] { [] }
}

/// What a check reports about one node; the engine turns it into a `Finding` with the rule's
/// severity, message and fingerprint.
struct Emission {
    /// A named variant of the rule with its own severity (`with-reason`, `unused`, ...).
    var caseName: String?
    /// The severity the profile matrix gives, for rules whose severity is `matrix`.
    var severity: Severity?
    var location: Location
    var end: SourcePosition?
    var platform: Platform?
    var missing: [String] = []
    /// Values for the rule's message template.
    var arguments: [String: String]
    /// Advice in words, for a finding whose check offers no change as data: it becomes the
    /// finding's one display fix, and is ignored when `fixes` has one.
    var fix: String?
    /// The fixes as manifest edits, from which the help line is rendered; several are
    /// alternatives, each clearing the finding alone, the first recommended.
    var fixes: [ManifestFix] = []
    /// What, beyond rule, file, path and platform, tells this finding apart (never a line number).
    var detail: String = ""
    /// Other places the finding relies on (the code an evidence rule found).
    var related: [RelatedLocation] = []
    /// A tone finding's own change to its text, from which the evaluate stage makes the one
    /// rewrite that every tone finding of the text offers (`SharedRewrite`).
    var textEdit: WordingEdit?
}

/// A check's parameters, read with located errors.
struct CheckParameters {
    let node: YAMLNode?
    let decoder: NodeDecoder
    let path: String

    subscript(key: String) -> YAMLNode? { node?[key] }

    func strings(_ key: String) -> [String] {
        guard let value = self[key] else { return [] }
        return decoder.stringList(value, path: "\(path).\(key)", what: "`\(key)`").map(\.0)
    }

    func string(_ key: String) -> String? {
        guard let value = self[key] else { return nil }
        return decoder.string(value, path: "\(path).\(key)", what: "`\(key)`")
    }

    func integer(_ key: String) -> Int? {
        guard let value = self[key] else { return nil }
        return decoder.integer(value, path: "\(path).\(key)", what: "`\(key)`", range: NodeDecoder.counts)
    }

    /// Where the rule is, for a problem with parameters it does not give at all.
    let rulePosition: SourcePosition

    func reportMissing(_ message: String) {
        decoder.report(message, at: node.map(decoder.position(of:)) ?? rulePosition, path: path)
    }

    func platform(_ key: String) -> Platform? {
        string(key).flatMap(Platform.init)
    }
}

import YAML

/// A risk profile after `extends` is resolved: what each data kind needs covered,
/// the weakest acceptable `on-capture` per action, and rule severities.
public struct Profile: Sendable {
    public var id: String
    public var title: String
    public var description: String
    /// The chain of profiles it was built from, itself last.
    public var lineage: [String]
    /// Severity settings by rule id, or `RULE/case`.
    public var ruleSettings: [String: SeveritySetting]
    /// Per data kind id: which threats it needs covered, at which severity.
    public var coverage: [String: CoverageRequirement]
    public var actionsByKind: [String: ActionRequirement]
    public var actionsByRisk: [Risk: ActionRequirement]

    /// The requirement that applies to an action: its kind's row, else its risk's row.
    public func actionRequirement(kind: String, risk: Risk) -> ActionRequirement? {
        actionsByKind[kind] ?? actionsByRisk[risk]
    }
}

/// One row of a coverage matrix: threats required, each at a severity.
public struct CoverageRequirement: Sendable, Equatable {
    /// Severity per threat bit, for required threats only.
    public var severities: [(threats: ThreatSet, severity: Severity)]

    public static func == (lhs: CoverageRequirement, rhs: CoverageRequirement) -> Bool {
        lhs.severities.map(\.threats) == rhs.severities.map(\.threats) && lhs.severities.map(\.severity) == rhs.severities.map(\.severity)
    }

    public var required: ThreatSet {
        severities.reduce(ThreatSet()) { $0.union($1.threats) }
    }

    /// The highest severity among the given missing threats.
    public func severity(of missing: ThreatSet) -> Severity? {
        severities.filter { !$0.threats.intersection(missing).isEmpty }.map(\.severity).max()
    }

    public func severity(ofThreat threat: ThreatSet) -> Severity? {
        severities.first { $0.threats.contains(threat) }?.severity
    }
}

/// The order of `on-capture` strength: allow < confirm < disable = hide.
public enum OnCapture: String, Sendable, CaseIterable {
    case allow, confirm, disable, hide

    public var strength: Int {
        switch self {
        case .allow: return 0
        case .confirm: return 1
        case .disable, .hide: return 2
        }
    }
}

public struct ActionRequirement: Sendable {
    public var minimum: OnCapture
    public var severity: Severity
}

/// A profile as its file writes it, before `extends` is resolved: what packs extend and what
/// `PolicyCompiler` writes into the binary.
struct ProfileDefinition: Sendable {
    var id: String
    var title: String
    var description: String
    var extends: String?
    /// Severity settings by rule key as written; canonical (`RULE`, `RULE/case`) once compiled.
    var ruleSettings: [String: SeveritySetting]
    /// nil removes an inherited row.
    var coverage: [String: CoverageRequirement?]
    var actionsByKind: [String: ActionRequirement?]
    var actionsByRisk: [Risk: ActionRequirement?]
    var file: String
    /// Where the profile and its `extends` are written, for problems with its chain.
    var position: SourcePosition
    var extendsPosition: SourcePosition?
}

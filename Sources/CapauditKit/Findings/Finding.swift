import YAML

/// One problem capaudit reports: the model every reporter reads.
public struct Finding: Sendable {
    public var ruleID: String
    /// The named case of the rule (`no-reason`, `range`), nil for its main case.
    public var caseName: String?
    public var slug: String
    public var severity: Severity
    public var message: String
    /// The file as given or found, relative to the working folder where possible.
    public var file: String
    public var documentIndex: Int
    public var start: SourcePosition
    /// Exclusive end, when the finding covers a span (wording findings).
    public var end: SourcePosition?
    /// YAML path by ids: `screens[id=cards].fields[id=pan]`.
    public var path: String
    public var platform: Platform?
    public var missingThreats: [String]
    /// A fix written for this node.
    public var fix: String?
    /// Identifies what the finding is about, never where it is: survives moves and rewording.
    public var fingerprint: String
    /// How the finding was silenced, if it was.
    public var suppression: Suppression?

    public init(
        ruleID: String, slug: String, severity: Severity, message: String, file: String, documentIndex: Int, start: SourcePosition,
        end: SourcePosition? = nil, path: String, platform: Platform? = nil, missingThreats: [String] = [], fix: String? = nil,
        detail: String = "", fingerprintFile: String? = nil
    ) {
        self.ruleID = ruleID
        self.slug = slug
        self.severity = severity
        self.message = message
        self.file = file
        self.documentIndex = documentIndex
        self.start = start
        self.end = end
        self.path = path
        self.platform = platform
        self.missingThreats = missingThreats
        self.fix = fix
        self.fingerprint = Fingerprint.make(
            rule: ruleID, file: fingerprintFile ?? file, document: documentIndex, path: path, platform: platform?.rawValue ?? "", detail: detail)
    }

    /// The order of every report: file, line, column, rule, then message.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return lhs.fingerprint < rhs.fingerprint
    }
}

/// Why a finding is not counted.
public enum Suppression: Sendable, Equatable {
    /// `# capaudit: ignore RULE -- reason` on the node's line or the line above, or `ignore-file`.
    case inline(reason: String, line: Int)
    /// Listed in the baseline file.
    case baseline
}

/// A stable identifier from what a finding is about: 64-bit FNV-1a over its parts, in hex.
public enum Fingerprint {
    public static func make(rule: String, file: String, document: Int, path: String, platform: String, detail: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [rule, file, String(document), path, platform, detail] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hash ^= 0x1F
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

import YAML

/// One problem capaudit reports, after the user's settings: the model every reporter reads.
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
    /// The help line: what to change, rendered from `fixes` where the rule has fix data.
    public var help: String?
    /// The ways to fix this finding, the recommended one first (empty when the rule has none).
    public var fixes: [Fix] = []
    /// Identifies what the finding is about, never where it is: survives moves and rewording.
    public var fingerprintValue: UInt64
    /// How the finding was silenced, if it was.
    public var suppression: Suppression?
    /// Other places the finding relies on, such as the code an evidence rule found.
    public var related: [RelatedLocation] = []

    public init(
        ruleID: String, slug: String, severity: Severity, message: String, file: String, documentIndex: Int, start: SourcePosition,
        end: SourcePosition? = nil, path: String, platform: Platform? = nil, missingThreats: [String] = [], help: String? = nil,
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
        self.help = help
        self.fingerprintValue = Fingerprint.make(
            rule: ruleID, file: fingerprintFile ?? file, document: documentIndex, path: path, platform: platform?.rawValue ?? "", detail: detail)
    }

    /// The fingerprint as 16 hexadecimal digits, as every output and the baseline write it.
    public var fingerprint: String { Fingerprint.hex(fingerprintValue) }

    /// The order of every report: file, line, column, rule, then message.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        return fileOrder(lhs, rhs)
    }

    /// The order within one file: line, column, rule, then message.
    public static func fileOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return lhs.fingerprintValue < rhs.fingerprintValue
    }
}

extension Finding {
    /// How far `check` may apply the recommended fix (the first): `.safe` by `--fix`, `.unsafe`
    /// only with `--unsafe-fixes`; nil when it has no edits or is only shown, and for a suppressed
    /// or baselined finding, which is never fixed.
    public var fixability: FixApplicability? {
        guard suppression == nil, let fix = fixes.first, !fix.edits.isEmpty, fix.applicability != .display else { return nil }
        return fix.applicability
    }
}

/// A place a finding relies on besides where it points: a file, a position, and what is there.
public struct RelatedLocation: Sendable, Equatable {
    /// Relative to the working folder where possible, as findings name their files.
    public var file: String
    public var position: SourcePosition
    public var message: String

    public init(file: String, position: SourcePosition, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }
}

/// Why a finding is not counted.
public enum Suppression: Sendable, Equatable {
    /// `# capaudit: ignore RULE -- reason` on the node's line or the line above, or `ignore-file`.
    case inline(reason: String, line: Int)
    /// Listed in the baseline file.
    case baseline
}

/// A stable identifier from what a finding is about: 64-bit FNV-1a over its parts.
public enum Fingerprint {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public static func make(rule: String, file: String, document: Int, path: String, platform: String, detail: String) -> UInt64 {
        var hash = offsetBasis
        func mix(_ part: String) {
            // A copy reads the bytes in place, a small string's too.
            var part = part
            part.withUTF8 { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* prime
                }
            }
            hash ^= 0x1F
            hash = hash &* prime
        }
        mix(rule)
        mix(file)
        mix(String(document))
        mix(path)
        mix(platform)
        mix(detail)
        return hash
    }

    /// How many hexadecimal digits a fingerprint is written with.
    public static let digits = 16

    /// 16 lowercase hexadecimal digits.
    public static func hex(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: digits) { bytes in
            var rest = value
            for index in stride(from: digits - 1, through: 0, by: -1) {
                let digit = UInt8(rest & 0xF)
                bytes[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest >>= 4
            }
            return digits
        }
    }

    /// Reads a fingerprint as `hex` writes it (16 lowercase hexadecimal digits); nil for anything else.
    public static func parse(_ text: String) -> UInt64? {
        guard text.utf8.count == digits, text.utf8.allSatisfy(isLowercaseHexDigit) else { return nil }
        return UInt64(text, radix: 16)
    }

    static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}

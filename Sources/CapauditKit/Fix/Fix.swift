import YAML

/// How far a fix may go without a person: ruff's three kinds.
public enum FixApplicability: String, Sendable, CaseIterable, Comparable {
    /// Keeps what the manifest means (a typo, a quoting, a calmer word): `check --fix` applies it.
    case safe
    /// Changes what the app declares, such as a protection the code must then apply:
    /// applied only with `--unsafe-fixes`.
    case unsafe
    /// Shown, never applied: the change is not in the manifest, or cannot be written safely.
    case display

    public static func < (lhs: FixApplicability, rhs: FixApplicability) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One change to a file's bytes: the bytes in `range` become `replacement` (an insertion when
/// the range is empty). Positions are the same place for people and for editors.
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(range: Range<Int>, replacement: String, start: SourcePosition, end: SourcePosition) {
        self.range = range
        self.replacement = replacement
        self.start = start
        self.end = end
    }
}

/// A fix of one finding as the file's text changes: what it does (`message`, with the change in
/// words), how far it may be applied, and the edits, which never overlap and come in file order.
public struct Fix: Sendable, Equatable {
    public var applicability: FixApplicability
    public var message: String
    /// The manifest change in one line (`add \`x\` to \`capture.detect\``); empty for a display fix.
    public var change: String
    public var edits: [TextEdit]
    /// The fix adds a suppression comment: it silences the finding rather than fixing the manifest.
    public var silences: Bool

    public init(applicability: FixApplicability, message: String, change: String = "", edits: [TextEdit] = [], silences: Bool = false) {
        self.applicability = applicability
        self.message = message
        self.change = change
        self.edits = edits
        self.silences = silences
    }

    /// The help line's words for this fix: the message, then the change it makes.
    public var help: String { change.isEmpty ? message : "\(message): \(change)" }
}

/// One change to a manifest, as data: at the node `path` (by ids, as findings name nodes:
/// `screens[id=cards].fields[id=pan]`, `capture`, `app.platforms.android`; "" is the document),
/// set the key, add an item to the list under it, remove it, or put a suppression comment above
/// the node. A fix is a list of these, so that `explain` writes it as YAML and the tests apply
/// it to each rule's failing example.
public struct ManifestEdit: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The key takes this value (added if missing).
        case set(EditValue)
        /// The list under the key gets this item at its end (the list is made if missing).
        case append(EditValue)
        /// The key and its value go.
        case remove
        /// `# capaudit: ignore RULE -- reason` on a line of its own above the node at `path` (the
        /// key is unused): where no manifest change clears a finding for part of the OS range,
        /// the reason states that gap (RULES.md, "Help and fix data", point 2). A suppression
        /// names a rule, not a case; the reason is one line.
        case suppress(rule: String, reason: String)
    }

    public var path: String
    public var key: String
    public var change: Change

    public init(path: String, key: String, change: Change) {
        self.path = path
        self.key = key
        self.change = change
    }

    public static func set(_ key: String, to value: EditValue, at path: String) -> ManifestEdit {
        ManifestEdit(path: path, key: key, change: .set(value))
    }

    public static func append(_ value: EditValue, to key: String, at path: String) -> ManifestEdit {
        ManifestEdit(path: path, key: key, change: .append(value))
    }

    /// A suppression of `rule` above the node at `path` (the path a finding names).
    public static func suppress(_ rule: String, reason: String, at path: String) -> ManifestEdit {
        ManifestEdit(path: path, key: "", change: .suppress(rule: rule, reason: reason))
    }

    var isSuppression: Bool {
        if case .suppress = change { return true }
        return false
    }

    /// The comment a `suppress` change writes.
    static func suppressionComment(rule: String, reason: String) -> String {
        "# capaudit: ignore \(rule) -- \(reason)"
    }

    /// `capture.detect` → (`capture`, `detect`): a path's last key, outside any `[...]`, and the
    /// path of the node that holds it.
    public static func split(_ path: String) -> (path: String, key: String) {
        var depth = 0
        var lastDot: String.Index?
        for index in path.indices {
            switch path[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "." where depth == 0: lastDot = index
            default: break
            }
        }
        guard let lastDot else { return ("", path) }
        return (String(path[..<lastDot]), String(path[path.index(after: lastDot)...]))
    }
}

/// A value an edit writes, in the YAML types of format 1.
public indirect enum EditValue: Sendable, Equatable {
    /// A name or an enumerated value, written plain (`masked`, `flag-secure`).
    case name(String)
    /// Text for people, written quoted.
    case text(String)
    case integer(Int)
    case bool(Bool)
    case list([EditValue])
    case mapping([EditEntry])

    /// `[a, b]` of names.
    public static func names(_ names: [String]) -> EditValue { .list(names.map(EditValue.name)) }
}

public struct EditEntry: Sendable, Equatable {
    public var key: String
    public var value: EditValue

    public init(_ key: String, _ value: EditValue) {
        self.key = key
        self.value = value
    }
}

/// One way to fix a finding, as the manifest changes: what it does, in words, and the edits
/// that do it. A finding may offer several; the first is the one its message recommends. The
/// evaluate stage lowers each to a `Fix` of the file's text.
public struct ManifestFix: Sendable, Equatable {
    public var message: String
    public var edits: [ManifestEdit]
    /// Nil: the rule's `fix-applicability`.
    public var applicability: FixApplicability?

    public init(_ message: String, _ edits: [ManifestEdit], applicability: FixApplicability? = nil) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }

    /// The fix that suppresses `rule` above the node at `path` (the finding's), with a reason
    /// that states what no manifest change can: one line, without a backtick or "; or", so that
    /// the help line quotes it whole. It silences a finding, so it is never applied as safe, and
    /// it is dropped where the config forbids silencing the rule inline.
    public static func suppressing(_ rule: String, reason: String, at path: String, message: String = "state that gap in a suppression") -> ManifestFix {
        ManifestFix(message, [.suppress(rule, reason: reason, at: path)])
    }
}

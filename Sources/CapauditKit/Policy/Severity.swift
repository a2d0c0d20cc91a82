/// How much a finding matters. A rule set to `off` has no severity at all (`nil`).
public enum Severity: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case info = 1
    case warning = 2
    case error = 3

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    public init?(name: String) {
        switch name {
        case "error": self = .error
        case "warning": self = .warning
        case "info": self = .info
        default: return nil
        }
    }

    /// The words accepted wherever a severity is set; `off` turns a rule off.
    public static let settingNames = ["error", "warning", "info", "off"]
}

/// A severity setting: a severity, or `off`.
public enum SeveritySetting: Sendable, Equatable {
    case on(Severity)
    case off

    public init?(name: String) {
        if name == "off" {
            self = .off
        } else if let severity = Severity(name: name) {
            self = .on(severity)
        } else {
            return nil
        }
    }

    public var severity: Severity? {
        if case .on(let severity) = self { return severity }
        return nil
    }
}

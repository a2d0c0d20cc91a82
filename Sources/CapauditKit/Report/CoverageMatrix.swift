/// One app's sensitive fields against platform × threat: rows grouped by screen, one cell per
/// shipped platform and threat of the taxonomy. Built from the same coverage CAP001 reads, so
/// each missing cell has its finding and each finding its missing cells.
public struct CoverageMatrix: Sendable {
    public var platforms: [Platform]
    /// Every threat of the taxonomy, in its order: the columns under each platform.
    public var threats: [Threat]
    /// Screens with at least one sensitive field, in manifest order.
    public var screens: [MatrixScreen]

    public var rows: [MatrixRow] { screens.flatMap(\.rows) }
    public var cells: [MatrixCell] { rows.flatMap(\.cells) }
}

public struct MatrixScreen: Sendable {
    public var screen: Screen
    public var rows: [MatrixRow]
}

/// A field whose kind the profile requires something of.
public struct MatrixRow: Sendable {
    public var field: Field
    /// Platform-major, in the matrix's platform and threat order.
    public var cells: [MatrixCell]

    public func cell(_ platform: Platform, _ threat: String) -> MatrixCell? {
        cells.first { $0.platform == platform && $0.threat == threat }
    }
}

public struct MatrixCell: Sendable {
    public enum State: Sendable, Equatable {
        /// Required and covered.
        case covered
        /// Required, not covered: the severity the profile gives this threat for the field's kind.
        case missing(Severity)
        /// Required, not covered, on a screen that opted out with a reason (CAP007).
        case exempt(Severity)
        /// The profile requires nothing here (it may be covered all the same).
        case notRequired
    }

    public var platform: Platform
    public var threat: String
    public var state: State
    /// What covers the threat on this platform, whether required or not.
    public var coveredBy: [Cover]
    /// The finding that reports the gap (CAP001, AND005) or the exemption (CAP007).
    public var finding: ReportFinding?
    /// What the app's code shows of the mechanisms that cover a required threat: evidenced when
    /// one of them is applied in the code; nil when no mechanism covers the cell (docs/evidence.md).
    public var evidence: EvidenceMarks.State?
    /// The evidence finding (EVD001, EVD003) that says the code does not apply what covers a
    /// covered cell, every covering mechanism being contradicted: the cell is claimed, not shown.
    public var contradiction: ReportFinding?
    /// The setting of `app.settings` that the person can turn every covering mechanism off with
    /// (the first one's): the cell is covered while the setting is on.
    public var followedSetting: AppSetting?

    public var isGap: Bool {
        switch state {
        case .missing, .exempt: return true
        case .covered, .notRequired: return false
        }
    }
}

/// What covers a threat: a mechanism, or the field's display (`masked`, `hidden`).
public enum Cover: Sendable {
    case mechanism(Mechanism)
    case display(Display)

    public var name: String {
        switch self {
        case .mechanism(let mechanism): return mechanism.id
        case .display(let display): return display.rawValue
        }
    }
}

/// A short name for a mechanism in the matrix, for cells too narrow for full names:
/// the initials of its words (`flag-secure` → `FS`), numbered when two would clash.
public struct MechanismKey: Sendable {
    public var short: String
    public var id: String
    /// The mechanism on each platform where a cell names it.
    public var mechanisms: [Mechanism]
}

extension CoverageMatrix {
    /// The mechanisms that cover some cell, in order of first appearance.
    public var mechanismKeys: [MechanismKey] {
        var keys: [MechanismKey] = []
        for cell in cells {
            for cover in cell.coveredBy {
                guard case .mechanism(let mechanism) = cover else { continue }
                if let index = keys.firstIndex(where: { $0.id == mechanism.id }) {
                    if !keys[index].mechanisms.contains(where: { $0.platform == mechanism.platform }) { keys[index].mechanisms.append(mechanism) }
                    continue
                }
                let initials = String(mechanism.id.split(separator: "-").compactMap(\.first)).uppercased()
                var short = initials
                var number = 1
                while keys.contains(where: { $0.short == short }) {
                    number += 1
                    short = "\(initials)\(number)"
                }
                keys.append(MechanismKey(short: short, id: mechanism.id, mechanisms: [mechanism]))
            }
        }
        return keys
    }
}

extension MatrixCell {
    /// What covers the cell, short enough for it: the display when it covers (it covers
    /// every threat alone), else the mechanisms' short names joined by `+`.
    public func shortCover(_ keys: [MechanismKey]) -> String {
        var names: [String] = []
        for cover in coveredBy {
            switch cover {
            case .display(let display): return display.rawValue
            case .mechanism(let mechanism): names.append(keys.first { $0.id == mechanism.id }?.short ?? mechanism.id)
            }
        }
        return names.joined(separator: "+")
    }
}

@testable import CapauditKit
import Foundation
import TestSupport
import Testing

/// Every rule of the catalogue (spec/RULES.md and spec/EVIDENCE.md, copied under
/// Tests/Fixtures/Spec) exists, and every shipped rule is in it, with the severities of its
/// table per profile (general / banking / health), case by case.
@Suite struct RuleCatalogueTests {
    /// One row of a catalogue table: the rule id, its slug and its "G/B/H" cell.
    struct Row: CustomStringConvertible {
        var id: String
        var slug: String
        var severities: String
        var description: String { "\(id) (\(slug)): \(severities)" }
    }

    static let profiles = ["general", "banking", "health"]
    /// Rules capaudit adds beyond the catalogue (docs/rules.md): a malformed suppression comment,
    /// and a source file the evidence scan could not read.
    static let ownRules: Set<String> = ["SUP004", "EVD007"]
    /// Cases whose severity the catalogue gives in its text rather than in the table.
    static let casesGivenInText: [String: [String]] = [
        // "Rule lifecycle": a name that stands for its replacement is reported by SUP003 (info).
        "SUP003/deprecated": ["info", "info", "info"]
    ]

    static func rows() throws -> [Row] {
        try ["RULES.md", "EVIDENCE.md"].flatMap { name in
            try String(contentsOf: Paths.fixture("Spec/\(name)"), encoding: .utf8).split(separator: "\n").compactMap(row)
        }
    }

    /// `| CAP001 | sensitive-data-exposed | fires when | G/B/H | sources |`: the id, the slug and the fourth cell.
    static func row(_ line: Substring) -> Row? {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 6, cells[1].range(of: #"^[A-Z]{3}[0-9]{3}$"#, options: .regularExpression) != nil else { return nil }
        return Row(id: cells[1], slug: cells[2], severities: cells[4])
    }

    /// "no reason W/E/W; with reason I/I/I" → [nil or case name: one word per profile]. An
    /// unlabelled part is the rule's main severity; a label names a case (`no reason` → `no-reason`).
    static func parts(of cell: String) -> [(label: String?, values: [String])] {
        cell.split(separator: ";").map { part in
            var words = part.split(separator: " ").map(String.init)
            let last = words.removeLast()
            let values = last == "matrix" ? Array(repeating: "matrix", count: 3) : last.split(separator: "/").map { letter in
                switch letter {
                case "E": "error"
                case "W": "warning"
                case "I": "info"
                default: "off"
                }
            }
            return (words.isEmpty ? nil : words.joined(separator: "-"), values)
        }
    }

    @Test func everyRuleOfTheCatalogueShipsAndNoOther() throws {
        let rows = try Self.rows()
        let policy = Manifests.policy
        #expect(rows.count >= 58, "the tables were not read: \(rows.count) rows")
        for row in rows {
            guard let rule = policy.rule(row.id) else {
                Issue.record("\(row.id) is in the catalogue but not in Rules/rules")
                continue
            }
            #expect(rule.slug == row.slug, "\(row.id): slug \(rule.slug), catalogue \(row.slug)")
        }
        let catalogued = Set(rows.map(\.id)).union(Self.ownRules)
        for rule in policy.rules where !catalogued.contains(rule.id) {
            Issue.record("\(rule.id) ships but the catalogue has no row for it")
        }
    }

    @Test(arguments: try rows())
    func severitiesFollowTheTable(_ row: Row) throws {
        let policy = Manifests.policy
        guard let rule = policy.rule(row.id) else {
            Issue.record("\(row.id) is in the catalogue but not in Rules/rules")
            return
        }
        let profiles = try Self.profiles.map { try #require(policy.profiles[$0]) }
        let table = RuleSeverities(rule: rule, profiles: profiles)
        let parts = Self.parts(of: row.severities)
        // A labelled part names a case (`with reason` → `CAP007/with-reason`); at most one label
        // may instead name the rule's main case (IOS004's `none`), which the data keeps unnamed.
        var mainTaken = parts.contains { $0.label == nil }
        var checked: Set<String> = []
        for part in parts {
            #expect(part.values.count == 3, "\(row): cannot read the cell")
            var key = part.label.map { rule.settingKey(case: $0) } ?? rule.id
            if !table.rows.contains(where: { $0.key == key }), part.label != nil, !mainTaken {
                key = rule.id
                mainTaken = true
            }
            let shipped = try #require(table.rows.first { $0.key == key }, "\(row): no case `\(part.label ?? "")` in \(table.rows.map(\.key))")
            #expect(shipped.values == part.values, "\(row): \(key) is \(shipped.values.joined(separator: "/")), the table says \(part.values.joined(separator: "/"))")
            checked.insert(key)
        }
        // Cases the table does not name have the rule's own severity, or are retired (off everywhere).
        guard let main = table.rows.first(where: { $0.key == rule.id }), checked.contains(rule.id) else { return }
        for shipped in table.rows where !checked.contains(shipped.key) {
            let retired = shipped.values.allSatisfy { $0 == "off" }
            let expected = Self.casesGivenInText[shipped.key] ?? main.values
            #expect(shipped.values == expected || retired, "\(row): case \(shipped.key) is \(shipped.values.joined(separator: "/")), which the table does not give")
        }
    }
}

import CapauditKit
import Foundation
import TestSupport

/// The wording corpus of one language (`Tests/Fixtures/Wording/<tag>.tsv`, the tuning part, and
/// `held-out/<tag>.tsv`): texts an app would show, each with the verdict, category and WRD rules
/// a careful writer expects. The format is the header `verdict category role rules text`, then
/// one text per line, tab-separated; `#` starts a comment line.
struct WordingCorpus {
    static let header = ["verdict", "category", "role", "rules", "text"]
    static let toneRules: Set<String> = ["WRD001", "WRD002", "WRD003", "WRD004", "WRD008"]
    static let alarmingCategories = LexiconCategory.allCases.map(\.rawValue) + ["scolding", "shouting", "exclamation"]
    static let neutralCategories = ["neutral", "near-miss"]
    static let roles = ["capture-notice", "screenshot-text", "action-message"]

    struct Text {
        var isAlarming: Bool
        var category: String
        var role: String
        var rules: Set<String>
        var text: String
        /// `file:line`, for messages.
        var location: String
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    var texts: [Text]

    /// The corpus file, or nil when it does not exist.
    static func load(_ relativePath: String) throws -> WordingCorpus? {
        let url = Paths.fixture(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let lines = String(decoding: try readBytes(url), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var texts: [Text] = []
        var sawHeader = false
        for (index, line) in lines.enumerated() where !line.isEmpty && !line.hasPrefix("#") {
            let location = "\(relativePath):\(index + 1)"
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard sawHeader else {
                guard columns == header else { throw FormatError(description: "\(location): expected the header \(header.joined(separator: "<TAB>"))") }
                sawHeader = true
                continue
            }
            texts.append(try parse(columns, at: location))
        }
        guard sawHeader else { throw FormatError(description: "\(relativePath): no header line") }
        return WordingCorpus(texts: texts)
    }

    private static func parse(_ columns: [String], at location: String) throws -> Text {
        guard columns.count == header.count else { throw FormatError(description: "\(location): expected \(header.count) tab-separated columns, got \(columns.count)") }
        let (verdict, category, role, rules, text) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        guard verdict == "neutral" || verdict == "alarming" else { throw FormatError(description: "\(location): verdict `\(verdict)`: expected neutral or alarming") }
        let isAlarming = verdict == "alarming"
        let categories = isAlarming ? alarmingCategories : neutralCategories
        guard categories.contains(category) else {
            throw FormatError(description: "\(location): category `\(category)` for a \(verdict) text: expected one of \(categories.joined(separator: ", "))")
        }
        guard roles.contains(role) else { throw FormatError(description: "\(location): role `\(role)`: expected one of \(roles.joined(separator: ", "))") }
        let ruleSet = rules == "-" ? Set<String>() : Set(rules.split(separator: ",").map(String.init))
        guard ruleSet.allSatisfy({ $0.hasPrefix("WRD") && $0.count == 6 }) else { throw FormatError(description: "\(location): rules `\(rules)`: expected WRD rule ids joined by commas, or -") }
        guard isAlarming == !ruleSet.isDisjoint(with: toneRules) else {
            throw FormatError(description: "\(location): a \(verdict) text \(isAlarming ? "raises at least one" : "raises none") of the tone rules \(toneRules.sorted().joined(separator: ", ")); rules `\(rules)` disagree")
        }
        guard !text.isEmpty else { throw FormatError(description: "\(location): the text is empty") }
        return Text(isAlarming: isAlarming, category: category, role: role, rules: ruleSet, text: text, location: location)
    }

    /// The manifest a text is placed in: iOS with `scene-capture-state`, no fields.
    static func manifest(_ text: Text, language: String) -> String {
        let quoted = "\"" + text.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let value = "{\(language): \(quoted)}"
        var capture = "capture:\n  detect: [scene-capture-state]\n"
        var action = ""
        switch text.role {
        case "screenshot-text": capture += "  on-screenshot:\n    action: notice\n    text: \(value)\n"
        case "action-message": action = "    actions:\n      - id: act\n        message: \(value)\n"
        default: capture += "  notice:\n    style: banner\n    text: \(value)\n"
        }
        return """
            capaudit: 1
            app:
              name: Corpus
              profile: general
              platforms:
                ios:
                  deployment-target: "17.0"
            \(capture)screens:
              - id: home
            \(action)
            """
    }
}

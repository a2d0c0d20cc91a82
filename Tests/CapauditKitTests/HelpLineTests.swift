@testable import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// The help line as a person reads it is a change they can make (RULES.md, "Help and fix data",
/// point 1): for every rule's failing example, under every profile and platform variant, the
/// printed help of each finding of that rule is parsed back from its words (each alternative
/// after "; or ", its `add` / `set` / `remove` phrases and their YAML flow values), applied as
/// written, and the example checked again: the finding is gone and no other finding appears.
@Suite struct HelpLineTests {
    /// Findings whose help names no manifest change, by rule or `rule/case`, with the reason.
    static let displayOnly: [String: String] = [
        "WRD009": "the fix is a lexicon for the text's language, added in a rule pack, not a manifest change",
    ]

    @Test(arguments: RuleFixTests.rules)
    func everyHelpLineAppliedAsWrittenClearsItsFinding(_ id: String) throws {
        let rule = try #require(RuleFixTests.policy.rule(id))
        var displayed: Set<String> = []
        var applied = 0
        for (name, document) in try RuleFixTests.variants(of: rule.failingExample) {
            let before = RuleFixTests.check(document)
            for finding in before.active where finding.ruleID == id {
                let key = finding.caseName.map { "\(id)/\($0)" } ?? id
                let help = try #require(finding.help, "\(key) [\(name)] has no help line")
                let alternatives = try HelpLine.alternatives(help)
                if alternatives.allSatisfy(\.isEmpty) {
                    displayed.insert(key)
                    #expect(Self.displayOnly[key] != nil, "\(key) [\(name)] names no manifest change: \(help)")
                }
                for edits in alternatives where !alternatives.allSatisfy(\.isEmpty) {
                    #expect(!edits.isEmpty, "\(key) [\(name)] offers an alternative that is not a change: \(help)")
                    let after = RuleFixTests.check(try ManifestEditor.apply(edits, to: document))
                    applied += 1
                    let label = "\(key) [\(name)] help \"\(help)\""
                    #expect(!after.fingerprints.contains(finding.fingerprint), "\(label) leaves its finding:\n\(after.text)")
                    let new = Self.newFindings(after, since: before)
                    #expect(new.isEmpty, "\(label) adds \(new.map { "\($0.ruleID) \($0.path) \($0.platform?.rawValue ?? "") \($0.message)" })\n\(after.text)")
                }
            }
        }
        let expected = Set(Self.displayOnly.keys.filter { $0 == id || $0.hasPrefix("\(id)/") })
        #expect(displayed == expected, "\(id): display-only help seen for \(displayed.sorted()), listed for \(expected.sorted())")
        #expect(applied > 0 || !expected.isEmpty, "\(id): no help line was applied to its failing example")
    }

    static let examples = ["bank", "bugreport", "health", "travel"]
    /// Findings of the flawed Examples whose help names no manifest change, as `example RULE`,
    /// with the reason.
    static let exampleDisplayOnly: [String: String] = [
        "bugreport CAP012/action": "below API 35 nothing signals capture, and the window flag on `settings`, which has no sensitive field, raises CAP006 until it leaves alone a screen whose action responds to capture (Policy 3)",
        "health CAP012/action": "below API 35 nothing signals capture, and the window flag on `settings`, which has no sensitive field, raises CAP006 until it leaves alone a screen whose action responds to capture (Policy 3)",
        "travel IOS003": "no robust iOS mechanism covers the field from the app's minimum iOS, so no protect change ends `privacy-sensitive` being its only one; showing it masked is CAP001's fix",
    ]

    /// Past the rules' own examples: every help line of the flawed Examples, applied as written.
    @Test(arguments: examples)
    func everyHelpLineOfAFlawedExampleClearsItsFinding(_ example: String) throws {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Examples/\(example)/flawed.yml"), encoding: .utf8)
        let document = EditableNode(try #require(try YAMLLoader.load(Array(text.utf8)).documents.first))
        let before = RuleFixTests.check(document)
        var applied = 0
        var displayed: Set<String> = []
        for finding in before.active {
            let key = finding.caseName.map { "\(finding.ruleID)/\($0)" } ?? finding.ruleID
            let help = try #require(finding.help, "\(key) at \(finding.path) has no help line")
            let alternatives = try HelpLine.alternatives(help)
            if alternatives.allSatisfy(\.isEmpty) {
                if Self.displayOnly[key] == nil { displayed.insert("\(example) \(key)") }
                #expect(Self.displayOnly[key] ?? Self.exampleDisplayOnly["\(example) \(key)"] != nil, "\(example): \(key) at \(finding.path) names no manifest change: \(help)")
                continue
            }
            for edits in alternatives {
                #expect(!edits.isEmpty, "\(example): \(key) offers an alternative that is not a change: \(help)")
                let after = RuleFixTests.check(try ManifestEditor.apply(edits, to: document))
                applied += 1
                #expect(!after.fingerprints.contains(finding.fingerprint), "\(example): \(key) at \(finding.path): \(help) leaves its finding")
                let new = Self.newFindings(after, since: before)
                #expect(new.isEmpty, "\(example): \(key) at \(finding.path): \(help) adds \(new.map { "\($0.ruleID) \($0.path) \($0.platform?.rawValue ?? "") \($0.message)" })")
            }
        }
        #expect(applied > 0)
        #expect(displayed == Set(Self.exampleDisplayOnly.keys.filter { $0.hasPrefix("\(example) ") }))
    }

    /// The findings of `after` that `before` did not have. A wording finding's fingerprint counts
    /// its match among the text's matches, so rewriting one sentence renumbers the matches of the
    /// next: the same rule, place and words (a message says the words before its first `;`) are
    /// a finding the text already had.
    static func newFindings(_ after: RuleFixTests.Checked, since before: RuleFixTests.Checked) -> [Finding] {
        func words(_ finding: Finding) -> String { "\(finding.ruleID) \(finding.path) \(finding.message.prefix { $0 != ";" })" }
        let had = Set(before.active.map(words))
        return after.active.filter { !before.fingerprints.contains($0.fingerprint) && !had.contains(words($0)) }
    }

    @Test func everyDisplayOnlyEntryNamesACheckedRule() {
        let listed = Set(Self.displayOnly.keys.map { String($0.prefix { $0 != "/" }) })
        #expect(listed.isSubset(of: Set(RuleFixTests.rules)))
    }

    @Test func theParserReadsEachPhraseOfAHelpLine() throws {
        let help = "add the capture detector: add `screen-recording-callback` to `capture.detect`, "
            + "add `{name: READ_EXTERNAL_STORAGE, max-sdk: 32}` to `app.platforms.android.permissions`, "
            + "set `message: \"Paused, screen: shared.\"` in `screens[id=a.b].actions[id=pay]`; "
            + "or drop it: remove `opt-out` from `screens[id=home]`, set `min-sdk: 35` in the document; "
            + "or state that gap in a suppression: add the comment `# capaudit: ignore CAP012 -- devices below API 35 get no notice` above `app.platforms.android`"
        let alternatives = try HelpLine.alternatives(help)
        #expect(alternatives == [
            [
                .append(.name("screen-recording-callback"), to: "detect", at: "capture"),
                .append(.mapping([EditEntry("name", .name("READ_EXTERNAL_STORAGE")), EditEntry("max-sdk", .integer(32))]), to: "permissions", at: "app.platforms.android"),
                .set("message", to: .name("Paused, screen: shared."), at: "screens[id=a.b].actions[id=pay]"),
            ],
            [ManifestEdit(path: "screens[id=home]", key: "opt-out", change: .remove), .set("min-sdk", to: .integer(35), at: "")],
            [.suppress("CAP012", reason: "devices below API 35 get no notice", at: "app.platforms.android")],
        ])
        #expect(try HelpLine.alternatives("end the sentence with a full stop") == [[]])
        #expect(throws: HelpLine.Unreadable.self) { try HelpLine.alternatives("tag it: add `x` into `y`") }
    }
}

/// A help line read back into manifest edits, as a person would apply it.
enum HelpLine {
    struct Unreadable: Error, CustomStringConvertible {
        var text: String
        var description: String { "cannot read the change in: \(text)" }
    }

    static let verbs = ["add", "set", "remove", "add the comment"]

    /// Each alternative's edits; an alternative that names no change has none.
    static func alternatives(_ help: String) throws -> [[ManifestEdit]] {
        try help.components(separatedBy: RawFinding.alternativeSeparator).map(edits)
    }

    /// The edits of one alternative: the change words after its message (`message: change`).
    static func edits(_ alternative: String) throws -> [ManifestEdit] {
        let starts = verbs.compactMap { alternative.range(of: ": \($0) `")?.lowerBound }
        guard let start = starts.min() else { return [] }
        var rest = alternative[start...].dropFirst(2)
        var edits: [ManifestEdit] = []
        while !rest.isEmpty {
            edits.append(try phrase(&rest, in: alternative))
            guard !rest.isEmpty else { break }
            guard rest.hasPrefix(", ") else { throw Unreadable(text: alternative) }
            rest = rest.dropFirst(2)
        }
        return edits
    }

    private static func phrase(_ rest: inout Substring, in alternative: String) throws -> ManifestEdit {
        func word(_ expected: String) throws {
            guard rest.hasPrefix(expected) else { throw Unreadable(text: alternative) }
            rest = rest.dropFirst(expected.count)
        }
        func quoted() throws -> String {
            try word("`")
            guard let close = rest.firstIndex(of: "`") else { throw Unreadable(text: alternative) }
            defer { rest = rest[rest.index(after: close)...] }
            return String(rest[..<close])
        }
        func place(_ preposition: String) throws -> String {
            try word(" \(preposition) ")
            if rest.hasPrefix("the document") {
                rest = rest.dropFirst("the document".count)
                return ""
            }
            return try quoted()
        }
        if rest.hasPrefix("add the comment ") {
            try word("add the comment ")
            let comment = try quoted()
            let body = comment.drop { $0 == "#" || $0 == " " }
            guard comment.hasPrefix("#"), let parsed = SuppressionCommentFinder.parse(String(body)), parsed.malformed == nil, !parsed.wholeFile,
                parsed.rules.count == 1, let rule = parsed.rules.first, let reason = parsed.reason
            else { throw Unreadable(text: alternative) }
            return .suppress(rule, reason: reason, at: try place("above"))
        }
        if rest.hasPrefix("add ") {
            try word("add ")
            let value = try self.value(try quoted(), in: alternative)
            let (path, key) = ManifestEdit.split(try place("to"))
            return .append(value, to: key, at: path)
        }
        if rest.hasPrefix("set ") {
            try word("set ")
            let assignment = try quoted()
            guard let colon = assignment.range(of: ": ") else { throw Unreadable(text: alternative) }
            let value = try self.value(String(assignment[colon.upperBound...]), in: alternative)
            return .set(String(assignment[..<colon.lowerBound]), to: value, at: try place("in"))
        }
        try word("remove ")
        let key = try quoted()
        return ManifestEdit(path: try place("from"), key: key, change: .remove)
    }

    /// A YAML flow value as the edit that writes it.
    static func value(_ text: String, in alternative: String) throws -> EditValue {
        guard let node = try YAMLLoader.load(Array("value: \(text)".utf8)).documents.first?["value"] else {
            throw Unreadable(text: alternative)
        }
        return try value(node, in: alternative)
    }

    private static func value(_ node: YAMLNode, in alternative: String) throws -> EditValue {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.resolved {
            case .string(let text): return .name(text)
            case .integer(let number): return .integer(number)
            case .bool(let flag): return .bool(flag)
            default: throw Unreadable(text: alternative)
            }
        case .sequence(let items):
            return .list(try items.map { try value($0, in: alternative) })
        case .mapping(let pairs):
            return .mapping(try pairs.map { pair in
                guard let key = pair.key.scalar?.value else { throw Unreadable(text: alternative) }
                return EditEntry(key, try value(pair.value, in: alternative))
            })
        }
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// RULES.md, "Help and fix data", point 3: a fix that adds to a list that is there adds its
/// items, and never writes a list that replaces it. Only a list that must change form (a
/// `protect` list becoming the per-platform map) is set whole. Checked on every fix of every
/// rule's failing example, under every profile and platform variant.
@Suite struct AdditionsAddTests {
    /// The node at a fix's path and key in the document, if there is one.
    static func node(at edit: ManifestEdit, in document: EditableNode) -> EditableNode? {
        guard let steps = ManifestEditor.steps(edit.path) else { return nil }
        var node = document
        for step in steps {
            guard let child = node[step.key] else { return nil }
            node = child
            switch step.selector {
            case .entry(let key, let value)?:
                guard case .sequence(let items) = node, let item = items.first(where: { $0[key] == .scalar(value, isString: true) }) else { return nil }
                node = item
            case .index(let number)?:
                guard case .sequence(let items) = node, items.indices.contains(number) else { return nil }
                node = items[number]
            case nil:
                break
            }
        }
        return node[edit.key]
    }

    /// Whether the edit sets a list, or a mapping of lists, where one of the same form is.
    static func replacesAList(_ edit: ManifestEdit, in document: EditableNode) -> Bool {
        guard case .set(let value) = edit.change, let current = node(at: edit, in: document) else { return false }
        switch (current, value) {
        case (.sequence(let items), .list): return !items.isEmpty
        case (.mapping(let pairs), .mapping): return !pairs.isEmpty
        default: return false
        }
    }

    @Test(arguments: RuleFixTests.rules)
    func noFixReplacesAListThatIsThere(_ id: String) throws {
        let rule = try #require(RuleFixTests.policy.rule(id))
        for (name, document) in try RuleFixTests.variants(of: rule.failingExample) {
            let checked = RuleFixTests.check(document)
            let writer = ManifestFixes(policy: RuleFixTests.policy, manifests: checked.result.manifests)
            for finding in checked.active where finding.ruleID == id {
                for fix in writer.fixes(for: finding) {
                    let replacing = fix.edits.filter { Self.replacesAList($0, in: document) }
                    #expect(replacing.isEmpty, "\(id) [\(name)] \"\(fix.message)\" sets \(replacing.map(ChangeWords.describe)) over the list that is there")
                }
            }
        }
    }

    @Test func aListFormProtectGainsItsItemAndAMapFormOneItsPlatformKey() throws {
        func fix(_ protect: String) throws -> [ManifestEdit] {
            let text = """
                capaudit: 1
                app:
                  name: Lists
                  profile: banking
                  platforms:
                    android: {min-sdk: 35, target-sdk: 35}
                    ios: {deployment-target: "17.0"}
                screens:
                  - id: sign-in
                    protect: \(protect)
                    fields:
                      - {id: password, kind: password, input: secure}
                """
            let result = Manifests.check(text, preview: true)
            let finding = try #require(result.findings.first { $0.ruleID == "AND007" })
            return try #require(ManifestFixes(policy: Manifests.policy, manifests: result.manifests).fixes(for: finding).first).edits
        }
        #expect(try fix("[flag-secure, redact-on-capture]") == [.append(.name("accessibility-data-sensitive"), to: "protect", at: "screens[id=sign-in]")])
        #expect(try fix("{android: [flag-secure], ios: [redact-on-capture]}")
            == [.append(.name("accessibility-data-sensitive"), to: "android", at: "screens[id=sign-in].protect")])
        #expect(try fix("{ios: [redact-on-capture]}") == [.set("android", to: .names(["accessibility-data-sensitive"]), at: "screens[id=sign-in].protect")])
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// Advice that is right where it is given (a fix is data that can be applied). For
/// every rule, every profile and each platform where its failing example fires it, each fix
/// that `explain` offers for each finding is applied to the example, which is then checked
/// again with the preview rules on: the finding must be gone, and no finding of any rule may
/// appear that was not there before.
@Suite struct RuleFixTests {
    static let policy = Manifests.policy
    static let profiles = ["general", "banking", "health"]
    /// Rules whose fixes are not manifest edits: the manifest itself (MAN), suppression comments
    /// (SUP), a language without a lexicon (WRD009: the fix is a lexicon, not the manifest), and
    /// the evidence rules (EVD), whose fix is in the app's code and whose examples need a source
    /// tree: RuleExampleTests checks them against their passing sources instead.
    static let withoutEdits: Set<String> = ["WRD009"]
    static let rules = policy.rules.map(\.id).filter { !["MAN", "SUP", "EVD"].contains($0.prefix(3)) }
    /// Cases whose fix may be no edit at all, as docs/rules.md says: below API 35 no Android detector
    /// signals capture, so a notice there can only be acknowledged in a suppression reason.
    static let mayBeTextOnly: Set<String> = ["CAP012/notice", "CAP012/screenshot"]

    /// A checked variant of an example: its text, findings by fingerprint, and advice.
    struct Checked {
        var text: String
        var result: FileOutcome
        var active: [Finding] { result.findings.filter { $0.suppression == nil } }
        var fingerprints: Set<String> { Set(active.map(\.fingerprint)) }
    }

    static func check(_ document: EditableNode) -> Checked {
        let text = document.yaml
        return Checked(text: text, result: Manifests.check(text, path: "example.yml", preview: true))
    }

    /// The example as given under each profile, and restricted to each platform it ships.
    static func variants(of example: String) throws -> [(name: String, document: EditableNode)] {
        let root = EditableNode(try #require(try YAMLLoader.load(Array(example.utf8)).documents.first))
        var variants: [(String, EditableNode)] = []
        let shipped = Platform.allCases.filter { root["app"]?["platforms"]?[$0.rawValue] != nil }
        let restrictions: [Platform?] = [nil] + (shipped.count > 1 ? shipped.map(Optional.some) : [])
        for profile in profiles {
            for platform in restrictions {
                var document = try ManifestEditor.apply([.set("profile", to: .name(profile), at: "app")], to: root)
                if let platform { document = restricted(document, to: platform) }
                variants.append(("\(profile)/\(platform?.rawValue ?? "as given")", document))
            }
        }
        return variants
    }

    /// The document with the other platform taken out: its entry, its keys of map-form lists,
    /// and the mechanisms of list forms that exist only there.
    static func restricted(_ node: EditableNode, to platform: Platform) -> EditableNode {
        let other = Platform.allCases.filter { $0 != platform }.map(\.rawValue)
        func onlyElsewhere(_ item: EditableNode) -> Bool {
            guard case .scalar(let name, true) = item else { return false }
            let mechanisms = policy.taxonomy.mechanisms(named: name)
            return !mechanisms.isEmpty && mechanisms.allSatisfy { $0.platform != platform }
        }
        func walk(_ node: EditableNode, key: String?) -> EditableNode {
            switch node {
            case .mapping(let pairs):
                let kept = pairs.filter { !(["platforms", "protect"].contains(key ?? "") && other.contains($0.key)) }
                return .mapping(kept.map { (key: $0.key, value: walk($0.value, key: $0.key)) })
            case .sequence(let items):
                let kept = ["protect", "detect"].contains(key ?? "") ? items.filter { !onlyElsewhere($0) } : items
                return .sequence(kept.map { walk($0, key: nil) })
            case .scalar:
                return node
            case .commented(let comments, let inner):
                return .commented(comments, walk(inner, key: key))
            }
        }
        return walk(node, key: nil)
    }

    @Test(arguments: rules)
    func everyFixClearsItsFindingAndAddsNoOther(_ id: String) throws {
        let rule = try #require(Self.policy.rule(id))
        var applied = 0
        for (name, document) in try Self.variants(of: rule.failingExample) {
            let before = Self.check(document)
            let findings = before.active.filter { $0.ruleID == id }
            let writer = ManifestFixes(policy: Self.policy, manifests: before.result.manifests)
            for finding in findings {
                let fixes = writer.fixes(for: finding).filter { !$0.edits.isEmpty }
                if Self.withoutEdits.contains(id) { continue }
                let key = finding.caseName.map { "\(id)/\($0)" } ?? id
                #expect(!fixes.isEmpty || Self.mayBeTextOnly.contains(key), "\(key) [\(name)] offers no fix as data for \(finding.path) \(finding.platform?.rawValue ?? "")")
                for fix in fixes {
                    let after = Self.check(try ManifestEditor.apply(fix.edits, to: document))
                    applied += 1
                    Self.expectCleared(finding, before: before, after: after, label: "\(id) [\(name)] fix \"\(fix.message)\"")
                }
                // The same fixes as the finding carries them, lowered to edits of the text.
                let lowered = finding.fixes.filter { !$0.edits.isEmpty }
                #expect(lowered.count == fixes.count, "\(key) [\(name)]: \(fixes.count) fixes as data, \(lowered.count) as text edits")
                for fix in lowered {
                    let text = String(decoding: FixApplication.apply(fix.edits, to: Array(before.text.utf8)), as: UTF8.self)
                    let after = Checked(text: text, result: Manifests.check(text, path: "example.yml", preview: true))
                    Self.expectCleared(finding, before: before, after: after, label: "\(id) [\(name)] text fix \"\(fix.message)\"")
                }
            }
        }
        if !Self.withoutEdits.contains(id) {
            #expect(applied > 0, "\(id): no fix was applied to its failing example under any profile or platform")
        }
    }

    /// The finding is gone and no finding appears that the text did not have.
    static func expectCleared(_ finding: Finding, before: Checked, after: Checked, label: String) {
        #expect(!after.fingerprints.contains(finding.fingerprint), "\(label) leaves its finding: \(after.text)")
        let new = after.active.filter { !before.fingerprints.contains($0.fingerprint) }
        #expect(new.isEmpty, "\(label) adds \(new.map { "\($0.ruleID) \($0.path) \($0.platform?.rawValue ?? "") \($0.message)" })\n\(after.text)")
    }

    @Test func editsApplyToEntriesByIdAndMakeMissingMappings() throws {
        let document = EditableNode(try #require(try YAMLLoader.load(Array("""
            app: {name: A, platforms: {android: {min-sdk: 26, target-sdk: 35, permissions: [X, Y]}}}
            screens:
              - id: a
                fields:
                  - {id: b, kind: pin}
            """.utf8)).documents.first))
        let edited = try ManifestEditor.apply([
            .set("display", to: .name("masked"), at: "screens[id=a].fields[id=b]"),
            .append(.name("scene-capture-state"), to: "detect", at: "capture"),
            ManifestEdit(path: "app.platforms.android.permissions", key: "[0]", change: .remove),
        ], to: document)
        #expect(edited.yaml == """
            app:
              name: "A"
              platforms:
                android:
                  min-sdk: 26
                  target-sdk: 35
                  permissions:
                    - "Y"
            screens:
              - id: "a"
                fields:
                  - id: "b"
                    kind: "pin"
                    display: "masked"
            capture:
              detect:
                - "scene-capture-state"

            """)
        #expect(throws: EditFailure.self) { try ManifestEditor.apply([.set("display", to: .name("masked"), at: "screens[id=z]")], to: document) }
    }
}

@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// RULES.md, WRD001: when a text has several tone findings (WRD001-WRD004, WRD008), each of them
/// offers the same rewrite, so that one edit clears them all.
@Suite struct SharedRewriteTests {
    static func manifest(notice: String) -> String {
        """
        capaudit: 1
        app:
          name: Northwind Bank
          profile: general
          platforms:
            ios:
              deployment-target: "17.0"
        capture:
          detect: [scene-capture-state]
          notice:
            style: banner
            text: "\(notice)"
        screens:
          - id: home
        """
    }

    static let toneRules: Set<String> = ["WRD001", "WRD002", "WRD003", "WRD004", "WRD008"]
    static let sharedMessage = "rewrite the text once"

    /// The tone findings of the manifest, with the shared rewrite each offers (nil: none).
    static func toneFindings(_ manifest: String) -> [(finding: Finding, shared: Fix?)] {
        Manifests.check(manifest).findings.filter { toneRules.contains($0.ruleID) }.map { finding in
            (finding, finding.fixes.first { $0.message.hasPrefix(sharedMessage) })
        }
    }

    /// Applies the help line's alternative that holds the shared rewrite, as a person would, and checks again.
    static func applyingSharedRewrite(of finding: Finding, to manifest: String) throws -> FileOutcome {
        let help = try #require(finding.help)
        let alternative = try #require(help.components(separatedBy: RawFinding.alternativeSeparator).first { $0.hasPrefix(sharedMessage) }, "\(help)")
        let document = EditableNode(try #require(try YAMLLoader.load(Array(manifest.utf8)).documents.first))
        return Manifests.check(try ManifestEditor.apply(try HelpLine.edits(alternative), to: document).yaml)
    }

    @Test func everyToneFindingOfAnAlarmingNoticeOffersTheNeutralNoticeAndOneEditClearsThemAll() throws {
        let manifest = Self.manifest(notice: "WARNING: hackers may be watching your balance!")
        let found = Self.toneFindings(manifest)
        #expect(Set(found.map(\.finding.ruleID)) == ["WRD001", "WRD002", "WRD003"], "\(found.map(\.finding.ruleID))")
        let shared = found.compactMap(\.shared)
        #expect(shared.count == found.count)
        #expect(Set(shared.map(\.change)).count == 1)
        let first = try #require(shared.first)
        #expect(first.change == "set `text: \"Screen sharing is active. Some details are hidden.\"` in `capture.notice`")
        #expect(first.message == "rewrite the text once, which clears its \(found.count) wording findings (WRD001, WRD002, WRD003)")
        #expect(first.applicability == .unsafe)
        // A finding with a safe fix of its own keeps it first, for `--fix`.
        let exclamation = try #require(found.first { $0.finding.ruleID == "WRD003" })
        #expect(exclamation.finding.fixes.first?.message == "end the sentence with a full stop")
        for (finding, _) in found {
            let after = try Self.applyingSharedRewrite(of: finding, to: manifest)
            #expect(after.findings.filter { $0.ruleID.hasPrefix("WRD") }.isEmpty, "\(finding.ruleID): \(Manifests.summary(after))")
        }
    }

    @Test func changesInPlaceCombineIntoOneSafeRewrite() throws {
        let manifest = Self.manifest(notice: "Your card details are HIDDEN while you share your screen!")
        let found = Self.toneFindings(manifest)
        #expect(found.map(\.finding.ruleID).sorted() == ["WRD002", "WRD003"])
        for (finding, shared) in found {
            let fix = try #require(shared, "\(finding.ruleID) offers no shared rewrite")
            #expect(fix.applicability == .safe)
            #expect(finding.fixes.first == fix)
            #expect(fix.change == "set `text: \"Your card details are Hidden while you share your screen.\"` in `capture.notice`")
            let after = try Self.applyingSharedRewrite(of: finding, to: manifest)
            #expect(Manifests.summary(after).isEmpty, "\(Manifests.summary(after))")
        }
    }

    @Test func aTextWithOneToneFindingKeepsItsOwnFix() throws {
        let found = Self.toneFindings(Self.manifest(notice: "Your card details are hidden while you share your screen!"))
        #expect(found.map(\.finding.ruleID) == ["WRD003"])
        #expect(found.first?.shared == nil)
        #expect(found.first?.finding.fixes.first?.message == "end the sentence with a full stop")
    }

    @Test func changesThatOverlapWithoutOneHoldingTheOtherAreNotCombined() throws {
        let node = try #require(try YAMLLoader.load(Array("abcdef".utf8)).documents.first)
        let entry = TextEntry(language: "en", value: "abcdef", node: node, location: Location(position: node.start, path: "capture.notice.text"))
        let overlapping = [
            WordingEdit(entry: entry, range: 0..<3, replacement: "X", keepsMeaning: true),
            WordingEdit(entry: entry, range: 2..<5, replacement: "Y", keepsMeaning: true),
        ]
        #expect(SharedRewrite.combined(overlapping) == nil)
        let nested = [
            WordingEdit(entry: entry, range: 1..<2, replacement: "X", keepsMeaning: true),
            WordingEdit(entry: entry, range: 0..<4, replacement: "Y", keepsMeaning: false),
            WordingEdit(entry: entry, range: 5..<6, replacement: "Z", keepsMeaning: true),
        ]
        #expect(SharedRewrite.combined(nested) == "YeZ")
        #expect(SharedRewrite.combined(nested + [.none(entry)]) == nil)
        #expect(SharedRewrite.combined(nested + [.none(entry), .whole(entry, "calm")]) == "calm")
    }
}

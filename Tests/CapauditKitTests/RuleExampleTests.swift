import CapauditKit
import TestSupport
import Testing

/// Every rule's examples in Rules/ are tests, run with the preview opt-in so that preview rules
/// are tested too, and against the example's app code when the rule reads code: the failing one
/// fires the rule exactly where its `↓` markers say (rule, case, line and column, one marker per
/// finding), the passing one does not fire it. A rule added to the data is tested without new Swift.
@Suite struct RuleExampleTests {
    static let rules = Manifests.policy.rules.map(\.id)
    /// EVD007's findings sit in the app's source, not in the manifest, and its failing source is
    /// not UTF-8, which example text cannot hold: UnreadSourceExampleTests runs its examples.
    static let rulesFindingInTheManifest = rules.filter { $0 != BuiltInRule.sourceUnread.id }

    @Test(arguments: rulesFindingInTheManifest)
    func failingExampleFiresTheRuleWhereItsMarkersSay(_ id: String) throws {
        let rule = try #require(Manifests.policy.rule(id))
        #expect(!rule.failingExample.isEmpty, "\(id) has no failing example")
        #expect(!rule.failingMarkers.isEmpty, "\(id)'s failing example marks no finding (put `↓` before the first character it points at)")
        #expect(!rule.failingExample.unicodeScalars.contains(ExampleMarker.symbol), "\(id)'s failing example keeps a marker after stripping")
        let result = Manifests.check(rule.failingExample, path: "Rules/rules/\(id).yml", preview: true, source: rule.failingSource)
        let active = result.findings.filter { $0.suppression == nil }
        let found = active.filter { $0.ruleID == id }.map { ExampleMarker(caseName: $0.caseName, line: $0.start.line, column: $0.start.column) }
        #expect(Self.counts(found) == Self.counts(rule.failingMarkers), "\(id): found \(found.sorted(by: Self.order)), marked \(rule.failingMarkers.sorted(by: Self.order))")
        if !id.hasPrefix("MAN") {
            #expect(!active.contains { $0.ruleID.hasPrefix("MAN") }, "\(id)'s failing example is not a valid manifest: \(Manifests.summary(result))")
        }
    }

    @Test(arguments: rules)
    func passingExampleDoesNotFireTheRule(_ id: String) throws {
        let rule = try #require(Manifests.policy.rule(id))
        #expect(!rule.passingExample.isEmpty, "\(id) has no passing example")
        #expect(!rule.passingExample.unicodeScalars.contains(ExampleMarker.symbol), "\(id)'s passing example has a marker")
        let result = Manifests.check(rule.passingExample, path: "Rules/rules/\(id).yml", preview: true, source: rule.passingSource)
        let active = result.findings.filter { $0.suppression == nil }
        #expect(!active.contains { $0.ruleID == id }, "\(id)'s passing example fires it: \(Manifests.summary(result))")
        #expect(!active.contains { $0.ruleID.hasPrefix("MAN") }, "\(id)'s passing example is not a valid manifest: \(Manifests.summary(result))")
    }

    @Test func markersAreStrippedAndPlacedInTheStrippedText() {
        let (text, markers) = ExampleMarker.strip("a: 1\nb: [↓x, ↓(range)y]\n↓↓c: é↓z\n")
        #expect(text == "a: 1\nb: [x, y]\nc: éz\n")
        #expect(markers == [
            ExampleMarker(caseName: nil, line: 2, column: 5), ExampleMarker(caseName: "range", line: 2, column: 8),
            ExampleMarker(caseName: nil, line: 3, column: 1), ExampleMarker(caseName: nil, line: 3, column: 1),
            ExampleMarker(caseName: nil, line: 3, column: 5),
        ])
    }

    static func counts(_ markers: [ExampleMarker]) -> [ExampleMarker: Int] {
        markers.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    static func order(_ lhs: ExampleMarker, _ rhs: ExampleMarker) -> Bool {
        (lhs.line, lhs.column, lhs.caseName ?? "") < (rhs.line, rhs.column, rhs.caseName ?? "")
    }
}

import CapauditKit
@testable import CapauditLSP
import TestSupport
import Testing

/// The language server knows the Policy 3 values: a screen's `host`, and what the taxonomy says
/// of app-wide, conditional and action mechanisms.
@Suite struct Policy3CompletionTests {
    let lookup = PolicyLookup(policy: Manifests.policy)

    @Test func hostCompletesEveryHost() {
        for prefix in ["    host: ", "  - host:", "    host: bro"] {
            let labels = lookup.completions(linePrefix: prefix).compactMap { $0["label"]?.stringValue }
            #expect(labels == ["app", "browser-view", "auth-session", "external"], "\(prefix)")
        }
    }

    @Test func hoverSaysWhereAMechanismMayBeListed() {
        let cases: [(word: String, says: [String], never: [String])] = [
            ("system-keyboard-only", ["- app-wide: listed only in `capture.protect`"], ["- conditional", "action's `protect`"]),
            ("managed-capture-disabled", ["- app-wide: listed only in `capture.protect`", "- conditional: depends on how the app is deployed"], ["action's `protect`"]),
            ("filter-obscured-touches", ["- may also be listed in an action's `protect`", "- from Android 9.0"], ["- app-wide", "- conditional"]),
            ("flag-secure", ["- covers: screenshot"], ["- app-wide", "- conditional", "action's `protect`"]),
        ]
        for (word, says, never) in cases {
            let hover = lookup.hover(word: word) ?? ""
            for text in says { #expect(hover.contains(text), "\(word): \(text)") }
            for text in never { #expect(!hover.contains(text), "\(word): \(text)") }
        }
    }
}

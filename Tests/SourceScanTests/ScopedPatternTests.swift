@testable import SourceScan
import Testing

/// Patterns that count only inside a handler's body (`PatternScope`).
@Suite struct ScopedPatternTests {
    static let scope = PatternScope(handlers: ["func sceneWillResignActive", "willResignActiveNotification"])
    static let phaseScope = PatternScope(handlers: ["onChange"], testing: [".background"])

    static func patterns() throws -> PatternSet {
        try PatternSet(
            ["addSubview", PatternScope.stateAssignment].map { PatternDefinition(language: .swift, text: $0, tag: $0, scope: scope) }
                + ["addSubview", PatternScope.stateAssignment].map { PatternDefinition(language: .swift, text: $0, tag: "phase " + $0, scope: phaseScope) })
    }

    static func scan(_ text: String) throws -> [String] {
        found(index(.ios, ["App.swift": text], patterns: try patterns()).occurrences)
    }

    /// The show call counts in the handler's body, wherever the handler puts it; never at the
    /// handler, outside it, or in a handler without a body.
    @Test func aShowCallCountsOnlyInAHandlersBody() throws {
        let text = """
            protocol Covering { func sceneWillResignActive(_ scene: UIScene) }
            final class A {
                func sceneWillResignActive(_ scene: UIScene) { log() }
                func other() { view.addSubview(cover) }
            }
            final class B {
                func sceneWillResignActive(_ scene: UIScene) -> Void { show() }
                func show() { view.addSubview(cover) }
                init() {
                    center.addObserver(self, selector: #selector(self.hide), name: UIApplication.willResignActiveNotification, object: nil)
                    center.addObserver(forName: UIScene.willResignActiveNotification, object: nil, queue: .main) { _ in self.view.addSubview(c) }
                    token = center.publisher(for: UIApplication.willResignActiveNotification).receive(on: RunLoop.main).sink(receiveValue: { _ in root.addSubview(c) })
                }
                @objc func hide() { window.addSubview(c) }
            }
            """
        let occurrences = try Self.scan(text)
        #expect(occurrences == ["addSubview@8:24", "addSubview@11:119", "addSubview@12:140", "addSubview@14:32"])
    }

    /// `testing`: a closure counts only when it tests the value; a state flag counts when the
    /// type's body reads it in an `if`.
    @Test func aTestedClosureAndAStateFlagTheBodyReads() throws {
        let text = """
            struct V: View {
                @State private var covered = false
                @State private var seen = false
                var body: some View {
                    ZStack { if covered { Cover() } }
                        .onChange(of: phase) { _, p in if p == .background { covered = true; seen = true } }
                        .onChange(of: phase) { _, p in if p == .active { covered = false; self.covered = true } }
                        .onChange(of: phase) { _, p in self.covered = p == .background }
                }
            }
            """
        let occurrences = try Self.scan(text)
        #expect(occurrences == ["phase @State = …@6:66", "phase @State = …@8:49"])
    }

    /// Every prefix of a file with handlers scans without a crash and finds nothing past its end:
    /// unclosed bodies and calls are where a hostile file stops.
    @Test func everyPrefixOfAHandlerFileScans() throws {
        let text = """
            final class B { func sceneWillResignActive(_ s: UIScene) { show() } func show() { v.addSubview(c) }
            init() { center.addObserver(self, selector: #selector(hide), name: UIApplication.willResignActiveNotification, object: nil) }
            @objc func hide() { w.addSubview(c) } }
            struct V: View { @State var c = false; var body: some View { if c { X() } }.onChange(of: p) { if p == .background { c = true } } }
            """
        let bytes = Array(text.utf8)
        let patterns = try Self.patterns()
        for end in 0...bytes.count {
            let scanned = SourceIndex.scan(contents: [("App.swift", Array(bytes[..<end]))], platform: .ios, patterns: patterns)
            let lastLine = bytes[..<end].filter { $0 == UInt8(ascii: "\n") }.count + 1
            #expect(scanned.occurrences.allSatisfy { $0.location.line <= lastLine }, "\(end)")
        }
        #expect(try Self.scan(text).count == 3)
    }
}

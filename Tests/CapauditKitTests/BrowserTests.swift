import CapauditKit
import Foundation
import TestSupport
import Testing

/// The interactive browser's keys and screens, without a terminal.
@Suite struct BrowserTests {
    static let index = RuleIndex(policy: Manifests.policy)

    static func browser(width: Int = 80, height: Int = 24, findings: [BrowserState.Item] = []) -> BrowserState {
        BrowserState(
            rules: BrowserState.ruleItems(index), findings: findings, findingsNote: "No manifest found under this folder.", width: width, height: height)
    }

    static func press(_ keys: [BrowserKey], on state: inout BrowserState) -> Bool {
        for key in keys where !state.handle(key) { return false }
        return true
    }

    static func typing(_ text: String) -> [BrowserKey] { text.map { .character($0) } }

    // MARK: Keys

    @Test func decoderReadsArrowsPagingTextAndControlKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[Z".utf8)) == [.up, .down, .up, .pageUp, .pageDown, .home, .end, .backTab])
        #expect(decoder.feed(Array("jq/\r\t\u{7F}\u{03}".utf8)) == [.character("j"), .character("q"), .character("/"), .enter, .tab, .backspace, .interrupt])
        #expect(decoder.feed(Array("é漢".utf8)) == [.character("é"), .character("漢")])
        #expect(!decoder.isWaiting)
    }

    @Test func decoderWaitsForTheRestOfASplitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("B".utf8)) == [.down])
        let bytes = Array("ü".utf8)
        #expect(decoder.feed([bytes[0]]) == [])
        #expect(decoder.feed([bytes[1]]) == [.character("ü")])
    }

    @Test func loneEscapeIsTheEscapeKeyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.feed([0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
        #expect(decoder.flush() == [])
    }

    // MARK: States and screens

    @Test func firstScreenAt80By24ShowsTabsListPreviewAndKeys() {
        let screen = Self.browser().render()
        #expect(screen.width == 80 && screen.height == 24)
        #expect(screen.rows.allSatisfy { TextLayout.width(of: $0.text) == 80 })
        let lines = screen.lines
        #expect(lines[0].hasPrefix(" capaudit explain  [Rules \(Self.index.pages.count)]  Findings 0"))
        #expect(screen.rows[0].style == .reverse)
        #expect(lines[1].hasPrefix(" AND001  capture-permission"))
        #expect(screen.rows[1].style == .reverse, "the selection is highlighted")
        #expect(screen.rows[2].style == .plain)
        #expect(lines[9].hasPrefix("── AND001 capture-permission ──"))
        #expect(lines[10] == " AND001  capture-permission")
        #expect(lines[23] == " j/k move  Enter open  / filter  Tab findings  q quit")
    }

    @Test func filterOpenAndQuit() {
        var state = Self.browser()
        #expect(Self.press([.character("/")] + Self.typing("cap0"), on: &state))
        #expect(state.mode == .filter)
        let filtered = state.render().lines
        #expect(filtered[0].hasSuffix("filter: cap0 (16)"))
        #expect(filtered[1...8].allSatisfy { $0.hasPrefix(" CAP0") })
        #expect(filtered[23].hasPrefix(" /cap0_"))
        #expect(Self.press([.down, .enter], on: &state))
        #expect(state.mode == .detail)
        let page = state.render().lines
        #expect(page[1] == " CAP002  secret-input-unmasked")
        let pageText = (state.selectedItem?.page(78) ?? "").trimmingCharacters(in: .newlines)
        #expect(page[23].hasSuffix("of \(TextLayout.wrapLines(pageText, to: 78).count)"))
        #expect(page[23].contains("lines 1-22 "))
        #expect(Self.press([.character("j"), .character("j")], on: &state))
        #expect(state.render().lines[23].contains("lines 3-24 "))
        #expect(Self.press([.escape], on: &state))
        #expect(state.mode == .list)
        #expect(state.filter == "cap0", "going back keeps the filter")
        #expect(!Self.press([.character("q")], on: &state))
    }

    @Test func escapeClearsAFilterThenQuitsFromTheList() {
        var state = Self.browser()
        #expect(Self.press([.character("/")] + Self.typing("zzz-no-such-rule"), on: &state))
        #expect(state.render().lines[1] == "  Nothing matches `zzz-no-such-rule`; Esc clears the filter.")
        #expect(Self.press([.escape], on: &state))
        #expect(state.filter.isEmpty && state.mode == .list)
        #expect(!Self.press([.escape], on: &state))
    }

    @Test func typingQInAFilterIsText() {
        var state = Self.browser()
        #expect(Self.press([.character("/")] + Self.typing("quote"), on: &state))
        #expect(state.filter == "quote")
        #expect(Self.press([.backspace, .backspace], on: &state))
        #expect(state.filter == "quo")
    }

    @Test func tabSwitchesToFindingsAndBack() {
        let finding = BrowserState.Item(line: "CAP001 error    a.yml:3:5  `pin` is exposed", heading: "CAP001 a.yml:3:5", searchText: "CAP001 a.yml", page: { _ in "advice" })
        var state = Self.browser(findings: [finding])
        #expect(Self.press([.tab], on: &state))
        #expect(state.tab == .findings)
        let lines = state.render().lines
        #expect(lines[0].hasPrefix(" capaudit explain   Rules \(Self.index.pages.count)  [Findings 1]"))
        #expect(lines[1] == " CAP001 error    a.yml:3:5  `pin` is exposed")
        #expect(lines[10] == " advice")
        #expect(Self.press([.tab], on: &state))
        #expect(state.tab == .rules)
        var empty = Self.browser()
        #expect(Self.press([.tab, .enter], on: &empty))
        #expect(empty.mode == .list, "nothing to open")
        #expect(empty.render().lines[1] == "  No manifest found under this folder.")
    }

    @Test func selectionScrollsTheListAndStaysInRange() {
        var state = Self.browser()
        #expect(Self.press(Array(repeating: .down, count: 12), on: &state))
        let lines = state.render().lines
        #expect(state.selectedItem?.heading == Self.index.pages[12].rule.id + " " + Self.index.pages[12].rule.slug)
        #expect(lines[8].hasPrefix(" " + Self.index.pages[12].rule.id), "the selection is the list's last visible row")
        #expect(Self.press([.end, .down, .down], on: &state))
        #expect(state.selectedItem?.heading.hasPrefix(Self.index.pages[Self.index.pages.count - 1].rule.id) == true)
        #expect(Self.press([.home, .up], on: &state))
        #expect(state.selectedItem?.heading.hasPrefix("AND001") == true)
    }

    @Test(arguments: [(0, 0), (1, 1), (10, 3), (20, 5), (80, 24), (132, 50), (40, 2)])
    func everySizeRendersRowsOfExactlyTheWidth(_ width: Int, _ height: Int) {
        var state = Self.browser(width: width, height: height)
        for keys in [[], [BrowserKey.down], [.enter], [.pageDown, .end]] {
            _ = Self.press(keys, on: &state)
            let screen = state.render()
            #expect(screen.rows.count == height)
            #expect(screen.rows.allSatisfy { TextLayout.width(of: $0.text) == width })
        }
    }

    @Test func resizeKeepsTheSelectionVisibleAndReflowsThePage() {
        var state = Self.browser()
        #expect(Self.press(Array(repeating: .down, count: 20), on: &state))
        state.resize(width: 60, height: 10)
        let lines = state.render().lines
        #expect(lines.count == 10)
        #expect(lines[1...2].contains { $0.hasPrefix(" " + Self.index.pages[20].rule.id) })
        #expect(Self.press([.enter], on: &state))
        #expect(state.render().rows.allSatisfy { TextLayout.width(of: $0.text) == 60 })
    }
}

import CapauditKit
import Testing

/// Ids, keys and paths are printed so that what a person reads is what the file holds.
@Suite struct ControlEscapingTests {
    @Test func invisibleAndBidirectionalCharactersAreShownEscaped() {
        #expect(ControlEscaping.escape("ho\u{200B}me") == "ho\\u{200B}me")
        #expect(ControlEscaping.escape("pass\u{AD}word\u{FEFF}") == "pass\\u{AD}word\\u{FEFF}")
        #expect(ControlEscaping.escape("a\u{2060}b\u{2066}c\u{202E}d\u{200F}") == "a\\u{2060}b\\u{2066}c\\u{202E}d\\u{200F}")
        #expect(ControlEscaping.escape("one\u{2028}two\u{2029}") == "one\\u{2028}two\\u{2029}")
        #expect(ControlEscaping.escape("\u{1B}[31m\n", keepNewlines: true) == "\\u{1B}[31m\n")
    }

    @Test func visibleTextIsLeftAlone() {
        for text in ["Café — 口座番号 🔒", "Größe: ß", "e\u{301}", "tab-free text"] {
            #expect(ControlEscaping.escape(text) == text)
        }
    }

    @Test func anEscapedLineKeepsAColumnMapForCarets() {
        let line = ControlEscaping.escapeLine("id: a\u{202E}b ok")
        #expect(line.text == "id: a\\u{202E}b ok")
        #expect(line.column(1) == 1)
        #expect(line.column(5) == 5, "before the escape nothing moves")
        #expect(line.column(6) == 6, "the escape starts where the character stood")
        #expect(line.column(7) == 14, "`b`, after the eight-character escape")
        #expect(line.column(11) == 18, "the end of the line")
        #expect(line.column(13) == 20, "past the end keeps its distance")
        let plain = ControlEscaping.escapeLine("plain")
        #expect(plain.text == "plain")
        #expect((1...6).map(plain.column) == [1, 2, 3, 4, 5, 6])
    }
}

@testable import CapauditKit
import Testing

/// Rule messages and fixes: `{name}` placeholders filled from a finding's values.
@Suite struct MessageTemplateTests {
    func render(_ template: String, _ arguments: [String: String] = [:]) -> String {
        MessageTemplate.render(template, arguments)
    }

    @Test func placeholdersAreFilled() {
        #expect(render("`{field}` ({kind}) is shown in full", ["field": "pan", "kind": "card-number"]) == "`pan` (card-number) is shown in full")
        #expect(render("{field}", ["field": "pan"]) == "pan")
        #expect(render("{field} twice: {field}", ["field": "pan"]) == "pan twice: pan")
        #expect(render("API {min-sdk}", ["min-sdk": "35", "unused": "x"]) == "API 35", "names may hold dashes; unused values are ignored")
    }

    @Test func aValueIsInsertedAsItIsNeverReadAsATemplate() {
        #expect(render("{a} {b}", ["a": "{b}", "b": "B"]) == "{b} B")
        #expect(render("{a}", ["a": ""]) == "", "an empty value is a value")
    }

    @Test func aPlaceholderWithoutAValueStaysAsWritten() {
        #expect(render("{field} is exposed to {missing}", ["field": "pan"]) == "pan is exposed to {missing}")
        #expect(render("{missing}") == "{missing}")
        #expect(render("{}") == "{}")
        #expect(render("{ field }", ["field": "pan"]) == "{ field }", "names are exact, spaces included")
    }

    @Test func adjacentPlaceholders() {
        #expect(render("{a}{b}{c}", ["a": "1", "b": "2", "c": "3"]) == "123")
        #expect(render("{a}{b}", ["b": "2"]) == "{a}2")
    }

    @Test func unbalancedBracesAreText() {
        #expect(render("{field", ["field": "pan"]) == "{field")
        #expect(render("field}", ["field": "pan"]) == "field}")
        #expect(render("} {field} {", ["field": "pan"]) == "} pan {")
        #expect(render("}}{{", ["field": "pan"]) == "}}{{")
        #expect(render("a { b } c {field}", ["field": "pan", " b ": "no"]) == "a no c pan", "text between braces is a name, even with spaces")
    }

    /// A pack's message may show YAML flow syntax around a value: `{min-sdk: {min-sdk}}`.
    @Test func bracesAroundAPlaceholderStayText() {
        #expect(render("set `{min-sdk: {min-sdk}}`", ["min-sdk": "35"]) == "set `{min-sdk: 35}`")
        #expect(render("{{field}}", ["field": "pan"]) == "{pan}")
        #expect(render("{a{b}", ["b": "B"]) == "{aB")
    }

    /// Braces are found in the UTF-8 bytes: text around them in any script is kept whole, and a
    /// combining mark after a brace does not hide the brace.
    @Test func textOutsideASCIIAroundPlaceholders() {
        #expect(render("é {field} — ✓ 🇪🇸", ["field": "pañ"]) == "é pañ — ✓ 🇪🇸")
        #expect(render("{campo·ñ}", ["campo·ñ": "valor"]) == "valor", "a name may be any text")
        #expect(render("{field}\u{301}x", ["field": "pan"]) == "pan\u{301}x")
        #expect(MessageTemplate("日本{a}語").segments.count == 3)
    }

    @Test func anEmptyTemplate() {
        #expect(render("") == "")
        #expect(render("", ["field": "pan"]) == "")
        #expect(MessageTemplate("").segments.isEmpty)
    }

    @Test func plainTextIsOneSegment() {
        let template = MessageTemplate("no placeholder here")
        #expect(template.segments.count == 1)
        #expect(template.render(["field": "pan"]) == "no placeholder here")
    }

    @Test func nonASCII() {
        #expect(render("« {champ} » est affiché en clair ✓", ["champ": "numéro de carte"]) == "« numéro de carte » est affiché en clair ✓")
        #expect(render("{名前}は{種類}です", ["名前": "カード", "種類": "番号"]) == "カードは番号です")
        #expect(render("👩‍💻{a}👩‍💻", ["a": "e\u{301}"]) == "👩‍💻é👩‍💻", "grapheme clusters next to a placeholder stay whole")
        #expect(render("{é}", ["e\u{301}": "x"]) == "x", "names compare as Swift strings, by canonical equivalence")
    }
}

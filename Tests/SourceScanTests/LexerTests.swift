import Testing
@testable import SourceScan

@Suite struct KotlinLexerTests {
    @Test func commentsAndStringsAreNotCode() {
        let source = kotlin(
            """
            // setFlags(FLAG_SECURE)
            /* outer /* nested FLAG_SECURE */ still comment */ val x = "FLAG_SECURE"
            """)
        #expect(tokens(source) == ["val@2:52", "x@2:56", "=@2:58", "\"FLAG_SECURE\"@2:60"])
    }

    @Test func templateWithBracesAndStringsIsOneToken() {
        let source = kotlin(#"f("a ${g("}", '}') { "${"x"}" }} b $name", 1)"#)
        #expect(tokens(source) == ["f@1:1", "(@1:2", #""a ${g("}", '}') { "${"x"}" }} b $name"@1:3"#, ",@1:42", "1@1:44", ")@1:45"])
    }

    @Test func rawStringWithTemplateAndCommentCloserSpansLines() {
        let source = kotlin(
            "val s = \"\"\"\n  */ ${ \"}\" + x } \"quoted\"\n\"\"\"\" ; y")
        #expect(tokens(source).map { $0.replacingOccurrences(of: "\n", with: "⏎") } == [
            "val@1:1", "s@1:5", "=@1:7", #""""⏎  */ ${ "}" + x } "quoted"⏎""""@1:9"#, ";@3:6", "y@3:8",
        ])
    }

    @Test func charactersBackticksAnnotationsAndColumnsInScalars() {
        let source = kotlin("@Suppress(\"x\") fun `é name`() = 'a' + '\\'' // é\nval é = 1")
        #expect(tokens(source) == [
            "@Suppress@1:1", "(@1:10", "\"x\"@1:11", ")@1:14", "fun@1:16", "é name@1:20", "(@1:28", ")@1:29", "=@1:31",
            "'a'@1:33", "+@1:37", #"'\''@1:39"#, "val@2:1", "é@2:5", "=@2:7", "1@2:9",
        ])
    }

    @Test func operatorsKeepAssignmentApart() {
        let source = kotlin("a >= b == c != d -> e?.f ?: g::h 1..2 x!!")
        #expect(source.tokens.map(source.text) == [
            "a", ">", "=", "b", "==", "c", "!=", "d", "->", "e", "?", ".", "f", "?", ":", "g", "::", "h", "1", "..", "2", "x", "!!",
        ])
    }

    @Test func unterminatedStringEndsAtTheLineBreak() {
        let source = kotlin("val a = \"open\nval b = 2")
        #expect(tokens(source) == ["val@1:1", "a@1:5", "=@1:7", "\"open@1:9", "val@2:1", "b@2:5", "=@2:7", "2@2:9"])
    }

    @Test func numbersWithExponentsAndSuffixes() {
        let source = kotlin("1.5e-3f 0x1F 1_000L 3.toString()")
        #expect(source.tokens.map(source.text) == ["1.5e-3f", "0x1F", "1_000L", "3", ".", "toString", "(", ")"])
    }
}

@Suite struct JavaLexerTests {
    /// `*/` after the comment is one operator token, as the compiler would reject it anyway.
    @Test func blockCommentsDoNotNest() {
        let source = java("/* a /* b */ c */ d")
        #expect(tokens(source) == ["c@1:14", "*/@1:16", "d@1:19"])
    }

    @Test func textBlockHoldingCommentCloserAndQuotes() {
        let source = java("String s = \"\"\"\n  */ \"x\" \\\"\"\"\n  \"\"\"; int y;")
        #expect(tokens(source).suffix(4) == [";@3:6", "int@3:8", "y@3:12", ";@3:13"])
        #expect(source.tokens.count == 8)
    }

    @Test func characterLiteralsAndAnnotations() {
        let source = java("@Override char c = '\"'; @interface A {}")
        #expect(source.tokens.map(source.text) == ["@Override", "char", "c", "=", "'\"'", ";", "@interface", "A", "{", "}"])
    }
}

@Suite struct SwiftLexerTests {
    @Test func rawStringWithQuoteAndBackslashParen() {
        let source = swift(##"let s = #"He said "hi" \(not) \#(yes(")"))"# + 1"##)
        #expect(tokens(source) == ["let@1:1", "s@1:5", "=@1:7", ##"#"He said "hi" \(not) \#(yes(")"))"#@1:9"##, "+@1:46", "1@1:48"])
    }

    @Test func interpolationHoldingAStringHoldingAParen() {
        let source = swift(#"print("a \(f(")", "\(g(")"))")) b") // c"#)
        #expect(tokens(source) == ["print@1:1", "(@1:6", #""a \(f(")", "\(g(")"))")) b"@1:7"#, ")@1:35"])
    }

    @Test func multiLineAndDoubleHashedStrings() {
        let source = swift("let a = \"\"\"\n  \"\"\\(x)\" */\n  \"\"\"\nlet b = ##\"a\"#b\"##\nc")
        #expect(tokens(source).suffix(5) == ["let@4:1", "b@4:5", "=@4:7", ###"##"a"#b"##@4:9"###, "c@5:1"])
        #expect(source.tokens.count == 9)
    }

    @Test func multiLineRawStringInterpolatesOnlyWithHash() {
        let source = swift("x = #\"\"\"\n\\(a) \"\"\" \\#(b(\")\"))\n\"\"\"# ; z")
        #expect(tokens(source).suffix(2) == [";@3:6", "z@3:8"])
        #expect(source.tokens.count == 5)
    }

    @Test func regexLiteralsNestedCommentsBackticksAttributes() {
        let source = swift("let r = #/a\"b/#  /* x /* y */ z */ @MainActor let `class` = #selector")
        #expect(source.tokens.map(source.text) == ["let", "r", "=", "#/a\"b/#", "@MainActor", "let", "class", "=", "#", "selector"])
        #expect(source.tokens[6].column == 51)
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        let text = String(repeating: "\"\\(", count: 20_000) + String(repeating: ")\"", count: 20_000) + " end"
        let source = swift(text)
        #expect(source.tokens.map(source.text).last == "end")
        #expect(source.tokens.count == 2)
    }
}

import Testing
@testable import SourceScan

/// Generated: for each lexer, every line terminator its language defines, every comment and
/// literal form and every escape in it, a clearing call placed inside the construct is never
/// code, and one placed after it is, at its own line and column in the original text.
@Suite struct LexerPropertyTests {
    static let call = "clearFlags(FLAG_SECURE)"

    /// A comment or literal: `open` + content + `close`; `spansLines` when a line break may sit
    /// inside; `endsAtLineBreak` when a line break ends it (line comments, single-line literals).
    struct Construct: CustomStringConvertible, Sendable {
        var name: String
        var open: String
        var close: String
        var spansLines = false
        var endsAtLineBreak = false
        /// Text that may stand inside without ending it.
        var escapes: [String] = []
        /// Compiler directives: the opener, the content and the closer each stand on their own line.
        var ownLines = false
        var description: String { name }
    }

    struct Language: CustomStringConvertible, Sendable {
        var name: String
        var lex: @Sendable ([UInt8]) -> LexedSource
        var terminators: [String]
        var constructs: [Construct]
        /// Written before each construct, so that a literal sits where a value can start.
        var prefix = "x = "
        var description: String { name }
    }

    static let plainTerminators = ["\n", "\r", "\r\n"]

    static let languages: [Language] = [
        Language(
            name: "kotlin", lex: KotlinLexer.lex, terminators: plainTerminators,
            constructs: [
                Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["\\", "/*", "\"", "*/"]),
                Construct(name: "block comment", open: "/*", close: "*/", spansLines: true, escapes: ["\"", "//", "/"]),
                Construct(name: "nested block comment", open: "/* /* */", close: "*/", spansLines: true, escapes: ["/* */", "\""]),
                Construct(name: "doc comment", open: "/**", close: "*/", spansLines: true, escapes: ["*", " / *", "**"]),
                Construct(
                    name: "string", open: "\"", close: "\"", endsAtLineBreak: true,
                    escapes: ["\\\"", "\\\\", "\\$", "\\u0041", "\\n", "$name", "${ \"}\" }", "${f(\"x\")}", "'", "//", "/*"]),
                Construct(
                    name: "raw string", open: "\"\"\"", close: "\"\"\"", spansLines: true,
                    escapes: ["\\", "\"", "\"\"", "$x", "${ \"}\" }", "${ \"\"\"a\"\"\" }", "//", "*/"]),
            ]),
        Language(
            name: "java", lex: JavaLexer.lex, terminators: plainTerminators + ["\\u000a", "\\u000d", "\\u000d\\u000a", "\\uuuu000A"],
            constructs: [
                Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["\\", "/*", "\"", "\\\\u000a"]),
                Construct(name: "escaped line comment", open: "\\u002f\\u002f", close: "", endsAtLineBreak: true, escapes: ["x"]),
                Construct(name: "block comment", open: "/*", close: "*/", spansLines: true, escapes: ["\"", "//", "/*", "\\u002a", "\\\\u002a/"]),
                Construct(name: "escaped block comment", open: "\\u002f*", close: "\\u002a\\u002f", spansLines: true, escapes: ["*"]),
                Construct(name: "doc comment", open: "/**", close: "*/", spansLines: true, escapes: ["*", "@see x"]),
                Construct(
                    name: "string", open: "\"", close: "\"", endsAtLineBreak: true,
                    escapes: ["\\\"", "\\\\", "\\n", "\\u0041", "\\\\u0022", "'", "//", "/*"]),
                Construct(name: "escaped string", open: "\\u0022", close: "\\u0022", endsAtLineBreak: true, escapes: ["\\\""]),
                Construct(name: "text block", open: "\"\"\"\n", close: "\"\"\"", spansLines: true, escapes: ["\\\"\"\"", "\"", "\"\"", "\\\\", "//"]),
            ]),
        Language(
            name: "swift", lex: SwiftLexer.lex, terminators: plainTerminators,
            constructs: [
                Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["\\", "/*", "\""]),
                Construct(name: "doc comment", open: "///", close: "", endsAtLineBreak: true, escapes: ["`x`"]),
                Construct(name: "block comment", open: "/*", close: "*/", spansLines: true, escapes: ["\"", "//"]),
                Construct(name: "nested block comment", open: "/* /* */", close: "*/", spansLines: true, escapes: ["/* */"]),
                Construct(
                    name: "string", open: "\"", close: "\"", endsAtLineBreak: true,
                    escapes: ["\\\"", "\\\\", "\\(f(\"x\"))", "\\(a + \")\")", "\\u{41}", "\\n", "'", "//", "/*"]),
                Construct(name: "multi-line string", open: "\"\"\"\n", close: "\n\"\"\"", spansLines: true, escapes: ["\\\"\"\"", "\"", "\"\"", "\\(f(\"\"\"\nx\n\"\"\"))"]),
                Construct(name: "raw string", open: "#\"", close: "\"#", endsAtLineBreak: true, escapes: ["\"", "\\\"", "\\#(f(\"x\"))", "\\(x"]),
                Construct(name: "double-hashed raw string", open: "##\"", close: "\"##", endsAtLineBreak: true, escapes: ["\"#", "\\#(x"]),
                Construct(name: "multi-line raw string", open: "#\"\"\"\n", close: "\n\"\"\"#", spansLines: true, escapes: ["\"\"\"", "\\(x"]),
                Construct(name: "extended regex", open: "#/", close: "/#", endsAtLineBreak: true, escapes: ["/", "\\/#", "\""]),
                Construct(name: "bare regex", open: "/", close: "/", endsAtLineBreak: true, escapes: ["\\/", "a\"b", "[a-z]+"]),
                Construct(name: "#if false block", open: "#if false", close: "#endif", spansLines: true, escapes: ["#if DEBUG\n#else\n#endif", "}", "{"], ownLines: true),
                Construct(name: "#else of #if true", open: "#if true\n#else", close: "#endif", spansLines: true, escapes: ["#if os(iOS)\n#endif"], ownLines: true),
                Construct(name: "#elseif after #if true", open: "#if true\n#elseif DEBUG", close: "#endif", spansLines: true, escapes: ["{"], ownLines: true),
            ]),
        Language(
            name: "groovy", lex: GroovyLexer.lex, terminators: plainTerminators,
            constructs: [
                Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["/*"]),
                Construct(name: "block comment", open: "/*", close: "*/", spansLines: true, escapes: ["//"]),
                Construct(name: "single-quoted string", open: "'", close: "'", endsAtLineBreak: true, escapes: ["\\'", "\"", "${"]),
                Construct(name: "double-quoted string", open: "\"", close: "\"", endsAtLineBreak: true, escapes: ["\\\"", "${ \"}\" }", "'"]),
                Construct(name: "triple single-quoted string", open: "'''", close: "'''", spansLines: true, escapes: ["'", "''"]),
                Construct(name: "triple double-quoted string", open: "\"\"\"", close: "\"\"\"", spansLines: true, escapes: ["\"", "${ \"}\" }"]),
                Construct(name: "slashy string", open: "/", close: "/", endsAtLineBreak: true, escapes: ["\\/", "\"", "${x}"]),
                Construct(name: "dollar-slashy string", open: "$/", close: "/$", spansLines: true, escapes: ["$/", "$$", "/", "\""]),
            ]),
        Language(
            name: "dart", lex: DartLexer.lex, terminators: plainTerminators,
            constructs: [
                Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["\\", "/*", "'"]),
                Construct(name: "doc comment", open: "///", close: "", endsAtLineBreak: true, escapes: ["[x]"]),
                Construct(name: "nested block comment", open: "/* /* */", close: "*/", spansLines: true, escapes: ["/* */", "'", "\""]),
                Construct(
                    name: "single-quoted string", open: "'", close: "'", endsAtLineBreak: true,
                    escapes: ["\\'", "\\\\", "\\$", "$name", "${ '}' }", "${f(\"x\")}", "\"", "//", "/*"]),
                Construct(name: "double-quoted string", open: "\"", close: "\"", endsAtLineBreak: true, escapes: ["\\\"", "${ \"}\" }", "'"]),
                Construct(name: "triple single-quoted string", open: "'''", close: "'''", spansLines: true, escapes: ["'", "''", "${ '''a''' }"]),
                Construct(name: "triple double-quoted string", open: "\"\"\"", close: "\"\"\"", spansLines: true, escapes: ["\"", "\"\"", "${ \"}\" }"]),
                Construct(name: "raw string", open: "r'", close: "'", endsAtLineBreak: true, escapes: ["\\", "${", "$x", "\""]),
                Construct(name: "raw triple string", open: "r\"\"\"", close: "\"\"\"", spansLines: true, escapes: ["\\", "${", "\"\""]),
            ]),
        Language(name: "typescript", lex: TypeScriptLexer.lex, terminators: plainTerminators, constructs: scriptConstructs),
        Language(
            name: "tsx", lex: JSXLexer.lex, terminators: plainTerminators,
            constructs: scriptConstructs + [
                Construct(name: "JSX text", open: "<A>", close: "</A>", spansLines: true, escapes: ["'", "\"", "`", "}", ">", "//", "/*", "/"]),
                Construct(name: "JSX text in a child", open: "<A b=\"c\">{x}<B/>", close: "</A>", spansLines: true, escapes: ["'"]),
                Construct(name: "JSX attribute", open: "<A b=\"", close: "\" />", spansLines: true, escapes: ["'", "{", "<"]),
            ]),
    ]

    /// TypeScript's and JavaScript's comments and literals (TSX adds JSX).
    static let scriptConstructs = [
        Construct(name: "line comment", open: "//", close: "", endsAtLineBreak: true, escapes: ["\\", "/*", "'", "`"]),
        Construct(name: "block comment", open: "/*", close: "*/", spansLines: true, escapes: ["'", "//", "/*", "`"]),
        Construct(name: "single-quoted string", open: "'", close: "'", endsAtLineBreak: true, escapes: ["\\'", "\\\\", "\"", "`", "${x}", "//"]),
        Construct(name: "double-quoted string", open: "\"", close: "\"", endsAtLineBreak: true, escapes: ["\\\"", "'", "/*"]),
        Construct(
            name: "template literal", open: "`", close: "`", spansLines: true,
            escapes: ["\\`", "$x", "${ \"`\" }", "${ `${x}` }", "${ {a: '}'} }", "'", "//"]),
        Construct(name: "regular expression", open: "/", close: "/g", endsAtLineBreak: true, escapes: ["\\/", "[/]", "[^/\\]]", "'", "\""]),
    ]

    /// Where `call` starts in `text` (its last occurrence): the line, counting each LF, CR and
    /// CR LF once, and the column in Unicode scalars.
    static func position(ofLast call: String, in text: String) -> (line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let needle = Array(call.utf8)
        var start = bytes.count - needle.count
        while start >= 0, Array(bytes[start..<(start + needle.count)]) != needle { start -= 1 }
        var line = 1
        var column = 1
        for offset in 0..<max(start, 0) {
            let byte = bytes[offset]
            if byte == 0x0A || (byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
        }
        return (line, column)
    }

    /// `line:column` of every clearing call the lexer sees as code.
    static func callsSeen(_ source: LexedSource) -> [String] {
        var seen: [String] = []
        for index in source.tokens.indices where source.token(at: index, is: "clearFlags") {
            if source.token(at: index + 1, isPunctuation: ASCII.openParen), source.token(at: index + 2, is: "FLAG_SECURE"),
                source.token(at: index + 3, isPunctuation: ASCII.closeParen)
            {
                seen.append("\(source.tokens[index].line):\(source.tokens[index].column)")
            }
        }
        return seen
    }

    /// Every text the properties are checked on: what must be seen where, and what must not be.
    struct Case {
        var text: String
        /// The position of the last `call` in the text when it must be seen; nil when no call may be seen.
        var seen: String?
    }

    static func cases(_ language: Language, _ construct: Construct, _ terminator: String) -> [Case] {
        let call = Self.call
        var result: [Case] = []
        func visible(_ text: String) -> Case {
            let at = position(ofLast: call, in: text)
            return Case(text: text, seen: "\(at.line):\(at.column)")
        }
        let lineBreak = construct.ownLines ? terminator : ""
        let open = language.prefix + construct.open + lineBreak
        let close = lineBreak + construct.close
        for content in [""] + construct.escapes.map({ $0 + (construct.ownLines ? terminator : " ") }) {
            result.append(Case(text: open + content + call + " " + close, seen: nil))
            result.append(visible(open + content + "text" + close + terminator + call))
            if !construct.close.isEmpty {
                result.append(visible(open + content + "text" + close + " ; " + call))
            }
            if construct.spansLines {
                result.append(Case(text: open + terminator + content + terminator + call + terminator + close, seen: nil))
                result.append(visible(open + terminator + content + "a" + terminator + close + terminator + call))
            }
            if construct.endsAtLineBreak {
                result.append(visible(open + content + "text" + terminator + call))
                // `\\u000a` is no escape (an odd number of backslashes precedes its `u`).
                if !construct.close.isEmpty, !terminator.hasPrefix("\\") {
                    result.append(visible(open + content + "text\\" + terminator + call))
                }
            }
        }
        return result
    }

    @Test(arguments: languages)
    func aCallInsideAConstructIsNotCodeAndOneAfterItIs(_ language: Language) {
        var checked = 0
        var failures: [String] = []
        for construct in language.constructs {
            for terminator in language.terminators {
                for testCase in Self.cases(language, construct, terminator) {
                    let seen = Self.callsSeen(language.lex(Array(testCase.text.utf8)))
                    if seen != (testCase.seen.map { [$0] } ?? []) {
                        failures.append("\(construct.name): \(testCase.text.debugDescription) gives \(seen), not \(testCase.seen ?? "nothing")")
                    }
                    checked += 1
                }
            }
        }
        #expect(failures == [])
        #expect(checked > 200)
    }

    /// Each terminator ends a line for positions: tokens after `n` of them are on line `n + 1`,
    /// at column 1, in every lexer state that counts lines (code, block comments, multi-line literals).
    @Test(arguments: languages)
    func everyTerminatorCountsOneLine(_ language: Language) {
        for terminator in language.terminators {
            let text = terminator + "a" + terminator + "/* x" + terminator + "y */" + terminator + "b" + terminator + terminator + "c"
            let source = language.lex(Array(text.utf8))
            let expected = ["a", "b", "c"].map { name in
                let at = Self.position(ofLast: terminator + name, in: text)
                return "\(name)@" + (terminator.hasPrefix("\\u") ? "\(at.line):\(at.column + terminator.count)" : "\(at.line + 1):1")
            }
            #expect(tokens(source) == expected, "\(language.name) \(terminator.debugDescription)")
        }
    }
}

@Suite struct JavaUnicodeEscapeTests {
    @Test func escapesAreTranslatedAndPositionsNameTheOriginalBytes() {
        let source = java("int a = 1; FLAG_SECUR\\u0045 x\\uuuu0041 \\\\u0041 é\\u00e9b")
        #expect(tokens(source) == ["int@1:1", "a@1:5", "=@1:7", "1@1:9", ";@1:10", "FLAG_SECURE@1:12", "xA@1:29", "\\@1:40", "\\@1:41", "u0041@1:42", "ééb@1:48"])
    }

    @Test func anEscapedLineBreakEndsACommentAndAnEscapedSlashOpensOne() {
        let source = java("// note\\u000dwindow.clearFlags(FLAG_SECURE);\n\\u002f\\u002f setFlags(FLAG_SECURE)\nend")
        #expect(tokens(source) == [
            "window@1:14", ".@1:20", "clearFlags@1:21", "(@1:31", "FLAG_SECURE@1:32", ")@1:43", ";@1:44", "end@3:1",
        ])
    }

    @Test func surrogatePairsJoinAndLoneSurrogatesAreReplaced() {
        let source = java("a\\uD83D\\uDE00b c\\uD800d")
        #expect(source.tokens.map(source.text) == ["a😀b", "c\u{FFFD}d"])
    }

    @Test func aTranslatedBackslashEscapesTheQuoteAfterIt() {
        let source = java("s = \"\\u005c\" clearFlags(FLAG_SECURE)\";\nt")
        #expect(source.tokens.map(source.text) == ["s", "=", "\"\\\" clearFlags(FLAG_SECURE)\"", ";", "t"])
    }
}

@Suite struct SwiftRegexAndDirectiveTests {
    @Test func aSlashIsARegexOnlyWhereAValueCanStart() {
        let cases: [(String, [String])] = [
            ("let q = a / b / c", ["let", "q", "=", "a", "/", "b", "/", "c"]),
            ("f(/x y/, z)", ["f", "(", "/x y/", ",", "z", ")"]),
            ("return /a\\/b/", ["return", "/a\\/b/"]),
            ("(a) / b / c", ["(", "a", ")", "/", "b", "/", "c"]),
            ("x = / a /", ["x", "=", "/", "a", "/"]),
            ("x = [/a/, /b]", ["x", "=", "[", "/a/", ",", "/", "b", "]"]),
        ]
        for (text, expected) in cases {
            let source = swift(text)
            #expect(source.tokens.map(source.text) == expected, "\(text)")
        }
    }

    /// A line with many unclosed `/` is scanned for a closer once, not once per slash.
    @Test func unclosedSlashesStayLinear() {
        let text = String(repeating: "(\\/", count: 200_000)
        let source = swift(text)
        #expect(source.tokens.count == 600_000)
    }

    /// A run of `#` that opens no raw string is one token, read once (it was read once per `#`).
    @Test func aLongRunOfHashesStaysLinear() {
        let run = String(repeating: "#", count: 300_000)
        let source = swift(run + " x \"\\(" + run + " y)\" z")
        #expect(source.tokens.map { source.text($0).count } == [300_000, 1, 300_007, 1])
    }

    @Test func onlyLiterallyFalseBranchesAreLeftUnread() {
        let source = swift("#if DEBUG\na\n#elseif false\nb\n#else\nc\n#endif\n#if !true\nd\n#elseif (true)\ne\n#else\nf\n#endif\ng")
        #expect(tokens(source) == ["a@2:1", "c@6:1", "e@11:1", "g@15:1"])
    }
}

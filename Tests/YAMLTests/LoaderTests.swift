import Testing
import YAML

@Suite struct LoaderTests {
    func load(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLStream {
        try YAMLLoader.load(Array(text.utf8), limits: limits)
    }

    func error(_ text: String, limits: YAMLLimits = .default) -> YAMLError? {
        do throws(YAMLError) {
            _ = try load(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func nodesKeepOneBasedPositionsAndKeyOrder() throws {
        let stream = try load("app:\n  name: Bank\n  list: [a, 'b']\nz: |\n  text\n")
        let root = try #require(stream.documents.first)
        let pairs = try #require(root.mapping)
        #expect(pairs.map { $0.key.scalar?.value } == ["app", "z"])
        let app = try #require(root["app"])
        #expect(app.start == SourcePosition(line: 2, column: 3))
        let name = try #require(app["name"])
        #expect(name.scalar?.value == "Bank")
        #expect(name.start == SourcePosition(line: 2, column: 9))
        #expect(name.end == SourcePosition(line: 2, column: 13))
        let list = try #require(app["list"]?.sequence)
        #expect(list[1].scalar?.style == .singleQuoted)
        #expect(list[1].start == SourcePosition(line: 3, column: 13))
        #expect(root["z"]?.scalar == YAMLScalar(value: "text\n", style: .literal))
    }

    @Test func aliasesResolveAndPointAtTheAlias() throws {
        let root = try #require(try load("base: &b {x: 1}\nuse: *b\n").documents.first)
        let used = try #require(root["use"])
        #expect(used["x"]?.scalar?.value == "1")
        #expect(used.alias == SourcePosition(line: 2, column: 6))
        #expect(used.reportedPosition == SourcePosition(line: 2, column: 6))
    }

    @Test func mergeKeysAddMissingKeysAndExplicitKeysWin() throws {
        let root = try #require(try load("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n").documents.first)
        let used = try #require(root["use"]?.mapping)
        #expect(used.map { $0.key.scalar?.value } == ["y", "x"])
        #expect(root["use"]?["y"]?.scalar?.value == "3")
        #expect(root["use"]?["x"]?.scalar?.value == "1")
        #expect(root["use"]?["x"]?.alias == SourcePosition(line: 3, column: 7))
        #expect(try load("a: &a {x: 1}\nb: &b {x: 2}\nc:\n  <<: [*a, *b]\n").documents.first?["c"]?["x"]?.scalar?.value == "1")
        #expect(error("a:\n  <<: 5\n")?.position == SourcePosition(line: 2, column: 7))
    }

    @Test func duplicateKeysAreReportedAtTheSecondNamingTheFirst() throws {
        let stream = try load("a: 1\nb: 2\na: 3\n")
        #expect(stream.duplicateKeys == [YAMLDuplicateKey(key: "a", position: SourcePosition(line: 3, column: 1), firstPosition: SourcePosition(line: 1, column: 1), documentIndex: 0)])
        #expect(stream.documents.first?["a"]?.scalar?.value == "1")
        let many = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n") + "\nk7: again\n"
        #expect(try load(many).duplicateKeys.map(\.position.line) == [41])
    }

    @Test func undefinedAliasIsLocated() {
        let failure = error("a: 1\nb: *nope\n")
        #expect(failure?.reason == .undefinedAlias("nope"))
        #expect(failure?.position == SourcePosition(line: 2, column: 4))
    }

    @Test func aliasBombStopsAtTheBudget() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let failure = error(text)
        #expect(failure?.reason == .aliasExpansion(limit: YAMLLimits.default.maxAliasExpansion))
        #expect(failure?.position.line == 6)
    }

    @Test func deepNestingEndsInALocatedErrorWithoutRecursion() {
        let depth = 100_000
        let text = "a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let failure = error(text)
        #expect(failure?.reason == .tooDeep(limit: 512))
        // The root mapping is the first level: the 512th `[` opens level 513.
        #expect(failure?.position == SourcePosition(line: 1, column: 3 + 512))
        let block = (0..<600).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1\n"
        #expect(error(block)?.reason == .tooDeep(limit: 512))
    }

    @Test func readerErrorsBecomeLineAndColumn() {
        let bytes: [UInt8] = Array("a: 1\nb: é".utf8) + [0xFF, 0x0A]
        do throws(YAMLError) {
            _ = try YAMLLoader.load(bytes)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.position == SourcePosition(line: 2, column: 5))
            guard case .encoding = error.reason else { Issue.record("expected an encoding error, got \(error.reason)"); return }
        }
        #expect(error("a: \u{1}\n")?.position == SourcePosition(line: 1, column: 4))
    }

    @Test func syntaxErrorsCarryTheParserContext() {
        let failure = error("a: [1, 2\nb: 3\n")
        #expect(failure?.position.line == 2)
        #expect(failure?.description.contains("flow sequence") == true)
    }

    @Test func fileSizeLimitIsChecked() {
        #expect(error("a: 1234567890\n", limits: YAMLLimits(maxFileBytes: 8))?.reason == .tooLarge(bytes: 14, limit: 8))
    }

    @Test func byteOrderMarkAndCRLFKeepColumns() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: two\r\n".utf8)
        let root = try #require(try YAMLLoader.load(bytes).documents.first)
        #expect(root["b"]?.start == SourcePosition(line: 2, column: 4))
        #expect(root["b"]?.scalar?.value == "two")
    }

    @Test func multipleDocuments() throws {
        #expect(try load("a: 1\n---\nb: 2\n").documents.count == 2)
        #expect(try load("").documents.isEmpty)
        #expect(try load("# only a comment\n").documents.isEmpty)
    }

    @Test func nodeBudgetStopsAtTheNodeThatCrossesIt() {
        #expect(error("a: [1, 2]\n", limits: YAMLLimits(maxNodes: 5)) == nil)
        let failure = error("a: [1, 2, 3]\n", limits: YAMLLimits(maxNodes: 5))
        #expect(failure?.reason == .tooManyNodes(limit: 5))
        #expect(failure?.position == SourcePosition(line: 1, column: 11))
        #expect(failure?.description.contains("--max-nodes") == true)
        // Every document of the file counts.
        #expect(error("a: 1\n---\nb: 2\n", limits: YAMLLimits(maxNodes: 5))?.position == SourcePosition(line: 3, column: 4))
    }

    @Test func anAnchoredNodeCountsThreeTimes() {
        #expect(error("a: 1\nb: 2\n", limits: YAMLLimits(maxNodes: 5)) == nil)
        let failure = error("a: 1\nb: &x 2\n", limits: YAMLLimits(maxNodes: 5))
        #expect(failure?.reason == .tooManyNodes(limit: 5))
        #expect(failure?.position == SourcePosition(line: 2, column: 4))
    }

    @Test func documentsBeforeAnErrorAreKept() throws {
        let stream = YAMLLoader.loadDocuments(Array("a: 1\n---\nb: 2\nb: 3\n---\nc: [\nd: 4\n".utf8))
        #expect(stream.documents.map { $0.mapping?.first?.key.scalar?.value } == ["a", "b"])
        #expect(stream.duplicateKeys.map(\.documentIndex) == [1])
        let failure = try #require(stream.error)
        #expect(failure.position.line == 8)
        #expect(error("a: 1\n---\nc: [\n") != nil, "load still throws on the same error")
        #expect(YAMLLoader.loadDocuments(Array("a: 1\n".utf8)).error == nil)
    }

    @Test func nextLineAndLineAndParagraphSeparatorsAreCharactersAsInYAML12() throws {
        let text = "a: 1 # a note\u{2028} that goes on\nb: x\u{2028}y\nc: \"p\u{85}q\"\nd: |\n  lit\u{2029}eral\n  z\ne: end\n"
        let root = try #require(try load(text).documents.first)
        #expect(root.mapping?.map { $0.key.scalar?.value } == ["a", "b", "c", "d", "e"])
        #expect(root["b"]?.scalar?.value == "x\u{2028}y")
        #expect(root["c"]?.scalar?.value == "p\u{85}q")
        #expect(root["d"]?.scalar?.value == "lit\u{2029}eral\nz\n")
        let lines = SourceLines(Array(text.utf8))
        for key in ["b", "c", "d", "e"] {
            let node = try #require(root[key])
            let offset = try #require(lines.byteOffset(of: node.start))
            #expect(lines.position(ofByte: offset) == node.start)
            #expect(lines.text(ofLine: node.start.line).hasPrefix("\(key): "), "libyaml's line of `\(key)` is the line SourceLines has")
        }
        #expect(root["e"]?.start == SourcePosition(line: 7, column: 4))
    }

    @Test func aStandInNeverCollidesWithTheFilesOwnCharacters() throws {
        // U+E000 is the first stand-in for LS; this file has it raw and as an escape.
        let text = "a: \"\u{E000} \\uE000 \u{2028}\"\nb: \u{E001}\u{2029}\n"
        let root = try #require(try load(text).documents.first)
        #expect(root["a"]?.scalar?.value == "\u{E000} \u{E000} \u{2028}")
        #expect(root["b"]?.scalar?.value == "\u{E001}\u{2029}")
    }

    @Test func coreSchemaResolution() {
        func resolved(_ text: String, _ style: YAMLScalar.Style = .plain) -> ResolvedScalar {
            YAMLScalar(value: text, style: style).resolved
        }
        #expect(resolved("on") == .string("on"))
        #expect(resolved("yes") == .string("yes"))
        #expect(resolved("true") == .bool(true))
        #expect(resolved("26") == .integer(26))
        #expect(resolved("26", .doubleQuoted) == .string("26"))
        #expect(resolved("17.10") == .float(17.1))
        #expect(resolved("0x1F") == .integer(31))
        #expect(resolved("~") == .null)
        #expect(resolved("") == .null)
        #expect(resolved("99999999999999999999") == .integerOutOfRange("99999999999999999999"))
        #expect(YAMLScalar(value: "26", style: .plain, tag: "tag:yaml.org,2002:str").resolved == .string("26"))
    }
}

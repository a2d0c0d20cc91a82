import Testing
import YAML

/// Every node knows its bytes in the file and how it is written, so that a fix can rewrite one
/// node and leave every other byte alone.
@Suite struct ByteRangeTests {
    static func text(_ node: YAMLNode, in bytes: [UInt8]) -> String {
        String(decoding: bytes[node.byteRange], as: UTF8.self)
    }

    @Test func scalarsAndFlowCollectionsCoverTheirOwnBytesWithMultiByteTextABOMAndCRLF() throws {
        let bytes = Array("\u{FEFF}clé: [€😀, 'b c']\r\nz: {q: \"r\"}\r\n".utf8)
        let root = try #require(try YAMLLoader.load(bytes).documents.first)
        let pairs = try #require(root.mapping)
        #expect(Self.text(pairs[0].key, in: bytes) == "clé")
        let list = pairs[0].value
        #expect(Self.text(list, in: bytes) == "[€😀, 'b c']")
        #expect(list.layout == .flow)
        #expect(try #require(list.sequence).map { Self.text($0, in: bytes) } == ["€😀", "'b c'"])
        #expect(Self.text(pairs[1].value, in: bytes) == "{q: \"r\"}")
        #expect(Self.text(try #require(pairs[1].value["q"]), in: bytes) == "\"r\"")
    }

    @Test func aBlockCollectionEndsWithItsLastEntryNotTheCommentsAfterIt() throws {
        let bytes = Array("""
            screens:
              - id: a   # first
                title: A
              # a comment after the list
            capture:
              detect:
              - x
            """.utf8)
        let root = try #require(try YAMLLoader.load(bytes).documents.first)
        let screens = try #require(root["screens"])
        #expect(screens.layout.isEmpty)
        #expect(Self.text(screens, in: bytes) == "- id: a   # first\n    title: A")
        #expect(Self.text(root, in: bytes).hasSuffix("- x"))
    }

    @Test func anchorsAndAliasesAreMarkedAndAnAliasStandsWhereItIsWritten() throws {
        let bytes = Array("base: &b {x: 1}\nuse: *b\n".utf8)
        let root = try #require(try YAMLLoader.load(bytes).documents.first)
        #expect(try #require(root["base"]).layout == [.flow, .anchored])
        let use = try #require(root["use"])
        #expect(use.alias != nil)
        #expect(Self.text(use, in: bytes) == "*b")
    }
}

@testable import CapauditKit
import Testing
import YAML

/// Fixes lowered to text edits keep the file as a person wrote it: comments, key order,
/// indentation, quoting, flow or block style, line endings, a byte order mark and the final
/// newline. Each case is a golden: the file, the manifest edits, the file after them.
@Suite struct FixLoweringTests {
    static func fixed(_ text: String, _ edits: [ManifestEdit]) throws -> String {
        let bytes = Array(text.utf8)
        let tree = try #require(try YAMLLoader.load(bytes).documents.first)
        let source = SourceLines(bytes)
        let textEdits = try FixLowering(source: source, tree: tree, positions: BytePositions(source)).textEdits(edits)
        return String(decoding: FixApplication.apply(textEdits, to: bytes), as: UTF8.self)
    }

    @Test func anItemJoinsAFlowListInFlowStyle() throws {
        #expect(try Self.fixed("capture:\n  detect: [a, b]   # why\n", [.append(.name("c"), to: "detect", at: "capture")])
            == "capture:\n  detect: [a, b, c]   # why\n")
        #expect(try Self.fixed("capture:\n  detect: []\n", [.append(.name("c"), to: "detect", at: "capture")]) == "capture:\n  detect: [c]\n")
    }

    @Test func anItemJoinsABlockListWithItsIndentAndDashStyleAfterItsLastItem() throws {
        let indented = """
            app:
              platforms:
                android:
                  permissions:
                    - A   # first
                    # between
                    - B
                  # after the list
            screens: []

            """
        #expect(try Self.fixed(indented, [.append(.name("C"), to: "permissions", at: "app.platforms.android")]) == """
            app:
              platforms:
                android:
                  permissions:
                    - A   # first
                    # between
                    - B
                    - C
                  # after the list
            screens: []

            """)
        let flush = "permissions:\n- A\n- B\n"
        #expect(try Self.fixed(flush, [.append(.name("C"), to: "permissions", at: "")]) == "permissions:\n- A\n- B\n- C\n")
    }

    @Test func aMissingKeyGoesAfterTheKeysBeforeItInManifestOrder() throws {
        let text = """
            screens:
              - id: cards   # the wallet
                fields:
                  - id: pan
                    label: Card number
                    kind: card-number
                    copy: false
            """
        #expect(try Self.fixed(text + "\n", [.set("display", to: .name("masked"), at: "screens[id=cards].fields[id=pan]")]) == """
            screens:
              - id: cards   # the wallet
                fields:
                  - id: pan
                    label: Card number
                    kind: card-number
                    display: masked
                    copy: false

            """)
    }

    @Test func aMissingMappingIsMadeWithTheFilesIndentation() throws {
        let text = "capaudit: 1\napp:\n    name: A\nscreens: []\n"
        #expect(try Self.fixed(text, [.append(.name("x"), to: "detect", at: "capture"), .set("notice", to: .mapping([EditEntry("style", .name("banner"))]), at: "capture")])
            == "capaudit: 1\napp:\n    name: A\ncapture:\n    detect: [x]\n    notice:\n        style: banner\nscreens: []\n")
    }

    @Test func aListOfMappingsIsWrittenInBlockStyle() throws {
        let text = "screens:\n  - id: a\n    title: A\n"
        let notice = EditValue.mapping([EditEntry("when", .name("capture")), EditEntry("style", .name("inline")), EditEntry("text", .text("Hidden: it's private."))])
        #expect(try Self.fixed(text, [.append(notice, to: "notices", at: "screens[id=a]")])
            == "screens:\n  - id: a\n    title: A\n    notices:\n      - when: capture\n        style: inline\n        text: \"Hidden: it's private.\"\n")
    }

    @Test func aScalarKeepsItsQuotingUnlessTheNewValueNeedsAnother() throws {
        let text = "a: 'old'\nb: \"old\"\nc: old\nd: old\n"
        #expect(try Self.fixed(text, [
            .set("a", to: .text("it's new"), at: ""), .set("b", to: .text("new"), at: ""), .set("c", to: .text("new text"), at: ""),
            .set("d", to: .text("true"), at: ""),
        ]) == "a: 'it''s new'\nb: \"new\"\nc: new text\nd: \"true\"\n")
    }

    @Test func lineEndingsAByteOrderMarkAndAMissingFinalNewlineAreKept() throws {
        #expect(try Self.fixed("\u{FEFF}a:\r\n  - x\r\n", [.append(.name("y"), to: "a", at: "")]) == "\u{FEFF}a:\r\n  - x\r\n  - y\r\n")
        #expect(try Self.fixed("a:\n  - x", [.append(.name("y"), to: "a", at: "")]) == "a:\n  - x\n  - y")
        #expect(try Self.fixed("a: 1\nb: [x]", [.set("c", to: .integer(2), at: "")]) == "a: 1\nb: [x]\nc: 2")
    }

    @Test func aListThatChangesFormIsRewrittenInItsOwnStyle() throws {
        let block = "s:\n  protect:\n    - cover-on-background\n  x: 1\n"
        let map = EditValue.mapping([EditEntry("ios", .names(["cover-on-background"])), EditEntry("android", .names(["flag-secure"]))])
        #expect(try Self.fixed(block, [.set("protect", to: map, at: "s")]) == "s:\n  protect:\n    ios: [cover-on-background]\n    android: [flag-secure]\n  x: 1\n")
        #expect(try Self.fixed("s: {protect: [cover-on-background]}\n", [.set("protect", to: map, at: "s")])
            == "s: {protect: {ios: [cover-on-background], android: [flag-secure]}}\n")
    }

    @Test func keysAndItemsAreRemovedWithTheirLines() throws {
        let text = "s:\n  - id: a\n    opt-out: {reason: x}   # gone\n    title: A\n  - id: b\n"
        #expect(try Self.fixed(text, [ManifestEdit(path: "s[id=a]", key: "opt-out", change: .remove)]) == "s:\n  - id: a\n    # gone\n    title: A\n  - id: b\n")
        #expect(try Self.fixed("p: [a, b, c]\n", [ManifestEdit(path: "p", key: "[1]", change: .remove)]) == "p: [a, c]\n")
        #expect(try Self.fixed("p:\n  - a\n  - b\n", [ManifestEdit(path: "p", key: "[0]", change: .remove)]) == "p:\n  - b\n")
    }

    @Test func nothingIsRewrittenThroughAnAnchorOrAnAlias() throws {
        let text = "base: &b\n  detect: [x]\ncapture: *b\n"
        #expect(throws: LoweringFailure.self) { try Self.fixed(text, [.append(.name("y"), to: "detect", at: "capture")]) }
        #expect(throws: LoweringFailure.self) { try Self.fixed(text, [.append(.name("y"), to: "detect", at: "base")]) }
        let merged = "base: &b {style: banner}\nnotice:\n  <<: *b\n  text: T\n"
        #expect(throws: LoweringFailure.self) { try Self.fixed(merged, [.set("style", to: .name("inline"), at: "notice")]) }
        #expect(try Self.fixed(merged, [.set("text", to: .text("U"), at: "notice")]) == "base: &b {style: banner}\nnotice:\n  <<: *b\n  text: U\n")
    }

    @Test func aKeyWithNoValueGetsItsEntriesOnTheLinesBelow() throws {
        #expect(try Self.fixed("capture:\nscreens: []\n", [.append(.name("x"), to: "detect", at: "capture")]) == "capture:\n  detect: [x]\nscreens: []\n")
    }
}

extension FixLoweringTests {
    @Test func aRemovalKeepsTheCommentsOfTheLinesItTakes() throws {
        let text = "s:\n  - id: a\n    opt-out:\n      # asked by legal\n      reason: \"# not a comment\"   # TODO wording\n    title: A\n"
        #expect(try Self.fixed(text, [ManifestEdit(path: "s[id=a]", key: "opt-out", change: .remove)])
            == "s:\n  - id: a\n    # asked by legal\n    # TODO wording\n    title: A\n")
        #expect(try Self.fixed("p:\n  - a   # first\n  - b\n", [ManifestEdit(path: "p", key: "[0]", change: .remove)]) == "p:\n  # first\n  - b\n")
    }
}

extension FixLoweringTests {
    @Test func aCommentAfterAReplacedValueKeepsItsColumn() throws {
        let text = "f:\n  display: full     # why\n  kind: pin         # what\n"
        #expect(try Self.fixed(text, [.set("display", to: .name("masked"), at: "f")]) == "f:\n  display: masked   # why\n  kind: pin         # what\n")
        #expect(try Self.fixed("f:\n  display: full # why\n", [.set("display", to: .name("masked"), at: "f")]) == "f:\n  display: masked # why\n")
    }
}

extension FixLoweringTests {
    @Test func aKeyAddedWhereAnotherIsRemovedTakesItsPlace() throws {
        let text = "screens:\n  - id: a\n    title: A\n    opt-out:\n      reason: \"\"\n    fields: []\n"
        #expect(try Self.fixed(text, [
            ManifestEdit(path: "screens[id=a]", key: "opt-out", change: .remove), .set("protect", to: .names(["flag-secure"]), at: "screens[id=a]"),
        ]) == "screens:\n  - id: a\n    title: A\n    protect: [flag-secure]\n    fields: []\n")
    }
}

extension FixLoweringTests {
    /// The checkpoints give what a scan from the line's start gives, for every offset: long lines
    /// past several checkpoints, multi-byte characters across them, LF, CRLF and a lone CR.
    @Test func bytePositionsAgreeWithAScanFromTheLineStart() {
        let long = String(repeating: "ab€😀 ", count: 700)
        let bytes = Array("\u{FEFF}a: 1\r\nb: [\(long)]\rc: é\n\(long)\n".utf8)
        let source = SourceLines(bytes)
        let positions = BytePositions(source)
        for offset in stride(from: bytes.count, through: 0, by: -7) {
            #expect(positions.position(ofByte: offset) == source.position(ofByte: offset), "offset \(offset)")
        }
        for offset in 0...bytes.count {
            #expect(positions.position(ofByte: offset) == source.position(ofByte: offset), "offset \(offset)")
        }
    }
}

import CapauditLSP
import Testing
import YAML

@Suite struct PositionEncodingTests {
    /// `😀` is one scalar, two UTF-16 units, four UTF-8 bytes; `é` one, one, two.
    static let text = "a: é😀x\r\nb: 😀\n"

    @Test(arguments: [(PositionEncoding.utf8, [0, 1, 2, 3, 5, 9, 10]), (.utf16, [0, 1, 2, 3, 4, 6, 7]), (.utf32, [0, 1, 2, 3, 4, 5, 6])])
    func everyScalarBoundaryRoundTrips(encoding: PositionEncoding, characters: [Int]) {
        let lines = LineMap(Self.text)
        let byteOffsets = [0, 1, 2, 3, 5, 9, 10]
        for (column, (character, offset)) in zip(characters, byteOffsets).enumerated() {
            #expect(lines.offset(line: 0, character: character, encoding: encoding) == offset)
            let position = lines.position(of: SourcePosition(line: 1, column: column + 1), encoding: encoding)
            #expect(position.line == 0 && position.character == character)
            let back = lines.position(ofByte: offset, encoding: encoding)
            #expect(back.line == 0 && back.character == character)
        }
    }

    @Test func aPositionInsideASurrogatePairOrPastTheLineIsClamped() {
        let lines = LineMap(Self.text)
        #expect(lines.offset(line: 0, character: 5, encoding: .utf16) == 5)
        #expect(lines.offset(line: 0, character: 500, encoding: .utf16) == 10)
        #expect(lines.offset(line: 1, character: 3, encoding: .utf16) == 15)
        #expect(lines.offset(line: 1, character: 5, encoding: .utf16) == 19)
        #expect(lines.offset(line: 9, character: 0, encoding: .utf16) == Self.text.utf8.count)
        #expect(lines.offset(line: -1, character: -4, encoding: .utf16) == 0)
    }

    @Test func theClientsFirstKnownOfferWinsAndUTF16IsTheDefault() {
        #expect(PositionEncoding.negotiate([]) == .utf16)
        #expect(PositionEncoding.negotiate(["utf-7", "utf-32", "utf-8"]) == .utf32)
        #expect(PositionEncoding.negotiate(["utf-8", "utf-16"]) == .utf8)
        #expect(PositionEncoding.negotiate(["latin-1"]) == .utf16)
    }
}

import Testing
import YAML

@Suite struct SourceLinesTests {
    @Test func positionsAndOffsetsRoundTrip() {
        let lines = SourceLines(Array("ab\r\nçd\re\n".utf8))
        #expect(lines.lineCount == 4)
        #expect(lines.position(ofByte: 0) == SourcePosition(line: 1, column: 1))
        #expect(lines.position(ofByte: 6) == SourcePosition(line: 2, column: 2))
        #expect(lines.byteOffset(of: SourcePosition(line: 2, column: 2)) == 6)
        #expect(lines.position(ofByte: 8) == SourcePosition(line: 3, column: 1))
        #expect(lines.position(ofByte: 9) == SourcePosition(line: 3, column: 2))
        #expect(lines.text(ofLine: 1) == "ab")
        #expect(lines.text(ofLine: 2) == "çd")
        #expect(lines.text(ofLine: 3) == "e")
        #expect(lines.byteOffset(of: SourcePosition(line: 9, column: 1)) == nil)
    }
}

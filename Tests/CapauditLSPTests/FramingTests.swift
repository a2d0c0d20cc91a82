import CapauditLSP
import Testing

@Suite struct FramingTests {
    static func framed(_ body: String) -> [UInt8] {
        MessageFraming.frame(Array(body.utf8))
    }

    static func drain(_ framing: inout MessageFraming) -> [MessageFraming.Piece] {
        var pieces: [MessageFraming.Piece] = []
        while let piece = framing.next() { pieces.append(piece) }
        return pieces
    }

    @Test func aMessageReadAByteAtATimeComesOutWholeOnce() {
        var framing = MessageFraming(maxBodyBytes: 1000)
        let bytes = Self.framed(#"{"a":"é😀"}"#)
        var pieces: [MessageFraming.Piece] = []
        for byte in bytes {
            framing.append([byte])
            pieces += Self.drain(&framing)
        }
        #expect(pieces == [.body(Array(#"{"a":"é😀"}"#.utf8))])
    }

    @Test func severalMessagesInOneReadComeOutInOrder() {
        var framing = MessageFraming(maxBodyBytes: 1000)
        framing.append(Self.framed("[1]") + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8) + Self.framed("[2]") + Self.framed("[3]").prefix(5))
        #expect(Self.drain(&framing) == [.body(Array("[1]".utf8)), .body(Array("[2]".utf8))])
        framing.append(Self.framed("[3]").dropFirst(5))
        #expect(Self.drain(&framing) == [.body(Array("[3]".utf8))])
    }

    @Test(arguments: [
        ("Content-Lenght: 3\r\n\r\n[1]", "without `Content-Length`"),
        ("Content-Length: three\r\n\r\n[1]", "not a byte count"),
        ("Content-Length: -3\r\n\r\n[1]", "not a byte count"),
        ("garbage\r\n\r\n", "without `:`"),
    ])
    func aBadHeaderIsReportedAndTheNextMessageStillRead(header: String, problem: String) {
        var framing = MessageFraming(maxBodyBytes: 1000)
        framing.append(Array(header.utf8) + Self.framed("[2]"))
        let pieces = Self.drain(&framing)
        guard case .badHeader(let message)? = pieces.first else {
            Issue.record("expected a bad header first, got \(pieces)")
            return
        }
        #expect(message.contains(problem))
        #expect(pieces.last == .body(Array("[2]".utf8)))
    }

    @Test func anOversizedBodyIsSkippedWithoutBeingHeld() {
        var framing = MessageFraming(maxBodyBytes: 10)
        framing.append(Self.framed(String(repeating: "x", count: 30)).prefix(40))
        #expect(Self.drain(&framing) == [.badHeader("a message of 30 bytes, over the 10 the server reads")])
        framing.append(Self.framed(String(repeating: "x", count: 30)).dropFirst(40) + Self.framed("[7]"))
        #expect(Self.drain(&framing) == [.body(Array("[7]".utf8))])
    }

    @Test func aHeaderThatNeverEndsIsDropped() {
        var framing = MessageFraming(maxBodyBytes: 10)
        framing.append(Array(repeating: UInt8(ascii: "a"), count: 5000))
        #expect(Self.drain(&framing).count == 1)
        framing.append(Self.framed("[1]"))
        #expect(Self.drain(&framing) == [.body(Array("[1]".utf8))])
    }
}

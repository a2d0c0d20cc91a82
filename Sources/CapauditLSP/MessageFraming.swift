/// Splits the byte stream of standard input into JSON-RPC message bodies, each after its
/// `Content-Length` header (LSP base protocol): bytes may come a few at a time or several
/// messages at once. A header without a usable `Content-Length` is dropped with its error,
/// and reading goes on at the next header.
public struct MessageFraming: Sendable {
    public enum Piece: Sendable, Equatable {
        case body([UInt8])
        /// A header that could not be read, and why: the message is lost, the stream is not.
        case badHeader(String)
    }

    /// The largest body accepted: a manifest at the size limit, its every byte escaped as `\uXXXX`.
    public let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`: consumed bytes are dropped in one go, not one message at a time.
    private var start = 0
    /// Body bytes still to skip after an oversized header.
    private var skipping = 0
    /// After a header without a length the body's end is unknown: bytes are dropped up to the
    /// next `Content-Length`.
    private var resynchronizing = false

    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
    /// A header section longer than this is not a header.
    static let maxHeaderBytes = 4096

    public mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete piece, or nil until more bytes come.
    public mutating func next() -> Piece? {
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            guard skipping == 0 else { return compacting(nil) }
        }
        if resynchronizing {
            guard let next = index(of: Self.lengthField, from: start) else {
                start = max(start, buffer.count - Self.lengthField.count)
                return compacting(nil)
            }
            start = next
            resynchronizing = false
        }
        guard let end = index(of: Self.headerEnd, from: start) else {
            guard buffer.count - start > Self.maxHeaderBytes else { return compacting(nil) }
            buffer.removeAll()
            start = 0
            return .badHeader("a header section over \(Self.maxHeaderBytes) bytes without the blank line that ends it")
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let bodyStart = end + Self.headerEnd.count
        switch Self.contentLength(header) {
        case .failure(let problem):
            start = bodyStart
            resynchronizing = true
            return compacting(.badHeader(problem.message))
        case .success(let length) where length > maxBodyBytes:
            start = bodyStart
            skipping = length
            return compacting(.badHeader("a message of \(length) bytes, over the \(maxBodyBytes) the server reads"))
        case .success(let length):
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Array(buffer[bodyStart..<(bodyStart + length)])
            start = bodyStart + length
            return compacting(.body(body))
        }
    }

    private mutating func compacting(_ piece: Piece?) -> Piece? {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return piece
    }

    private static let lengthField: [UInt8] = Array("Content-Length:".utf8)

    private func index(of pattern: [UInt8], from offset: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = offset
        while index + pattern.count <= buffer.count {
            if buffer[index] == first, buffer[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private struct HeaderProblem: Error {
        var message: String
    }

    /// The `Content-Length` of a header section; other fields (`Content-Type`) are allowed and ignored.
    private static func contentLength(_ header: String) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "a header line without `:`; expected `Content-Length: N`"))
            }
            guard line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard let number = Int(value), number >= 0 else {
                return .failure(HeaderProblem(message: "`Content-Length` is `\(value.prefix(40))`, not a byte count"))
            }
            length = number
        }
        guard let length else { return .failure(HeaderProblem(message: "a header without `Content-Length`")) }
        return .success(length)
    }

    /// A framed message: the header and the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

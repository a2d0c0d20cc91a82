import JSON
import SystemInterface

/// Runs a `LanguageServer` over two file descriptors (standard input and output): reads what
/// is there, hands the complete messages to the server in one batch, writes its answers framed.
/// Nothing else writes to the output. Returns the exit status: 0 after `shutdown` and `exit`,
/// 1 for `exit` without `shutdown` or the input closing first.
public struct ServerLoop {
    private var server: LanguageServer
    private var framing: MessageFraming
    private let input: Int32
    private let output: Int32

    public init(server: LanguageServer, input: Int32, output: Int32, maxBodyBytes: Int) {
        self.server = server
        framing = MessageFraming(maxBodyBytes: maxBodyBytes)
        self.input = input
        self.output = output
    }

    /// Bytes asked of one read.
    private static let readSize = 64 * 1024

    public mutating func run() -> Int32 {
        var chunk = [UInt8](repeating: 0, count: Self.readSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { POSIX.read(input, into: $0, count: buffer.count) } ?? 0
            }
            guard count > 0 else { return 1 }
            framing.append(chunk[..<count])
            var pieces: [MessageFraming.Piece] = []
            while let piece = framing.next() { pieces.append(piece) }
            guard !pieces.isEmpty else { continue }
            for message in server.receive(pieces) {
                var bytes = MessageFraming.frame(Array(JSONWriter(pretty: false).string(message).utf8))
                let failed = bytes.withUnsafeMutableBytes { POSIX.writeAll(output, UnsafeRawBufferPointer($0)) }
                if failed != nil { return 1 }
            }
            if let status = server.exitStatus { return status }
        }
    }
}

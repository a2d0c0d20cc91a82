import CapauditLSP

/// The first message of every run: a client in a workspace that holds no config, so that the
/// requests that follow get past `initialize` and reach every method.
let initialize = Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///capaudit-fuzz","capabilities":{}}}"#.utf8)
let initialized = Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8)

/// libFuzzer entry: the input is the bytes a client sends after `initialize`, framed as the
/// server reads them, split in reads at the input's NUL bytes (a message across two reads, two
/// in one). Every answer must be written; nothing may trap or hang, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var server = LanguageServer(serverVersion: "fuzz")
    var framing = MessageFraming(maxBodyBytes: 1 << 20)
    framing.append(MessageFraming.frame(initialize) + MessageFraming.frame(initialized))
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // A body that is one JSON message is framed for the server; raw bytes test the framing itself.
    let reads = bytes.split(separator: 0, omittingEmptySubsequences: false)
    for (index, read) in reads.enumerated() {
        framing.append(index % 2 == 0 ? MessageFraming.frame(Array(read)) : Array(read))
        var pieces: [MessageFraming.Piece] = []
        while let piece = framing.next() { pieces.append(piece) }
        _ = server.receive(pieces)
        if server.exitStatus != nil { break }
    }
    return 0
}

import CapauditLSP
import JSON
import Testing

/// Messages no client should send, generated: the server answers or ignores each, never traps,
/// and still answers a well-formed request after them.
@Suite struct HostileMessageTests {
    static let methods = [
        "initialize", "initialized", "shutdown", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
        "textDocument/hover", "textDocument/completion", "textDocument/codeAction", "textDocument/diagnostic", "workspace/didChangeWatchedFiles",
        "workspace/didChangeConfiguration", "workspace/didChangeWorkspaceFolders", "$/cancelRequest", "",
    ]

    static let values: [JSONValue] = [
        .null, .bool(true), .integer(-1), .integer(Int.max), .integer(Int.min), .number(1e300), .string(""), .string("file:///"), .string("file://%ZZ/😀"),
        .array([]), .object([]), .array([.integer(-5)]),
        .object([("line", .integer(Int.max)), ("character", .integer(Int.min))]),
        .object([("uri", .string("file:///tmp/x.yml")), ("version", .integer(Int.min)), ("text", .string("capaudit: 1\n\u{0}\u{FEFF}😀\r"))]),
        .object([("start", .object([("line", .integer(3)), ("character", .integer(-2))])), ("end", .object([("line", .integer(-1)), ("character", .integer(9))]))]),
    ]

    /// Parameter objects built from every key a handler reads and every hostile value.
    static func parameters(_ seed: Int) -> JSONValue {
        let keys = ["textDocument", "uri", "text", "version", "contentChanges", "range", "position", "context", "only", "changes", "event", "id", "capabilities"]
        var generator = seed
        func next(_ bound: Int) -> Int {
            generator = (generator &* 6364136223846793005 &+ 1442695040888963407) & Int.max
            return (generator >> 17) % bound
        }
        func value(_ depth: Int) -> JSONValue {
            guard depth < 3, next(3) == 0 else { return values[next(values.count)] }
            if next(2) == 0 { return .array((0..<next(3)).map { _ in value(depth + 1) }) }
            return .object((0..<next(4)).map { _ in (keys[next(keys.count)], value(depth + 1)) })
        }
        return .object((0..<(1 + next(5))).map { _ in (keys[next(keys.count)], value(0)) })
    }

    @Test func thousandsOfHostileMessagesNeverStopTheServer() {
        var client = TestClient()
        _ = client.initialize()
        var seed = 1
        for method in Self.methods where method != "shutdown" {
            for _ in 0..<200 {
                seed += 1
                let params = Self.parameters(seed)
                let message: JSONValue = seed % 2 == 0 ? TestClient.request(seed, method, params) : TestClient.notification(method, params)
                _ = client.send([message])
            }
        }
        #expect(client.server.exitStatus == nil)
        #expect(client.call("no/such/method").error?["code"] == .integer(-32601))
    }
}

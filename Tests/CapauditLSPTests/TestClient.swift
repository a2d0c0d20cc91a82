import CapauditLSP
import JSON

/// Drives a `LanguageServer` in memory: messages in, the server's messages out.
struct TestClient {
    var server = LanguageServer(serverVersion: "test")
    private var nextID = 100

    static func body(_ message: JSONValue) -> MessageFraming.Piece {
        .body(Array(JSONWriter(pretty: false).string(message).utf8))
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue = .object([])) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", .integer(id)), ("method", .string(method)), ("params", params)])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    mutating func send(_ messages: [JSONValue]) -> [JSONValue] {
        server.receive(messages.map(Self.body))
    }

    /// Sends a request alone and gives its answer's `result`, or its `error`.
    mutating func call(_ method: String, _ params: JSONValue = .object([])) -> (result: JSONValue?, error: JSONValue?) {
        nextID += 1
        let answers = send([Self.request(nextID, method, params)]).filter { $0["id"] == .integer(nextID) }
        return (answers.first?["result"], answers.first?["error"])
    }

    mutating func initialize(roots: [String] = [], capabilities: JSONValue = .object([])) -> JSONValue? {
        let folders = JSONValue.array(roots.map { .object([("uri", .string("file://\($0)")), ("name", .string("folder"))]) })
        let result = call("initialize", .object([("capabilities", capabilities), ("workspaceFolders", folders)])).result
        _ = send([Self.notification("initialized", .object([]))])
        return result
    }

    static func open(_ uri: String, _ text: String, version: Int = 1) -> JSONValue {
        notification("textDocument/didOpen", .object([("textDocument", .object([("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .integer(version)), ("text", .string(text))]))]))
    }

    static func change(_ uri: String, version: Int, _ changes: [JSONValue]) -> JSONValue {
        notification("textDocument/didChange", .object([("textDocument", .object([("uri", .string(uri)), ("version", .integer(version))])), ("contentChanges", .array(changes))]))
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", .integer(line)), ("character", .integer(character))])
    }

    static func range(_ start: (Int, Int), _ end: (Int, Int)) -> JSONValue {
        .object([("start", position(start.0, start.1)), ("end", position(end.0, end.1))])
    }

    static func document(_ uri: String) -> JSONValue {
        .object([("uri", .string(uri))])
    }

    /// The `publishDiagnostics` notifications among messages, as (uri, version, diagnostics).
    static func published(_ messages: [JSONValue]) -> [(uri: String, version: Int?, diagnostics: [JSONValue])] {
        messages.compactMap { message in
            guard message["method"]?.stringValue == "textDocument/publishDiagnostics", let params = message["params"] else { return nil }
            return (params["uri"]?.stringValue ?? "", params["version"]?.intValue, params["diagnostics"]?.arrayValue ?? [])
        }
    }

    static func codes(_ diagnostics: [JSONValue]) -> [String] {
        diagnostics.compactMap { $0["code"]?.stringValue }
    }
}

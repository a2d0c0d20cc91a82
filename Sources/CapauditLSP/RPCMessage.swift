import JSON

/// A JSON-RPC 2.0 message as the server reads it: a request (with an id, answered), a
/// notification (without one), or a response to a request the server sent.
public enum RPCMessage: Sendable {
    case request(id: JSONValue, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response(id: JSONValue)

    /// The message in a body, or the error response the body deserves (its id when it has one).
    public static func read(_ body: [UInt8]) -> Result<RPCMessage, RPCError> {
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(body)
        } catch {
            return .failure(RPCError(code: .parseError, message: "the message is not JSON: \(error.description)", id: .null))
        }
        guard case .object = value else {
            return .failure(RPCError(code: .invalidRequest, message: "a JSON-RPC message is an object", id: .null))
        }
        let id = value["id"]
        if let id {
            switch id {
            case .string, .integer, .null: break
            default: return .failure(RPCError(code: .invalidRequest, message: "`id` must be a string or an integer", id: .null))
            }
        }
        guard value["jsonrpc"]?.stringValue == "2.0" else {
            return .failure(RPCError(code: .invalidRequest, message: "`jsonrpc` must be \"2.0\"", id: id ?? .null))
        }
        guard let methodValue = value["method"] else {
            guard let id, value["result"] != nil || value["error"] != nil else {
                return .failure(RPCError(code: .invalidRequest, message: "a message needs `method`, or `id` with `result` or `error`", id: id ?? .null))
            }
            return .success(.response(id: id))
        }
        guard let method = methodValue.stringValue else {
            return .failure(RPCError(code: .invalidRequest, message: "`method` must be a string", id: id ?? .null))
        }
        let params = value["params"] ?? .null
        switch params {
        case .object, .array, .null: break
        default: return .failure(RPCError(code: .invalidRequest, message: "`params` must be an object or an array", id: id ?? .null))
        }
        guard let id else { return .success(.notification(method: method, params: params)) }
        return .success(.request(id: id, method: method, params: params))
    }
}

/// An error answer: JSON-RPC and LSP error codes, a message, and the request's id.
public struct RPCError: Error, Sendable, Equatable {
    public enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    public var code: Code
    public var message: String
    public var id: JSONValue

    public init(code: Code, message: String, id: JSONValue) {
        self.code = code
        self.message = message
        self.id = id
    }

    public var response: JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .integer(code.rawValue)), ("message", .string(message))]))])
    }
}

/// The messages the server writes.
enum Outgoing {
    static func result(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", .integer(id)), ("method", .string(method)), ("params", params)])
    }

    /// `window/logMessage` at the given type (1 error, 2 warning, 3 info, 4 log).
    static func log(_ message: String, type: Int = 4) -> JSONValue {
        notification("window/logMessage", .object([("type", .integer(type)), ("message", .string(message))]))
    }
}

/// A parsed JSON value that remembers the byte offset where it, and each object key, starts:
/// a reader that finds a wrong value (a baseline's `count`) can point at it, line and column.
public struct JSONNode: Sendable {
    public enum Content: Sendable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Every member in document order, duplicate keys included.
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyOffset: Int
        public var value: JSONNode
    }

    public var offset: Int
    public var content: Content

    /// The member's value; with duplicate keys the last one, as `JSONValue` answers.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The value without offsets.
    public var value: JSONValue {
        switch content {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.value))
        case .object(let members): return .object(members.map { ($0.key, $0.value.value) })
        }
    }
}

import JSON

/// libFuzzer entry: any bytes parse, or fail at an offset inside the input, and never trap. A value
/// that parses, written by `JSONWriter` (pretty and compact) and parsed again, is the same value,
/// and writing that again gives the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch Result(catching: { () throws(JSONParser.Failure) in try JSONParser.parseNode(bytes) }) {
    case .success(let node):
        checkOffsets(node, size: size)
        let value = node.value
        for writer in [JSONWriter(pretty: true), JSONWriter(pretty: false)] {
            let text = writer.string(value)
            switch Result(catching: { () throws(JSONParser.Failure) in try JSONParser.parse(text) }) {
            case .success(let reread):
                precondition(reread == value, "written and read back, the value changed: \(text)")
                precondition(Array(writer.string(reread).utf8) == Array(text.utf8), "writing the value read back changed the text: \(text)")
            case .failure(let failure):
                preconditionFailure("the parser rejects what JSONWriter wrote (\(failure)): \(text)")
            }
        }
    case .failure(let failure):
        precondition((0...size).contains(failure.offset), "failure at byte \(failure.offset), outside an input of \(size) bytes")
        precondition(!failure.message.isEmpty, "a failure without a message")
    }
    return 0
}

/// Every value and key starts inside the input.
func checkOffsets(_ node: JSONNode, size: Int) {
    precondition((0..<size).contains(node.offset), "value at byte \(node.offset), outside an input of \(size) bytes")
    switch node.content {
    case .array(let items):
        for item in items { checkOffsets(item, size: size) }
    case .object(let members):
        for member in members {
            precondition(member.keyOffset > node.offset && member.keyOffset < member.value.offset, "key offset \(member.keyOffset) out of order")
            checkOffsets(member.value, size: size)
        }
    default:
        break
    }
}

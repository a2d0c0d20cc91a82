/// Writes pretty JSON straight to an output, member by member, in the layout `JSONWriter` gives
/// a whole tree (two-space indent, one member a line, `[]` and `{}` when empty), so that a
/// reporter never builds a tree for what it writes.
struct JSONStream {
    let output: OutputSink
    /// For each open container: whether it has a member yet.
    private var hasMembers: [Bool] = []
    private let baseIndent: Int

    /// `indent`: the level of the first container's own lines (members sit one deeper).
    init(_ output: OutputSink, indent: Int = 0) {
        self.output = output
        baseIndent = indent
    }

    private var depth: Int { baseIndent + hasMembers.count }

    mutating func beginObject() {
        output.write("{")
        hasMembers.append(false)
    }

    mutating func endObject() {
        close("}")
    }

    mutating func beginArray() {
        output.write("[")
        hasMembers.append(false)
    }

    mutating func endArray() {
        close("]")
    }

    /// Starts an object member: a value must follow.
    mutating func key(_ name: String) {
        separate()
        output.writeJSONString(name)
        output.write(": ")
    }

    /// Starts an array element: a value must follow.
    mutating func element() {
        separate()
    }

    func string(_ text: String) { output.writeJSONString(text) }

    func integer(_ number: Int) { output.write(number) }

    func bool(_ flag: Bool) { output.write(flag ? "true" : "false") }

    /// A value written by `JSONWriter` at the current depth.
    func value(_ value: JSONValue) {
        var text = ""
        JSONWriter(pretty: true).append(value, indent: depth, into: &text)
        output.write(text)
    }

    mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    mutating func member(_ name: String, _ number: Int) {
        key(name)
        integer(number)
    }

    mutating func member(_ name: String, strings: [String]) {
        key(name)
        beginArray()
        for text in strings {
            element()
            string(text)
        }
        endArray()
    }

    private mutating func separate() {
        if hasMembers.last == true { output.write(",") }
        if !hasMembers.isEmpty { hasMembers[hasMembers.count - 1] = true }
        newline(depth)
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = hasMembers.popLast() ?? false
        if hadMembers { newline(depth) }
        output.write(bracket)
    }

    private static let newlines: [String] = (0..<16).map { "\n" + String(repeating: "  ", count: $0) }

    private func newline(_ level: Int) {
        output.write(level < Self.newlines.count ? Self.newlines[level] : "\n" + String(repeating: "  ", count: level))
    }
}

import JSON

/// Writes pretty JSON straight to an output, member by member, in the layout `JSONWriter` gives
/// a whole tree (two-space indent, one member a line, `[]` and `{}` when empty), so that a
/// reporter never builds a tree for what it writes.
///
/// Each call lays out its bytes (separator, indent, key, value) in a buffer of the stream's own and
/// hands them to the output in one write when it returns: the output stays in order with what
/// others write to it between calls, and a member costs one write, not one per piece. A stream
/// that writes a value whole, with no other writer in between (a finding), holds its bytes until
/// that value is closed: one write for the whole value.
struct JSONStream {
    let output: OutputSink
    /// For each open container: whether it has a member yet.
    private var hasMembers: [Bool] = []
    private let baseIndent: Int
    /// What the stream has written and not yet handed to the output.
    private var pending: [UInt8] = []
    private let holdsUntilClosed: Bool

    /// `indent`: the level of the first container's own lines (members sit one deeper).
    /// `holdsUntilClosed`: nothing reaches the output until the outermost container closes.
    init(_ output: OutputSink, indent: Int = 0, holdsUntilClosed: Bool = false) {
        self.output = output
        baseIndent = indent
        self.holdsUntilClosed = holdsUntilClosed
    }

    private var depth: Int { baseIndent + hasMembers.count }

    mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Starts an object member: a value must follow.
    mutating func key(_ name: String) {
        appendKey(name)
        send()
    }

    /// Starts an array element: a value must follow.
    mutating func element() {
        separate()
        send()
    }

    mutating func string(_ text: String) {
        JSONEscaping.appendQuoted(text, to: &pending)
        send()
    }

    mutating func integer(_ number: Int) {
        JSONEscaping.appendDecimal(number, to: &pending)
        send()
    }

    mutating func bool(_ flag: Bool) {
        pending.append(contentsOf: (flag ? "true" : "false").utf8)
        send()
    }

    /// A value written by `JSONWriter` at the current depth.
    mutating func value(_ value: JSONValue) {
        var text = ""
        JSONWriter(pretty: true).append(value, indent: depth, into: &text)
        pending.append(contentsOf: text.utf8)
        send()
    }

    mutating func member(_ name: String, _ text: String) {
        appendKey(name)
        JSONEscaping.appendQuoted(text, to: &pending)
        send()
    }

    mutating func member(_ name: String, _ number: Int) {
        appendKey(name)
        JSONEscaping.appendDecimal(number, to: &pending)
        send()
    }

    mutating func member(_ name: String, strings: [String]) {
        appendKey(name)
        hasMembers.append(false)
        pending.append(UInt8(ascii: "["))
        for text in strings {
            separate()
            JSONEscaping.appendQuoted(text, to: &pending)
        }
        appendClose(UInt8(ascii: "]"))
        send()
    }

    private mutating func open(_ bracket: UInt8) {
        pending.append(bracket)
        hasMembers.append(false)
        send()
    }

    private mutating func close(_ bracket: UInt8) {
        appendClose(bracket)
        send()
    }

    private mutating func appendClose(_ bracket: UInt8) {
        let hadMembers = hasMembers.popLast() ?? false
        if hadMembers { newline(depth) }
        pending.append(bracket)
    }

    private mutating func appendKey(_ name: String) {
        separate()
        JSONEscaping.appendQuoted(name, to: &pending)
        pending.append(UInt8(ascii: ":"))
        pending.append(UInt8(ascii: " "))
    }

    private mutating func separate() {
        if hasMembers.last == true { pending.append(UInt8(ascii: ",")) }
        if !hasMembers.isEmpty { hasMembers[hasMembers.count - 1] = true }
        newline(depth)
    }

    private mutating func newline(_ level: Int) {
        pending.append(UInt8(ascii: "\n"))
        pending.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    private mutating func send() {
        guard !holdsUntilClosed || hasMembers.isEmpty else { return }
        output.write(bytes: pending)
        pending.removeAll(keepingCapacity: true)
    }
}

/// JSON text as bytes: string literals and integers.
enum JSONEscaping {
    /// A JSON string literal: quotes, backslashes, control characters (C0, DEL, C1) and the line
    /// and paragraph separators escaped, everything else as UTF-8.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // A copy reads a small string's bytes in place, where `utf8` would have to copy them out.
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Runs that need no escape, most often the whole text, are copied at once.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        var runStart = 0
        func flushRun(to end: Int) {
            if runStart < end { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        func escapeCode(_ value: UInt32) {
            let hex = hexDigits
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) { output.append(hex[Int(value >> UInt32(shift) & 0xF)]) }
        }
        func escape(_ letter: Unicode.Scalar) {
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: letter))
        }
        while index < bytes.count {
            if index + 8 <= bytes.count, let base = bytes.baseAddress, !needsLook(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte < 0x7F {
                index += 1
                continue
            }
            if byte >= 0x80 {
                // C1 controls (U+0080-U+009F) are C2 80-C2 9F; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F {
                    flushRun(to: index)
                    escapeCode(UInt32(bytes[index + 1]))
                    index += 2
                    runStart = index
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    flushRun(to: index)
                    escapeCode(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    index += 3
                    runStart = index
                } else {
                    index += 1
                }
                continue
            }
            flushRun(to: index)
            switch byte {
            case UInt8(ascii: "\""): escape("\"")
            case UInt8(ascii: "\\"): escape("\\")
            case 0x0A: escape("n")
            case 0x0D: escape("r")
            case 0x09: escape("t")
            default: escapeCode(UInt32(byte))
            }
            index += 1
            runStart = index
        }
        flushRun(to: index)
    }

    /// Whether any of eight bytes needs a closer look (below 0x20, `"`, `\`, DEL or above): text is
    /// scanned a word at a time, and mostly needs none.
    private static func needsLook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
        // Once no byte has its high bit, adding 0x60 (or 1) to each byte carries into no other:
        // a byte is below 0x20 when its sum stays below 0x80, and DEL when its sum reaches it.
        return word & highBits != 0
            || (word &+ ones &* 0x60) & highBits != highBits
            || (word &+ ones) & highBits != 0
            || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\"")))) || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    }

    /// An integer in decimal, as `String(number)` writes it.
    static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var rest = number.magnitude
        let firstDigit = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        output[firstDigit...].reverse()
    }
}

import SystemInterface

/// Why output could not be written: the place and the operating system's reason. Exit 2.
public struct OutputFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A path, or "standard output".
    public var place: String
    public var reason: String

    public init(place: String, reason: String) {
        self.place = place
        self.reason = reason
    }

    public var description: String { "cannot write \(place): \(reason)" }
}

/// Where a report's bytes go: standard output, a file being written, or a spool. Writes are
/// buffered; the first failure is kept and every later write is skipped, so that reporters
/// write without checking and the run ends with exit 2 when anything was lost.
public final class OutputSink {
    static let bufferSize = 1 << 16

    /// Where the bytes go; nil keeps them in memory (`text`).
    let descriptor: Int32?
    /// What errors call it: a path, or "standard output".
    public let place: String
    private(set) var buffer: [UInt8] = []
    public private(set) var failure: OutputFailure?

    init(descriptor: Int32?, place: String) {
        self.descriptor = descriptor
        self.place = place
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Standard output (descriptor 1).
    public static func standardOutput() -> OutputSink {
        OutputSink(descriptor: 1, place: "standard output")
    }

    /// Standard error (descriptor 2), for notes.
    public static func standardError() -> OutputSink {
        OutputSink(descriptor: 2, place: "standard error")
    }

    /// Output kept in memory, for tests and for text a command still has to lay out.
    public static func memory() -> OutputSink {
        OutputSink(descriptor: nil, place: "memory")
    }

    /// What a memory sink holds.
    public var text: String { String(decoding: buffer, as: UTF8.self) }

    public func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    public func write(_ text: Substring) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    public func write(bytes: some Sequence<UInt8>) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { flush() }
    }

    public func write(_ number: Int) {
        write(String(number))
    }

    /// Writes a JSON string literal: quotes, backslashes, control characters (C0, DEL, C1) and the
    /// line and paragraph separators escaped, everything else as UTF-8.
    public func writeJSONString(_ text: String) {
        guard failure == nil else { return }
        buffer.append(UInt8(ascii: "\""))
        let handled = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) } != nil
        if !handled { appendEscaped(Array(text.utf8)) }
        buffer.append(UInt8(ascii: "\""))
        if buffer.count >= Self.bufferSize { flush() }
    }

    private func appendEscaped<Bytes: RandomAccessCollection>(_ bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var index = bytes.startIndex
        var runStart = index
        func flushRun(to end: Int) {
            if runStart < end { buffer.append(contentsOf: bytes[runStart..<end]) }
        }
        func escapeCode(_ value: UInt32) {
            buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), hex[Int(value >> 12 & 0xF)], hex[Int(value >> 8 & 0xF)], hex[Int(value >> 4 & 0xF)], hex[Int(value & 0xF)]])
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte < 0x7F {
                index += 1
                continue
            }
            if byte >= 0x80 {
                // C1 controls (U+0080-U+009F) are C2 80-C2 9F; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] <= 0x9F {
                    flushRun(to: index)
                    escapeCode(UInt32(bytes[index + 1]))
                    index += 2
                    runStart = index
                } else if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
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
            case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default: escapeCode(UInt32(byte))
            }
            index += 1
            runStart = index
        }
        flushRun(to: index)
    }

    /// Hands the buffered bytes to the operating system.
    public func flush() {
        guard failure == nil, !buffer.isEmpty, let descriptor else { return }
        if let code = buffer.withUnsafeBytes({ POSIX.writeAll(descriptor, $0) }) {
            fail(POSIX.describe(code))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func fail(_ reason: String) {
        if failure == nil { failure = OutputFailure(place: place, reason: reason) }
        buffer.removeAll()
    }
}

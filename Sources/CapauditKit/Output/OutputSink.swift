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

    /// Writes a JSON string literal (`JSONEscaping.appendQuoted`).
    public func writeJSONString(_ text: String) {
        guard failure == nil else { return }
        JSONEscaping.appendQuoted(text, to: &buffer)
        if buffer.count >= Self.bufferSize { flush() }
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

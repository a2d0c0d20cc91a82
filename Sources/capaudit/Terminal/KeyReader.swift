import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Waits for what the browser reacts to: keys on the terminal, a resize, an interrupt.
struct KeyReader {
    enum Event {
        case keys([BrowserKey])
        case resize
        /// SIGINT, SIGTERM or SIGHUP: stop now.
        case interrupt(Int32)
        /// The terminal closed or could not be read.
        case end
    }

    /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
    static let escapeDelayMilliseconds: Int32 = 40

    let input: Int32
    let signals: SignalPipe
    private var decoder = KeyDecoder()

    init(input: Int32, signals: SignalPipe) {
        self.input = input
        self.signals = signals
    }

    mutating func next() -> Event {
        while true {
            guard let ready = Readiness.readable([input, signals.readEnd], timeoutMilliseconds: decoder.isWaiting ? Self.escapeDelayMilliseconds : -1) else {
                if errno == EINTR { continue }
                return .end
            }
            if ready.isEmpty {
                let keys = decoder.flush()
                if !keys.isEmpty { return .keys(keys) }
                continue
            }
            if ready.contains(signals.readEnd) {
                let received = signals.drain()
                if let stop = received.first(where: { $0 != SIGWINCH }) { return .interrupt(stop) }
                if received.contains(SIGWINCH) { return .resize }
            }
            // Ready to read: keys, or the end of the terminal (a read of 0 bytes, or a failure).
            if ready.contains(input) {
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = read(input, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { return .end }
                let keys = decoder.feed(Array(buffer.prefix(count)))
                if !keys.isEmpty { return .keys(keys) }
            }
        }
    }
}

import CapauditKit
#if canImport(Glibc)
import Glibc
#endif

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
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.isWaiting ? Self.escapeDelayMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .end
            }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { return .keys(keys) }
                continue
            }
            if descriptors[1].revents != 0 {
                let received = signals.drain()
                if let stop = received.first(where: { $0 != SIGWINCH }) { return .interrupt(stop) }
                if received.contains(SIGWINCH) { return .resize }
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = read(input, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { return .end }
                let keys = decoder.feed(Array(buffer.prefix(count)))
                if !keys.isEmpty { return .keys(keys) }
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return .end
            }
        }
    }
}

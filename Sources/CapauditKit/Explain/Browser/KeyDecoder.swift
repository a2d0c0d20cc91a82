/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys, and the CSI and SS3
/// sequences of arrow and paging keys. A lone ESC is ambiguous until the next byte arrives,
/// so it waits in `pending` until `flush()` (the reader calls it when no byte follows soon).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// The longest sequence kept while waiting for its end; anything longer is dropped.
    private static let maximumSequence = 16

    public init() {}

    /// Whether a lone ESC (or a sequence it starts) is waiting for more bytes.
    public var isWaiting: Bool { !pending.isEmpty }

    public mutating func feed(_ bytes: [UInt8]) -> [BrowserKey] {
        pending += bytes
        var keys: [BrowserKey] = []
        while let (key, used) = Self.decode(pending) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        if pending.count > Self.maximumSequence { pending.removeAll() }
        return keys
    }

    /// What is pending when no more bytes come: a lone ESC is the Escape key.
    public mutating func flush() -> [BrowserKey] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            return [.escape] + (pending.count > 1 ? KeyDecoder.decodeAll(Array(pending.dropFirst())) : [])
        }
        return []
    }

    private static func decodeAll(_ bytes: [UInt8]) -> [BrowserKey] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes)
    }

    /// One key from the front of `bytes` and how many bytes it used (a nil key for ignored
    /// input), or nil when more bytes are needed.
    static func decode(_ bytes: [UInt8]) -> (BrowserKey?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return nil }
            let introducer = bytes[1]
            guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
            var index = 2
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x40 && byte <= 0x7E {
                    return (sequence(Array(bytes[2..<index]), final: byte), index + 1)
                }
                index += 1
            }
            return nil
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x0E: return (.down, 1)
        case 0x10: return (.up, 1)
        case 0x00...0x1F: return (nil, 1)
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes[0..<length], as: UTF8.self)
            guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else { return (nil, length) }
            return (.character(character), length)
        }
    }

    /// The key of a CSI or SS3 sequence from its parameters and final byte.
    static func sequence(_ parameters: [UInt8], final: UInt8) -> BrowserKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch String(decoding: parameters, as: UTF8.self).split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}

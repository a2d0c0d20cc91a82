/// A scalar read by the YAML 1.2 core schema: `on`, `off`, `yes` and `no` stay strings,
/// quoted scalars are strings, and an explicit standard tag wins over the plain form.
public enum ResolvedScalar: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// An integer in core-schema form that does not fit in 64 bits; keeps its text.
    case integerOutOfRange(String)
    case float(Double)
    case string(String)

    static let tagPrefix = "tag:yaml.org,2002:"

    public init(_ scalar: YAMLScalar) {
        let text = scalar.value
        if let tag = scalar.tag {
            switch tag {
            case Self.tagPrefix + "str": self = .string(text)
            case Self.tagPrefix + "null": self = .null
            case Self.tagPrefix + "bool": self = Self.bool(text).map(ResolvedScalar.bool) ?? .string(text)
            case Self.tagPrefix + "int": self = Self.integer(text) ?? .string(text)
            case Self.tagPrefix + "float": self = Self.integer(text).map(Self.asFloat) ?? Self.float(text).map(ResolvedScalar.float) ?? .string(text)
            default: self = .string(text)
            }
            return
        }
        guard scalar.style == .plain else {
            self = .string(text)
            return
        }
        self = Self.plain(text)
    }

    static func plain(_ text: String) -> ResolvedScalar {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if text == "null" || text == "Null" || text == "NULL" || text == "~" { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let value = bool(text) { return .bool(value) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let number = integer(text) { return number }
            if let value = float(text) { return .float(value) }
        default:
            break
        }
        return .string(text)
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
    static func integer(_ text: String) -> ResolvedScalar? {
        var bytes = Substring(text).utf8[...]
        if text.hasPrefix("0o") || text.hasPrefix("0x") {
            let radix = text.hasPrefix("0o") ? 8 : 16
            bytes = bytes.dropFirst(2)
            guard !bytes.isEmpty, bytes.allSatisfy({ digitValue($0).map { $0 < radix } ?? false }) else { return nil }
            let digits = String(decoding: bytes, as: UTF8.self)
            return Int(digits, radix: radix).map(ResolvedScalar.integer) ?? .integerOutOfRange(text)
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text).map(ResolvedScalar.integer) ?? .integerOutOfRange(text)
    }

    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard isCoreFloat(text) else { return nil }
        return Double(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    static func isCoreFloat(_ text: String) -> Bool {
        var iterator = text.utf8.makeIterator()
        var next = iterator.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 48 && $0 <= 57 } ?? false }
        if next == UInt8(ascii: "-") || next == UInt8(ascii: "+") { next = iterator.next() }
        var mantissaDigits = 0
        while isDigit(next) { mantissaDigits += 1; next = iterator.next() }
        if next == UInt8(ascii: ".") {
            next = iterator.next()
            while isDigit(next) { mantissaDigits += 1; next = iterator.next() }
        }
        guard mantissaDigits > 0 else { return false }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            next = iterator.next()
            if next == UInt8(ascii: "-") || next == UInt8(ascii: "+") { next = iterator.next() }
            guard isDigit(next) else { return false }
            while isDigit(next) { next = iterator.next() }
        }
        return next == nil
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private static func asFloat(_ integer: ResolvedScalar) -> ResolvedScalar {
        if case .integer(let value) = integer { return .float(Double(value)) }
        return integer
    }
}

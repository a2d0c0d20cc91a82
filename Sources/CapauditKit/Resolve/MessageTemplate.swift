/// A rule's message template, `{name}` placeholders between literal text, split once so that
/// filling it for each finding is a few appends.
struct MessageTemplate: Sendable {
    enum Segment: Sendable {
        case literal(String)
        case placeholder(String)
    }

    let segments: [Segment]
    /// The placeholder every message may use for its rule's id.
    static let ruleName = "rule"
    /// Room for a message, reserved at once: the literal text's bytes and an allowance per placeholder.
    private let expectedBytes: Int
    private static let placeholderBytes = 24

    /// A placeholder is the innermost `{name}`: the last `{` before a `}`, so that braces around
    /// one (a pack's message may show `{min-sdk: {min-sdk}}`) and unpaired braces stay text.
    /// Braces are found in the UTF-8 bytes (an ASCII byte is never part of another scalar), not
    /// by characters: every run compiles every rule's templates, and a search by characters
    /// was a sixth of a one-manifest check.
    init(_ template: String) {
        var segments: [Segment] = []
        var literal = ""
        let bytes = template.utf8
        var rest = bytes.startIndex
        while let close = bytes[rest...].firstIndex(of: UInt8(ascii: "}")) {
            let afterClose = bytes.index(after: close)
            if let open = bytes[rest..<close].lastIndex(of: UInt8(ascii: "{")) {
                literal += template[rest..<open]
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.placeholder(String(template[bytes.index(after: open)..<close])))
            } else {
                literal += template[rest..<afterClose]
            }
            rest = afterClose
        }
        literal += template[rest...]
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
        expectedBytes = segments.reduce(0) { total, segment in
            switch segment {
            case .literal(let text): return total + text.utf8.count
            case .placeholder: return total + Self.placeholderBytes
            }
        }
    }

    /// The text with each placeholder replaced by its value; a placeholder without a value stays
    /// as written. `rule`, when given, is the value of `{rule}`, whatever the arguments say.
    func render(_ arguments: [String: String], rule: String? = nil) -> String {
        if segments.count == 1, case .literal(let text) = segments[0] { return text }
        var output = ""
        output.reserveCapacity(expectedBytes)
        for segment in segments {
            switch segment {
            case .literal(let text): output += text
            case .placeholder(let name): output += (name == Self.ruleName ? rule : nil) ?? arguments[name] ?? "{\(name)}"
            }
        }
        return output
    }

    static func render(_ template: String, _ arguments: [String: String]) -> String {
        MessageTemplate(template).render(arguments)
    }
}

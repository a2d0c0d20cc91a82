/// A rule's message template, `{name}` placeholders between literal text, split once so that
/// filling it for each finding is a few appends.
struct MessageTemplate: Sendable {
    enum Segment: Sendable {
        case literal(String)
        case placeholder(String)
    }

    let segments: [Segment]

    init(_ template: String) {
        var segments: [Segment] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { segments.append(.literal(String(rest[..<open]))) }
            segments.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { segments.append(.literal(String(rest))) }
        self.segments = segments
    }

    /// The text with each placeholder replaced by its value; a placeholder without a value stays as written.
    func render(_ arguments: [String: String]) -> String {
        if segments.count == 1, case .literal(let text) = segments[0] { return text }
        var output = ""
        for segment in segments {
            switch segment {
            case .literal(let text): output += text
            case .placeholder(let name): output += arguments[name] ?? "{\(name)}"
            }
        }
        return output
    }

    static func render(_ template: String, _ arguments: [String: String]) -> String {
        MessageTemplate(template).render(arguments)
    }
}

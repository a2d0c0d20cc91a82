/// Fills a rule's message template: `{name}` is replaced by the check's value for `name`.
enum MessageTemplate {
    static func render(_ template: String, _ arguments: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                output += rest[open...]
                return output
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                output += value
            } else {
                output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }
}

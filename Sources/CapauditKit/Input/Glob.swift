/// A path pattern of the config's `include` and `exclude`: `*` matches within one path
/// segment, `**` across segments, `?` one character. Matched in linear time per attempt,
/// with no backtracking beyond one `*` at a time.
public struct Glob: Sendable, Equatable {
    public var pattern: String
    private let segments: [String]

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if trimmed.hasSuffix("/") { trimmed += "**" }
        segments = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether the path, or a folder above it, matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init).filter { $0 != "." }
        if segments.first != "**", !pattern.contains("/") {
            return parts.contains { Self.matchSegment(Array(segments.first ?? "").map { $0 }, Array($0)) }
        }
        for length in 1...max(1, parts.count) where Self.matchPath(segments[...], parts.prefix(length)) {
            return true
        }
        return false
    }

    private static func matchPath(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        var table = [[Bool]](repeating: [Bool](repeating: false, count: parts.count + 1), count: pattern.count + 1)
        table[0][0] = true
        let patternArray = Array(pattern)
        let partArray = Array(parts)
        for i in 1...max(1, patternArray.count) where i <= patternArray.count {
            let segment = patternArray[i - 1]
            if segment == "**" { table[i][0] = table[i - 1][0] }
            for j in stride(from: 1, through: partArray.count, by: 1) {
                if segment == "**" {
                    table[i][j] = table[i - 1][j] || table[i][j - 1]
                } else {
                    table[i][j] = table[i - 1][j - 1] && matchSegment(Array(segment), Array(partArray[j - 1]))
                }
            }
        }
        return table[patternArray.count][partArray.count]
    }

    /// `*` and `?` within one segment, by dynamic programming: O(pattern × name).
    static func matchSegment(_ pattern: [Character], _ name: [Character]) -> Bool {
        var previous = [Bool](repeating: false, count: name.count + 1)
        previous[0] = true
        for symbol in pattern {
            var current = [Bool](repeating: false, count: name.count + 1)
            if symbol == "*" { current[0] = previous[0] }
            for j in stride(from: 1, through: name.count, by: 1) {
                switch symbol {
                case "*": current[j] = previous[j] || current[j - 1]
                case "?": current[j] = previous[j - 1]
                default: current[j] = previous[j - 1] && name[j - 1] == symbol
                }
            }
            previous = current
        }
        return previous[name.count]
    }
}

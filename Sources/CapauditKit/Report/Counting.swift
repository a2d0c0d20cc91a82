/// Counts as people say them.
enum Counting {
    static func findings(_ count: Int) -> String {
        count == 1 ? "1 finding" : "\(count) findings"
    }

    /// "2 error, 1 warning" or "none".
    static func bySeverity(_ findings: [Finding]) -> String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity)"
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

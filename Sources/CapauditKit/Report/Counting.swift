/// Counts as people say them.
enum Counting {
    static func findings(_ count: Int) -> String {
        count == 1 ? "1 finding" : "\(count) findings"
    }

    /// "2 errors, 1 warning, 3 info" or "none".
    static func bySeverity(_ findings: [Finding]) -> String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return severity == .info || count == 1 ? "\(count) \(severity)" : "\(count) \(severity)s"
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

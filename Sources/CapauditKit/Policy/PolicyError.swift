import YAML

/// A policy file (shipped or a rule pack) that cannot be used, with every problem located.
/// capaudit cannot do its job without its policy: this exits 2.
public struct PolicyError: Error, Sendable, CustomStringConvertible {
    public struct Problem: Sendable, Equatable {
        public var file: String
        public var position: SourcePosition?
        public var message: String

        public var description: String {
            position.map { "\(file):\($0.line):\($0.column): \(message)" } ?? "\(file): \(message)"
        }
    }

    public var problems: [Problem]

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One YAML file of a policy: where it sits in the Rules/ layout, and its text.
public struct PolicySource: Sendable {
    /// Path inside the pack, with `/` separators: `taxonomy.yml`, `rules/CAP001.yml`, ...
    public var relativePath: String
    /// Path shown in errors.
    public var displayPath: String
    public var bytes: [UInt8]
    /// Shipped and tested: rule documentation and lexicons may be read on first use.
    public var isShipped: Bool

    public init(relativePath: String, displayPath: String, bytes: [UInt8], isShipped: Bool = false) {
        self.relativePath = relativePath
        self.displayPath = displayPath
        self.bytes = bytes
        self.isShipped = isShipped
    }
}

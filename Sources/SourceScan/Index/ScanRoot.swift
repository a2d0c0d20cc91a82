/// One folder of a platform's source as a scan reads it: a root of the config's `source` or a
/// `--source` (EVIDENCE.md, Evidence 2, "Source roots").
public struct ScanRoot: Sendable {
    /// The folder, absolute or relative to the process's working folder.
    public var folder: String
    /// How the index names the root's files: `prefix/relative`, or `relative` when empty.
    public var prefix: String
    /// Paths relative to the root to leave out, besides `ScanLimits.skippedFolders`.
    public var exclude: @Sendable (String) -> Bool
    /// Read test code too (`tests: include`): test folders, test files and `XCTestCase` subclasses.
    public var includesTests: Bool

    public init(folder: String, prefix: String, exclude: @escaping @Sendable (String) -> Bool = { _ in false }, includesTests: Bool = false) {
        self.folder = folder
        self.prefix = prefix
        self.exclude = exclude
        self.includesTests = includesTests
    }

    /// The index's name of the root's file at `relative`.
    public func name(_ relative: String) -> String {
        prefix.isEmpty || prefix == "." ? relative : relative == "." ? prefix : "\(prefix)/\(relative)"
    }

    /// The index's name of a file above the root (`../build.gradle`): each leading `../` takes a
    /// folder off the prefix, and stays when the prefix has none left.
    public func name(above relative: String) -> String {
        var folders = prefix == "." ? [] : prefix.split(separator: "/").map(String.init)
        var rest = Substring(relative)
        while rest.hasPrefix("../"), let last = folders.last, last != ".." {
            folders.removeLast()
            rest = rest.dropFirst(3)
        }
        return (folders + [String(rest)]).joined(separator: "/")
    }

    /// Whether the test code of a test folder or file at `relative` in a root is left out: it is
    /// unless the root reads tests. For walks that do not go through `SourceWalker` (`--staged`).
    public static func isTestCode(_ relative: String, platform: SourcePlatform) -> Bool {
        let parts = relative.split(separator: "/").map(String.init)
        for (depth, name) in parts.enumerated() {
            let parent = depth > 0 ? parts[depth - 1] : nil
            if depth < parts.count - 1, TestCode.isTestFolder(name, parent: parent, platform: platform) { return true }
        }
        return parts.last.map(TestCode.isTestFile) ?? false
    }

    /// Whether an index path lies in one of the roots named by `prefixes`.
    public static func holder(of prefixes: [String]) -> (String) -> Bool {
        { path in prefixes.contains { $0.isEmpty || $0 == "." || path.hasPrefix("\($0)/") } }
    }
}

import Foundation

/// Where things are, for every test target.
public enum Paths {
    /// The package root, found from this file's own path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The official YAML test suite: `YAML_TEST_SUITE`, else the copy in Tests/Fixtures/yaml-test-suite.
    public static var yamlTestSuite: URL {
        if let path = ProcessInfo.processInfo.environment["YAML_TEST_SUITE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return fixture("yaml-test-suite")
    }

    public static func fixture(_ relative: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative)
    }

    /// The built `capaudit` executable, beside the test bundle in the build folder.
    public static var capauditBinary: URL {
        if let path = ProcessInfo.processInfo.environment["CAPAUDIT_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("capaudit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/capaudit")
    }
}

/// Test code is not the app (EVIDENCE.md, Evidence 2): never read as evidence, never drafted.
enum TestCode {
    /// Folders named so hold tests wherever they are.
    static let folders: Set<String> = ["test", "tests", "androidTest", "testFixtures", "integration_test", "__tests__"]

    /// Whether the folder `name`, inside the folder `parent`, holds tests: one of `folders`, a
    /// Gradle test source set (`src/test*`, `src/androidTest*`: `testDebug`, `androidTestRelease`),
    /// or a Swift test folder or target (`…Tests`, `…UITests`).
    static func isTestFolder(_ name: String, parent: String?, platform: SourcePlatform) -> Bool {
        if folders.contains(name) { return true }
        if parent == "src", name.hasPrefix("test") || name.hasPrefix("androidTest") { return true }
        return platform == .ios && name.hasSuffix("Tests")
    }

    /// Whether the file `name` is a test by its name: `*Test.kt`, `*Test.java`, `*Tests.swift`,
    /// `*_test.dart`, `*.test.*` and `*.spec.*` scripts (`.ts`, `.tsx`, `.js`, `.jsx`).
    static func isTestFile(_ name: String) -> Bool {
        if name.hasSuffix("Test.kt") || name.hasSuffix("Test.java") || name.hasSuffix("Tests.swift") || name.hasSuffix("_test.dart") { return true }
        return scriptTestSuffixes.contains { name.hasSuffix($0) }
    }

    private static let scriptTestSuffixes = ["test", "spec"].flatMap { kind in ["ts", "tsx", "js", "jsx"].map { ".\(kind).\($0)" } }

    /// Supertypes that make a type a test case.
    static let testCaseSupertypes: Set<String> = ["XCTestCase", "XCTest.XCTestCase"]
}

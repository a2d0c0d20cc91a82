@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// The config's `source` as a list of roots (EVIDENCE.md, Evidence 2, "Source roots"): every key
/// read with its position, and every mistake a located error that says what was expected, so that
/// a typo never turns evidence off silently.
@Suite struct SourceRootsConfigTests {
    static func parse(_ text: String) throws(PolicyError) -> Config {
        try ConfigLoader.parse(Array(text.utf8), displayPath: ".capaudit.yml", policy: Manifests.policy)
    }

    @Test func everyKeyOfARootIsReadAndLocated() throws {
        let config = try Self.parse("""
            source:
              - path: android/app
                platforms: [android]
                exclude: ["**/generated/**"]
                tests: include
              - path: mobile
                packages: [react-native-capture-protection, expo-screen-capture]
                target: Bank
            """)
        #expect(config.sources.count == 2)
        let app = try #require(config.sources.first)
        #expect(app.folder == "android/app")
        #expect(app.platforms == [.android])
        #expect(app.position == SourcePosition(line: 2, column: 11))
        #expect(app.key == "source[0].path")
        #expect(app.exclude.map { $0.matches("src/generated/Secure.kt") } == [true])
        #expect(app.includesTests)
        let mobile = try #require(config.sources.last)
        #expect(mobile.platforms == nil, "no `platforms`: every platform the app ships")
        #expect(!mobile.includesTests)
        #expect(mobile.packages == [
            ConfiguredName(name: "react-native-capture-protection", position: SourcePosition(line: 7, column: 16)),
            ConfiguredName(name: "expo-screen-capture", position: SourcePosition(line: 7, column: 49)),
        ])
        #expect(mobile.target == ConfiguredName(name: "Bank", position: SourcePosition(line: 8, column: 13)))
    }

    @Test func theMapFormStaysOneRootPerPlatform() throws {
        let config = try Self.parse("source:\n  android: app/\n  ios: ios/\n")
        let roots = config.sources.map { root in
            "\((root.platforms ?? []).map(\.rawValue)) \(root.folder) \(root.key) \(root.position.line):\(root.position.column)"
        }
        #expect(roots.sorted() == ["[\"android\"] app/ source.android 2:12", "[\"ios\"] ios/ source.ios 3:8"])
    }

    /// Each mistake in a root, as the config's only `source`, with where it is reported and what it says.
    static let mistakes: [(yaml: String, expected: String)] = [
        ("source:\n  - path: app\n    platfroms: [android]\n", ".capaudit.yml:3:5: unknown key `platfroms` in a source root; did you mean `platforms`?"),
        ("source:\n  - platforms: [android]\n", ".capaudit.yml:2:5: a source root needs the key `path`"),
        ("source:\n  - path: \"\"\n", ".capaudit.yml:2:11: `path` (a folder relative to the config's folder) must not be empty"),
        ("source:\n  - path: app\n    platforms: [andriod]\n", ".capaudit.yml:3:17: unknown platform `andriod`; did you mean `android`?; choose from ios, android"),
        ("source:\n  - path: app\n    platforms: []\n", ".capaudit.yml:3:16: `platforms` lists no platform, so the root would be read for none; list them (`[android]`) or remove the key for every platform the app ships"),
        ("source:\n  - path: app\n    tests: inclde\n", ".capaudit.yml:3:12: `tests` must be one of include, exclude, got `inclde`; did you mean `include`?"),
        ("source:\n  - path: app\n    exclude: [\"\"]\n", ".capaudit.yml:3:15: an empty pattern in `source[0].exclude` matches no path; remove it, or write the path you mean (`apps/**`)"),
        ("source:\n  - path: app\n    packages: [\" \"]\n", ".capaudit.yml:3:16: an empty name in `packages` names no package; write the package's name (`react-native-capture-protection`)"),
        ("source:\n  - path: app\n    target: [Bank]\n", ".capaudit.yml:3:13: `target` (the name of the app's target) must be a string, got a list"),
        ("source: []\n", ".capaudit.yml:1:9: `source` lists no root, so no code would be read; list a root (`- path: app`) or remove `source`"),
        ("source: app\n", ".capaudit.yml:1:9: `source` (a map from platform to its source folder, or a list of roots with `path`) must be a mapping, got the string \"app\""),
    ]

    @Test(arguments: mistakes.indices)
    func aMistakeInARootStopsTheRunAtItsPlace(_ index: Int) {
        let mistake = Self.mistakes[index]
        #expect(throws: PolicyError.self) { try Self.parse(mistake.yaml) }
        do {
            _ = try Self.parse(mistake.yaml)
        } catch {
            #expect(error.problems.map(\.description) == [mistake.expected], "\(mistake.yaml)")
        }
    }
}

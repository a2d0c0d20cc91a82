import Foundation
import TestSupport
import Testing

/// Evidence from Flutter and React Native apps, end to end (Tests/Fixtures/Source/langs): each app
/// is one folder that serves both platforms, with the capture packages its pubspec.yaml or
/// package.json depends on. Every package call is found where the manifest declares it, a removed
/// call is found as drift, and a call in a comment, a string, a template literal, a regular
/// expression or JSX text, or of a package the app does not ship, is not counted.
@Suite struct HostileLanguageTests {
    static let fixture = Paths.fixture("Source/langs")

    struct App: CustomStringConvertible, Sendable {
        var manifest: String
        var folder: String
        /// Every evidence finding, with its related code location.
        var expected: [String]
        var status: Int32
        /// The dev-only package whose call the app does not ship, and the `dependencies` line
        /// after which a line that ships it goes.
        var devOnlyPackage: (line: String, after: String, manifest: String)
        /// The finding that the dev-only package's call would settle if the app shipped it.
        var settledByDevOnlyPackage: String
        var description: String { manifest }
    }

    static let apps = [
        // The card screen's FLAG_SECURE (flutter_windowmanager) is found, though nested comments, a
        // raw string, a triple-quoted string and an interpolation around it hold `clearFlags`; the
        // PIN screen's screen_protector calls are found on both platforms (and its
        // `preventScreenshotOff()` undoes flag-secure on Android); the statement screen, named by
        // its Dart class, lost its call and no_screenshot is only a dev dependency; the profile
        // screen's SensitiveContent is found. The card and profile screens name no iOS code.
        App(
            manifest: "flutter.yml", folder: "flutter",
            expected: [
                "EVD006 18:9 ios",
                "EVD003 32:17 android see flutter/lib/screens/pin_screen.dart:21:21",
                "EVD001 45:17 android see flutter/lib/screens/statement_screen.dart:6:7",
                "EVD006 52:9 ios",
            ],
            status: 0, devOnlyPackage: ("  no_screenshot: ^0.3.1\n", "  secure_application: ^4.1.0\n", "flutter/pubspec.yaml"),
            settledByDevOnlyPackage: "EVD001 45:17 android see flutter/lib/screens/statement_screen.dart:6:7"),
        // The card screen's `CaptureProtection.prevent()` is found on both platforms, though a
        // regular expression, a template literal, a JSX attribute and JSX text around it hold
        // `CaptureProtection.allow()`; the transfer screen's expo call is found between two
        // divisions; the statement screen lost its call (only JSX text names one, and
        // react-native-screenshot-prevent is only a dev dependency); the settings screen's
        // `allow()` in a JSX attribute's value is code, and undoes the protection on both
        // platforms, where nothing applies it.
        App(
            manifest: "react-native.yml", folder: "react-native",
            expected: [
                "EVD001 43:17 android",
                "EVD001 53:17 android",
                "EVD003 53:17 android see react-native/src/screens/SettingsScreen.jsx:6:59",
                "EVD001 54:13 ios",
                "EVD003 54:13 ios see react-native/src/screens/SettingsScreen.jsx:6:59",
            ],
            status: 1, devOnlyPackage: ("    \"react-native-screenshot-prevent\": \"^1.2.1\",\n", "  \"dependencies\": {\n", "react-native/package.json"),
            settledByDevOnlyPackage: "EVD001 43:17 android"),
    ]

    /// The evidence findings (EVD) of a check of the app in `folder`, given as the source of both
    /// platforms; the manifests' own findings (CAP, AND, IOS) are not this suite's.
    static func check(_ app: App, in folder: URL) throws -> (status: Int32, findings: [String], stderr: String) {
        let result = try runCapaudit(
            ["check", app.manifest, "--format", "json", "--source", "android=\(app.folder)", "--source", "ios=\(app.folder)"], in: folder)
        return (result.status, try EvidenceTests.findings(result.stdout).filter { $0.hasPrefix("EVD") }, result.stderr)
    }

    @Test(arguments: apps)
    func appGivesExactlyThePlantedEvidenceFindings(_ app: App) throws {
        let run = try Self.check(app, in: Self.fixture)
        #expect(run.findings == app.expected)
        #expect(run.status == app.status, "\(run.stderr)")
    }

    /// The dev-only package's call counts once the app depends on it: the statement screen's
    /// EVD001 is the dependency rule's doing, not the lexers'.
    @Test(arguments: apps)
    func aPackageCallCountsOnceTheAppDependsOnThePackage(_ app: App) throws {
        let folder = try makeTemporaryFolder()
        let copy = folder.appendingPathComponent("langs")
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        let dependencies = copy.appendingPathComponent(app.devOnlyPackage.manifest)
        let text = try readText(dependencies)
        #expect(text.contains(app.devOnlyPackage.after))
        try write(text.replacingOccurrences(of: app.devOnlyPackage.after, with: app.devOnlyPackage.after + app.devOnlyPackage.line), to: dependencies)
        let run = try Self.check(app, in: copy)
        #expect(run.findings == app.expected.filter { $0 != app.settledByDevOnlyPackage })
    }
}

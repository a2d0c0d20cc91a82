import Foundation
import TestSupport
import Testing

/// iOS app-switcher cover evidence (issue 27 item 3) on Cover Bank (Tests/Fixtures/Source/cover):
/// the call that shows a cover inside the code that runs when the app leaves the foreground, never
/// a handler's name.
@Suite struct CoverEvidenceTests {
    static let fixture = Paths.fixture("Source/cover")
    static let app = "ios/CoverBank"

    /// A selector method registered for the notification and a SwiftUI state flag that the body
    /// reads are evidence (no finding for `vault` and `balance`); a log-only notification closure,
    /// a protocol requirement, a watchOS delegate and a flag no `if` reads are not.
    @Test func onlyAHandlerThatShowsACoverIsEvidence() throws {
        let result = try runCapaudit(["check", "cover.yml", "--format", "json", "--fail-on", "warning", "--source", "ios=ios"], in: Self.fixture)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try EvidenceTests.findings(result.stdout) == [
            "EVD001 20:13 ios see \(Self.app)/Statements/StatementsViewController.swift:5:13",
            "EVD001 26:13 ios see \(Self.app)/Profile/ProfileViewController.swift:9:13 see \(Self.app)/Profile/ProfileViewController.swift:4:16",
            "EVD001 32:13 ios see ios/WatchExtension/ExtensionDelegate.swift:4:13",
            "EVD001 44:13 ios see \(Self.app)/Settings/SettingsView.swift:4:8",
        ])
    }

    /// With nothing declared, EVD004 points at the call that shows each cover: the vault's
    /// `addSubview` in its selector method and the balance's flag assignment in `onChange`.
    @Test func theEvidenceIsTheCallThatShowsTheCover() throws {
        let result = try runCapaudit(["check", "undeclared.yml", "--format", "json", "--source", "ios=ios"], in: Self.fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try EvidenceTests.findings(result.stdout) == [
            "EVD004 11:5 ios see \(Self.app)/Vault/VaultViewController.swift:19:14",
            "EVD004 23:5 ios see \(Self.app)/Balance/BalanceView.swift:18:13",
        ])
    }

    @Test func theMessageNamesTheCallsAndTheHandlers() throws {
        let result = try runCapaudit(["check", "cover.yml", "--source", "ios=ios"], in: Self.fixture)
        #expect(result.stdout.contains(
            "for `addSubview`, `insertSubview`, `makeKeyAndVisible`, `present`, `isHidden = false`, `.overlay`, `.blur`, `.redacted`, `privacySensitive` or `@State = …` "
                + "in the body of `func sceneWillResignActive`, `func sceneDidEnterBackground`, `func applicationWillResignActive`, `func applicationDidEnterBackground`, "
                + "`willResignActiveNotification`, `didEnterBackgroundNotification` or `willDeactivateNotification`, or of `onChange` or `onReceive` when it tests "
                + "`.background` or `.inactive`"), "\(result.stdout)")
    }

    /// The same manifest on the same app before and after its cover was deleted: the handler is
    /// still there, only logging, and the claim is caught.
    @Test func deletingTheCoverIsCaught() throws {
        let kept = try runCapaudit(["check", "switcher.yml", "--format", "json", "--fail-on", "warning", "--source", "ios=kept"], in: Self.fixture)
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(try EvidenceTests.findings(kept.stdout) == [])
        let deleted = try runCapaudit(["check", "switcher.yml", "--format", "json", "--fail-on", "warning", "--source", "ios=deleted"], in: Self.fixture)
        #expect(deleted.status == 1, "\(deleted.stderr)")
        #expect(try EvidenceTests.findings(deleted.stdout) == ["EVD001 11:11 ios"])
    }
}

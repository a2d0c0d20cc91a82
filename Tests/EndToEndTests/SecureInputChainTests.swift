import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// Following a stable rule's advice to make an input secure must not clear a stable finding about
/// the window while the window still lacks its flag. Per RULES.md AND005 fires only where CAP001
/// would (a masked secure input is covered), and the help that proposes `input: secure` chains to
/// AND009: on Android below API 35 it adds `flag-secure` to the input's window in the same change.
/// Harbourline Bank's review dialog, with its one-time code typed in a plain input.
@Suite struct SecureInputChainTests {
    static let secureCode = "        kind: one-time-code\n        input: secure\n"
    static let plainCode = "        kind: one-time-code\n        input: plain\n"
    static let dialogProtect = "    parent: transfer\n    protect:\n      ios: [redact-on-capture]\n"
    static let dialogWithFlag = "    parent: transfer\n    protect:\n      ios: [redact-on-capture]\n      android: [flag-secure]\n"

    static func manifest(_ edit: (String) -> String) throws -> URL {
        let folder = try makeTemporaryFolder()
        let original = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        #expect(original.contains(secureCode) && original.contains(dialogProtect))
        try write(edit(original.replacingOccurrences(of: secureCode, with: plainCode)), to: folder.appendingPathComponent("bank.yml"))
        return folder
    }

    /// "RULE line:col" of the findings about the one-time code (line 128), and their help by rule.
    static func codeFindings(_ folder: URL, preview: Bool = false) throws -> (rules: [String], help: [String: String]) {
        let result = try runCapaudit(["check", "bank.yml", "--format", "json"] + (preview ? ["--preview"] : []), in: folder)
        let findings = (try JSONParser.parse(result.stdout)["findings"]?.arrayValue ?? []).filter { $0["line"]?.intValue == 128 }
        var help: [String: String] = [:]
        for finding in findings { help[finding["rule"]?.stringValue ?? ""] = finding["help"]?.stringValue }
        return (findings.map { "\($0["rule"]?.stringValue ?? "") \($0["platform"]?.stringValue ?? "-")" }, help)
    }

    @Test func theAdviceToMakeTheInputSecureAlsoSecuresItsWindow() throws {
        let plain = try Self.manifest { $0 }
        defer { try? FileManager.default.removeItem(at: plain) }
        let before = try Self.codeFindings(plain)
        #expect(before.rules == ["AND005 android", "CAP001 ios", "CAP002 -", "CAP003 -"], "\(before.rules)")
        #expect(before.help["CAP002"] == "make `one-time-code` a secure input, which the OS masks and never caches "
            + "(on iOS `SecureField`; on Android `inputType` `textPassword` or `numberPassword`); "
            + "below API 35 Android still shows a secure input's last character and key previews in captures, so also add `flag-secure` "
            + "to the screen `transfer-review` for Android (window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE) "
            + "in onCreate before setContentView, and dialog.window?.setFlags(...) on each Dialog, BottomSheetDialog and DialogFragment window before show()): "
            + "set `input: secure` in `screens[id=transfer-review].fields[id=one-time-code]`, set `android: [flag-secure]` in `screens[id=transfer-review].protect`")

        // The advice applied as written: the input secure and the dialog's own flag. AND005 is fixed, and so is
        // what the preview rule would report in its place.
        let followed = try Self.manifest {
            $0.replacingOccurrences(of: Self.plainCode, with: Self.secureCode).replacingOccurrences(of: Self.dialogProtect, with: Self.dialogWithFlag)
        }
        defer { try? FileManager.default.removeItem(at: followed) }
        #expect(try Self.codeFindings(followed).rules == [])
        #expect(try Self.codeFindings(followed, preview: true).rules == [])

        // Half of it (the input alone) leaves the window without its flag, which the chain exists for:
        // the masked secure input is covered (no AND005, as RULES.md has it), the preview rule sees the rest.
        let half = try Self.manifest { $0.replacingOccurrences(of: Self.plainCode, with: Self.secureCode) }
        defer { try? FileManager.default.removeItem(at: half) }
        #expect(try Self.codeFindings(half, preview: true).rules == ["AND009 android"])
    }

    /// The same advice on an app whose Android minimum is API 35 needs no flag: the system keeps a
    /// window with a password input out of full-screen sharing there.
    @Test func fromAPI35TheAdviceIsTheInputAlone() throws {
        let folder = try Self.manifest { $0.replacingOccurrences(of: "min-sdk: 28", with: "min-sdk: 35") }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.codeFindings(folder).help["CAP002"]
            == "make `one-time-code` a secure input, which the OS masks and never caches "
            + "(on iOS `SecureField`; on Android `inputType` `textPassword` or `numberPassword`): set `input: secure` in `screens[id=transfer-review].fields[id=one-time-code]`")
    }
}

import YAML

/// One decoded manifest document (format 1). Every entity keeps its position and its
/// YAML path by ids, because every finding points there.
public struct Manifest: Sendable {
    public var app: App
    public var capture: Capture
    public var screens: [Screen]
    /// A screen, or an entry of one, had a mistake and was left out: what is said of "every
    /// screen" or "every action" cannot be judged (a mistake must never invent a finding).
    public var hasLeftOutScreens = false
    /// The node of the whole document, and of `app`, `capture` and `sdks`, for app-wide findings.
    public var documentPosition: SourcePosition
}

public struct Location: Sendable, Equatable {
    public var position: SourcePosition
    public var path: String
    /// The element's bytes in the file (its node's), where fixes find it.
    public var byteRange: Range<Int> = 0..<0
}

public struct App: Sendable {
    public var name: String
    public var language: String
    /// Nil when the manifest names none (the command line or config gives the default).
    public var profile: String?
    public var profileLocation: Location?
    public var ios: IOSPlatform?
    public var android: AndroidPlatform?
    public var sdks: [SDK]
    /// `app.settings`: protections the person can turn off in the app (Evidence 2).
    public var settings: [AppSetting] = []
    public var location: Location

    public var platforms: [Platform] {
        var shipped: [Platform] = []
        if ios != nil { shipped.append(.ios) }
        if android != nil { shipped.append(.android) }
        return shipped
    }

    public func ships(_ platform: Platform) -> Bool {
        platform == .ios ? ios != nil : android != nil
    }

    /// The oldest OS version the app supports on a platform (an API level N as `N.0`).
    public func minimumVersion(on platform: Platform) -> OSVersion? {
        platform == .ios ? ios?.deploymentTarget : android.map { OSVersion(apiLevel: $0.minSDK) }
    }

    /// The UI toolkit on a platform (`platforms.<platform>.ui`), for fix texts and AND005.
    public func toolkit(on platform: Platform) -> String? {
        platform == .ios ? ios?.ui.rawValue : android?.ui.rawValue
    }

    /// Where a platform's entry stands, for findings about the platform.
    public func location(of platform: Platform) -> Location? {
        platform == .ios ? ios?.location : android?.location
    }
}

/// A setting of the app that turns protections on or off (`app.settings[]`): the code that
/// clears a mechanism it controls is the setting at work, not a drift (EVD003 case `setting`).
public struct AppSetting: Sendable {
    public var id: String
    public var controls: [MechanismUse]
    /// Whether the protections are on until the person changes the setting.
    public var isOnByDefault: Bool
    public var location: Location

    public func controls(_ mechanism: String, on platform: Platform) -> Bool {
        controls.contains { $0.name == mechanism && $0.applies(on: platform) }
    }
}

extension App {
    /// The first setting that controls `mechanism` on `platform`.
    public func setting(controlling mechanism: String, on platform: Platform) -> AppSetting? {
        settings.first { $0.controls(mechanism, on: platform) }
    }
}

public struct IOSPlatform: Sendable {
    /// The UI toolkit: it only changes the calls that fix texts name.
    public enum Toolkit: String, Sendable, CaseIterable { case uikit, swiftui, flutter, reactNative = "react-native" }

    public var deploymentTarget: OSVersion
    public var ui: Toolkit
    /// The version of the toolkit that `ui` names (`ui-version`), when given.
    public var uiVersion: ToolkitVersion?
    public var location: Location
    /// Where the `deployment-target` key is.
    public var deploymentTargetLocation: Location
}

public struct OSVersion: Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    public var description: String { "\(major).\(minor)" }

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// An Android API level as a version, so that both platforms compare alike.
    public init(apiLevel: Int) {
        self.init(major: apiLevel, minor: 0)
    }

    /// What MAJOR and MINOR may be: iOS is in its twenties, so the bound only refuses what
    /// cannot be a version.
    public static let partRange = 0...999

    /// "MAJOR[.MINOR]", each part within `partRange`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), Self.partRange.contains(major) else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        // `Int` also takes a sign ("+17"); a version is digits only.
        guard let minor, Self.partRange.contains(minor), parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        self.major = major
        self.minor = minor
    }
}

/// A UI toolkit's version, "MAJOR[.MINOR[.PATCH]]", compared part by part as numbers (a missing
/// part is 0, so "0.78" equals "0.78.0").
public struct ToolkitVersion: Sendable, Comparable, CustomStringConvertible {
    /// MAJOR, MINOR and PATCH, missing parts as 0.
    public var parts: [Int]

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        parts = [major, minor, patch]
    }

    /// "MAJOR[.MINOR[.PATCH]]", digits only, each part within `OSVersion.partRange`.
    public init?(_ text: String) {
        let texts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(texts.count), texts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        let numbers = texts.compactMap { Int($0) }
        guard numbers.count == texts.count, numbers.allSatisfy(OSVersion.partRange.contains) else { return nil }
        parts = numbers + Array(repeating: 0, count: 3 - numbers.count)
    }

    public static func < (lhs: ToolkitVersion, rhs: ToolkitVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

    public var description: String { parts.map(String.init).joined(separator: ".") }
}

public struct AndroidPlatform: Sendable {
    /// The API levels a manifest or rule pack may name: Android is in the thirties, so the bound
    /// only refuses what cannot be a level.
    public static let apiLevels = 1...1000

    /// The UI toolkit: whether a dialog is a window of its own (AND005), and the calls fix texts name.
    public enum Toolkit: String, Sendable, CaseIterable { case views, compose, flutter, reactNative = "react-native" }

    public var minSDK: Int
    public var targetSDK: Int
    public var ui: Toolkit
    /// The version of the toolkit that `ui` names (`ui-version`), when given: from React Native
    /// 0.78 a `Modal` copies the activity's FLAG_SECURE (AND005).
    public var uiVersion: ToolkitVersion?

    /// Compose and Flutter dialogs share their parent's window flag, and from React Native 0.78 a
    /// `Modal` copies the activity's (docs/manifest.md, "Coverage"); without `ui-version` a React
    /// Native `Modal` is a window of its own.
    public var dialogsShareParentWindow: Bool {
        switch ui {
        case .compose, .flutter: true
        case .reactNative: uiVersion.map { $0 >= Self.modalCopiesFlagSince } ?? false
        case .views: false
        }
    }

    /// React Native 0.78 copies the activity's FLAG_SECURE to a `Modal`'s dialog (S51).
    public static let modalCopiesFlagSince = ToolkitVersion(major: 0, minor: 78)
    public var permissions: [Permission]
    public var location: Location
    /// Where the `permissions` list stands (or the platform when absent).
    public var permissionsLocation: Location
    /// Where the `min-sdk` and `target-sdk` keys are.
    public var minSDKLocation: Location
    public var targetSDKLocation: Location

    public func permission(_ name: String) -> Permission? {
        permissions.first { $0.name == name }
    }
}

public struct Permission: Sendable {
    /// The short name (`DETECT_SCREEN_CAPTURE`), whatever form the manifest used.
    public var name: String
    public var maxSDK: Int?
    public var location: Location
}

extension Permission {
    /// `android.permission.DETECT_SCREEN_CAPTURE` → `DETECT_SCREEN_CAPTURE`; other names unchanged.
    public static func shortName(_ name: String) -> String {
        let prefix = "android.permission."
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }
}

public struct SDK: Sendable {
    public enum Captures: String, Sendable, CaseIterable { case screenshots, sessionReplay = "session-replay" }

    public var name: String
    public var captures: Captures
    /// Data kind ids it masks itself.
    public var masks: [String]
    /// Nil for `all`.
    public var screens: [String]?
    /// Where each listed screen id stands.
    public var screenLocations: [Location]
    public var location: Location
}

/// A mechanism named in a `protect` or `detect` list.
public struct MechanismUse: Sendable {
    public var name: String
    /// The platform key of the map form; nil for the list form (every shipped platform where it exists).
    public var platform: Platform?
    public var location: Location

    public func applies(on platform: Platform) -> Bool {
        self.platform.map { $0 == platform } ?? true
    }
}

public struct Capture: Sendable {
    public var detect: [MechanismUse]
    public var protect: [MechanismUse]
    public var notice: CaptureNotice?
    public var onScreenshot: ScreenshotResponse?
    public var location: Location
}

public enum NoticeStyle: String, Sendable, CaseIterable { case banner, inline, toast, alert, none }

public struct CaptureNotice: Sendable {
    public var style: NoticeStyle
    public var styleLocation: Location
    public var text: LocalizedText?
    public var location: Location
}

public struct ScreenshotResponse: Sendable {
    public enum Action: String, Sendable, CaseIterable { case none, notice, promptShare = "prompt-share", openReport = "open-report" }

    public var action: Action
    public var text: LocalizedText?
    public var location: Location
}

/// A text shown to a person: one string, or one per language.
public struct LocalizedText: Sendable {
    public var entries: [TextEntry]
    public var location: Location
}

public struct TextEntry: Sendable {
    /// The BCP 47 tag: the map key, or `app.language`.
    public var language: String
    public var value: String
    /// The scalar node, for exact spans of words inside it.
    public var node: YAMLNode
    public var location: Location
}

public enum WindowKind: String, Sendable, CaseIterable { case screen, dialog, sheet, popup }

/// Who draws a screen's window (`host`): the app, or a browser, sign-in session or other app
/// that the app opens but does not draw (a *hosted screen*, docs/manifest.md).
public enum ScreenHost: String, Sendable, CaseIterable { case app, browserView = "browser-view", authSession = "auth-session", external }

public struct Screen: Sendable {
    public var id: String
    public var title: String?
    public var window: WindowKind
    public var host: ScreenHost = .app
    /// The platforms that have the screen (`platforms`); nil when absent: every shipped platform.
    public var platforms: [Platform]?
    public var parent: String?
    public var parentLocation: Location?
    public var protect: [MechanismUse]
    public var optOut: OptOut?
    public var fields: [Field]
    public var actions: [Action]
    public var notices: [Notice]
    /// A field, action or notice had a mistake and was left out.
    public var hasLeftOutEntries = false
    public var location: Location
    /// Where the `id` value is.
    public var idLocation: Location
    /// The screen's code (`code`), every platform's entries in manifest order.
    public var code: [CodeReference]
    /// Where the `code` key is, when the screen has one.
    public var codeLocation: Location?

    /// A window that another component draws: no `protect` of the app reaches it.
    public var isHosted: Bool { host != .app }

    /// Whether the screen exists on a platform the app ships: decoding leaves out a screen whose
    /// `platforms` names one that the app does not ship, so only shipped platforms are asked about.
    public func appears(on platform: Platform) -> Bool {
        platforms?.contains(platform) ?? true
    }

    /// The screen's code entries for one platform.
    public func code(on platform: Platform) -> [CodeReference] {
        code.filter { $0.platform == platform }
    }
}

/// An entry of a screen's `code`: a type name or a path relative to the platform's source folder
/// (docs/evidence.md).
public struct CodeReference: Sendable {
    public enum Kind: Sendable { case type, path }

    public var platform: Platform
    public var name: String
    public var kind: Kind
    public var location: Location

    /// An entry that contains `/` or ends in a source file's extension names a file; anything
    /// else names a type.
    public static func kind(of name: String) -> Kind {
        name.contains("/") || pathExtensions.contains { name.hasSuffix($0) } ? .path : .type
    }

    static let pathExtensions = [".kt", ".java", ".swift", ".xml", ".dart", ".ts", ".tsx", ".js", ".jsx"]
}

public struct OptOut: Sendable {
    /// Nil or blank when no reason is given.
    public var reason: String?
    public var location: Location

    public var hasReason: Bool { !(reason ?? "").allSatisfy(\.isWhitespace) }
}

public enum FieldContext: String, Sendable, CaseIterable { case detail, listRow = "list-row", summary, widget, notification }
public enum Display: String, Sendable, CaseIterable { case full, masked, hidden }
public enum Reveal: String, Sendable, CaseIterable { case none, tap }
public enum InputKind: String, Sendable, CaseIterable { case none, plain, secure }
/// What a copy control does with the value: nothing, a plain clipboard entry, or one marked sensitive.
public enum CopyBehaviour: String, Sendable, CaseIterable { case none, plain, sensitive }

public struct Field: Sendable {
    public var id: String
    public var label: String?
    /// A data kind id of the taxonomy (aliases resolved); `text` when omitted.
    public var kind: String
    public var kindGiven: Bool
    public var context: FieldContext
    public var display: Display
    public var reveal: Reveal
    public var input: InputKind
    public var keyboardCache: Bool
    public var copy: CopyBehaviour
    public var protect: [MechanismUse]
    public var location: Location

    /// Whether the value is shown in full at some point: `display: full` or a tap to reveal.
    public var showsFullValue: Bool { display == .full || reveal == .tap }

    /// A notification or a widget is drawn by the system from the app's data, outside the app's
    /// window: no `protect` reaches it.
    public var isOutsideAppWindow: Bool { context == .notification || context == .widget }
}

public struct Action: Sendable {
    public var id: String
    public var label: String?
    public var kind: String
    /// Whether the manifest gives `kind` and `risk` (CAP014 looks at actions that give neither).
    public var kindGiven: Bool
    public var riskGiven: Bool
    public var risk: Risk
    public var onCapture: OnCapture
    public var message: LocalizedText?
    /// The id of the screen the action shows (`opens`), a screen of the same document.
    public var opens: String?
    public var opensLocation: Location?
    /// Mechanisms on the action's control (`protect`): only those the taxonomy allows on actions.
    public var protect: [MechanismUse] = []
    public var location: Location
}

public struct Notice: Sendable {
    public enum When: String, Sendable, CaseIterable { case capture, screenshot }

    public var when: When
    public var style: NoticeStyle
    public var styleLocation: Location
    public var text: LocalizedText?
    public var location: Location
}

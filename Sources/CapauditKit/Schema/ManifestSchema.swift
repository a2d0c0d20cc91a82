import JSON

/// The JSON Schema (draft 2020-12) of manifest format 1, for editors (yaml-language-server)
/// and validators.
///
/// It accepts what `ManifestDecoder` accepts: the same keys per mapping (`ManifestKeys`), the
/// same types, and the policy's names as enums (data kinds with their aliases, action kinds,
/// mechanisms, profiles), so that a rule pack's additions complete in an editor too. What no
/// schema can see is left to `capaudit check`: duplicate ids, `parent`, `opens` and `sdks[].screens`
/// naming screens of the file, `target-sdk` below `min-sdk`, a mechanism or platform key for a
/// platform the app does not ship (a screen's `platforms` included), and a missing `app.profile`
/// when no default is given. `capture.detect` takes only mechanisms of role detection, and each
/// `protect` only the mechanisms that the taxonomy allows in its place (`applies-to`; an app-wide
/// one only in `capture.protect`), as docs/manifest.md says.
///
/// It uses only keywords that draft 7 knows too (`$defs` is reached by JSON pointer),
/// because yaml-language-server validates with draft 7 semantics.
public enum ManifestSchema {
    public static let id = "https://capaudit.dev/schema/manifest-1.json"
    public static let metaSchema = "https://json-schema.org/draft/2020-12/schema"

    /// The same policy always gives the same schema, member for member.
    public static func build(_ policy: Policy) -> JSONValue {
        let taxonomy = policy.taxonomy
        return .object([
            ("$schema", .string(metaSchema)),
            ("$id", .string(id)),
            ("title", .string("capaudit screen manifest, format 1")),
            ("description", .string("""
                Which screens of one app show sensitive data or offer high-risk actions, and how the app \
                protects them while the screen is captured. `capaudit check` also judges what this schema \
                cannot: duplicate ids, `parent`, `opens` and `sdks[].screens` naming screens of the file, `target-sdk` \
                below `min-sdk`, mechanisms and screen `platforms` for platforms the app does not ship, and `app.profile` \
                when no default is given.
                """)),
            ("type", .string("object")),
            ("properties", .object([
                ("capaudit", .object([
                    ("description", .string("The format version, 1; it also marks the file as a manifest.")),
                    ("const", .integer(ManifestDecoder.formatVersion)),
                ])),
                ("app", app),
                ("capture", capture),
                ("screens", list("The screens, dialogs, sheets and popups of the app; at least one.", of: screen, minItems: 1)),
            ])),
            ("required", strings(["capaudit", "app", "screens"])),
            ("additionalProperties", .bool(false)),
            ("$defs", definitions(taxonomy: taxonomy, profiles: policy.profileNames)),
        ])
    }

    // MARK: app

    private static var app: JSONValue {
        object(
            "The app: its name, risk profile, platforms and the third-party code that captures its screen.",
            [
                ("name", ref("non-empty-string", "The app's name, as people know it.")),
                ("language", ref("language-tag", "The BCP 47 language tag of texts given as a plain string.", default: .string("en"))),
                ("profile", ref("profile", """
                    The risk profile the app is judged by: banking, health, general, or a profile from a rule pack. \
                    Required unless `--profile` or the config's `profile` gives a default.
                    """)),
                ("platforms", object(
                    "The platforms the app ships on, with their versions; at least one of `ios` and `android`.",
                    [
                        ("ios", object(
                            "The iOS app.",
                            [
                                ("deployment-target", .object([
                                    ("description", .string("The minimum iOS version, a quoted string \"MAJOR[.MINOR]\" such as \"17.0\" (unquoted, 17.10 reads as the number 17.1).")),
                                    ("type", .string("string")),
                                    ("pattern", .string(versionPattern)),
                                ])),
                                ("ui", choice(
                                    "The UI toolkit; it only changes the calls that fix texts name.",
                                    IOSPlatform.Toolkit.allCases.map(\.rawValue), default: IOSPlatform.Toolkit.uikit.rawValue)),
                                ("ui-version", uiVersion),
                            ],
                            required: ["deployment-target"])),
                        ("android", object(
                            "The Android app.",
                            [
                                ("min-sdk", apiLevel("The minimum API level (`minSdk`), an integer such as 26.")),
                                ("target-sdk", apiLevel("The target API level (`targetSdk`), an integer not lower than `min-sdk`.")),
                                ("ui", choice(
                                    "The UI toolkit. With `views` or `react-native` a dialog, sheet or popup is a window of its own that needs its own FLAG_SECURE (AND005); Compose dialogs inherit the parent's flag and Flutter draws them in the same window.",
                                    AndroidPlatform.Toolkit.allCases.map(\.rawValue), default: AndroidPlatform.Toolkit.views.rawValue)),
                                ("ui-version", uiVersion),
                                ("permissions", list(
                                    "The permissions of AndroidManifest.xml that concern capture; the `android.permission.` prefix may be left out.",
                                    of: permission)),
                            ],
                            required: ["min-sdk", "target-sdk"])),
                    ],
                    more: [("minProperties", .integer(1))])),
                ("sdks", list("Third-party code in the app that captures the screen.", of: sdk)),
                ("settings", list("Protections the person can turn off in the app.", of: setting)),
            ],
            required: ["name", "platforms"])
    }

    private static var uiVersion: JSONValue {
        .object([
            ("description", .string("""
                The version of the toolkit that `ui` names, a quoted string "MAJOR[.MINOR[.PATCH]]" compared as numbers \
                (unquoted, 0.80 reads as the number 0.8). Read for `react-native` on Android: from 0.78 a `Modal` copies \
                the activity's FLAG_SECURE (AND005); absent, the oldest behaviour is assumed.
                """)),
            ("type", .string("string")),
            ("pattern", .string(toolkitVersionPattern)),
        ])
    }

    private static var permission: JSONValue {
        .object([
            ("description", .string("A permission: its name, or its name with the highest API level it is requested on.")),
            ("anyOf", .array([
                ref("non-empty-string", "The permission's name, such as DETECT_SCREEN_CAPTURE or android.permission.DETECT_SCREEN_CAPTURE."),
                object(
                    "A permission requested only up to an API level (`android:maxSdkVersion`).",
                    [
                        ("name", ref("non-empty-string", "The permission's name, such as READ_EXTERNAL_STORAGE.")),
                        ("max-sdk", apiLevel("The highest API level the permission is requested on (`android:maxSdkVersion`).")),
                    ],
                    required: ["name"]),
            ])),
        ])
    }

    private static var setting: JSONValue {
        object(
            "A setting of the app that turns protections on or off; the code that clears a mechanism it controls is then the setting at work (EVD003 case `setting`).",
            [
                ("id", ref("non-empty-string", "The setting's name, such as screen-security.")),
                ("controls", list("The mechanisms the setting turns on or off.", of: ref("mechanism", "A mechanism of the taxonomy."), minItems: 1)),
                ("default", choice("Whether the protections are on until the person changes the setting.", ["on", "off"])),
            ],
            required: ["id", "controls", "default"])
    }

    private static var sdk: JSONValue {
        object(
            "A third-party SDK that captures the screen.",
            [
                ("name", ref("non-empty-string", "The SDK's name.")),
                ("captures", choice("What it captures: still screenshots or a session replay.", SDK.Captures.allCases.map(\.rawValue))),
                ("masks", list("The data kinds it masks by itself; omitted, none.", of: ref("data-kind", "A data kind the SDK masks."))),
                ("screens", .object([
                    ("description", .string("The screens it captures: `all`, or a list of screen ids.")),
                    ("default", .string("all")),
                    ("anyOf", .array([
                        .object([("description", .string("Every screen of the app.")), ("const", .string("all"))]),
                        list("The ids of the screens it captures.", of: ref("screen-id", "The id of a screen of this manifest."))
                    ])),
                ])),
            ],
            required: ["name", "captures"])
    }

    // MARK: capture

    private static var capture: JSONValue {
        object(
            "App-wide capture handling: what the app detects, what it protects on every screen, and what it tells the person.",
            [
                ("detect", list("The detection mechanisms the app uses (a list; detection covers nothing by itself).", of: ref("detect-mechanism", "A mechanism of role detection."))),
                ("protect", ref("capture-protect", "Mechanisms applied to every screen, dialogs included; the only place for app-wide mechanisms.")),
                ("notice", object(
                    "What the person is told while a capture session is active.",
                    [
                        ("style", choice("How the notice is shown.", NoticeStyle.allCases.map(\.rawValue), default: NoticeStyle.banner.rawValue)),
                        ("text", ref("text", "The notice's text.")),
                    ])),
                ("on-screenshot", object(
                    "What the app does after a screenshot.",
                    [
                        ("action", choice("The app's response to a screenshot.", ScreenshotResponse.Action.allCases.map(\.rawValue))),
                        ("text", ref("text", "The text shown with the response.")),
                    ],
                    required: ["action"])),
            ])
    }

    // MARK: screens

    private static var screen: JSONValue {
        let ownWindows = WindowKind.allCases.filter { $0 != .screen }.map(\.rawValue)
        return object(
            "A screen, or a dialog, sheet or popup that opens over one.",
            [
                ("id", ref("screen-id", "The screen's id, unique in the file: lower-case letters, digits and `-`.")),
                ("title", string("The screen's title, for people.")),
                ("window", choice(
                    "What kind of window shows it. On Android each window needs its own FLAG_SECURE, so a dialog, sheet or popup that the app draws names its `parent`.",
                    WindowKind.allCases.map(\.rawValue), default: WindowKind.screen.rawValue)),
                ("parent", ref("screen-id", "For a dialog, sheet or popup: the id of the screen it opens over. It does not inherit that screen's `protect`.")),
                ("host", choice(
                    """
                    Who draws the screen's window: the app (a WebView inside it included), a browser the app presents but does not draw \
                    (Custom Tabs, SFSafariViewController), a system sign-in session (ASWebAuthenticationSession, Auth Tab), or another app \
                    or the system browser. A hosted screen (not `app`) needs no `parent`, and no `protect` reaches it.
                    """,
                    ScreenHost.allCases.map(\.rawValue), default: ScreenHost.app.rawValue)),
                ("platforms", list(
                    "The platforms of `app.platforms` that have this screen; omitted, every shipped platform. The screen is judged only on these.",
                    of: choice("A platform that has the screen.", Platform.allCases.map(\.rawValue)), minItems: 1)),
                ("protect", ref("screen-protect", "Mechanisms applied to every field of this screen.")),
                ("code", object(
                    "The screen's code per platform, for evidence from the app's source: type names (a class, object, struct, enum or a Swift extension of one, case-sensitive) or file paths relative to that platform's source folder (an entry with `/` or ending in .kt, .java, .swift, .xml, .dart, .ts, .tsx, .js or .jsx).",
                    Platform.allCases.map { platform in
                        (platform.rawValue, list(
                            "Types and files of the screen's \(platform.displayName) code.",
                            of: ref("non-empty-string", "A type name or a path relative to the \(platform.displayName) source folder.")))
                    })),
                ("opt-out", .object([
                    ("description", .string("Marks the screen as deliberately left unprotected; give the reason (without one, CAP007 reports it).")),
                    ("anyOf", .array([
                        .object([("description", .string("An opt-out without a reason.")), ("type", .string("null"))]),
                        object(
                            "An opt-out with its reason.",
                            [("reason", .object([
                                ("description", .string("Why the screen is left unprotected, for reviewers and audits.")),
                                ("type", strings(["string", "null"])),
                            ]))]),
                    ])),
                ])),
                ("fields", list("The values the screen shows or takes as input.", of: field)),
                ("actions", list("What the person can do on the screen.", of: action)),
                ("notices", list("Messages of this screen about capture or screenshots.", of: screenNotice)),
            ],
            required: ["id"],
            more: [
                ("if", .object([
                    ("properties", .object([
                        ("window", .object([
                            ("description", .string("A window of its own, which opens over a screen.")),
                            ("enum", strings(ownWindows)),
                        ])),
                        ("host", .object([
                            ("description", .string("Drawn by the app (the default when `host` is absent).")),
                            ("const", .string(ScreenHost.app.rawValue)),
                        ])),
                    ])),
                    ("required", strings(["window"])),
                ])),
                ("then", .object([("required", strings(["parent"]))])),
            ])
    }

    private static var field: JSONValue {
        object(
            "A value the screen shows or takes as input.",
            [
                ("id", ref("non-empty-string", "The field's id, unique in the screen.")),
                ("label", string("The label people see; used to spot sensitive fields without a `kind`.")),
                ("kind", ref("data-kind", "What the value is: a data kind of the taxonomy, or one of its aliases.", default: .string("text"))),
                ("context", choice("Where the value appears. A `notification` is drawn by the system outside the app's window: no `protect` reaches it and none is required of it (CAP008 judges what it shows).", FieldContext.allCases.map(\.rawValue), default: FieldContext.detail.rawValue)),
                ("display", choice(
                    "How the value is shown: `masked` or `hidden` covers every threat unless `reveal: tap`. Default `full`, `masked` for `input: secure`.",
                    Display.allCases.map(\.rawValue), default: Display.full.rawValue)),
                ("reveal", choice("Whether a control shows the full value (`tap`); the revealed value then needs coverage as if `full`.", Reveal.allCases.map(\.rawValue), default: Reveal.none.rawValue)),
                ("input", choice("Whether the person types the value: `none` (display only), `plain` or `secure`.", InputKind.allCases.map(\.rawValue), default: InputKind.none.rawValue)),
                ("keyboard-cache", .object([
                    ("description", .string("For inputs: whether the keyboard may learn and suggest what is typed.")),
                    ("type", .string("boolean")),
                    ("default", .bool(true)),
                ])),
                ("copy", choice(
                    "Whether a control copies the value: `none`, `plain`, or `sensitive` (Android `ClipDescription.EXTRA_IS_SENSITIVE`, iOS `UIPasteboard` `localOnly` with an expiry).",
                    CopyBehaviour.allCases.map(\.rawValue), default: CopyBehaviour.none.rawValue)),
                ("protect", ref("field-protect", "Mechanisms applied to this field, besides its screen's and `capture.protect`.")),
            ],
            required: ["id"])
    }

    private static var action: JSONValue {
        object(
            "Something the person can do on the screen.",
            [
                ("id", ref("non-empty-string", "The action's id, unique in the screen.")),
                ("label", string("The label people see.")),
                ("kind", ref("action-kind", "What the action does: an action kind of the taxonomy.", default: .string("other"))),
                ("risk", choice("How much harm the action can do while someone watches; default from its kind.", Risk.allCases.map(\.rawValue))),
                ("on-capture", choice("What the action does while the screen is captured.", OnCapture.allCases.map(\.rawValue), default: OnCapture.allow.rawValue)),
                ("message", ref("text", "What the person is told when the action is paused or confirmed during capture.")),
                ("opens", ref("screen-id", "The id of the screen this action shows, a screen of this manifest (a hosted screen, a dialog).")),
                ("protect", ref("action-protect", "Harden mechanisms applied to the action's control: only those the taxonomy allows on actions.")),
            ],
            required: ["id"])
    }

    private static var screenNotice: JSONValue {
        object(
            "A message of this screen.",
            [
                ("when", choice("When it is shown: during a capture session, or after a screenshot.", Notice.When.allCases.map(\.rawValue))),
                ("style", choice("How the notice is shown.", NoticeStyle.allCases.map(\.rawValue), default: NoticeStyle.banner.rawValue)),
                ("text", ref("text", "The notice's text.")),
            ],
            required: ["when", "text"])
    }

    // MARK: shared definitions

    private static func definitions(taxonomy: Taxonomy, profiles: [String]) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("non-empty-string", .object([
                ("description", .string("A string with at least one character that is not white space.")),
                ("type", .string("string")),
                ("pattern", .string("\\S")),
            ])),
            ("screen-id", .object([
                ("description", .string("A screen id: lower-case letters, digits and `-`, starting with a letter or digit, such as `account-overview`.")),
                ("type", .string("string")),
                ("pattern", .string(screenIDPattern)),
            ])),
            ("language-tag", .object([
                ("description", .string("A BCP 47 language tag such as `en` or `pt-BR`.")),
                ("type", .string("string")),
                ("pattern", .string(languageTagPattern)),
            ])),
            ("text", .object([
                ("description", .string("A text shown to people: a string (in `app.language`), or a map from BCP 47 language tag to string.")),
                ("anyOf", .array([
                    string("The text in `app.language` (English unless it says otherwise)."),
                    .object([
                        ("description", .string("The text per language, such as {en: \"...\", vi: \"...\"}.")),
                        ("type", .string("object")),
                        ("propertyNames", .object([("$ref", .string("#/$defs/language-tag"))])),
                        ("additionalProperties", string("The text in this language.")),
                    ]),
                ])),
            ])),
            ("profile", choice("A risk profile of the policy.", profiles)),
            ("data-kind", choice("A data kind of the taxonomy, or an alias of one.", taxonomy.dataKindNames)),
            ("action-kind", choice("An action kind of the taxonomy.", taxonomy.actionKinds.map(\.id))),
            ("mechanism", choice("A mechanism of the taxonomy.", unique(taxonomy.mechanisms.map(\.id)))),
            ("detect-mechanism", choice("A detection mechanism of the taxonomy.", unique(taxonomy.mechanisms.filter { $0.role == .detect }.map(\.id)))),
        ]
        for placement in Mechanism.Placement.allCases {
            members += protectDefinitions(placement, taxonomy: taxonomy)
        }
        return .object(members)
    }

    /// A `protect` of one place, `<place>-protect`: a list or a map from platform to list, of
    /// the mechanisms the taxonomy allows there (`<place>-mechanism`, `<platform>-<place>-mechanism`).
    private static func protectDefinitions(_ placement: Mechanism.Placement, taxonomy: Taxonomy) -> [(String, JSONValue)] {
        let place = placement.rawValue
        let placeName = placement.protectList
        let allowed = taxonomy.mechanisms.filter { $0.applies(to: placement) }
        var members: [(String, JSONValue)] = [
            ("\(place)-mechanism", choice("A mechanism of the taxonomy allowed in \(placeName); on each shipped platform where it exists.", unique(allowed.map(\.id))))
        ]
        for platform in Platform.allCases {
            members.append(("\(platform.rawValue)-\(place)-mechanism", choice(
                "A mechanism of \(platform.displayName) allowed in \(placeName).", unique(allowed.filter { $0.platform == platform }.map(\.id)))))
        }
        members.append(("\(place)-protect", .object([
            ("description", .string("Mechanisms of \(placeName): a list, applied on every shipped platform where each exists, or a map from platform to list.")),
            ("anyOf", .array([
                list("Mechanisms applied on every shipped platform where each exists.", of: ref("\(place)-mechanism", "A mechanism.")),
                object(
                    "Mechanisms per platform, for one meant for one platform only.",
                    Platform.allCases.map { platform in
                        (platform.rawValue, list(
                            "Mechanisms applied on \(platform.displayName) only.",
                            of: ref("\(platform.rawValue)-\(place)-mechanism", "A mechanism of \(platform.displayName).")))
                    }),
            ])),
        ])))
        return members
    }

    private static let screenIDPattern = "^[a-z0-9][a-z0-9-]*$"
    private static let versionPattern = "^[0-9]{1,3}(\\.[0-9]{1,3})?$"
    private static let toolkitVersionPattern = "^[0-9]{1,3}(\\.[0-9]{1,3}){0,2}$"
    private static let languageTagPattern = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"

    // MARK: building blocks

    /// A mapping that accepts only `properties`; keys missing from `required` are optional.
    private static func object(_ description: String, _ properties: [(String, JSONValue)], required: [String] = [], more: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("description", .string(description)),
            ("type", .string("object")),
            ("properties", .object(properties)),
        ]
        if !required.isEmpty { members.append(("required", strings(required))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members + more)
    }

    private static func list(_ description: String, of items: JSONValue, minItems: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(description)), ("type", .string("array")), ("items", items)]
        if let minItems { members.append(("minItems", .integer(minItems))) }
        return .object(members)
    }

    private static func string(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("type", .string("string"))])
    }

    private static func apiLevel(_ description: String) -> JSONValue {
        .object([
            ("description", .string(description)), ("type", .string("integer")),
            ("minimum", .integer(AndroidPlatform.apiLevels.lowerBound)), ("maximum", .integer(AndroidPlatform.apiLevels.upperBound)),
        ])
    }

    private static func choice(_ description: String, _ values: [String], default value: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(description)), ("enum", strings(values))]
        if let value { members.append(("default", .string(value))) }
        return .object(members)
    }

    private static func ref(_ definition: String, _ description: String, default value: JSONValue? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("description", .string(description)), ("$ref", .string("#/$defs/\(definition)"))]
        if let value { members.append(("default", value)) }
        return .object(members)
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// Names in first-seen order without repeats (a mechanism can exist on both platforms).
    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

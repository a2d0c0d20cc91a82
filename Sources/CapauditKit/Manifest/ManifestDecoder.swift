import YAML

/// What decoding one document gave: the manifest (nil when too broken to check) and its problems.
public struct DecodedDocument: Sendable {
    public var manifest: Manifest?
    public var problems: [DecodingProblem]
    /// The manifest names a profile that does not exist: every schema error is still reported,
    /// but no policy rule can judge the document (docs/manifest.md).
    public var profileIsUnknown = false

    /// The manifest to run the policy rules on, if any.
    public var manifestForPolicy: Manifest? { profileIsUnknown ? nil : manifest }
}

/// Reads one YAML document into a `Manifest`, reporting every mistake (MAN002-MAN004).
///
/// Names of kinds, mechanisms and profiles come from the policy, so that a rule pack can add
/// new ones. An entity whose own values are wrong is left out, so that policy rules judge
/// only what decoded.
public struct ManifestDecoder {
    public var taxonomy: Taxonomy
    public var profileNames: [String]
    /// The profile for a manifest that names none (command line or config).
    public var defaultProfile: String?

    public init(taxonomy: Taxonomy, profileNames: [String], defaultProfile: String?) {
        self.taxonomy = taxonomy
        self.profileNames = profileNames
        self.defaultProfile = defaultProfile
    }

    public static let formatVersion = 1

    public func decode(_ root: YAMLNode) -> DecodedDocument {
        let run = DecodingRun(decoder: self)
        let manifest = run.manifest(root)
        // A document the policy rules cannot judge whole (not decoded, an unknown profile, a platform
        // left out) is skipped content: its findings' fingerprints cover all of it.
        if run.profileIsUnknown || manifest.map({ run.leavesOutPlatform($0.app) }) ?? true { run.nodes.skipped(root, problemsSince: 0) }
        return DecodedDocument(manifest: manifest, problems: run.nodes.problems, profileIsUnknown: run.profileIsUnknown)
    }
}

enum ManifestKeys {
    static let root = ["capaudit", "app", "capture", "screens"]
    static let app = ["name", "language", "profile", "platforms", "sdks", "settings"]
    static let setting = ["id", "controls", "default"]
    static let platforms = ["ios", "android"]
    static let ios = ["deployment-target", "ui", "ui-version"]
    static let android = ["min-sdk", "target-sdk", "ui", "ui-version", "permissions"]
    static let permission = ["name", "max-sdk"]
    static let sdk = ["name", "captures", "masks", "screens"]
    static let capture = ["detect", "protect", "notice", "on-screenshot"]
    static let notice = ["style", "text"]
    static let onScreenshot = ["action", "text"]
    static let screen = ["id", "title", "window", "parent", "host", "platforms", "protect", "code", "opt-out", "fields", "actions", "notices"]
    static let optOut = ["reason"]
    static let field = ["id", "label", "kind", "context", "display", "reveal", "input", "keyboard-cache", "copy", "protect"]
    static let action = ["id", "label", "kind", "risk", "on-capture", "message", "opens", "protect"]
    static let screenNotice = ["when", "style", "text"]
}

/// The state of decoding one document.
final class DecodingRun {
    let decoder: ManifestDecoder
    let nodes = NodeDecoder()
    var language = "en"
    /// Platforms listed under `app.platforms`, even when their entry has a mistake: a mistake
    /// inside an entry must not turn every mechanism of that platform into MAN004.
    var shipped: Set<Platform> = []
    /// False when `app.platforms` cannot be read: no mechanism is then judged against it.
    var platformsKnown = false
    var profileIsUnknown = false
    /// Every action's `opens` as written, with its node and path: checked against the document's
    /// screen ids once all are read, whether or not the action decoded.
    var openedScreens: [(id: String, node: YAMLNode, path: String)] = []

    init(decoder: ManifestDecoder) {
        self.decoder = decoder
    }

    var taxonomy: Taxonomy { decoder.taxonomy }

    /// Whether a platform the app ships is left out of `app` (a mistake in its entry, or in
    /// `app.platforms`): no policy rule then judges any screen for it.
    func leavesOutPlatform(_ app: App) -> Bool {
        !platformsKnown || (shipped.contains(.ios) && app.ios == nil) || (shipped.contains(.android) && app.android == nil)
    }

    /// Decodes one entry of a list; when it is left out, the problems found in it cover its content.
    func entry<T>(_ node: YAMLNode, _ decode: () -> T?) -> T? {
        let start = nodes.problemCount
        let value = nodes.within(node, decode)
        if value == nil { nodes.skipped(node, problemsSince: start) }
        return value
    }

    func location(_ node: YAMLNode, _ path: String) -> Location {
        Location(position: nodes.position(of: node), path: path, byteRange: node.byteRange)
    }

    func manifest(_ root: YAMLNode) -> Manifest? {
        guard let top = nodes.mapping(root, path: "", what: "a manifest", known: ManifestKeys.root, required: ["capaudit", "app", "screens"]) else {
            return nil
        }
        if let version = top["capaudit"] {
            guard case .integer(ManifestDecoder.formatVersion) = version.scalar?.resolved else {
                nodes.report("`capaudit` must be 1, got \(NodeDecoder.describe(version)); this capaudit reads format 1", at: version, path: "capaudit")
                return nil
            }
        }
        // Every part is decoded whatever the others gave, so that one run reports every mistake;
        // only a manifest whose parts all decoded goes on to the policy rules.
        let app = top["app"].flatMap { node in nodes.within(node) { self.app(node) } }
        let capture = top["capture"].map { node in nodes.within(node) { self.capture(node) } }
            ?? Capture(detect: [], protect: [], notice: nil, onScreenshot: nil, location: location(root, "capture"))
        let screens = top["screens"].map { self.screens($0) } ?? []
        guard let app else { return nil }
        // Ids as written: a screen left out for a mistake of its own is still a screen that a
        // `parent` or `opens` may name.
        let screenIDs = top["screens"]?.sequence?.compactMap(Self.rawID) ?? []
        validateReferences(app: app, screens: screens, screenIDs: screenIDs)
        guard let screensNode = top["screens"] else { return nil }
        let listed = screensNode.sequence?.count ?? 1
        return Manifest(
            app: app, capture: capture, screens: screens, hasLeftOutScreens: listed != screens.count || screens.contains(where: \.hasLeftOutEntries),
            documentPosition: root.start)
    }

    // MARK: app

    func app(_ node: YAMLNode) -> App? {
        guard let fields = nodes.mapping(node, path: "app", what: "`app`", known: ManifestKeys.app, required: ["name", "platforms"]) else {
            return nil
        }
        let name = fields["name"].flatMap { nodes.string($0, path: "app.name", what: "`app.name`", nonEmpty: true) } ?? ""
        if let tagNode = fields["language"], let tag = nodes.string(tagNode, path: "app.language", what: "`app.language`", nonEmpty: true) {
            if Self.isLanguageTag(tag) {
                language = tag
            } else {
                nodes.report("`app.language` must be a BCP 47 language tag such as `en` or `pt-BR`, got \"\(tag)\"", at: tagNode, path: "app.language")
            }
        }
        var profile: String?
        var profileLocation: Location?
        if let profileNode = fields["profile"], let name = nodes.string(profileNode, path: "app.profile", what: "`app.profile`", nonEmpty: true) {
            profileLocation = location(profileNode, "app.profile")
            if decoder.profileNames.contains(name) {
                profile = name
            } else {
                let hint = NearestName.hint(for: name, among: decoder.profileNames)
                let known = hint.isEmpty ? "; known profiles: \(decoder.profileNames.joined(separator: ", "))" : hint
                nodes.report("unknown profile `\(name)`\(known); no policy rule can judge this manifest until it names a known profile", at: profileNode, path: "app.profile")
                profileIsUnknown = true
            }
        } else if fields["profile"] == nil, decoder.defaultProfile == nil {
            nodes.report("`app` needs the key `profile` (banking, health, general or a profile from a rule pack), or give a default with --profile or the config's `profile`", at: node, path: "app")
        }
        var ios: IOSPlatform?
        var android: AndroidPlatform?
        if let platformsNode = fields["platforms"] {
            nodes.within(platformsNode) {
                guard let platforms = nodes.mapping(platformsNode, path: "app.platforms", what: "`app.platforms`", known: ManifestKeys.platforms) else { return }
                platformsKnown = true
                if platforms["ios"] == nil, platforms["android"] == nil {
                    nodes.report("`app.platforms` needs at least one of `ios` and `android`", at: platformsNode, path: "app.platforms")
                }
                // A platform entry with a mistake still counts as shipped for the schema checks, but
                // the policy rules skip a platform they cannot read (it is left out of `App`).
                if let iosNode = platforms["ios"] {
                    shipped.insert(.ios)
                    ios = nodes.within(iosNode) { iosPlatform(iosNode) }
                }
                if let androidNode = platforms["android"] {
                    shipped.insert(.android)
                    android = nodes.within(androidNode) { androidPlatform(androidNode) }
                }
            }
        }
        let sdks = fields["sdks"].map { self.sdks($0) } ?? []
        let settings = fields["settings"].map { self.settings($0) } ?? []
        return App(
            name: name, language: language, profile: profile, profileLocation: profileLocation, ios: ios, android: android,
            sdks: sdks, settings: settings, location: location(node, "app"))
    }

    /// `app.settings`: each `{id, controls, default}`; `controls` names mechanisms as `detect`
    /// lists do (an unknown name is MAN002 with the nearest, one the app does not ship MAN004).
    func settings(_ node: YAMLNode) -> [AppSetting] {
        var result: [AppSetting] = []
        for (index, item) in (nodes.list(node, path: "app.settings", what: "`app.settings`") ?? []).enumerated() {
            let id = item["id"]?.scalar?.value
            let path = id.map { "app.settings[id=\($0)]" } ?? "app.settings[\(index)]"
            let decoded: AppSetting? = entry(item) {
                guard let fields = nodes.mapping(item, path: path, what: "a setting", known: ManifestKeys.setting, required: ["id", "controls", "default"]),
                    let idNode = fields["id"], let id = nodes.string(idNode, path: "\(path).id", what: "`id`", nonEmpty: true),
                    let controlsNode = fields["controls"], let defaultNode = fields["default"],
                    let state = nodes.oneOf(defaultNode, ["on", "off"], path: "\(path).default", what: "`default`")
                else { return nil }
                let controls = mechanismList(controlsNode, path: "\(path).controls", platform: nil, placement: nil)
                if controlsNode.sequence?.isEmpty == true {
                    nodes.report("`controls` needs at least one mechanism that the setting turns on or off, such as [flag-secure]", at: controlsNode, path: "\(path).controls")
                }
                return AppSetting(id: id, controls: controls, isOnByDefault: state == "on", location: location(item, path))
            }
            if let decoded { result.append(decoded) }
        }
        return result
    }

    /// A tag is ASCII: it is read as bytes, and any other byte fails it.
    static func isLanguageTag(_ tag: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let parts = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    func iosPlatform(_ node: YAMLNode) -> IOSPlatform? {
        let path = "app.platforms.ios"
        guard let fields = nodes.mapping(node, path: path, what: "`ios`", known: ManifestKeys.ios, required: ["deployment-target"]) else { return nil }
        let ui = enumValue(fields["ui"], IOSPlatform.Toolkit.self, default: .uikit, path: "\(path).ui")
        let uiVersion = fields["ui-version"].flatMap { toolkitVersion($0, path: "\(path).ui-version") }
        guard let targetNode = fields["deployment-target"], let version = deploymentTarget(targetNode, path: "\(path).deployment-target"), let ui,
            fields["ui-version"] == nil || uiVersion != nil
        else { return nil }
        return IOSPlatform(
            deploymentTarget: version, ui: ui, uiVersion: uiVersion, location: location(node, path), deploymentTargetLocation: keyLocation(node, "deployment-target", path: "\(path).deployment-target"))
    }

    func deploymentTarget(_ targetNode: YAMLNode, path targetPath: String) -> OSVersion? {
        versionString(targetNode, key: "deployment-target", format: "MAJOR[.MINOR]", example: ("17.0", "17.10 reads as 17.1"), path: targetPath, parse: OSVersion.init)
    }

    func toolkitVersion(_ node: YAMLNode, path: String) -> ToolkitVersion? {
        versionString(node, key: "ui-version", format: "MAJOR[.MINOR[.PATCH]]", example: ("0.78", "0.80 reads as 0.8"), path: path, parse: ToolkitVersion.init)
    }

    /// A version written as a string; an unquoted number is refused with the hint to quote it,
    /// since YAML reads it as a number and drops trailing zeros (`example.misread`).
    func versionString<Version>(
        _ node: YAMLNode, key: String, format: String, example: (text: String, misread: String), path: String, parse: (String) -> Version?
    ) -> Version? {
        guard let scalar = node.scalar else {
            nodes.report("`\(key)` must be a version string such as \"\(example.text)\", got \(NodeDecoder.describe(node))", at: node, path: path)
            return nil
        }
        switch scalar.resolved {
        case .string(let text):
            guard let version = parse(text) else {
                nodes.report("`\(key)` must be \"\(format)\" such as \"\(example.text)\" (each part at most \(OSVersion.partRange.upperBound)), got \"\(text)\"", at: node, path: path)
                return nil
            }
            return version
        case .integer, .float:
            nodes.report("`\(key)` must be a string, got the number \(scalar.value); quote it: \"\(scalar.value)\" (unquoted, \(example.misread))", at: node, path: path)
        default:
            nodes.report("`\(key)` must be a version string such as \"\(example.text)\", got \(NodeDecoder.describe(node))", at: node, path: path)
        }
        return nil
    }

    func androidPlatform(_ node: YAMLNode) -> AndroidPlatform? {
        let path = "app.platforms.android"
        guard let fields = nodes.mapping(node, path: path, what: "`android`", known: ManifestKeys.android, required: ["min-sdk", "target-sdk"]) else {
            return nil
        }
        let minSDK = fields["min-sdk"].flatMap { nodes.integer($0, path: "\(path).min-sdk", what: "`min-sdk`", range: AndroidPlatform.apiLevels) }
        let targetSDK = fields["target-sdk"].flatMap { nodes.integer($0, path: "\(path).target-sdk", what: "`target-sdk`", range: AndroidPlatform.apiLevels) }
        let ui = enumValue(fields["ui"], AndroidPlatform.Toolkit.self, default: .views, path: "\(path).ui")
        let uiVersion = fields["ui-version"].flatMap { toolkitVersion($0, path: "\(path).ui-version") }
        if let minSDK, let targetSDK, let targetNode = fields["target-sdk"], targetSDK < minSDK {
            nodes.report("`target-sdk` (\(targetSDK)) must not be lower than `min-sdk` (\(minSDK))", at: targetNode, path: "\(path).target-sdk")
        }
        var permissions: [Permission] = []
        var permissionsLocation = location(node, path)
        if let listNode = fields["permissions"] {
            permissionsLocation = location(listNode, "\(path).permissions")
            for (index, item) in (nodes.list(listNode, path: "\(path).permissions", what: "`permissions`") ?? []).enumerated() {
                if let permission = entry(item, { self.permission(item, path: "\(path).permissions[\(index)]") }) {
                    permissions.append(permission)
                }
            }
        }
        guard let minSDK, let targetSDK, let ui, fields["ui-version"] == nil || uiVersion != nil else { return nil }
        return AndroidPlatform(
            minSDK: minSDK, targetSDK: targetSDK, ui: ui, uiVersion: uiVersion, permissions: permissions, location: location(node, path), permissionsLocation: permissionsLocation,
            minSDKLocation: keyLocation(node, "min-sdk", path: "\(path).min-sdk"), targetSDKLocation: keyLocation(node, "target-sdk", path: "\(path).target-sdk"))
    }

    func permission(_ node: YAMLNode, path: String) -> Permission? {
        if node.scalar != nil {
            guard let name = nodes.string(node, path: path, what: "a permission", nonEmpty: true) else { return nil }
            return Permission(name: Permission.shortName(name), maxSDK: nil, location: location(node, path))
        }
        guard let fields = nodes.mapping(node, path: path, what: "a permission", known: ManifestKeys.permission, required: ["name"]),
            let nameNode = fields["name"], let name = nodes.string(nameNode, path: "\(path).name", what: "`name`", nonEmpty: true)
        else { return nil }
        let maxSDK = fields["max-sdk"].flatMap { nodes.integer($0, path: "\(path).max-sdk", what: "`max-sdk`", range: AndroidPlatform.apiLevels) }
        return Permission(name: Permission.shortName(name), maxSDK: maxSDK, location: location(node, path))
    }

    func sdks(_ node: YAMLNode) -> [SDK] {
        var result: [SDK] = []
        for (index, item) in (nodes.list(node, path: "app.sdks", what: "`app.sdks`") ?? []).enumerated() {
            let decoded = result.count
            let start = nodes.problemCount
            defer { if result.count == decoded { nodes.skipped(item, problemsSince: start) } }
            nodes.within(item) {
                let name = item["name"]?.scalar?.value
                let path = name.map { "app.sdks[name=\($0)]" } ?? "app.sdks[\(index)]"
                guard let fields = nodes.mapping(item, path: path, what: "an SDK", known: ManifestKeys.sdk, required: ["name", "captures"]) else { return }
                let before = nodes.problemCount
                let sdkName = fields["name"].flatMap { nodes.string($0, path: "\(path).name", what: "`name`", nonEmpty: true) }
                let captures = fields["captures"].flatMap {
                    nodes.oneOf($0, SDK.Captures.self, path: "\(path).captures", what: "`captures`")
                }
                var masks: [String] = []
                if let masksNode = fields["masks"] {
                    for (kindName, kindNode) in nodes.stringList(masksNode, path: "\(path).masks", what: "`masks`") {
                        if let kind = dataKind(kindName, node: kindNode, path: "\(path).masks") { masks.append(kind) }
                    }
                }
                var screens: [String]?
                var screenLocations: [Location] = []
                if let screensNode = fields["screens"] {
                    if screensNode.scalar?.value == "all" {
                        screens = nil
                    } else if screensNode.sequence != nil {
                        let listed = nodes.stringList(screensNode, path: "\(path).screens", what: "`screens`")
                        screens = listed.map(\.0)
                        screenLocations = listed.enumerated().map { index, entry in location(entry.1, "\(path).screens[\(index)]") }
                    } else {
                        nodes.report("`screens` must be `all` or a list of screen ids, got \(NodeDecoder.describe(screensNode))", at: screensNode, path: "\(path).screens")
                    }
                }
                guard nodes.problemCount == before, let sdkName, let captures else { return }
                result.append(SDK(name: sdkName, captures: captures, masks: masks, screens: screens, screenLocations: screenLocations, location: location(item, path)))
            }
        }
        return result
    }

    // MARK: capture

    func capture(_ node: YAMLNode) -> Capture {
        let path = "capture"
        var capture = Capture(detect: [], protect: [], notice: nil, onScreenshot: nil, location: location(node, path))
        guard let fields = nodes.mapping(node, path: path, what: "`capture`", known: ManifestKeys.capture) else { return capture }
        if let detect = fields["detect"] {
            capture.detect = mechanismList(detect, path: "capture.detect", platform: nil, placement: nil).filter { use in
                let known = taxonomy.mechanisms(named: use.name)
                guard known.allSatisfy({ $0.role == .protect }) else { return true }
                nodes.report("`\(use.name)` is a protect mechanism: list it under a `protect` list; `detect` takes detection mechanisms (\(taxonomy.mechanisms.filter { $0.role == .detect }.map(\.id).joined(separator: ", ")))", at: use.location.position, path: use.location.path)
                return false
            }
        }
        if let protect = fields["protect"] { capture.protect = mechanisms(protect, path: "capture.protect", placement: .capture) }
        if let noticeNode = fields["notice"] {
            let start = nodes.problemCount
            defer { if capture.notice == nil { nodes.skipped(noticeNode, problemsSince: start) } }
            nodes.within(noticeNode) {
                let noticePath = "capture.notice"
                guard let notice = nodes.mapping(noticeNode, path: noticePath, what: "`capture.notice`", known: ManifestKeys.notice) else { return }
                let styleNode = notice["style"]
                let style = styleNode.map { nodes.oneOf($0, NoticeStyle.self, path: "\(noticePath).style", what: "`style`") } ?? .banner
                let text = notice["text"].flatMap { self.text($0, path: "\(noticePath).text") }
                guard let style else { return }
                capture.notice = CaptureNotice(
                    style: style, styleLocation: location(styleNode ?? noticeNode, styleNode == nil ? noticePath : "\(noticePath).style"),
                    text: text, location: location(noticeNode, noticePath))
            }
        }
        if let responseNode = fields["on-screenshot"] {
            let start = nodes.problemCount
            defer { if capture.onScreenshot == nil { nodes.skipped(responseNode, problemsSince: start) } }
            nodes.within(responseNode) {
                let responsePath = "capture.on-screenshot"
                guard let response = nodes.mapping(responseNode, path: responsePath, what: "`capture.on-screenshot`", known: ManifestKeys.onScreenshot, required: ["action"]) else { return }
                let action = response["action"].flatMap {
                    nodes.oneOf($0, ScreenshotResponse.Action.self, path: "\(responsePath).action", what: "`action`")
                }
                let text = response["text"].flatMap { self.text($0, path: "\(responsePath).text") }
                guard let action else { return }
                capture.onScreenshot = ScreenshotResponse(action: action, text: text, location: location(responseNode, responsePath))
            }
        }
        return capture
    }

    // MARK: mechanisms

    /// A `protect` list of a place, or a map from platform to list.
    func mechanisms(_ node: YAMLNode, path: String, placement: Mechanism.Placement) -> [MechanismUse] {
        if let pairs = node.mapping {
            var uses: [MechanismUse] = []
            for pair in pairs {
                guard let key = pair.key.scalar?.value else {
                    nodes.report("keys of `\(Self.lastKey(path))` must be platform names (ios, android)", at: pair.key, path: path)
                    continue
                }
                guard let platform = Platform(rawValue: key) else {
                    nodes.report("unknown platform `\(key)` in `\(Self.lastKey(path))`\(NearestName.hint(for: key, among: Platform.allCases.map(\.rawValue))); use ios or android", at: pair.key, path: "\(path).\(key)")
                    continue
                }
                if platformsKnown, !shipped.contains(platform) {
                    nodes.report(.wrongPlatform, "`\(Self.lastKey(path))` names mechanisms for \(platform.displayName), but `app.platforms` does not ship \(platform.rawValue)", at: pair.key, path: "\(path).\(key)")
                    continue
                }
                uses += mechanismList(pair.value, path: "\(path).\(key)", platform: platform, placement: placement)
            }
            return uses
        }
        return mechanismList(node, path: path, platform: nil, placement: placement)
    }

    /// A list of mechanism names; `placement` is the place of a `protect` list (nil for `detect`).
    func mechanismList(_ node: YAMLNode, path: String, platform: Platform?, placement: Mechanism.Placement?) -> [MechanismUse] {
        var uses: [MechanismUse] = []
        for (index, item) in (nodes.list(node, path: path, what: "`\(Self.lastKey(path))`") ?? []).enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let name = nodes.string(item, path: itemPath, what: "a mechanism", nonEmpty: true) else { continue }
            let known = taxonomy.mechanisms(named: name)
            if known.isEmpty {
                nodes.report("unknown mechanism `\(name)`\(NearestName.hint(for: name, among: taxonomy.mechanismNames))", at: item, path: itemPath)
                continue
            }
            if let platform {
                if !known.contains(where: { $0.platform == platform }) {
                    let platforms = known.map(\.platform.displayName).joined(separator: " and ")
                    nodes.report(.wrongPlatform, "`\(name)` is a mechanism of \(platforms), not of \(platform.displayName); move it under the right platform", at: item, path: itemPath)
                    continue
                }
            } else if platformsKnown, !known.contains(where: { shipped.contains($0.platform) }) {
                let platforms = known.map(\.platform.rawValue).joined(separator: ", ")
                nodes.report(.wrongPlatform, "`\(name)` exists only on \(platforms), which `app.platforms` does not ship; remove it or add the platform", at: item, path: itemPath)
                continue
            }
            let listed = known.filter { mechanism in platform.map { mechanism.platform == $0 } ?? (!platformsKnown || shipped.contains(mechanism.platform)) }
            if let placement, let problem = Self.placementProblem(name, listed, placement) {
                nodes.report(problem, at: item, path: itemPath)
                continue
            }
            uses.append(MechanismUse(name: name, platform: platform, location: location(item, itemPath)))
        }
        return uses
    }

    /// Why mechanisms (one name, per platform) cannot be listed in a place: an app-wide one
    /// outside `capture.protect`, or one whose `applies-to` lacks the place.
    static func placementProblem(_ name: String, _ mechanisms: [Mechanism], _ placement: Mechanism.Placement) -> String? {
        guard !mechanisms.isEmpty, !mechanisms.contains(where: { $0.applies(to: placement) }) else { return nil }
        if mechanisms.allSatisfy(\.isAppWide) {
            return "`\(name)` acts on the whole app: move it to `capture.protect`"
        }
        let place = switch placement {
        case .capture: "`capture.protect`"
        case .action: "an action"
        case .field, .screen: "a \(placement.rawValue)"
        }
        if mechanisms.allSatisfy({ $0.role == .detect }) {
            return "`\(name)` cannot apply to \(place); it is a detection mechanism: list it in `capture.detect`"
        }
        let allowed = Mechanism.Placement.allCases.filter { placement in mechanisms.contains { $0.applies(to: placement) } }
        let hint = placement == .action && allowed.contains(.screen) ? "list it on the screen" : "list it in \(Self.placeNames(allowed))"
        return "`\(name)` cannot apply to \(place); \(hint)"
    }

    /// Places for messages: "a field's `protect` or `capture.protect`".
    static func placeNames(_ placements: [Mechanism.Placement]) -> String {
        let names = placements.map(\.protectList)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The key a path ends with: `display` for `screens[id=a].fields[id=b].display`.
    static func lastKey(_ path: String) -> String {
        var key = Substring(path)
        if key.hasSuffix("]"), let open = key.lastIndex(of: "[") { key = key[..<open] }
        if let dot = key.lastIndex(of: ".") { key = key[key.index(after: dot)...] }
        return String(key)
    }

    // MARK: texts

    /// A string, or a map from language tag to string.
    func text(_ node: YAMLNode, path: String) -> LocalizedText? {
        if let pairs = node.mapping {
            var entries: [TextEntry] = []
            for pair in pairs {
                guard let tag = pair.key.scalar?.value, Self.isLanguageTag(tag) else {
                    let fixed = pair.key.scalar?.value.replacingUnderscores
                    let hint = fixed.flatMap { Self.isLanguageTag($0) ? "; did you mean `\($0)`?" : nil } ?? ""
                    nodes.report("keys of a text must be language tags such as `en` or `vi`, got \(NodeDecoder.describe(pair.key))\(hint)", at: pair.key, path: path)
                    continue
                }
                let entryPath = "\(path).\(tag)"
                guard let value = nodes.string(pair.value, path: entryPath, what: "the `\(tag)` text") else { continue }
                entries.append(TextEntry(language: tag, value: value, node: pair.value, location: location(pair.value, entryPath)))
            }
            return LocalizedText(entries: entries, location: location(node, path))
        }
        guard let value = nodes.string(node, path: path, what: "a text (a string, or a map from language to string)") else { return nil }
        return LocalizedText(entries: [TextEntry(language: language, value: value, node: node, location: location(node, path))], location: location(node, path))
    }

    // MARK: screens

    func screens(_ node: YAMLNode) -> [Screen] {
        guard let items = nodes.list(node, path: "screens", what: "`screens`") else { return [] }
        if items.isEmpty {
            nodes.report("`screens` needs at least one screen", at: node, path: "screens")
        }
        var screens: [Screen] = []
        var seen: [String: SourcePosition] = [:]
        for (index, item) in items.enumerated() {
            let decoded = screens.count
            let start = nodes.problemCount
            defer { if screens.count == decoded { nodes.skipped(item, problemsSince: start) } }
            nodes.within(item) {
                let screen = self.screen(item, index: index)
                // Ids are compared as written, so that a duplicate is found even when the first
                // screen had a mistake and was left out.
                guard let id = Self.rawID(of: item) else {
                    if let screen { screens.append(screen) }
                    return
                }
                if let first = seen[id] {
                    nodes.report(.duplicate, "duplicate screen id `\(id)`; the first is at line \(first.line)", at: item["id"] ?? item, path: "screens[id=\(id)]")
                    return
                }
                seen[id] = nodes.position(of: item)
                if let screen { screens.append(screen) }
            }
        }
        return screens
    }

    /// The `id` of an entry as written, if it is a string.
    static func rawID(of item: YAMLNode) -> String? {
        guard case .string(let id)? = item["id"]?.scalar?.resolved else { return nil }
        return id
    }

    /// A valid id close to a mistyped one: `Card Details` → `card-details`.
    static func screenID(from text: String) -> String? {
        var id = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                id.append(character)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        return isScreenID(id) ? id : nil
    }

    static func isScreenID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, isIDScalar(first), first != "-" else { return false }
        return id.unicodeScalars.allSatisfy(isIDScalar)
    }

    private static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    func screen(_ node: YAMLNode, index: Int) -> Screen? {
        let rawID = node["id"]?.scalar?.value
        let path = rawID.map { "screens[id=\($0)]" } ?? "screens[\(index)]"
        guard let fields = nodes.mapping(node, path: path, what: "a screen", known: ManifestKeys.screen, required: ["id"]) else { return nil }
        // A wrong title counts as absent: no rule judges a screen by its title, so the screen is
        // still checked and nothing follows from the loss.
        let title = fields["title"].flatMap { nodes.string($0, path: "\(path).title", what: "`title`") }
        let before = nodes.problemCount
        var id: String?
        if let idNode = fields["id"], let text = nodes.string(idNode, path: "\(path).id", what: "a screen `id`", nonEmpty: true) {
            if Self.isScreenID(text) {
                id = text
            } else {
                let suggestion = Self.screenID(from: text).map { "; did you mean `\($0)`?" } ?? " (e.g. `account-overview`)"
                nodes.report("screen id `\(text)` must be lower-case letters, digits and `-`, starting with a letter or digit\(suggestion)", at: idNode, path: "\(path).id")
            }
        }
        let window = fields["window"].map { nodes.oneOf($0, WindowKind.self, path: "\(path).window", what: "`window`") } ?? .screen
        let parent = fields["parent"].flatMap { nodes.string($0, path: "\(path).parent", what: "`parent`", nonEmpty: true) }
        let host = enumValue(fields["host"], ScreenHost.self, default: .app, path: "\(path).host")
        // A hosted screen's window is drawn by another component: it opens over no screen of the app.
        if let window, window != .screen, host == .app, fields["parent"] == nil {
            nodes.report("a `\(window.rawValue)` needs `parent`: the screen it opens over (its window does not inherit that screen's flags)", at: node, path: path)
        }
        let platforms = fields["platforms"].map { screenPlatforms($0, path: "\(path).platforms") }
        let protect = fields["protect"].map { mechanisms($0, path: "\(path).protect", placement: .screen) } ?? []
        var optOut: OptOut?
        if let optOutNode = fields["opt-out"] {
            if optOutNode.scalar?.resolved == .null {
                optOut = OptOut(reason: nil, location: location(optOutNode, "\(path).opt-out"))
            } else if let optOutFields = nodes.mapping(optOutNode, path: "\(path).opt-out", what: "`opt-out`", known: ManifestKeys.optOut) {
                let reason = optOutFields["reason"].flatMap { reasonNode -> String? in
                    if reasonNode.scalar?.resolved == .null { return nil }
                    return nodes.string(reasonNode, path: "\(path).opt-out.reason", what: "`reason`")
                }
                optOut = OptOut(reason: reason, location: location(optOutNode, "\(path).opt-out"))
            }
        }
        let ownProblems = nodes.problemCount != before
        // The children are checked for schema errors even when the screen itself is left out.
        let fieldList = fields["fields"].map { self.fields($0, screenPath: path) } ?? []
        let actions = fields["actions"].map { self.actions($0, screenPath: path) } ?? []
        let notices = fields["notices"].map { self.notices($0, screenPath: path) } ?? []
        guard !ownProblems, let id, let window, let host else { return nil }
        let listed = ["fields", "actions", "notices"].reduce(0) { count, key in count + (fields[key].map { $0.sequence?.count ?? 1 } ?? 0) }
        let code = fields["code"].map { self.code($0, path: "\(path).code") } ?? []
        return Screen(
            id: id, title: title, window: window, host: host, platforms: platforms ?? nil, parent: parent, parentLocation: fields["parent"].map { location($0, "\(path).parent") }, protect: protect, optOut: optOut, fields: fieldList,
            actions: actions, notices: notices, hasLeftOutEntries: listed != fieldList.count + actions.count + notices.count, location: location(node, path),
            idLocation: location(fields["id"] ?? node, "\(path).id"), code: code, codeLocation: fields["code"].map { _ in keyLocation(node, "code", path: "\(path).code") })
    }

    /// A screen's `platforms`: shipped platforms, each named once. Nil when a mistake leaves it unread.
    func screenPlatforms(_ node: YAMLNode, path: String) -> [Platform]? {
        guard let items = nodes.list(node, path: path, what: "`platforms`") else { return nil }
        if items.isEmpty {
            nodes.report("`platforms` needs at least one of ios and android; leave it out for every platform the app ships", at: node, path: path)
        }
        var platforms: [Platform] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let platform = nodes.oneOf(item, Platform.self, path: itemPath, what: "a `platforms` entry") else { continue }
            if platformsKnown, !shipped.contains(platform) {
                nodes.report(.wrongPlatform, "`platforms` names \(platform.rawValue), but `app.platforms` does not ship it; remove it or add the platform", at: item, path: itemPath)
            } else if !platforms.contains(platform) {
                platforms.append(platform)
            }
        }
        return platforms
    }

    /// A screen's `code`: a map from platform to a list of type names and file paths. A mistake
    /// inside leaves out only the entry (or platform) concerned; the screen is still checked.
    func code(_ node: YAMLNode, path: String) -> [CodeReference] {
        guard let pairs = node.mapping else {
            nodes.report("`code` must be a map from platform to a list of type names or file paths (`android: [CardActivity]`), got \(NodeDecoder.describe(node))", at: node, path: path)
            return []
        }
        var references: [CodeReference] = []
        for pair in pairs {
            guard let key = pair.key.scalar?.value, let platform = Platform(rawValue: key) else {
                let name = pair.key.scalar?.value ?? ""
                nodes.report("unknown platform `\(name)` in `code`\(NearestName.hint(for: name, among: Platform.allCases.map(\.rawValue))); use ios or android", at: pair.key, path: "\(path).\(name)")
                continue
            }
            if !shipped.contains(platform) {
                nodes.report(.wrongPlatform, "`code` names \(platform.displayName) code, but `app.platforms` does not ship \(platform.rawValue); remove it or add the platform", at: pair.key, path: "\(path).\(key)")
                continue
            }
            for (index, (name, item)) in nodes.stringList(pair.value, path: "\(path).\(key)", what: "`code.\(key)` (type names or file paths)").enumerated() {
                let entry = name.trimmed
                guard !entry.isEmpty else {
                    nodes.report("a `code` entry must name a type or a file, got an empty string", at: item, path: "\(path).\(key)[\(index)]")
                    continue
                }
                references.append(CodeReference(platform: platform, name: entry, kind: CodeReference.kind(of: entry), location: location(item, "\(path).\(key)[\(index)]")))
            }
        }
        return references
    }

    /// Where a key of a mapping stands (the mapping itself when the key is absent).
    func keyLocation(_ node: YAMLNode, _ key: String, path: String) -> Location {
        let keyNode = node.mapping?.first { $0.key.scalar?.value == key }?.key
        return location(keyNode ?? node, path)
    }

    /// Entries with ids unique in their list; the second of a pair is MAN003 and left out.
    func uniqueEntries<T>(_ node: YAMLNode, path: String, what: String, decode: (YAMLNode, String) -> T?, id: (T) -> String) -> [T] {
        var result: [T] = []
        var seen: [String: SourcePosition] = [:]
        for (index, item) in (nodes.list(node, path: path, what: "`\(Self.lastKey(path))`") ?? []).enumerated() {
            let decoded = result.count
            let start = nodes.problemCount
            defer { if result.count == decoded { nodes.skipped(item, problemsSince: start) } }
            nodes.within(item) {
                let itemPath = item["id"]?.scalar.map { "\(path)[id=\($0.value)]" } ?? "\(path)[\(index)]"
                let entry = decode(item, itemPath)
                guard let entryID = Self.rawID(of: item) ?? entry.map(id) else {
                    if let entry { result.append(entry) }
                    return
                }
                if let first = seen[entryID] {
                    nodes.report(.duplicate, "duplicate \(what) id `\(entryID)` in this screen; the first is at line \(first.line)", at: item["id"] ?? item, path: itemPath)
                    return
                }
                seen[entryID] = nodes.position(of: item)
                if let entry { result.append(entry) }
            }
        }
        return result
    }

    func fields(_ node: YAMLNode, screenPath: String) -> [Field] {
        uniqueEntries(node, path: "\(screenPath).fields", what: "field", decode: field, id: \.id)
    }

    func field(_ node: YAMLNode, path: String) -> Field? {
        guard let fields = nodes.mapping(node, path: path, what: "a field", known: ManifestKeys.field, required: ["id"]) else { return nil }
        let before = nodes.problemCount
        let id = fields["id"].flatMap { nodes.string($0, path: "\(path).id", what: "a field `id`", nonEmpty: true) }
        let label = fields["label"].flatMap { nodes.string($0, path: "\(path).label", what: "`label`") }
        var kind: String? = "text"
        if let kindNode = fields["kind"] {
            kind = nodes.string(kindNode, path: "\(path).kind", what: "`kind`", nonEmpty: true).flatMap { dataKind($0, node: kindNode, path: "\(path).kind") }
        }
        let context = enumValue(fields["context"], FieldContext.self, default: .detail, path: "\(path).context")
        let input = enumValue(fields["input"], InputKind.self, default: .none, path: "\(path).input")
        let display = enumValue(fields["display"], Display.self, default: input == .secure ? .masked : .full, path: "\(path).display")
        let reveal = enumValue(fields["reveal"], Reveal.self, default: .none, path: "\(path).reveal")
        let keyboardCache = fields["keyboard-cache"].map { nodes.bool($0, path: "\(path).keyboard-cache", what: "`keyboard-cache`") } ?? true
        let copy = enumValue(fields["copy"], CopyBehaviour.self, default: .none, path: "\(path).copy")
        let protect = fields["protect"].map { mechanisms($0, path: "\(path).protect", placement: .field) } ?? []
        guard nodes.problemCount == before, let id, let kind, let context, let display, let reveal, let input, let keyboardCache, let copy else { return nil }
        return Field(
            id: id, label: label, kind: kind, kindGiven: fields["kind"] != nil, context: context, display: display, reveal: reveal,
            input: input, keyboardCache: keyboardCache, copy: copy, protect: protect, location: location(node, path))
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: YAMLNode?, _ type: E.Type, default value: E, path: @autoclosure () -> String) -> E? where E.RawValue == String {
        guard let node else { return value }
        return nodes.oneOf(node, E.self, path: path(), what: "`\(Self.lastKey(path()))`")
    }

    func dataKind(_ name: String, node: YAMLNode, path: String) -> String? {
        if let kind = taxonomy.dataKind(named: name) { return kind.id }
        nodes.report("unknown data kind `\(name)`\(NearestName.hint(for: name, among: taxonomy.dataKindNames))", at: node, path: path)
        return nil
    }

    func actions(_ node: YAMLNode, screenPath: String) -> [Action] {
        uniqueEntries(node, path: "\(screenPath).actions", what: "action", decode: action, id: \.id)
    }

    func action(_ node: YAMLNode, path: String) -> Action? {
        guard let fields = nodes.mapping(node, path: path, what: "an action", known: ManifestKeys.action, required: ["id"]) else { return nil }
        // A wrong label counts as absent: it only offers hints (ACT hint words), which its loss can only remove.
        let label = fields["label"].flatMap { nodes.string($0, path: "\(path).label", what: "`label`") }
        let before = nodes.problemCount
        let id = fields["id"].flatMap { nodes.string($0, path: "\(path).id", what: "an action `id`", nonEmpty: true) }
        var kind: ActionKind? = taxonomy.actionKind(named: "other")
        if let kindNode = fields["kind"], let name = nodes.string(kindNode, path: "\(path).kind", what: "`kind`", nonEmpty: true) {
            kind = taxonomy.actionKind(named: name)
            if kind == nil {
                nodes.report("unknown action kind `\(name)`\(NearestName.hint(for: name, among: taxonomy.actionKinds.map(\.id)))", at: kindNode, path: "\(path).kind")
            }
        }
        let risk = fields["risk"].map { nodes.oneOf($0, Risk.self, path: "\(path).risk", what: "`risk`") } ?? kind?.risk ?? .low
        let onCapture = enumValue(fields["on-capture"], OnCapture.self, default: .allow, path: "\(path).on-capture")
        let message = fields["message"].flatMap { text($0, path: "\(path).message") }
        let opensNode = fields["opens"]
        let opens = opensNode.flatMap { nodes.string($0, path: "\(path).opens", what: "`opens` (a screen id)", nonEmpty: true) }
        if let opens, let opensNode { openedScreens.append((opens, opensNode, "\(path).opens")) }
        let protect = fields["protect"].map { mechanisms($0, path: "\(path).protect", placement: .action) } ?? []
        guard nodes.problemCount == before, let id, let risk, let onCapture else { return nil }
        return Action(
            id: id, label: label, kind: kind?.id ?? "other", kindGiven: fields["kind"] != nil, riskGiven: fields["risk"] != nil, risk: risk,
            onCapture: onCapture, message: message, opens: opens, opensLocation: opensNode.map { location($0, "\(path).opens") }, protect: protect,
            location: location(node, path))
    }

    func notices(_ node: YAMLNode, screenPath: String) -> [Notice] {
        var notices: [Notice] = []
        let path = "\(screenPath).notices"
        for (index, item) in (nodes.list(node, path: path, what: "`notices`") ?? []).enumerated() {
            let decoded = notices.count
            let start = nodes.problemCount
            defer { if notices.count == decoded { nodes.skipped(item, problemsSince: start) } }
            nodes.within(item) {
                let itemPath = "\(path)[\(index)]"
                guard let fields = nodes.mapping(item, path: itemPath, what: "a notice", known: ManifestKeys.screenNotice, required: ["when", "text"]) else { return }
                let before = nodes.problemCount
                let when = fields["when"].flatMap { nodes.oneOf($0, Notice.When.self, path: "\(itemPath).when", what: "`when`") }
                let styleNode = fields["style"]
                let style = styleNode.map { nodes.oneOf($0, NoticeStyle.self, path: "\(itemPath).style", what: "`style`") } ?? .banner
                let text = fields["text"].flatMap { self.text($0, path: "\(itemPath).text") }
                guard nodes.problemCount == before, let when, let style else { return }
                notices.append(Notice(
                    when: when, style: style, styleLocation: location(styleNode ?? item, styleNode == nil ? itemPath : "\(itemPath).style"),
                    text: text, location: location(item, itemPath)))
            }
        }
        return notices
    }

    // MARK: cross-references

    func validateReferences(app: App, screens: [Screen], screenIDs ids: [String]) {
        for screen in screens {
            guard let parent = screen.parent else { continue }
            let at = screen.parentLocation?.position ?? screen.location.position
            if !ids.contains(parent) {
                nodes.report("`parent` names no screen of this manifest: `\(parent)`\(NearestName.hint(for: parent, among: ids))", at: at, path: "\(screen.location.path).parent")
            } else if parent == screen.id {
                nodes.report("a screen cannot be its own `parent`", at: at, path: "\(screen.location.path).parent")
            }
        }
        for opened in openedScreens where !ids.contains(opened.id) {
            nodes.report("`opens` names no screen of this manifest: `\(opened.id)`\(NearestName.hint(for: opened.id, among: ids))", at: opened.node, path: opened.path)
        }
        for sdk in app.sdks {
            for (index, id) in (sdk.screens ?? []).enumerated() where !ids.contains(id) {
                let at = index < sdk.screenLocations.count ? sdk.screenLocations[index] : sdk.location
                nodes.report("`screens` of SDK `\(sdk.name)` names no screen of this manifest: `\(id)`\(NearestName.hint(for: id, among: ids))", at: at.position, path: at.path)
            }
        }
    }
}

import SourceScan

/// What `capaudit init --from-source` reads from the app's code (docs/evidence.md): one screen per
/// activity, fragment, view controller or SwiftUI view that applies a capture mechanism or holds
/// a secure input, with its `code` and the mechanisms found; the mechanisms found outside those
/// screens; the versions and permissions of the build files. Fields are left for a person to tag.
public struct SourceDraft: Sendable {
    public struct Screen: Sendable {
        public var id: String
        public var title: String
        /// Type names per platform, as `code` lists them.
        public var code: [Platform: [String]] = [:]
        /// Protect mechanisms found in the screen's code, per platform, in the taxonomy's order.
        public var protect: [Platform: [String]] = [:]
        /// Where a secure input was found (`SecureField at ios/Login/LoginView.swift:9`).
        public var secureInputs: [String] = []
        /// Where the screen's code undoes a mechanism it applies (EVD003 will say so).
        public var undone: [String] = []
    }

    /// A mechanism found outside the drafted screens, or a detection found anywhere.
    public struct Found: Sendable {
        public var mechanism: String
        public var platform: Platform
        /// The first place, relative to the working folder, with its line.
        public var place: String
    }

    public var platforms: [Platform]
    public var screens: [Screen] = []
    /// Detection mechanisms found anywhere.
    public var detect: [Found] = []
    /// Protect mechanisms found outside every drafted screen: not claimed, since the draft cannot
    /// tell which screens they cover.
    public var protectElsewhere: [Found] = []
    /// A version the draft writes, or why it leaves it for the person to fill.
    public struct BuildValue: Sendable {
        /// `16.4`, `26`; nil when the build files do not say it readably: the draft writes a
        /// placeholder comment, never a guess.
        public var value: String?
        /// Where the value comes from, or why there is none.
        public var explanation: String
    }

    /// From the application target's build configurations.
    public var deploymentTarget = BuildValue(value: nil, explanation: "")
    /// From the module's `defaultConfig` (and its flavours, for `minSdk`).
    public var minSDK = BuildValue(value: nil, explanation: "")
    public var targetSDK = BuildValue(value: nil, explanation: "")
    /// Permissions of AndroidManifest.xml, short names where they are Android's.
    public var permissions: [(name: String, maxSDK: Int?)] = []

    public init(_ code: CodeBase, taxonomy: Taxonomy) {
        platforms = Platform.allCases.filter { code.platforms[$0] != nil }
        for platform in platforms {
            guard let source = code.platforms[platform] else { continue }
            read(source, platform: platform, taxonomy: taxonomy)
        }
    }

    private mutating func read(_ code: PlatformCode, platform: Platform, taxonomy: Taxonomy) {
        let mechanisms = taxonomy.mechanisms.filter { $0.platform == platform && $0.evidence.declaredOnly == nil }
        var explained: Set<SourceLocation> = []
        // A base class other types extend (`SecureActivity`) is where screens get their code, not a screen.
        let bases = Set(code.index.declarations.flatMap { $0.supertypes.map(\.name) })
        for (declaration, traits) in code.index.screens() where !bases.contains(declaration.name) {
            let entry = Self.codeEntry(for: declaration, in: code)
            let search = code.index.search(declaration: declaration)
            let found = mechanisms.filter { mechanism in search.occurrences.contains { code.patterns.sets(mechanism.id).contains($0.pattern) } }
            guard !found.isEmpty || traits.holdsSecureInput else { continue }
            explained.formUnion(search.occurrences.map(\.location))
            let id = Self.screenID(for: declaration.name)
            let index: Int
            if let existing = screens.firstIndex(where: { $0.id == id && $0.code[platform] == nil }) {
                index = existing
            } else {
                screens.append(Screen(id: screens.contains { $0.id == id } ? Self.unique(id, among: screens.map(\.id)) : id, title: Self.title(for: id)))
                index = screens.count - 1
            }
            screens[index].code[platform] = [entry]
            // Every role but detection is listed under `protect` (a harden mechanism too).
            screens[index].protect[platform] = found.filter { $0.role != .detect }.map(\.id)
            screens[index].secureInputs += traits.secureInputs.map { "\($0.name) at \(code.folder.displayPath($0.location.file)):\($0.location.line)" }
            let clearing = search.occurrences.filter { occurrence in found.contains { code.patterns.clears($0.id).contains(occurrence.pattern) } }
            screens[index].undone += clearing.map { "`\(code.patterns.text($0.pattern))` at \(code.folder.displayPath($0.location.file)):\($0.location.line)" }
        }
        for mechanism in mechanisms {
            let anywhere = code.occurrences(of: code.patterns.sets(mechanism.id))
            let place = { (occurrence: PatternOccurrence) in "\(code.folder.displayPath(occurrence.location.file)):\(occurrence.location.line)" }
            if mechanism.role == .detect, let first = anywhere.first {
                detect.append(Found(mechanism: mechanism.id, platform: platform, place: place(first)))
            } else if mechanism.role != .detect, let outside = anywhere.first(where: { !explained.contains($0.location) }) {
                protectElsewhere.append(Found(mechanism: mechanism.id, platform: platform, place: place(outside)))
            }
        }
        let facts = code.index.buildFacts
        switch platform {
        case .ios:
            deploymentTarget = Self.deploymentTarget(facts.appDeploymentTarget(named: code.target))
        case .android:
            minSDK = Self.sdkLevel(facts.sdkLevel(.minSdk), key: "minSdk", code: code)
            targetSDK = Self.sdkLevel(facts.sdkLevel(.targetSdk), key: "targetSdk", code: code)
            for declaration in facts.permissions where !declaration.name.isEmpty {
                let name = Permission.shortName(declaration.name)
                if !permissions.contains(where: { $0.name == name }) { permissions.append((name, declaration.maxSdkVersion)) }
            }
        }
    }

    private static func deploymentTarget(_ found: AppDeploymentTarget) -> BuildValue {
        switch found {
        case .found(let application, let target):
            return BuildValue(value: "\(target.version.major).\(target.version.minor)", explanation: "deployment target of application target `\(application.name)`")
        case .unknown(let application):
            return BuildValue(value: nil, explanation: "application target `\(application.name)`'s deployment target cannot be read from the project")
        case .differing(let targets):
            let values = targets.map { "`\($0.name)` \($0.deploymentTarget?.valueText ?? "unknown")" }.joined(separator: ", ")
            return BuildValue(value: nil, explanation: "the application targets differ (\(values)); `target:` under `source:` names the app's")
        case .notFound(let name?, _):
            return BuildValue(value: nil, explanation: "no application target is named `\(name)`")
        case .notFound(nil, _):
            return BuildValue(value: nil, explanation: "no application target in the Xcode projects")
        }
    }

    private static func sdkLevel(_ setting: SDKSetting?, key: String, code: PlatformCode) -> BuildValue {
        guard let setting else { return BuildValue(value: nil, explanation: "\(key) not found in the Gradle files") }
        let place = "\(code.folder.displayPath(setting.location.file)):\(setting.location.line)"
        guard let value = setting.value else {
            return BuildValue(value: nil, explanation: "`\(setting.name) = \(setting.valueText)` at \(place) cannot be read")
        }
        let through = setting.reference == nil ? "" : ", read through `\(setting.valueText)`"
        let flavour = setting.block.contains("productFlavors") ? " (a product flavour's, the lowest)" : ""
        return BuildValue(value: String(value), explanation: "\(key) of the Gradle file\(flavour)\(through)")
    }

    /// The `code` entry that names the declaration alone (EVD005 `ambiguous` otherwise): its name,
    /// else its full name (Kotlin and Java), else its file's path relative to its root.
    static func codeEntry(for declaration: TypeDeclaration, in code: PlatformCode) -> String {
        if Set(code.index.declarations(namedBy: declaration.qualifiedName).map(\.file)).count == 1 { return declaration.qualifiedName }
        if declaration.package != nil, code.index.declarations(namedBy: declaration.fullName).count == 1 { return declaration.fullName }
        return code.rootPath(of: declaration.file)
    }

    /// `CardDetailsActivity` → `card-details`: the type's words in kebab case, without the
    /// suffix that says what kind of screen it is.
    static func screenID(for typeName: String) -> String {
        var name = typeName
        for suffix in screenSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        var id = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { id.append("-") }
            if character.isLetter || character.isNumber {
                id.append(contentsOf: character.lowercased())
            } else if !id.hasSuffix("-") {
                id.append("-")
            }
            previous = character
        }
        let trimmed = String(id.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed())
        return trimmed.isEmpty || !trimmed.allSatisfy(\.isASCII) ? "screen" : trimmed
    }

    static let screenSuffixes = ["ViewController", "Controller", "Activity", "Fragment", "Screen", "View"]

    /// `card-details` → `Card details`.
    static func title(for id: String) -> String {
        let words = id.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func unique(_ id: String, among taken: [String]) -> String {
        var number = 2
        while taken.contains("\(id)-\(number)") { number += 1 }
        return "\(id)-\(number)"
    }
}

/// An OS version as build files write it: `15.0`, `16.4`, `17`.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `15`, `15.0`, `16.4.1` (components separated by `.` or `_`); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy(\.isASCII), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (left: OSVersion, right: OSVersion) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }
}

/// A place in a scanned file.
public struct SourceLocation: Sendable, Hashable {
    /// Relative to the scanned folder.
    public let file: String
    public let line: Int
    public let column: Int
}

/// `minSdk`, `minSdkVersion`, `targetSdk` or `targetSdkVersion` set in a Gradle file.
public struct SDKSetting: Sendable, Hashable {
    public enum Key: String, Sendable {
        case minSdk = "min-sdk"
        case targetSdk = "target-sdk"
    }

    public let key: Key
    /// The name as written (`minSdkVersion`).
    public let name: String
    /// The integer literal, or the value of the version catalog entry or `ext`/`extra` property
    /// it reads; nil when it cannot be read: unknown.
    public internal(set) var value: Int?
    /// The value as written, to name in a message.
    public let valueText: String
    /// What the value reads when it is not a literal.
    public let reference: ValueReference?
    /// Where the value read through `reference` is defined.
    public internal(set) var definition: SourceLocation?
    /// Where the name is.
    public let location: SourceLocation
    /// The blocks around it, outermost first, joined with `.` (`android.defaultConfig`).
    public let block: String
}

/// What a Gradle value reads when it is not a literal.
public enum ValueReference: Sendable, Hashable {
    /// `libs.versions.NAME` of `gradle/libs.versions.toml`, named as Gradle's accessor is (`-` and
    /// `_` read as `.`).
    case catalogVersion(String)
    /// An `ext`/`extra` property: of the same build file or the root one, or of the root one only
    /// (`rootProject.ext.NAME`).
    case extraProperty(String, rootOnly: Bool)
}

/// A named integer a Gradle build can read: an `ext`/`extra` property, or a version of the catalog.
public struct NamedValue: Sendable, Hashable {
    public let name: String
    /// Nil when it is not an integer.
    public let value: Int?
    public let location: SourceLocation
}

/// Where an iOS deployment target is set: an `IPHONEOS_DEPLOYMENT_TARGET` of a `project.pbxproj`.
public struct DeploymentTarget: Sendable, Hashable {
    public let version: OSVersion
    public let valueText: String
    /// Where the value is.
    public let location: SourceLocation
}

/// An application target of an Xcode project (`productType = "com.apple.product-type.application"`).
public struct ApplicationTarget: Sendable, Hashable {
    public let name: String
    /// Where its name is in the `project.pbxproj`.
    public let location: SourceLocation
    /// The lowest across its build configurations; nil when one of them cannot be read.
    public let deploymentTarget: DeploymentTarget?

    /// A sample app: its project sits under a folder, or is itself named, with the word
    /// `Example(s)`, `Sample(s)` or `Demo(s)` (`Examples/`, `SampleApp.xcodeproj`, `bank-demo/`).
    public var isSample: Bool {
        location.file.split(separator: "/").dropLast().contains { component in
            Self.words(of: component).contains { Self.sampleWords.contains($0) }
        }
    }

    private static let sampleWords: Set<String> = ["example", "examples", "sample", "samples", "demo", "demos"]

    /// `SampleApp.xcodeproj` → `sample`, `app`, `xcodeproj`.
    private static func words(of name: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(contentsOf: character.lowercased())
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

/// The deployment target the app builds with, as far as the Xcode projects say.
public enum AppDeploymentTarget: Sendable {
    case found(ApplicationTarget, DeploymentTarget)
    /// The application target's value cannot be read.
    case unknown(ApplicationTarget)
    /// Several application targets with different values, and none named.
    case differing([ApplicationTarget])
    /// No application target, or none with the name given; `among` are those there are.
    case notFound(name: String?, among: [ApplicationTarget])
}

/// A `uses-permission` (or `uses-permission-sdk-23`) element of an `AndroidManifest.xml`.
public struct PermissionDeclaration: Sendable, Hashable {
    /// `android:name`, e.g. `android.permission.DETECT_SCREEN_CAPTURE`.
    public let name: String
    /// `android:maxSdkVersion` when present and an integer.
    public let maxSdkVersion: Int?
    /// The element name: `uses-permission` or `uses-permission-sdk-23`.
    public let element: String
    /// Where the element's `<` is.
    public let location: SourceLocation
    /// Where the `android:name` and `android:maxSdkVersion` attributes are.
    public let nameLocation: SourceLocation?
    public let maxSdkVersionLocation: SourceLocation?
}

/// An attribute of a view in a layout XML file that evidence or `init --from-source` reads:
/// `android:accessibilityDataSensitive`, `android:filterTouchesWhenObscured`, `android:inputType`,
/// `android:password`.
public struct LayoutAttribute: Sendable, Hashable {
    /// The view's element name (`EditText`, `com.example.PinView`).
    public let element: String
    public let elementLocation: SourceLocation
    public let name: String
    public let value: String
    public let location: SourceLocation
    public let valueLocation: SourceLocation

    /// An `inputType` with a password variant (`textPassword`, `numberPassword`,
    /// `textWebPassword`; `textVisiblePassword` shows the text and is not one), or `password="true"`.
    public var isSecureInput: Bool {
        switch name {
        case "android:inputType":
            return value.split(separator: "|").contains { LayoutAttribute.passwordInputTypes.contains($0.trimmingWhitespace()) }
        case "android:password":
            return value == "true"
        default:
            return false
        }
    }

    static let names: Set<String> = [
        "android:accessibilityDataSensitive", "android:filterTouchesWhenObscured", "android:inputType", "android:password",
    ]
    static let passwordInputTypes: Set<String> = ["textPassword", "numberPassword", "textWebPassword"]
}

/// What the build files say: SDK levels, deployment targets, permissions, layout attributes, the
/// packages a Flutter or React Native app depends on.
public struct BuildFacts: Sendable {
    public internal(set) var sdkSettings: [SDKSetting] = []
    public internal(set) var applicationTargets: [ApplicationTarget] = []
    /// Of the release app: a permission removed with `tools:node="remove"` or declared only in a
    /// `debug` source set's manifest is not one.
    public internal(set) var permissions: [PermissionDeclaration] = []
    public internal(set) var layoutAttributes: [LayoutAttribute] = []
    /// `ext`/`extra` properties by build file path, and the catalog's versions.
    var extraProperties: [String: [NamedValue]] = [:]
    var catalogVersions: [NamedValue] = []
    /// `settings.gradle(.kts)` files: the shallowest one's folder is the Gradle project's root.
    var settingsFiles: [String] = []
    var removedPermissions: Set<String> = []
    /// Every `pubspec.yaml` and `package.json` read, with the packages each depends on.
    public internal(set) var packageManifests: [PackageManifest] = []

    public init() {}

    /// The settings for `key` in file order.
    public func sdkSettings(_ key: SDKSetting.Key) -> [SDKSetting] {
        sdkSettings.filter { $0.key == key }
    }

    /// The setting that counts for `key`: the one in a `defaultConfig` block if there is one, else
    /// the first found; for `minSdk`, a product flavour's lower value in the same file counts
    /// instead, and an unknown one among them makes the level unknown.
    public func sdkLevel(_ key: SDKSetting.Key) -> SDKSetting? {
        let settings = sdkSettings(key)
        guard let preferred = settings.first(where: { $0.block.hasSuffix("defaultConfig") }) ?? settings.first else { return nil }
        guard key == .minSdk else { return preferred }
        let counted = [preferred] + settings.filter { $0.location.file == preferred.location.file && $0.block.contains("productFlavors") }
        if let unknown = counted.first(where: { $0.value == nil }) { return unknown }
        return counted.min { ($0.value ?? 0) < ($1.value ?? 0) }
    }

    /// The deployment target of the app's application target: the one named `name` when given,
    /// else the only one (sample apps left out), or the value all of them share.
    public func appDeploymentTarget(named name: String?) -> AppDeploymentTarget {
        let candidates = applicationTargets.filter { name != nil || !$0.isSample }
        let chosen = name.map { name in candidates.filter { $0.name == name } } ?? candidates
        guard let first = chosen.first else { return .notFound(name: name, among: candidates) }
        guard chosen.allSatisfy({ $0.deploymentTarget?.version == first.deploymentTarget?.version }) else { return .differing(chosen) }
        guard let deploymentTarget = first.deploymentTarget else { return .unknown(first) }
        return .found(first, deploymentTarget)
    }

    mutating func append(_ other: BuildFacts) {
        sdkSettings += other.sdkSettings
        applicationTargets += other.applicationTargets
        permissions += other.permissions
        layoutAttributes += other.layoutAttributes
        extraProperties.merge(other.extraProperties) { $0 + $1 }
        catalogVersions += other.catalogVersions
        settingsFiles += other.settingsFiles
        removedPermissions.formUnion(other.removedPermissions)
        packageManifests += other.packageManifests
    }

    /// Once every file is read: drops removed permissions and reads values through references.
    mutating func resolve() {
        permissions.removeAll { removedPermissions.contains($0.name) }
        let rootFolder = settingsFiles.map(Self.folder).min { Self.depth($0) < Self.depth($1) }
        let rootProperties = rootFolder.map { folder in
            ["build.gradle", "build.gradle.kts"].flatMap { extraProperties[folder.isEmpty ? $0 : "\(folder)/\($0)"] ?? [] }
        } ?? []
        for index in sdkSettings.indices where sdkSettings[index].value == nil {
            let found: NamedValue?
            switch sdkSettings[index].reference {
            case .catalogVersion(let name)?:
                found = catalogVersions.first { $0.name == name }
            case .extraProperty(let name, let rootOnly)?:
                let own = rootOnly ? [] : extraProperties[sdkSettings[index].location.file] ?? []
                found = (own + rootProperties).first { $0.name == name }
            case nil:
                found = nil
            }
            sdkSettings[index].value = found?.value
            sdkSettings[index].definition = found?.location
        }
    }

    private static func folder(_ path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// How deep a folder is below the scanned one; `..` goes up.
    private static func depth(_ folder: String) -> Int {
        folder.split(separator: "/").reduce(0) { $0 + ($1 == ".." ? -1 : 1) }
    }
}

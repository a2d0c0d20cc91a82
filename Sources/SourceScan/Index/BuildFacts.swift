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
    /// Nil when the value is not an integer literal (a variable, a version catalog entry): unknown.
    public let value: Int?
    /// The value as written, to name in a message.
    public let valueText: String
    /// Where the name is.
    public let location: SourceLocation
    /// The blocks around it, outermost first, joined with `.` (`android.defaultConfig`).
    public let block: String
}

/// Where an iOS deployment target is set: `IPHONEOS_DEPLOYMENT_TARGET` in a `project.pbxproj`, or
/// `.iOS(…)` in a `Package.swift`.
public struct DeploymentTarget: Sendable, Hashable {
    public enum Origin: String, Sendable {
        case xcodeProject = "project.pbxproj"
        case swiftPackage = "Package.swift"
    }

    /// Nil when the value is not a version (a build setting reference): unknown.
    public let version: OSVersion?
    public let valueText: String
    public let origin: Origin
    /// Where the value is.
    public let location: SourceLocation
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
    public internal(set) var deploymentTargets: [DeploymentTarget] = []
    public internal(set) var permissions: [PermissionDeclaration] = []
    public internal(set) var layoutAttributes: [LayoutAttribute] = []
    /// Every `pubspec.yaml` and `package.json` read, with the packages each depends on.
    public internal(set) var packageManifests: [PackageManifest] = []

    public init() {}

    /// The settings for `key` in file order; prefer one whose `block` ends in `defaultConfig`.
    public func sdkSettings(_ key: SDKSetting.Key) -> [SDKSetting] {
        sdkSettings.filter { $0.key == key }
    }

    /// The lowest known deployment target (docs/evidence.md: the lowest counts).
    public var lowestDeploymentTarget: DeploymentTarget? {
        deploymentTargets.filter { $0.version != nil }.min { ($0.version ?? OSVersion(major: 0)) < ($1.version ?? OSVersion(major: 0)) }
    }

    mutating func append(_ other: BuildFacts) {
        sdkSettings += other.sdkSettings
        deploymentTargets += other.deploymentTargets
        permissions += other.permissions
        layoutAttributes += other.layoutAttributes
        packageManifests += other.packageManifests
    }
}

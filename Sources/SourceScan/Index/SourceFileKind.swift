/// Which platform's source a folder holds: it decides which files are read.
///
/// Both read the files of the toolkits that serve both platforms: `*.dart` and `pubspec.yaml`
/// (Flutter), `*.ts`, `*.tsx`, `*.js`, `*.jsx`, `*.mjs`, `*.cjs` and `package.json` (React Native).
public enum SourcePlatform: String, Sendable {
    /// `*.kt`, `*.java`, `build.gradle(.kts)`, `AndroidManifest.xml`, resource `*.xml`,
    /// `gradle/libs.versions.toml`.
    case android
    /// `*.swift`, `*.xcodeproj/project.pbxproj`, `Package.swift`.
    case ios
}

/// What a scanned file is, and so how it is read.
public enum SourceFileKind: String, Sendable {
    case kotlin
    case java
    case swift
    /// `build.gradle` and other `*.gradle` files (Groovy).
    case gradle
    /// `build.gradle.kts` and other `*.kts` files (Kotlin DSL).
    case gradleKotlin = "gradle-kotlin"
    case androidManifest = "android-manifest"
    /// `gradle/libs.versions.toml`: the versions a build reads as `libs.versions.NAME`.
    case versionCatalog = "version-catalog"
    /// Any other Android XML file: layouts and other resources.
    case layout
    case xcodeProject = "xcode-project"
    case swiftPackage = "swift-package"
    case dart
    /// `*.ts`: TypeScript without JSX (`<T>x` is a type assertion there).
    case typescript
    /// `*.tsx`, `*.jsx`, `*.js`, `*.mjs`, `*.cjs`: JSX is read (React Native writes it in `.js` files too).
    case script
    /// `pubspec.yaml`: a Dart package's dependencies.
    case pubspec
    /// `package.json`: a JavaScript package's dependencies.
    case packageJSON = "package-json"

    /// The kind of the file at `relativePath` for `platform`, or nil when it is not read.
    public static func of(_ relativePath: String, platform: SourcePlatform) -> SourceFileKind? {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        if let kind = crossPlatformKind(name) { return kind }
        switch platform {
        case .android:
            if name.hasSuffix(".kt") { return .kotlin }
            if name.hasSuffix(".java") { return .java }
            if name.hasSuffix(".kts") { return .gradleKotlin }
            if name.hasSuffix(".gradle") { return .gradle }
            if name == "AndroidManifest.xml" { return .androidManifest }
            if name == VersionCatalogReader.fileName, relativePath.split(separator: "/").dropLast().last == "gradle" { return .versionCatalog }
            if name.hasSuffix(".xml") { return .layout }
        case .ios:
            if name == "Package.swift" { return .swiftPackage }
            if name.hasSuffix(".swift") { return .swift }
            if name == "project.pbxproj", relativePath.split(separator: "/").dropLast().last?.hasSuffix(".xcodeproj") == true {
                return .xcodeProject
            }
        }
        return nil
    }

    private static func crossPlatformKind(_ name: String) -> SourceFileKind? {
        if name.hasSuffix(".dart") { return .dart }
        if name.hasSuffix(".ts") { return .typescript }
        if [".tsx", ".jsx", ".js", ".mjs", ".cjs"].contains(where: name.hasSuffix) { return .script }
        if name == "pubspec.yaml" { return .pubspec }
        if name == "package.json" { return .packageJSON }
        return nil
    }

    /// The language of the file's code, for declarations and patterns.
    var codeLanguage: SourceLanguage? {
        switch self {
        case .kotlin: return .kotlin
        case .java: return .java
        case .swift, .swiftPackage: return .swift
        case .dart: return .dart
        case .typescript, .script: return .typescript
        default: return nil
        }
    }

    /// Which package manifest lists the packages a file of this kind may call.
    var packageEcosystem: PackageEcosystem? {
        switch self {
        case .dart, .pubspec: return .pub
        case .typescript, .script, .packageJSON: return .npm
        default: return nil
        }
    }
}

/// A file that was scanned.
public struct SourceFile: Sendable, Hashable {
    /// Relative to the scanned folder, with `/` separators.
    public let path: String
    public let kind: SourceFileKind
    public let byteCount: Int

    /// In the `debug` source set (`src/debug/…`): a debug build's file, not the release app's.
    public var isInDebugSourceSet: Bool { Self.isInDebugSourceSet(path) }

    static func isInDebugSourceSet(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return zip(parts, parts.dropFirst()).contains { $0 == "src" && $1 == "debug" }
    }
}

/// Why a file or folder was left out of the scan.
public struct ScanNote: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case tooLarge(bytes: Int)
        /// Where the first byte that is not UTF-8 is (the column in Unicode scalars).
        case notUTF8(line: Int, column: Int)
        case symlinkOutside(target: String)
        case symlinkLoop
        case brokenSymlink
        /// A file the walk found but could not read (permissions, vanished, not a regular file).
        case unreadable(String)
        case unreadableFolder(String)
    }

    /// Relative to the scanned folder.
    public let path: String
    public let reason: Reason

    public var description: String { description(naming: path) }

    /// The note with the file named as the caller shows it (relative to its own working folder).
    public func description(naming path: String) -> String {
        switch reason {
        case .tooLarge(let bytes):
            return "\(path): skipped, \(bytes) bytes is over the \(ScanLimits.maxFileBytes / 1024 / 1024) MiB limit for source files"
        case .notUTF8(let line, let column):
            return "\(path):\(line):\(column): skipped, the file is not valid UTF-8 from here on; save it as UTF-8"
        case .symlinkOutside(let target):
            return "\(path): skipped, a symbolic link to \(target), outside the source folder"
        case .symlinkLoop:
            return "\(path): skipped, a symbolic link back to a folder already walked"
        case .brokenSymlink:
            return "\(path): skipped, a symbolic link to nothing"
        case .unreadable(let reason), .unreadableFolder(let reason):
            return "\(path): skipped, cannot read it: \(reason)"
        }
    }

    /// Whether a source file the scan meant to read was left unread (EVD007), rather than
    /// something left out by design (a link out of the folder, a loop) or a folder.
    public var isUnreadFile: Bool {
        switch reason {
        case .tooLarge, .notUTF8, .unreadable: return true
        case .symlinkOutside, .symlinkLoop, .brokenSymlink, .unreadableFolder: return false
        }
    }
}

import SourceScan

/// EVD002: `min-sdk`, `target-sdk` or `deployment-target` differs from the build files, or a
/// permission a rule depends on is declared on one side only or with another `max-sdk`. Only
/// what the build files state is compared: the module's `defaultConfig` (a flavour's lower
/// `minSdk` counts), read through the version catalog and `ext`/`extra` properties, and the
/// application target's deployment target (`BuildFacts.appDeploymentTarget`); a value that
/// cannot be read is unknown, and permissions are compared only when an `AndroidManifest.xml`
/// of the release app was read.
struct BuildFactsCheck: Check {
    static let name = "build-facts"

    /// The permissions compared, as short names (`DETECT_SCREEN_CAPTURE`).
    let permissions: [String]

    static let parameters = [ParameterSpec("permissions", .list(.string))]

    init(parameters: CheckParameters) {
        permissions = parameters.strings("permissions")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        if let android = context.manifest.app.android, let code = context.code(on: .android) {
            let facts = code.index.buildFacts
            for (key, declared, location) in [(SDKSetting.Key.minSdk, android.minSDK, android.minSDKLocation), (.targetSdk, android.targetSDK, android.targetSDKLocation)] {
                guard let setting = facts.sdkLevel(key), let value = setting.value, value != declared else { continue }
                let definition = setting.definition.map { " (\(value) at \(code.folder.displayPath($0.file)):\($0.line))" } ?? ""
                emissions.append(difference(
                    key: "`\(key.rawValue)`", declared: String(declared), found: "\(setting.name) \(value)", at: location, platform: .android,
                    build: code.related(setting.location, "\(setting.name) = \(setting.valueText)\(definition)"),
                    fix: "set `\(key.rawValue): \(value)` if the build file is right, or correct the build file", detail: key.rawValue))
            }
            if let manifestFile = code.index.files.first(where: { $0.kind == .androidManifest && !$0.isInDebugSourceSet }) {
                emissions += permissionDifferences(android, facts.permissions, code, manifestFile: code.folder.displayPath(manifestFile.path))
            }
        }
        if let ios = context.manifest.app.ios, let code = context.code(on: .ios),
            case .found(let application, let target) = code.index.buildFacts.appDeploymentTarget(named: code.target),
            target.version.major != ios.deploymentTarget.major || target.version.minor != ios.deploymentTarget.minor
        {
            let shown = "\(target.version.major).\(target.version.minor)"
            emissions.append(difference(
                key: "`deployment-target`", declared: "\"\(ios.deploymentTarget)\"", found: "IPHONEOS_DEPLOYMENT_TARGET \(target.valueText)",
                at: ios.deploymentTargetLocation, platform: .ios,
                build: code.related(target.location, "the deployment target of application target `\(application.name)`: \(target.valueText)"),
                fix: "set `deployment-target: \"\(shown)\"` if the build file is right, or correct the build file", detail: "deployment-target"))
        }
        return emissions
    }

    private func permissionDifferences(_ android: AndroidPlatform, _ found: [PermissionDeclaration], _ code: PlatformCode, manifestFile: String) -> [Emission] {
        var emissions: [Emission] = []
        for name in permissions {
            let declared = android.permission(name)
            let inCode = found.first { Permission.shortName($0.name) == name }
            let key = "permission `\(name)`"
            switch (declared, inCode) {
            case (let declared?, nil):
                emissions.append(difference(
                    key: key, declared: Self.describe(maxSDK: declared.maxSDK), found: "not declared", at: declared.location, platform: .android, build: nil,
                    buildFile: manifestFile,
                    fix: "declare `<uses-permission android:name=\"android.permission.\(name)\" />` in AndroidManifest.xml, or remove it from the manifest",
                    detail: name))
            case (nil, let inCode?):
                emissions.append(difference(
                    key: key, declared: "not declared", found: Self.describe(maxSDK: inCode.maxSdkVersion), at: android.permissionsLocation, platform: .android,
                    build: code.related(inCode.location, "<\(inCode.element) android:name=\"\(inCode.name)\">"),
                    fix: "add `\(name)` to `app.platforms.android.permissions`\(inCode.maxSdkVersion.map { " with `max-sdk: \($0)`" } ?? "")", detail: name))
            case (let declared?, let inCode?) where declared.maxSDK != inCode.maxSdkVersion:
                emissions.append(difference(
                    key: key, declared: Self.describe(maxSDK: declared.maxSDK), found: Self.describe(maxSDK: inCode.maxSdkVersion), at: declared.location,
                    platform: .android, build: code.related(inCode.maxSdkVersionLocation ?? inCode.location, "<\(inCode.element) android:name=\"\(inCode.name)\">"),
                    fix: inCode.maxSdkVersion.map { "set `max-sdk: \($0)` on the entry, as AndroidManifest.xml does" } ?? "remove `max-sdk` from the entry, as AndroidManifest.xml has none",
                    detail: name))
            default:
                continue
            }
        }
        return emissions
    }

    static func describe(maxSDK: Int?) -> String {
        maxSDK.map { "declared up to API \($0) (max-sdk \($0))" } ?? "declared"
    }

    /// `build` is the build file's line; `buildFile` names the file when there is no such line.
    private func difference(
        key: String, declared: String, found: String, at location: Location, platform: Platform, build: RelatedLocation?, buildFile: String? = nil,
        fix: String, detail: String
    ) -> Emission {
        Emission(
            location: location, platform: platform,
            arguments: ["key": key, "declared": declared, "found": found, "build-file": build?.file ?? buildFile ?? "the build files"],
            fix: fix, detail: detail, related: build.map { [$0] } ?? [])
    }
}

import Foundation
import Testing
@testable import SourceScan

/// Evidence 2's build facts: the application target's deployment target, Gradle values read
/// through the version catalog and `ext`/`extra` properties, and the release app's permissions.
@Suite struct ApplicationTargetTests {
    /// A project whose app target `Bank` builds Debug for 16.0 and Release with the project's
    /// 14.0 (`$(inherited)`), an app target `Lite` whose value is a build setting reference, and
    /// an extension that never counts; comments and strings hold decoys.
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                T1 /* Bank */ = { isa = PBXNativeTarget; buildConfigurationList = L1; name = Bank; productType = "com.apple.product-type.application"; };
                T2 = { isa = PBXNativeTarget; buildConfigurationList = L2; name = "Lite"; productType = "com.apple.product-type.application"; };
                T3 = { isa = PBXNativeTarget; buildConfigurationList = L3; name = Widget; productType = "com.apple.product-type.app-extension"; };
                P = { isa = PBXProject; buildConfigurationList = L0; targets = (T1, T2 /* Lite */, T3, ); };
                L0 = { isa = XCConfigurationList; buildConfigurations = (C01, C02); };
                L1 = { isa = XCConfigurationList; buildConfigurations = (C11, C12); };
                L2 = { isa = XCConfigurationList; buildConfigurations = (C21); };
                L3 = { isa = XCConfigurationList; buildConfigurations = (C31); };
                C01 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 15.0; }; name = Debug; };
                C02 = { isa = XCBuildConfiguration; buildSettings = { "IPHONEOS_DEPLOYMENT_TARGET" = "14.0"; }; name = Release; };
                C11 = { isa = XCBuildConfiguration; buildSettings = { /* IPHONEOS_DEPLOYMENT_TARGET = 9.0; */ IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Debug; };
                C12 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = "$(inherited)"; OTHER = "IPHONEOS_DEPLOYMENT_TARGET = 8.0"; }; name = Release; };
                C21 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)"; }; name = Debug; };
                C31 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 12.0; }; name = Debug; };
            };
            rootObject = P;
        }
        """

    static func describe(_ targets: [ApplicationTarget]) -> [String] {
        targets.map { target in
            let value = target.deploymentTarget.map { "\($0.version)@\($0.location.line):\($0.location.column)" } ?? "?"
            return "\(target.name)@\(target.location.line):\(target.location.column)=\(value)"
        }
    }

    @Test func targetsReadTheirConfigurationsFallingBackToTheProject() {
        let facts = index(.ios, ["App.xcodeproj/project.pbxproj": Self.project]).buildFacts
        #expect(Self.describe(facts.applicationTargets) == ["Bank@4:86=14.0@13:94", "Lite@5:75=?"])
        guard case .differing(let targets) = facts.appDeploymentTarget(named: nil) else {
            Issue.record("two application targets with different values are not compared")
            return
        }
        #expect(targets.map(\.name) == ["Bank", "Lite"])
        guard case .found(let bank, let target) = facts.appDeploymentTarget(named: "Bank") else {
            Issue.record("the named target is found")
            return
        }
        #expect(bank.name == "Bank" && target.version == OSVersion(major: 14) && target.valueText == "14.0")
        guard case .unknown(let lite) = facts.appDeploymentTarget(named: "Lite"), case .notFound("Bnak", let among) = facts.appDeploymentTarget(named: "Bnak") else {
            Issue.record("a reference is unknown; a name no target has is not found")
            return
        }
        #expect(lite.name == "Lite" && among.map(\.name) == ["Bank", "Lite"])
    }

    @Test func sampleAppsAndPackagesNeverCount() {
        let app = "{ objects = { P = { isa = PBXProject; buildConfigurationList = L; targets = (T); }; T = { isa = PBXNativeTarget; buildConfigurationList = L; name = App; productType = \"com.apple.product-type.application\"; }; L = { buildConfigurations = (C); }; C = { buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = VERSION; }; name = Release; }; }; rootObject = P; }"
        let samples = ["Examples/Demo.xcodeproj", "sample/App.xcodeproj", "SampleApp/App.xcodeproj", "ios/bank-demo/App.xcodeproj", "DemoApp.xcodeproj"]
        let apps = ["App.xcodeproj", "Sampler/App.xcodeproj", "Demonstration/App.xcodeproj"]
        for (offset, path) in (samples + apps).enumerated() {
            let files = [
                "Bank.xcodeproj/project.pbxproj": app.replacingOccurrences(of: "VERSION", with: "16.0"),
                "\(path)/project.pbxproj": app.replacingOccurrences(of: "VERSION", with: "\(offset + 3).0"),
                "Package.swift": "let package = Package(name: \"Kit\", platforms: [.iOS(.v12)])",
            ]
            let found = index(.ios, files).buildFacts.appDeploymentTarget(named: nil)
            switch found {
            case .found(_, let target) where samples.contains(path):
                #expect(target.version == OSVersion(major: 16), "\(path)")
            case .differing(let targets) where apps.contains(path):
                #expect(targets.count == 2, "\(path)")
            default:
                Issue.record("\(path): \(found)")
            }
        }
    }

    @Test func malformedProjectsGiveNoTarget() {
        let hostile = [
            String(repeating: "{ a = ", count: 5_000), "{ objects = { P = { isa = PBXProject; targets = (T; }; }; rootObject = P; }",
            "{ objects = { P = { isa = PBXProject; targets = (T); }; T = { isa = PBXNativeTarget; productType = \"com.apple.product-type.application\"; name = A; }; }; rootObject = P; }",
            "IPHONEOS_DEPLOYMENT_TARGET = 15.0;", "\"unterminated",
        ]
        for text in hostile {
            let facts = index(.ios, ["A.xcodeproj/project.pbxproj": text]).buildFacts
            #expect(Self.describe(facts.applicationTargets) == (text.contains("name = A") ? ["A@1:145=?"] : []), "\(text.prefix(40))")
        }
    }
}

@Suite struct GradleValueTests {
    /// "name=value@line:column" of the setting that counts for `key`, `?` for unknown.
    static func level(_ key: SDKSetting.Key, _ files: [String: String]) -> String {
        guard let setting = index(.android, files).buildFacts.sdkLevel(key) else { return "none" }
        return "\(setting.name)=\(setting.value.map(String.init) ?? "?")@\(setting.location.file):\(setting.location.line):\(setting.location.column)"
    }

    static let catalog = """
        [versions]
        # minSdk = "9"
        minSdk = "24"
        min-sdk-legacy = '21'
        targetSdk = 35  # a number
        agp = "8.7.0"
        [libraries]
        other = "1"
        """
    static let root = """
        buildscript { ext { groovyMin = 22; versions = [min: 20] } }
        ext.dotMin = 23
        ext["bracketMin"] = 25
        extra["extraMin"] = 26
        extra.set("setMin", 27)
        val byMin by extra(28)
        val typedMin: Int by extra(29)
        ext.sumMin = 20 + 1
        """

    /// Each form of a value, with what it reads in `root`, `catalog` and the module's own file.
    @Test func valuesReadThroughTheCatalogAndExtraProperties() {
        let forms: [(String, String)] = [
            ("libs.versions.minSdk.get().toInt()", "24"), ("libs.versions.min.sdk.legacy.get().toInt()", "21"),
            ("Integer.parseInt(libs.versions.minSdk.get())", "24"), ("libs.versions.targetSdk.get().toInteger()", "35"),
            ("libs.versions.agp.get().toInt()", "?"), ("libs.versions.missing.get().toInt()", "?"), ("libs.versions.minSdk.get().toInt() + 1", "?"),
            ("rootProject.ext.groovyMin", "22"), ("groovyMin", "22"), ("rootProject.ext.dotMin", "23"), ("project.ext.bracketMin", "25"),
            ("rootProject.extra[\"extraMin\"] as Int", "26"), ("rootProject.extra.get(\"setMin\") as Int", "27"), ("extra[\"byMin\"] as Int", "28"),
            ("property(\"typedMin\") as Int", "29"), ("rootProject.ext.sumMin", "?"), ("rootProject.ext.versions.min", "?"), ("rootProject.ext.ownMin", "?"),
            ("ownMin", "19"), ("ext.ownMin", "19"), ("providers.gradleProperty(\"minSdk\").get().toInt()", "?"),
        ]
        for (form, expected) in forms {
            let module = "ext.ownMin = 19\nandroid {\n    defaultConfig {\n        minSdk = \(form)\n    }\n}\n"
            let files = ["settings.gradle.kts": "include(\":app\")", "build.gradle.kts": Self.root, "gradle/libs.versions.toml": Self.catalog, "app/build.gradle.kts": module]
            #expect(Self.level(.minSdk, files) == "minSdk=\(expected)@app/build.gradle.kts:4:9", "\(form)")
        }
    }

    @Test func theRootIsTheShallowestSettingsFolder() {
        let module = "android { defaultConfig { minSdk = rootProject.ext.rootMin } }"
        let files = [
            "settings.gradle": "", "build.gradle": "ext.rootMin = 24", "included/settings.gradle": "", "included/build.gradle": "ext.rootMin = 9",
            "app/build.gradle": module,
        ]
        #expect(Self.level(.minSdk, files) == "minSdk=24@app/build.gradle:1:27")
        #expect(Self.level(.minSdk, files.filter { !$0.key.hasPrefix("settings") }) == "minSdk=9@app/build.gradle:1:27")
    }

    @Test func aFlavoursLowerMinSdkCountsAndAnUnknownOneMakesItUnknown() {
        let cases: [(flavours: String, expected: String)] = [
            ("legacy { minSdkVersion 21 }\n full { }", "minSdkVersion=21@build.gradle:6:31"),
            ("newer { minSdkVersion 30 }", "minSdkVersion=26@build.gradle:3:9"),
            ("legacy { minSdkVersion someValue }", "minSdkVersion=?@build.gradle:6:31"),
            ("", "minSdkVersion=26@build.gradle:3:9"),
        ]
        for (flavours, expected) in cases {
            let text = "android {\n    defaultConfig {\n        minSdkVersion 26\n        targetSdkVersion 35\n    }\n    productFlavors { \(flavours) }\n}\n"
            #expect(Self.level(.minSdk, ["build.gradle": text]) == expected, "\(flavours)")
            #expect(Self.level(.targetSdk, ["build.gradle": text]) == "targetSdkVersion=35@build.gradle:4:9")
        }
    }
}

@Suite struct ReleasePermissionTests {
    @Test func removedAndDebugOnlyPermissionsAreNotTheReleaseApps() {
        let library = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <uses-permission android:name="android.permission.READ_EXTERNAL_STORAGE" />
                <uses-permission android:name="android.permission.CAMERA" />
            </manifest>
            """
        let app = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools">
                <uses-permission android:name="android.permission.DETECT_SCREEN_CAPTURE" />
                <uses-permission android:name="android.permission.READ_EXTERNAL_STORAGE" tools:node="remove" />
            </manifest>
            """
        let debug = "<manifest><uses-permission android:name=\"android.permission.DETECT_SCREEN_RECORDING\" /></manifest>"
        let files = ["lib/src/main/AndroidManifest.xml": library, "app/src/main/AndroidManifest.xml": app, "app/src/debug/AndroidManifest.xml": debug]
        let scanned = index(.android, files)
        #expect(scanned.buildFacts.permissions.map { "\($0.name)@\($0.location.file):\($0.location.line)" } == [
            "android.permission.DETECT_SCREEN_CAPTURE@app/src/main/AndroidManifest.xml:2", "android.permission.CAMERA@lib/src/main/AndroidManifest.xml:3",
        ])
        #expect(scanned.files.filter(\.isInDebugSourceSet).map(\.path) == ["app/src/debug/AndroidManifest.xml"])
    }
}

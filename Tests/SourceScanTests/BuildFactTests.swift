import Testing
@testable import SourceScan

/// "name=value@line:column [block]" for each SDK setting, `?` for an unknown value.
private func settings(_ path: String, _ text: String) -> [String] {
    index(.android, [path: text]).buildFacts.sdkSettings.map { setting in
        "\(setting.name)=\(setting.value.map(String.init) ?? "?")@\(setting.location.line):\(setting.location.column) [\(setting.block)]"
    }
}

@Suite struct GradleTests {
    @Test func groovyForms() {
        let text = """
            android {
                defaultConfig {
                    minSdkVersion 26 // minSdkVersion 10
                    targetSdkVersion(34)
                    /* minSdk 11 */ def title = 'minSdk 12'
                    def pattern = /minSdk 13/
                    def path = $/minSdk 14/$
                }
                productFlavors { legacy { minSdk = 21 } }
            }
            """
        #expect(settings("app/build.gradle", text) == [
            "minSdkVersion=26@3:9 [android.defaultConfig]", "targetSdkVersion=34@4:9 [android.defaultConfig]",
            "minSdk=21@9:31 [android.productFlavors.legacy]",
        ])
    }

    @Test func valuesFromVariablesAndCatalogsAreUnknown() {
        let text = """
            val minSdk = 24
            android {
                defaultConfig {
                    minSdk = libs.versions.minSdk.get().toInt()
                    targetSdk = rootProject.extra["target"] as Int
                    minSdkVersion(minSdk)
                }
            }
            """
        #expect(settings("app/build.gradle.kts", text) == [
            "minSdk=?@4:9 [android.defaultConfig]", "targetSdk=?@5:9 [android.defaultConfig]", "minSdkVersion=?@6:9 [android.defaultConfig]",
        ])
        let unknown = index(.android, ["build.gradle.kts": text]).buildFacts.sdkSettings(.minSdk)
        #expect(unknown.map(\.valueText) == ["libs.versions.minSdk.get().toInt()", "minSdk"])
    }

    @Test func extBlocksDeclareVariablesNotSettings() {
        let text = """
            ext { minSdkVersion = 21 }
            ext.targetSdkVersion = 33
            if (minSdk > 21) { }
            android { defaultConfig { minSdk rootProject.ext.minSdkVersion } }
            """
        #expect(settings("build.gradle", text) == ["minSdk=?@4:27 [android.defaultConfig]"])
    }

    @Test func divisionIsNotASlashyString() {
        let text = "def half = total / 2\nandroid { defaultConfig { minSdk 23 } }\ndef third = (total) / 3 / 1"
        #expect(settings("build.gradle", text) == ["minSdk=23@2:27 [android.defaultConfig]"])
    }
}

@Suite struct AndroidXMLTests {
    @Test func manifestPermissionsWithPositions() {
        let manifest = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- a > b <uses-permission android:name="android.permission.CAMERA" /> -->
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <uses-permission android:name="android.permission.DETECT_SCREEN_CAPTURE" />
                <uses-permission-sdk-23
                    android:name='android.permission.READ_EXTERNAL_STORAGE'
                    android:maxSdkVersion="32"/>
                <![CDATA[ <uses-permission android:name="x" /> ]]>
            </manifest>
            """
        let permissions = index(.android, ["src/main/AndroidManifest.xml": manifest]).buildFacts.permissions
        #expect(permissions.map { "\($0.element) \($0.name) max=\($0.maxSdkVersion.map(String.init) ?? "-")@\($0.location.line):\($0.location.column)" } == [
            "uses-permission android.permission.DETECT_SCREEN_CAPTURE max=-@4:5",
            "uses-permission-sdk-23 android.permission.READ_EXTERNAL_STORAGE max=32@5:5",
        ])
        #expect(permissions.last?.nameLocation?.line == 6 && permissions.last?.nameLocation?.column == 9)
        #expect(permissions.last?.maxSdkVersionLocation?.line == 7)
    }

    @Test func layoutAttributesAndPasswordInputs() throws {
        let layout = """
            <LinearLayout xmlns:android="http://schemas.android.com/apk/res/android">
                <!-- <EditText android:inputType="textPassword" /> -->
                <EditText android:id="@+id/pin" android:inputType="numberPassword|textNoSuggestions"
                    android:accessibilityDataSensitive="yes" />
                <EditText android:inputType="textVisiblePassword" android:filterTouchesWhenObscured="true"/>
                <EditText android:inputType = "textWebPassword" />
            </LinearLayout>
            """
        let patterns = try patternSet(.xmlAttribute, ["android:accessibilityDataSensitive=\"yes\"", "android:filterTouchesWhenObscured"])
        let scanned = index(.android, ["res/layout/pin.xml": layout], patterns: patterns)
        let attributes = scanned.buildFacts.layoutAttributes
        #expect(attributes.map { "\($0.element) \($0.name)=\($0.value) secure=\($0.isSecureInput)@\($0.location.line):\($0.location.column)" } == [
            "EditText android:inputType=numberPassword|textNoSuggestions secure=true@3:37",
            "EditText android:accessibilityDataSensitive=yes secure=false@4:9",
            "EditText android:inputType=textVisiblePassword secure=false@5:15",
            "EditText android:filterTouchesWhenObscured=true secure=false@5:55",
            "EditText android:inputType=textWebPassword secure=true@6:15",
        ])
        #expect(attributes.first?.valueLocation.column == 56)
        #expect(found(scanned.occurrences) == ["android:accessibilityDataSensitive=\"yes\"@4:9", "android:filterTouchesWhenObscured@5:55"])
    }
}

import Foundation
import Testing
@testable import SourceScan

@Suite struct WalkTests {
    @Test func skipsGeneratedFoldersLinksOutHugeAndNonUTF8Files() throws {
        let outside = try TemporaryFolder()
        let folder = try TemporaryFolder()
        defer {
            outside.remove()
            folder.remove()
        }
        try outside.write("Leak.kt", "class Leak")
        try folder.write("app/src/main/java/Card.kt", "class Card")
        try folder.write("app/build/generated/Gen.kt", "class Gen")
        try folder.write("build/Top.kt", "class Top")
        try folder.write(".gradle/Cache.kt", "class Cache")
        try folder.write("node_modules/x/Lib.java", "class Lib {}")
        try folder.write("app/generated/Skip.kt", "class Skip")
        try folder.write("app/Big.kt", Data(repeating: UInt8(ascii: " "), count: ScanLimits.maxFileBytes + 1))
        try folder.write("app/Latin1.kt", Data("class A\n// caf".utf8 + [0xE9] + Data("\n".utf8)))
        try folder.write("app/notes.txt", "not source")
        try folder.link("app/outside", to: outside.path)
        try folder.link("app/LeakFile.kt", to: outside.path + "/Leak.kt")
        try folder.link("app/src/loop", to: folder.path + "/app")
        try folder.link("app/Same.kt", to: "src/main/java/Card.kt")
        try folder.link("app/gen", to: "build/generated")
        let options = SourceScanOptions(exclude: { $0 == "app/generated" })
        let scanned = SourceIndex.scan(folder: folder.path, platform: .android, patterns: PatternSet(), options: options)
        #expect(scanned.files.map(\.path) == ["app/src/main/java/Card.kt"])
        #expect(scanned.declarations.map(\.name) == ["Card"])
        #expect(scanned.notes.map(\.path) == ["app/Big.kt", "app/Latin1.kt", "app/LeakFile.kt", "app/outside", "app/src/loop"])
        #expect(scanned.notes.map(\.reason) == [
            .tooLarge(bytes: ScanLimits.maxFileBytes + 1), .notUTF8(line: 2, column: 7), .symlinkOutside(target: outside.url.resolvingSymlinksInPath().path + "/Leak.kt"),
            .symlinkOutside(target: outside.url.resolvingSymlinksInPath().path), .symlinkLoop,
        ])
        #expect(scanned.notes[1].description == "app/Latin1.kt:2:7: skipped, the file is not valid UTF-8 from here on; save it as UTF-8")
    }

    @Test func iosKindsAndPods() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/CardViewController.swift", "class CardViewController: UIViewController { }")
        try folder.write("Pods/Lib/Lib.swift", "class Lib { }")
        try folder.write("DerivedData/X.swift", "class X { }")
        try folder.write("App.xcodeproj/project.pbxproj", "{ }")
        try folder.write("project.pbxproj", "{ }")
        try folder.write("Package.swift", "platforms: [.iOS(.v16)]")
        try folder.write("App/Main.kt", "class Main")
        let scanned = SourceIndex.scan(folder: folder.path, platform: .ios, patterns: PatternSet())
        #expect(scanned.files.map { "\($0.path) \($0.kind.rawValue)" } == [
            "App.xcodeproj/project.pbxproj xcode-project", "App/CardViewController.swift swift", "Package.swift swift-package",
        ])
        #expect(scanned.notes.isEmpty)
    }

    @Test func missingFolderIsANote() {
        let scanned = SourceIndex.scan(folder: "/nonexistent/sourcescan", platform: .android, patterns: PatternSet())
        #expect(scanned.files.isEmpty)
        #expect(scanned.notes.map(\.description) == ["/nonexistent/sourcescan: skipped, cannot read it: No such file or directory"])
    }

    @Test func parallelScanEqualsSequentialScan() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for number in 0..<40 {
            try folder.write("src/F\(number).kt", "class F\(number) : F\(number + 1)() { fun a() { window.addFlags(FLAG_SECURE) } }")
        }
        let patterns = try patternSet(.kotlin, ["addFlags(… FLAG_SECURE …)"])
        let one = SourceIndex.scan(folder: folder.path, platform: .android, patterns: patterns, options: SourceScanOptions(workers: 1))
        let two = SourceIndex.scan(folder: folder.path, platform: .android, patterns: patterns, options: SourceScanOptions(workers: 2))
        #expect(one.occurrences == two.occurrences)
        #expect(one.declarations.map(\.qualifiedName) == two.declarations.map(\.qualifiedName))
        #expect(two.occurrences.count == 40)
    }
}

@Suite struct TypeSearchTests {
    static let patterns: PatternSet = {
        let kotlin = ["setFlags(… FLAG_SECURE …)", "addFlags(… FLAG_SECURE …)", "clearFlags(… FLAG_SECURE …)"]
        let definitions = kotlin.map { PatternDefinition(language: .kotlin, text: $0, tag: $0) }
            + ["sceneCaptureState"].map { PatternDefinition(language: .swift, text: $0, tag: $0) }
        return (try? PatternSet(definitions)) ?? PatternSet()
    }()

    @Test func supertypeInAnotherFileSetsTheFlag() {
        let scanned = index(.android, [
            "base/BaseSecureActivity.kt": """
                abstract class BaseSecureActivity : AppCompatActivity() {
                    override fun onCreate(state: Bundle?) {
                        window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)
                    }
                }
                """,
            "cards/CardActivity.kt": "class CardActivity : BaseSecureActivity(), Tracked {\n}\nfun CardActivity.leak() { window.clearFlags(FLAG_SECURE) }",
        ], patterns: Self.patterns)
        let search = scanned.search(type: "CardActivity")
        #expect(search.declarations.map(\.name) == ["CardActivity", "BaseSecureActivity"])
        #expect(search.files == ["cards/CardActivity.kt", "base/BaseSecureActivity.kt"])
        #expect(search.unresolvedSupertypes == ["Tracked", "AppCompatActivity"])
        #expect(found(search.occurrences) == ["setFlags(… FLAG_SECURE …)@3:16"])
        #expect(search.occurrences.first?.location.file == "base/BaseSecureActivity.kt")
        #expect(search.occurrences.first.map { scanned.enclosingTypes(of: $0).map(\.name) } == ["BaseSecureActivity"])
        #expect(scanned.search(type: "CardActivity", for: scanned.patterns.ids(tagged: "clearFlags(… FLAG_SECURE …)")).occurrences.isEmpty)
        #expect(found(scanned.occurrences(inFile: "cards/CardActivity.kt")) == ["clearFlags(… FLAG_SECURE …)@3:34"])
        #expect(scanned.declarations(inFile: "cards/CardActivity.kt").map(\.name) == ["CardActivity"])
    }

    @Test func supertypeInASkippedFileIsUnresolved() {
        let scanned = index(.android, ["CardActivity.kt": "class CardActivity : BaseSecureActivity() { }"], patterns: Self.patterns)
        let search = scanned.search(type: "CardActivity")
        #expect(search.unresolvedSupertypes == ["BaseSecureActivity"])
        #expect(search.occurrences.isEmpty)
    }

    @Test func swiftExtensionInAnotherFileAndNestedTypes() {
        let scanned = index(.ios, [
            "Cards/CardViewController.swift": "final class CardViewController: UIViewController { }",
            "Cards/CardViewController+Capture.swift": """
                extension CardViewController {
                    final class Observer {
                        func check(_ scene: UIWindowScene) -> Bool { scene.traitCollection.sceneCaptureState == .active }
                    }
                }
                """,
        ], patterns: Self.patterns)
        let search = scanned.search(type: "CardViewController")
        #expect(search.declarations.map(\.kind) == [.class, .extension])
        #expect(found(search.occurrences) == ["sceneCaptureState@3:76"])
        #expect(search.occurrences.first.map { scanned.enclosingTypes(of: $0).map(\.qualifiedName) } == ["CardViewController.Observer", "CardViewController"])
        #expect(found(scanned.search(type: "CardViewController.Observer").occurrences) == ["sceneCaptureState@3:76"])
        #expect(scanned.search(type: "Other.Observer").declarations.isEmpty)
    }

    @Test func supertypeChainStopsAfterEightLevelsAndAtCycles() {
        var files: [String: String] = [:]
        for level in 0..<10 { files["L\(level).kt"] = "open class L\(level) : L\(level + 1)() { }" }
        files["L9.kt"] = "open class L9 : L0() { fun f() { addFlags(FLAG_SECURE) } }"
        files["L8.kt"] = "open class L8 : L9() { fun f() { addFlags(FLAG_SECURE) } }"
        let scanned = index(.android, files, patterns: Self.patterns)
        let search = scanned.search(type: "L0")
        #expect(search.declarations.map(\.name) == (0...8).map { "L\($0)" })
        #expect(search.occurrences.map(\.location.file) == ["L8.kt"])
        #expect(scanned.search(type: "L9").declarations.count == 9)
    }

    @Test func screensForInitFromSource() {
        let android = index(.android, [
            "LoginActivity.kt": """
                class LoginActivity : BaseActivity() {
                    @Composable fun Form() { TextField(visualTransformation = PasswordVisualTransformation()) }
                }
                open class BaseActivity : androidx.appcompat.app.AppCompatActivity()
                class CardFragment : Fragment()
                class Repository
                """,
        ])
        #expect(android.screens().map { "\($0.declaration.name) \($0.traits.kind?.rawValue ?? "-") secure=\($0.traits.holdsSecureInput)" } == [
            "LoginActivity activity secure=true", "BaseActivity activity secure=false", "CardFragment fragment secure=false",
        ])
        let ios = index(.ios, [
            "Login.swift": """
                struct LoginView: View { var body: some View { SecureField("PIN", text: $pin) } }
                class PinViewController: BaseViewController { }
                class BaseViewController: UIViewController { }
                class Plain: NSObject { }
                """,
            "Pin+Input.swift": "extension PinViewController { func setUp() { field.isSecureTextEntry = true } }",
        ])
        #expect(ios.screens().map { "\($0.declaration.name) \($0.traits.kind?.rawValue ?? "-") secure=\($0.traits.holdsSecureInput)" } == [
            "LoginView swiftui-view secure=true", "PinViewController view-controller secure=true", "BaseViewController view-controller secure=false",
        ])
    }
}

@Suite struct UTF8ValidationTests {
    @Test func wellFormedAndMalformedSequences() {
        #expect(UTF8Validation.firstInvalidPosition(Array("plain ascii, long enough for words\né ü € 𝄞 中文\n".utf8)) == nil)
        // The column counts scalars: `é` and `𝄞` before the bad byte are one column each.
        for terminator in ["\n", "\r", "\r\n"] {
            let prefix = Array("0123456789abcdef\(terminator)é 𝄞 ".utf8)
            for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF]] {
                let position = UTF8Validation.firstInvalidPosition(prefix + bad)
                #expect(position?.line == 2 && position?.column == 5, "\(bad) after \(Array(terminator.utf8))")
            }
        }
    }
}

/// Inputs built to make a careless scanner crash or go quadratic: each must simply finish.
@Suite struct HostileInputTests {
    @Test func malformedAndRepetitiveFilesFinish() throws {
        let repeated = { (text: String) in String(repeating: text, count: 20_000) }
        let files: [String: String] = [
            "A.kt": repeated("class A : B(") + repeated("${\"") + "/* never closed",
            "B.kt": repeated("{") + repeated("object O : P by q, ") + "\"\"\" never closed",
            "C.java": repeated("class C<T extends ") + repeated(")"),
            "build.gradle": repeated("minSdk 1 ") + repeated("minSdkVersion("),
            "build.gradle.kts": repeated("minSdk = ") + "/",
            "res/layout/a.xml": repeated("<a b=\"") + repeated("<!--"),
            "AndroidManifest.xml": repeated("<uses-permission android:name='x' ") + "<![CDATA[",
        ]
        let patterns = try patternSet(.kotlin, ["setContentSensitivity(… B …)", "A … B … C … D"])
        let scanned = index(.android, files, patterns: patterns)
        #expect(scanned.files.count == files.count)
        #expect(scanned.buildFacts.sdkSettings.count >= 20_000)
        let swiftScanned = index(.ios, ["A.swift": repeated("#\"\\#(") + repeated("extension X: ") + "#/ never closed"])
        #expect(swiftScanned.files.count == 1)
    }
}

import SourceScan
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Writes a realistic app source tree, the same bytes for the same seed: an `android/` module
/// (Kotlin activities and fragments, some Java, layouts, a manifest, a Gradle file) and an `ios/`
/// app (Swift view controllers, SwiftUI views, extensions, a project file), about 10 KB per
/// source file, with comments, string templates, raw and multi-line strings, and the capture APIs
/// evidence looks for.
struct SyntheticSource {
    var seed: UInt64

    /// Writes `files` source files under `folder` (half Android, half iOS); returns the bytes written.
    func generate(into folder: String, files: Int) -> Int {
        var written = 0
        for index in 0..<files {
            var random = CorpusGenerator.Random(state: seed &+ UInt64(index) &* 0x1000_0001)
            let text: String
            let path: String
            if index % 2 == 0 {
                let java = random.chance(15)
                text = java ? javaFile(index, &random) : kotlinFile(index, &random)
                path = "android/src/main/java/com/example/feature\(index % 40)/Screen\(index).\(java ? "java" : "kt")"
            } else {
                text = swiftFile(index, &random)
                path = "ios/App/Feature\(index % 40)/Screen\(index).swift"
            }
            written += write(text, to: "\(folder)/\(path)")
        }
        written += write(gradle, to: "\(folder)/android/build.gradle.kts")
        written += write(manifest, to: "\(folder)/android/src/main/AndroidManifest.xml")
        written += write(layout, to: "\(folder)/android/src/main/res/layout/pin.xml")
        written += write(project, to: "\(folder)/ios/App.xcodeproj/project.pbxproj")
        return written
    }

    private static let targetBytes = 10_000

    private func kotlinFile(_ index: Int, _ random: inout CorpusGenerator.Random) -> String {
        let base = random.pick(["AppCompatActivity()", "BaseSecureActivity()", "Fragment()", "ComponentActivity()"])
        var out = """
            package com.example.feature\(index % 40)

            import android.os.Bundle
            import android.view.WindowManager
            import androidx.compose.ui.window.SecureFlagPolicy

            /**
             * Screen \(index): shows account details. /* nested */ Keep FLAG_SECURE in mind.
             */
            class Screen\(index)Activity : \(base), Tracked {
                private val title = "Screen \(index): ${'$'}{user.name} has ${'$'}count items"
                private val query = \"\"\"
                    SELECT * FROM accounts WHERE id = ${'$'}{id} -- */ not a comment end
                \"\"\"

            """
        var member = 0
        while out.utf8.count < Self.targetBytes {
            member += 1
            switch random.below(5) {
            case 0:
                out += """
                    override fun onCreate(savedInstanceState: Bundle?) {
                        super.onCreate(savedInstanceState)
                        window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)
                        setRecentsScreenshotEnabled(false)
                    }

                """
            case 1:
                out += """
                    // Formats an amount; "quotes" and 'c' inside a comment.
                    fun format\(member)(amount: Long, currency: String = "EUR"): String =
                        when {
                            amount > 1_000_000L -> "${'$'}{amount / 1_000_000}M ${'$'}currency"
                            amount < 0 -> "-" + format\(member)(-amount, currency)
                            else -> "${'$'}amount ${'$'}currency"
                        }

                """
            case 2:
                out += """
                    @Composable
                    fun Content\(member)(state: UiState, onPay: (Long) -> Unit) {
                        Dialog(onDismissRequest = {}, properties = DialogProperties(securePolicy = SecureFlagPolicy.SecureOn)) {
                            Text(text = "Pay ${'$'}{state.amount} to ${'$'}{state.payee}", modifier = Modifier.padding(16.dp))
                            Button(onClick = { onPay(state.amount) }) { Text("Confirm") }
                        }
                    }

                """
            case 3:
                out += """
                    private val items\(member) = listOf(1, 2, 3).map { it * \(member) }.filter { it % 2 == 0 }
                    fun observe\(member)() {
                        contentResolver.registerContentObserver(MediaStore.Images.Media.EXTERNAL_CONTENT_URI, true, observer)
                        view.contentSensitivity = View.CONTENT_SENSITIVITY_SENSITIVE
                    }

                """
            default:
                out += """
                    companion object Factory\(member) {
                        const val KEY = "screen.\(index).\(member)"
                        fun create(args: Map<String, Any?>): Screen\(index)Activity = Screen\(index)Activity().apply { arguments = args }
                    }

                """
            }
        }
        return out + "}\n"
    }

    private func javaFile(_ index: Int, _ random: inout CorpusGenerator.Random) -> String {
        var out = """
            package com.example.feature\(index % 40);

            import android.view.WindowManager;

            /** Screen \(index), written in Java. */
            public class Screen\(index)Activity extends BaseSecureActivity implements Tracked {
                private static final String QUERY = \"\"\"
                    SELECT name FROM payees /* not a comment */
                    \"\"\";

            """
        var member = 0
        while out.utf8.count < Self.targetBytes {
            member += 1
            out += random.chance(30) ? """
                    @Override protected void onResume() {
                        super.onResume();
                        getWindow().addFlags(WindowManager.LayoutParams.FLAG_SECURE);
                    }

                """ : """
                    /* Returns a label; 'x' and "y" */
                    public String label\(member)(int count) {
                        char separator = ':';
                        return "items" + separator + count + " of \(member)";
                    }

                """
        }
        return out + "}\n"
    }

    private func swiftFile(_ index: Int, _ random: inout CorpusGenerator.Random) -> String {
        let isView = random.chance(40)
        var out = """
            import UIKit
            import SwiftUI

            /// Screen \(index). /* nested /* comment */ */
            final class Screen\(index)ViewController: UIViewController, UITableViewDelegate {
                private let greeting = "Hello, \\(user.name)! You have \\(count(of: "items")) items."
                private let pattern = #/[0-9]{4}-\\d+/#
                private let raw = #"Raw "quoted" \\(not interpolated) \\#(value)"#

            """
        var member = 0
        while out.utf8.count < Self.targetBytes {
            member += 1
            switch random.below(4) {
            case 0:
                out += """
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        if view.window?.windowScene?.traitCollection.sceneCaptureState == .active { hideDetails() }
                        NotificationCenter.default.addObserver(self, selector: #selector(captured), name: UIScreen.capturedDidChangeNotification, object: nil)
                    }

                """
            case 1:
                out += """
                    // Formats a balance; "quotes" inside a comment.
                    func format\(member)(_ amount: Decimal, currency: String = "EUR") -> String {
                        let text = \"\"\"
                            Balance: \\(amount) \\(currency)
                            Updated: \\(Date().formatted(date: .abbreviated, time: .shortened))
                            \"\"\"
                        return amount < 0 ? "-\\(text)" : text
                    }

                """
            case 2:
                out += """
                    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                        let items = (0..<\(member)).map { $0 * 2 }.filter { $0.isMultiple(of: 3) }
                        field.isSecureTextEntry = true
                        show(items, at: indexPath.row)
                    }

                """
            default:
                out += """
                    struct Row\(member): Hashable, Identifiable { let id = UUID(); var title: String; var amount: Decimal }

                """
            }
        }
        out += "}\n"
        if isView {
            out += """

                struct Screen\(index)View: View {
                    @State private var pin = ""
                    var body: some View {
                        VStack { SecureField("PIN", text: $pin).privacySensitive() }
                    }
                }

                extension Screen\(index)ViewController {
                    func sceneWillResignActive() { coverView.isHidden = false }
                }

                """
        }
        return out
    }

    private let gradle = """
        android {
            defaultConfig {
                minSdk = 26
                targetSdk = libs.versions.targetSdk.get().toInt()
            }
        }

        """
    private let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <uses-permission android:name="android.permission.DETECT_SCREEN_CAPTURE" />
        </manifest>

        """
    private let layout = """
        <EditText xmlns:android="http://schemas.android.com/apk/res/android" android:inputType="numberPassword"
            android:accessibilityDataSensitive="yes" />

        """
    private let project = "buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 16.0; };\n"

    private func write(_ text: String, to path: String) -> Int {
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            mkdir(folder, 0o755)
        }
        let handle = fopen(path, "wb")
        defer { fclose(handle) }
        return text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, handle) }
    }
}

/// The patterns of EVIDENCE.md's table, as a policy would give them.
private let evidencePatterns: [PatternDefinition] = {
    let android = [
        "setFlags(… FLAG_SECURE …)", "addFlags(… FLAG_SECURE …)", "SecureFlagPolicy.SecureOn", "setSecure(true)", "clearFlags(… FLAG_SECURE …)",
        "SecureFlagPolicy.SecureOff", "setRecentsScreenshotEnabled(false)", "setRecentsScreenshotEnabled(true)",
        "setContentSensitivity(… CONTENT_SENSITIVITY_SENSITIVE …)", "sensitiveContent", "CONTENT_SENSITIVITY_NOT_SENSITIVE",
        "addScreenRecordingCallback", "setHideOverlayWindows(true)", "setHideOverlayWindows(false)", "setAccessibilityDataSensitive",
        "registerScreenCaptureCallback", "registerContentObserver(… MediaStore …)",
    ]
    let ios = [
        "sceneCaptureState", "isSceneCaptured", "isCaptured", "sceneWillResignActive", "sceneDidEnterBackground", "applicationWillResignActive",
        "scenePhase", "privacySensitive", "UITraitSceneCaptureState", "capturedDidChangeNotification", "userDidTakeScreenshotNotification",
    ]
    return android.flatMap { text in [SourceLanguage.kotlin, .java].map { PatternDefinition(language: $0, text: text, tag: text) } }
        + ios.map { PatternDefinition(language: .swift, text: $0, tag: $0) }
        + [PatternDefinition(language: .xmlAttribute, text: "android:accessibilityDataSensitive=\"yes\"", tag: "xml")]
}()

/// `capaudit-bench source`: generates the tree once, then scans both platforms `runs` times on
/// all cores and once on one, printing median wall time, MB/s and peak memory.
func runSourceScanBenchmark(files: Int, runs: Int, folder: String) {
    let bytes = SyntheticSource(seed: 2026).generate(into: folder, files: files)
    let megabytes = Double(bytes) / 1_000_000
    guard let patterns = try? PatternSet(evidencePatterns) else {
        print("the evidence patterns do not compile")
        exit(2)
    }
    func processorSeconds() -> Double { ThisProcess.usage().processorSeconds }
    func scanBoth(workers: Int) -> (seconds: Double, processor: Double, occurrences: Int, declarations: Int) {
        let start = now()
        let startProcessor = processorSeconds()
        var occurrences = 0
        var declarations = 0
        for platform in [SourcePlatform.android, .ios] {
            let index = SourceIndex.scan(
                folder: "\(folder)/\(platform.rawValue)", platform: platform, patterns: patterns, options: SourceScanOptions(workers: workers))
            occurrences += index.occurrences.count
            declarations += index.declarations.count
        }
        return (now() - start, processorSeconds() - startProcessor, occurrences, declarations)
    }
    _ = scanBoth(workers: SourceScanOptions.processorCount)
    let all = (0..<runs).map { _ in scanBoth(workers: SourceScanOptions.processorCount) }
    let one = scanBoth(workers: 1)
    let seconds = median(all.map(\.seconds))
    let processor = median(all.map(\.processor))
    print("source scan: \(files) files, \(Double(Int(megabytes * 10)) / 10) MB, \(all[0].declarations) types, \(all[0].occurrences) occurrences")
    print("  all \(SourceScanOptions.processorCount) cores, median of \(runs)   \(format(seconds)) wall  \(Int(megabytes / seconds)) MB/s")
    print("  processor time of that scan  \(format(processor))  \(Int(megabytes / processor)) MB per processor-second")
    print("  one core                     \(format(one.seconds)) wall  \(Int(megabytes / one.seconds)) MB/s")
    print("  peak RSS                     \(ThisProcess.usage().peakResidentBytes >> 20) MB")
}

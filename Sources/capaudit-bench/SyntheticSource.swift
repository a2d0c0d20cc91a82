import CapauditKit
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
            written += writeFile(text, to: "\(folder)/\(path)")
        }
        written += writeFile(gradle, to: "\(folder)/android/build.gradle.kts")
        written += writeFile(manifest, to: "\(folder)/android/src/main/AndroidManifest.xml")
        written += writeFile(layout, to: "\(folder)/android/src/main/res/layout/pin.xml")
        written += writeFile(project, to: "\(folder)/ios/App.xcodeproj/project.pbxproj")
        return written
    }

    private static let targetBytes = 10_000

    /// A manifest whose screens map pairs of generated files: `Screen{2k}Activity` on Android
    /// and `Screen{2k+1}ViewController` on iOS, each claiming the platform's protection; past
    /// the `files` generated, screens map the same pairs again.
    static func manifest(screens: Int, files: Int) -> String {
        var text = """
            capaudit: 1
            app:
              name: Generated
              profile: banking
              platforms:
                ios:
                  deployment-target: "16.0"
                android:
                  min-sdk: 28
                  target-sdk: 35
            capture:
              detect: [scene-capture-state]
            screens:

            """
        let pairs = max(1, files / 2)
        for screen in 0..<screens {
            let pair = screen % pairs
            text += """
                  - id: screen-\(screen)
                    protect: {ios: [redact-on-capture], android: [flag-secure]}
                    code:
                      android: [Screen\(2 * pair)Activity]
                      ios: [Screen\(2 * pair + 1)ViewController]
                    fields:
                      - id: balance
                        kind: balance

                """
        }
        return text
    }

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

}

/// Writes `text` to the absolute `path`, making its folders; returns the bytes written.
@discardableResult
func writeFile(_ text: String, to path: String) -> Int {
    var folder = ""
    for component in path.split(separator: "/").dropLast() {
        folder += "/" + component
        mkdir(folder, 0o755)
    }
    let handle = fopen(path, "wb")
    defer { fclose(handle) }
    return text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, handle) }
}

/// What one scan of a generated tree cost and found.
struct SourceScanRun {
    var seconds: Double
    var processor: Double
    var occurrences: Int
    var declarations: Int
}

/// A generated app tree and what scanning it costs, with the shipped policy's evidence patterns.
struct SourceScanMeasurement {
    var files: Int
    var bytes: Int
    /// Median over the runs, all cores.
    var all: SourceScanRun
    var oneCore: SourceScanRun
    var peakKB: Int

    var megabytes: Double { Double(bytes) / 1_000_000 }
}

func processorSeconds() -> Double { ThisProcess.usage().processorSeconds }

/// Scans both platforms of a generated tree (android/ and ios/ under `folder`) as
/// `capaudit check --source` does, `runs` times on all cores and once on one.
func measureSourceScan(files: Int, bytes: Int, runs: Int, folder: String) -> SourceScanMeasurement {
    guard let taxonomy = try? PolicyLoader.shipped().taxonomy else {
        print("the shipped policy does not load")
        exit(2)
    }
    let folders = [Platform.android, .ios].map { SourceFolder(platform: $0, path: $0.rawValue, absolutePath: "\(folder)/\($0.rawValue)") }
    func scanBoth(workers: Int) -> SourceScanRun {
        let start = now()
        let startProcessor = processorSeconds()
        let code = CodeBase.scan(folders, taxonomy: taxonomy, workers: workers)
        let indexes = code.platforms.values.map(\.index)
        return SourceScanRun(
            seconds: now() - start, processor: processorSeconds() - startProcessor, occurrences: indexes.reduce(0) { $0 + $1.occurrences.count },
            declarations: indexes.reduce(0) { $0 + $1.declarations.count })
    }
    _ = scanBoth(workers: SourceScanOptions.processorCount)
    let all = (0..<runs).map { _ in scanBoth(workers: SourceScanOptions.processorCount) }
    let one = scanBoth(workers: 1)
    var middle = all.sorted { $0.seconds < $1.seconds }[all.count / 2]
    middle.processor = median(all.map(\.processor))
    return SourceScanMeasurement(files: files, bytes: bytes, all: middle, oneCore: one, peakKB: ThisProcess.usage().peakResidentBytes >> 10)
}

/// `capaudit-bench source`: the source scan alone, in detail.
func runSourceScanBenchmark(files: Int, runs: Int, folder: String) {
    let bytes = SyntheticSource(seed: 2026).generate(into: folder, files: files)
    let m = measureSourceScan(files: files, bytes: bytes, runs: runs, folder: folder)
    print("source scan: \(m.files) files, \(decimal(m.megabytes, 1)) MB, \(m.all.declarations) types, \(m.all.occurrences) occurrences")
    print("  all \(SourceScanOptions.processorCount) cores, median of \(runs)   \(format(m.all.seconds)) wall  \(Int(m.megabytes / m.all.seconds)) MB/s")
    print("  processor time of that scan  \(format(m.all.processor))  \(Int(m.megabytes / m.all.processor)) MB per processor-second")
    print("  one core                     \(format(m.oneCore.seconds)) wall  \(Int(m.megabytes / m.oneCore.seconds)) MB/s")
    print("  peak RSS                     \(m.peakKB / 1024) MB")
}

/// The main run's source rows: the scan beside the manifest corpora (against libyaml's time for
/// as many bytes of manifests, from the sparse corpus), then a real `capaudit check --source`
/// over the generated tree, with and without the source, end to end.
func reportSourceScan(files: Int, runs: Int, folder: String, binary: String, manifests: Measurement) {
    let bytes = SyntheticSource(seed: 2026).generate(into: folder, files: files)
    let manifest = "\(folder)/capaudit.yml"
    writeFile(SyntheticSource.manifest(screens: 12, files: files), to: manifest)
    let plain = medianRun(runs, [binary, "check", manifest, "--format", "json", "--fail-on", "never"])
    let withSource = medianRun(runs, [
        binary, "check", manifest, "--format", "json", "--fail-on", "never", "--source", "android=\(folder)/android", "--source", "ios=\(folder)/ios",
    ])
    let m = measureSourceScan(files: files, bytes: bytes, runs: runs, folder: folder)
    let floorPerMB = manifests.floor / (Double(manifests.bytes) / 1_000_000)
    let floor = floorPerMB * m.megabytes
    print("source scan: \(m.files) files (Kotlin, Java, Swift), \(decimal(m.megabytes, 1)) MB, \(m.all.declarations) types, \(m.all.occurrences) occurrences")
    func row(_ name: String, _ seconds: Double) -> String {
        let rate = "\(Int((m.megabytes / seconds).rounded())) MB/s, \(Int((Double(m.files) / seconds).rounded())) files/s"
        return "  \(name)\(String(repeating: " ", count: max(1, 36 - name.count)))\(format(seconds))  (\(rate))"
    }
    print(row("source scan, all cores", m.all.seconds))
    print(row("source scan, 1 core", m.oneCore.seconds))
    print(row("libyaml floor, as many MB of YAML", floor))
    print("  ratio source scan / floor           \(decimal(m.all.seconds / floor)) (target: at most 1.0)")
    print("  processor time of the scan          \(format(m.all.processor))")
    print("  check, one manifest                 \(format(plain.seconds))  peak RSS \(plain.peakKB / 1024) MB")
    print("  same with --source (both platforms) \(format(withSource.seconds))  peak RSS \(withSource.peakKB / 1024) MB")
    print("  added by the source                 \(format(withSource.seconds - plain.seconds))  (ratio to the floor \(decimal((withSource.seconds - plain.seconds) / floor)))")
    reportMappedScreens(runs: runs, folder: folder, files: files, binary: binary)
}

/// The evidence stages against the number of mapped screens, at 1x, 10x and 100x of 160 over
/// the same tree: every stage is linear in screens, so the time per screen stays flat.
func reportMappedScreens(runs: Int, folder: String, files: Int, binary: String) {
    var first: Double?
    for screens in [160, 1_600, 16_000] {
        let manifest = "\(folder)/mapped-\(screens).yml"
        writeFile(SyntheticSource.manifest(screens: screens, files: files), to: manifest)
        let run = medianRun(runs, [
            binary, "check", manifest, "--format", "json", "--fail-on", "never", "--source", "android=\(folder)/android", "--source", "ios=\(folder)/ios",
        ])
        let perScreen = run.seconds / Double(screens)
        let scale = first.map { "  (\(decimal(perScreen / $0))x the time per screen at 160)" } ?? ""
        if first == nil { first = perScreen }
        let name = "check --source, \(screens) mapped screens"
        print("  \(name)\(String(repeating: " ", count: max(1, 36 - name.count)))\(format(run.seconds))  peak RSS \(run.peakKB / 1024) MB\(scale)")
    }
}

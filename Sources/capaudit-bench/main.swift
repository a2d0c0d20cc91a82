import CYAML
import CapauditKit
import Dispatch
import JSON
import YAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SystemInterface

/// capaudit-bench: generates two corpora and measures, on the same files, libyaml alone (the
/// floor), the YAML tree build, and the full `capaudit check` (release binary, JSON and SARIF to
/// /dev/null), as medians over several runs; plus the single-file time of `check` beside
/// `capaudit version`.
///
/// The sparse corpus is what a team that adopted capaudit keeps (few findings); the dense one is
/// a first run on an unaudited repository (about 90 findings per manifest), where the cost of
/// findings shows. The source corpus (as many Kotlin, Java and Swift files, about 10 KB each) is
/// what evidence reads: its scan is set beside libyaml's time for as many bytes of manifests, and
/// a `check --source` over it is run end to end. `capaudit lsp` is timed from each `didChange`
/// of an open manifest to its diagnostics.
///
///   capaudit-bench [--files 5000] [--screens 12] [--runs 5] [--binary .build/release/capaudit] [--scaling]
///   capaudit-bench generate --files N --out FOLDER [--screens N] [--dense]
///   capaudit-bench source [--files 5000] [--runs 5]   (the source scan of docs/evidence.md on a generated app tree)
///   capaudit-bench baseline [--entries 3000] [--runs 5]   (a stale baseline of that many entries, then 10x and 100x)
///   capaudit-bench lsp [--edits 200] [--binary PATH]   (didChange to publishDiagnostics of `capaudit lsp`, ~11 KB manifest)
struct Options {
    var files = 5000
    var screens = 12
    var runs = 5
    var binary = ".build/release/capaudit"
    var scaling = false
    var dense = false
    var generateInto: String?
    var sourceScan = false
    var baselineStage = false
    var entries = 3000
    var languageServer = false
    var edits = 200

    init(_ arguments: [String]) {
        var index = 0
        func value() -> String {
            index += 1
            return index < arguments.count ? arguments[index] : ""
        }
        while index < arguments.count {
            switch arguments[index] {
            case "generate": generateInto = ""
            case "source": sourceScan = true
            case "baseline": baselineStage = true
            case "lsp": languageServer = true
            case "--out": generateInto = value()
            case "--files": files = Int(value()) ?? files
            case "--screens": screens = Int(value()) ?? screens
            case "--runs": runs = Int(value()) ?? runs
            case "--entries": entries = Int(value()) ?? entries
            case "--edits": edits = Int(value()) ?? edits
            case "--binary": binary = value()
            case "--scaling": scaling = true
            case "--dense": dense = true
            default:
                print("unknown argument \(arguments[index]); see the comment at the top of Sources/capaudit-bench/main.swift")
                exit(2)
            }
            index += 1
        }
    }
}

/// Seconds since the benchmark started, on a clock that never goes back.
func now() -> Double {
    let elapsed = benchmarkStart.duration(to: ContinuousClock.now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

let benchmarkStart = ContinuousClock.now

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func writeCorpus(into folder: String, files: Int, screens: Int, density: CorpusGenerator.Density) -> [String] {
    mkdir(folder, 0o755)
    let generator = CorpusGenerator(seed: 2026, density: density)
    return (0..<files).map { index in
        let path = "\(folder)/app-\(index).yml"
        let text = generator.manifest(index: index, screens: screens)
        let handle = fopen(path, "wb")
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, handle) }
        fclose(handle)
        return path
    }
}

/// The corpus's manifests rewritten on one line each, in flow style (`{"capaudit": 1, ...}`), as
/// a generator or a JSON tool may write them: every position is then far into one long line.
func writeOneLine(_ paths: [String], into folder: String) -> [String] {
    mkdir(folder, 0o755)
    return paths.enumerated().map { index, source in
        let path = "\(folder)/app-\(index).yml"
        let tree = (try? YAMLLoader.load(read(source)).documents.first) ?? YAMLNode(content: .mapping([]), start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        var text = ""
        writeFlow(tree, into: &text)
        text += "\n"
        let handle = fopen(path, "wb")
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, handle) }
        fclose(handle)
        return path
    }
}

func writeFlow(_ node: YAMLNode, into text: inout String) {
    switch node.content {
    case .scalar(let scalar):
        if case .string = scalar.resolved { JSONWriter.quote(scalar.value, into: &text) } else { text += scalar.value }
    case .sequence(let items):
        text += "["
        for (index, item) in items.enumerated() {
            if index > 0 { text += ", " }
            writeFlow(item, into: &text)
        }
        text += "]"
    case .mapping(let pairs):
        text += "{"
        for (index, pair) in pairs.enumerated() {
            if index > 0 { text += ", " }
            JSONWriter.quote(pair.key.scalar?.value ?? "", into: &text)
            text += ": "
            writeFlow(pair.value, into: &text)
        }
        text += "}"
    }
}

func read(_ path: String) -> [UInt8] {
    (try? FileReader.read(path, limit: 1 << 30).get()) ?? []
}

/// libyaml alone: every event of every file, nothing built.
func libyamlFloor(_ paths: [String]) -> Double {
    let start = now()
    for path in paths {
        let bytes = read(path)
        var parser = yaml_parser_t()
        var event = yaml_event_t()
        yaml_parser_initialize(&parser)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            while yaml_parser_parse(&parser, &event) != 0 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if done { break }
            }
        }
        yaml_parser_delete(&parser)
    }
    return now() - start
}

func treeBuild(_ paths: [String]) -> Double {
    let start = now()
    for path in paths { _ = try? YAMLLoader.load(read(path)) }
    return now() - start
}

/// What one run of the binary cost: wall time, CPU time (user + system), peak resident memory,
/// and what it said on standard error.
struct Run {
    var seconds: Double
    var cpu: Double
    var peakKB: Int
    var status: Int32
    var stderr: String
}

func runBinary(_ arguments: [String]) -> Run {
    let errors = "/tmp/capaudit-bench-stderr-\(getpid())"
    let actions = SpawnFileActions()
    actions.open("/dev/null", as: 1, flags: O_WRONLY)
    actions.open(errors, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
    let start = now()
    guard case .success(let pid) = Spawn.start(arguments[0], arguments: arguments, fileActions: actions) else {
        print("cannot run \(arguments[0]): build it first with `swift build -c release --static-swift-stdlib`")
        exit(2)
    }
    let sampler = PeakMemorySampler(pid)
    guard let ended = Spawn.waitForExit(pid) else {
        print("lost the child process of \(arguments[0])")
        exit(2)
    }
    let seconds = now() - start
    let sampled = sampler.stop()
    let text = String(decoding: read(errors), as: UTF8.self)
    unlink(errors)
    // A run too short to be sampled falls back to `ru_maxrss`, an upper bound (see PeakMemorySampler).
    let peakBytes = sampled > 0 ? sampled : ended.usage.peakResidentBytes
    return Run(seconds: seconds, cpu: ended.usage.processorSeconds, peakKB: peakBytes / 1024, status: ended.code, stderr: text)
}

/// Samples a child's own peak resident memory (`ProcessMemory.peakBytes`: VmHWM, which only
/// grows) every millisecond on another thread while the child runs. `ru_maxrss` from `wait4`
/// would not do: Linux counts in a spawned child's `ru_maxrss` the resident size of the process
/// that spawned it, so every child of the bench would be charged for the corpora the bench holds.
final class PeakMemorySampler: Sendable {
    private let peak = Atomic<Int>(0)
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)

    init(_ pid: pid_t) {
        DispatchQueue.global().async { [self] in
            while running.load(ordering: .acquiring) {
                if let bytes = ProcessMemory.peakBytes(of: pid) { peak.store(max(peak.load(ordering: .relaxed), bytes), ordering: .relaxed) }
                usleep(1000)
            }
            finished.signal()
        }
    }

    /// Stops sampling, called as soon as the child is reaped (its pid is not reused that fast),
    /// and gives the peak seen: 0 if the child ended before the first sample.
    func stop() -> Int {
        running.store(false, ordering: .releasing)
        finished.wait()
        return peak.load(ordering: .relaxed)
    }
}

/// The median run by wall time, with the highest peak memory of all runs.
func medianRun(_ runs: Int, _ arguments: [String]) -> Run {
    let all = (0..<runs).map { _ in runBinary(arguments) }
    var middle = all.sorted { $0.seconds < $1.seconds }[all.count / 2]
    middle.peakKB = all.map(\.peakKB).max() ?? 0
    return middle
}

func format(_ seconds: Double) -> String {
    seconds < 1 ? "\(Double(Int((seconds * 10_000).rounded())) / 10) ms" : "\(Double(Int((seconds * 100).rounded())) / 100) s"
}

func decimal(_ value: Double, _ places: Int = 2) -> String {
    let scale = pow(10, Double(places))
    return "\(Double(Int((value * scale).rounded())) / scale)"
}

struct Measurement {
    var floor: Double
    var tree: Double
    var json: Run
    var sarif: Run
    /// `--select MAN001`: the input side alone, almost no finding.
    var inputSide: Run
    var findings: Int
    var bytes: Int
    var files: Int
}

func measure(files: Int, screens: Int, density: CorpusGenerator.Density, runs: Int, binary: String, folder: String) -> Measurement {
    let paths = writeCorpus(into: folder, files: files, screens: screens, density: density)
    let bytes = paths.reduce(0) { $0 + read($1).count }
    _ = libyamlFloor(paths)
    let floor = median((0..<runs).map { _ in libyamlFloor(paths) })
    let tree = median((0..<runs).map { _ in treeBuild(paths) })
    let json = medianRun(runs, [binary, "check", folder, "--format", "json", "--fail-on", "never", "--stats"])
    let sarif = medianRun(runs, [binary, "check", folder, "--format", "sarif", "--fail-on", "never"])
    let inputSide = medianRun(runs, [binary, "check", folder, "--format", "json", "--fail-on", "never", "--select", "MAN001"])
    // --stats: "stats: F files, M manifests, N findings, …" ("1 finding" for one)
    let findings = json.stderr.split(separator: ",").first { $0.hasSuffix(" findings") || $0.hasSuffix(" finding") }
        .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
    return Measurement(floor: floor, tree: tree, json: json, sarif: sarif, inputSide: inputSide, findings: findings, bytes: bytes, files: files)
}

func report(_ title: String, _ m: Measurement) {
    let megabytes = Double(m.bytes) / 1_000_000
    func row(_ name: String, _ seconds: Double) -> String {
        let rate = "\(Int((megabytes / seconds).rounded())) MB/s, \(Int((Double(m.files) / seconds).rounded())) files/s"
        return "  \(name)\(String(repeating: " ", count: max(1, 36 - name.count)))\(format(seconds))  (\(rate))"
    }
    let perManifest = m.files > 0 ? Double(m.findings) / Double(m.files) : 0
    print("\(title): \(m.files) files, \(decimal(megabytes, 1)) MB, \(m.findings) findings (\(decimal(perManifest, 1)) per manifest)")
    print(row("libyaml events, 1 thread (floor)", m.floor))
    print(row("YAML tree build, 1 thread", m.tree))
    print(row("check --select MAN001 (input side)", m.inputSide.seconds))
    print(row("check --format json, all cores", m.json.seconds))
    print(row("check --format sarif, all cores", m.sarif.seconds))
    print("  ratio json / floor                  \(decimal(m.json.seconds / m.floor))")
    print("  ratio sarif / floor                 \(decimal(m.sarif.seconds / m.floor))")
    print("  ratio input side / floor            \(decimal(m.inputSide.seconds / m.floor))")
    print("  peak RSS json / sarif / input side  \(m.json.peakKB / 1024) MB / \(m.sarif.peakKB / 1024) MB / \(m.inputSide.peakKB / 1024) MB")
    if m.findings > 0 {
        let findings = Double(m.findings)
        print("  findings per second (json)          \(Int((findings / m.json.seconds).rounded()))")
        for (name, run) in [("json", m.json), ("sarif", m.sarif)] {
            let marginal = (run.cpu - m.inputSide.cpu) / findings * 1e6
            print("  CPU per finding, \(name)\(String(repeating: " ", count: 20 - name.count))\(decimal(marginal)) µs beyond the input side (\(decimal(run.cpu / findings * 1e6)) µs in all)")
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let folder = options.generateInto {
    guard !folder.isEmpty else {
        print("generate needs --out FOLDER")
        exit(2)
    }
    let written = writeCorpus(into: folder, files: options.files, screens: options.screens, density: options.dense ? .dense : .sparse)
    print("wrote \(written.count) \(options.dense ? "dense" : "sparse") manifests to \(folder)")
    exit(0)
}

var template = Array("/tmp/capaudit-bench-XXXXXX".utf8CString)
guard let made = mkdtemp(&template) else {
    print("cannot make a temporary folder")
    exit(2)
}
let root = String(cString: made)
if options.sourceScan {
    runSourceScanBenchmark(files: options.files, runs: options.runs, folder: "\(root)/source")
    exit(0)
}
if options.baselineStage {
    runBaselineBenchmark(entries: options.entries, runs: options.runs, binary: options.binary, folder: "\(root)/baseline")
    exit(0)
}
if options.languageServer {
    runLanguageServerBenchmark(edits: options.edits, binary: options.binary, folder: "\(root)/lsp")
    exit(0)
}
print("machine: \(ThisProcess.processorCount) cores; binary \(options.binary); median of \(options.runs) runs")
var corpora: [CorpusGenerator.Density: Measurement] = [:]
for density in [CorpusGenerator.Density.sparse, .dense] {
    let measurement = measure(
        files: options.files, screens: options.screens, density: density, runs: options.runs, binary: options.binary, folder: "\(root)/\(density)")
    corpora[density] = measurement
    report("\(density.rawValue) corpus", measurement)
}
let oneFile = "\(root)/sparse/app-0.yml"
let single = medianRun(50, [options.binary, "check", oneFile, "--fail-on", "never"])
let version = medianRun(50, [options.binary, "version"])
print("one manifest (sparse app-0.yml), median of 50 runs:")
print("  capaudit check                      \(format(single.seconds))")
print("  capaudit version                    \(format(version.seconds))")
print("  ratio check / version               \(decimal(single.seconds / version.seconds))")
let big = measure(files: 1, screens: 2000, density: .sparse, runs: options.runs, binary: options.binary, folder: "\(root)/big")
report("one manifest of 2000 screens", big)
if options.scaling {
    print("scaling (at most 11x the time for 10x the work; peak memory within 10 %):")
    for density in [CorpusGenerator.Density.sparse, .dense] {
        guard let full = corpora[density] else { continue }
        let tenth = measure(
            files: options.files / 10, screens: options.screens, density: density, runs: options.runs, binary: options.binary,
            folder: "\(root)/\(density)-tenth")
        print("  \(density.rawValue), 10x the files:  \(decimal(full.json.seconds / tenth.json.seconds))x the time, peak RSS \(tenth.json.peakKB / 1024) MB → \(full.json.peakKB / 1024) MB")
    }
    let smallScreens = measure(files: 1, screens: 200, density: .sparse, runs: options.runs, binary: options.binary, folder: "\(root)/small-screens")
    print("  10x the screens:       \(decimal(big.json.seconds / smallScreens.json.seconds))x the time")
    // The same on one line: positions far into a line must not be found by scanning it.
    let bigLine = medianRun(options.runs, [options.binary, "check"] + writeOneLine(["\(root)/big/app-0.yml"], into: "\(root)/big-line") + ["--format", "json", "--fail-on", "never"])
    let smallLine = medianRun(
        options.runs, [options.binary, "check"] + writeOneLine(["\(root)/small-screens/app-0.yml"], into: "\(root)/small-line") + ["--format", "json", "--fail-on", "never"])
    print("  10x the screens, one line (flow style): \(decimal(bigLine.seconds / smallLine.seconds))x the time (\(format(smallLine.seconds)) → \(format(bigLine.seconds)))")
}
runLanguageServerBenchmark(edits: options.edits, binary: options.binary, folder: "\(root)/lsp")
// Last: the in-process scans grow this process, and the scan row reports this process's own peak.
if let sparse = corpora[.sparse] {
    reportSourceScan(files: options.files, runs: options.runs, folder: "\(root)/source", binary: options.binary, manifests: sparse)
}

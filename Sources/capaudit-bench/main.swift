import CYAML
import CapauditKit
import Dispatch
import YAML
#if canImport(Glibc)
import Glibc
#endif

/// capaudit-bench: generates a corpus and measures, on the same files, libyaml alone (the
/// floor), the YAML tree build, and the full `capaudit check` (release binary, JSON to
/// /dev/null), as medians over several runs; plus the single-file time of the binary.
///
///   capaudit-bench [--files 5000] [--screens 12] [--runs 5] [--binary .build/release/capaudit] [--scaling]
///   capaudit-bench generate --files N --out FOLDER [--screens N]
///   capaudit-bench source [--files 5000] [--runs 5]   (the source scan of EVIDENCE.md on a generated app tree)
struct Options {
    var files = 5000
    var screens = 12
    var runs = 5
    var binary = ".build/release/capaudit"
    var scaling = false
    var generateInto: String?
    var sourceScan = false

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
            case "--out": generateInto = value()
            case "--files": files = Int(value()) ?? files
            case "--screens": screens = Int(value()) ?? screens
            case "--runs": runs = Int(value()) ?? runs
            case "--binary": binary = value()
            case "--scaling": scaling = true
            default:
                print("unknown argument \(arguments[index]); see the comment at the top of Sources/capaudit-bench/main.swift")
                exit(2)
            }
            index += 1
        }
    }
}

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func writeCorpus(into folder: String, files: Int, screens: Int) -> [String] {
    mkdir(folder, 0o755)
    let generator = CorpusGenerator(seed: 2026)
    return (0..<files).map { index in
        let path = "\(folder)/app-\(index).yml"
        let text = generator.manifest(index: index, screens: screens)
        let handle = fopen(path, "wb")
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, handle) }
        fclose(handle)
        return path
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

/// Runs the binary, output to /dev/null; wall time and peak resident memory (KB).
func runBinary(_ arguments: [String]) -> (seconds: Double, peakKB: Int, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        print("cannot run \(arguments[0]): build it first with `swift build -c release --static-swift-stdlib`")
        exit(2)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    posix_spawn_file_actions_destroy(&actions)
    return (now() - start, Int(usage.ru_maxrss), (status >> 8) & 0xFF)
}

func format(_ seconds: Double) -> String {
    seconds < 1 ? "\(Double(Int((seconds * 10_000).rounded())) / 10) ms" : "\(Double(Int((seconds * 100).rounded())) / 100) s"
}

struct Measurement {
    var floor: Double
    var tree: Double
    var check: Double
    var peakKB: Int
    var bytes: Int
    var files: Int
}

func measure(files: Int, screens: Int, runs: Int, binary: String, folder: String) -> Measurement {
    let paths = writeCorpus(into: folder, files: files, screens: screens)
    let bytes = paths.reduce(0) { $0 + read($1).count }
    _ = libyamlFloor(paths)
    let floor = median((0..<runs).map { _ in libyamlFloor(paths) })
    let tree = median((0..<runs).map { _ in treeBuild(paths) })
    var peak = 0
    let check = median((0..<runs).map { _ in
        let run = runBinary([binary, "check", folder, "--format", "json", "--fail-on", "never"])
        peak = max(peak, run.peakKB)
        return run.seconds
    })
    return Measurement(floor: floor, tree: tree, check: check, peakKB: peak, bytes: bytes, files: files)
}

func report(_ title: String, _ m: Measurement) {
    let megabytes = Double(m.bytes) / 1_000_000
    func row(_ name: String, _ seconds: Double) -> String {
        let rate = "\(Int((megabytes / seconds).rounded())) MB/s, \(Int((Double(m.files) / seconds).rounded())) files/s"
        return "  \(name)\(String(repeating: " ", count: max(1, 34 - name.count)))\(format(seconds))  (\(rate))"
    }
    print("\(title): \(m.files) files, \(Int(megabytes * 10) / 10) MB")
    print(row("libyaml events, 1 thread (floor)", m.floor))
    print(row("YAML tree build, 1 thread", m.tree))
    print(row("capaudit check, all cores", m.check))
    print("  peak RSS of the check               \(m.peakKB / 1024) MB")
    print("  ratio check / libyaml floor         \(Double(Int(m.check / m.floor * 100)) / 100)")
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let folder = options.generateInto {
    guard !folder.isEmpty else {
        print("generate needs --out FOLDER")
        exit(2)
    }
    let written = writeCorpus(into: folder, files: options.files, screens: options.screens)
    print("wrote \(written.count) manifests to \(folder)")
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
print("machine: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores; binary \(options.binary); median of \(options.runs) runs")
let main = measure(files: options.files, screens: options.screens, runs: options.runs, binary: options.binary, folder: "\(root)/main")
report("corpus", main)
let single = median((0..<50).map { _ in runBinary([options.binary, "check", "\(root)/main/app-0.yml", "--fail-on", "never"]).seconds })
print("  one manifest, release binary        \(format(single))")
let big = measure(files: 1, screens: 2000, runs: options.runs, binary: options.binary, folder: "\(root)/big")
report("one manifest of 2000 screens", big)
if options.scaling {
    let tenth = measure(files: options.files / 10, screens: options.screens, runs: options.runs, binary: options.binary, folder: "\(root)/tenth")
    let smallScreens = measure(files: 1, screens: 200, runs: options.runs, binary: options.binary, folder: "\(root)/small-screens")
    print("scaling (at most 11x for 10x the work):")
    print("  10x the files:    \(Double(Int(main.check / tenth.check * 100)) / 100)x the time")
    print("  10x the screens:  \(Double(Int(big.check / smallScreens.check * 100)) / 100)x the time")
}

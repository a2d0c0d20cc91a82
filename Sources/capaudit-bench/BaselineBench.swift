import CapauditKit

/// The baseline stage at 1x, 10x and 100x entries: `check --baseline` of one manifest whose
/// baseline holds `entries` stale entries (fingerprints no finding has, each reported as SUP002 in
/// the order of the file), one in ten of them for a file that does not exist. Every stage is
/// n log n at most, so 10x the entries must cost about 10x the time, never 100x.
func runBaselineBenchmark(entries: Int, runs: Int, binary: String, folder: String) {
    let manifest = writeCorpus(into: folder, files: 1, screens: 12, density: .sparse)[0]
    print("stale baseline entries, one manifest; binary \(binary); median of \(runs) runs")
    var previous: Double?
    for scale in [1, 10, 100] {
        let count = entries * scale
        let path = "\(folder)/baseline-\(count).json"
        _ = writeFile(staleBaseline(entries: count, manifest: manifest), to: path)
        let run = medianRun(runs, [binary, "check", manifest, "--baseline", path, "--format", "json", "--fail-on", "never"])
        let growth = previous.map { "  (\(decimal(run.seconds / $0))x the time of a tenth as many)" } ?? ""
        print("  \(count) entries\(String(repeating: " ", count: max(1, 12 - String(count).count)))\(format(run.seconds)), peak RSS \(run.peakKB / 1024) MB\(growth)")
        previous = run.seconds
    }
}

/// `entries` entries, none matching a finding: nine in ten for the manifest (named by its absolute
/// path, as the run names a file outside the repository it runs in), the others for missing files.
func staleBaseline(entries: Int, manifest: String) -> String {
    var random = CorpusGenerator.Random(state: 2026)
    let made = (0..<entries).map { index in
        Baseline.Entry(
            fingerprint: Fingerprint.hex(random.next()), rule: "CAP001", file: index % 10 == 9 ? "gone/app-\(index).yml" : manifest,
            path: "screens[id=s\(index)]", count: 1)
    }
    return Baseline(entries: made).json
}

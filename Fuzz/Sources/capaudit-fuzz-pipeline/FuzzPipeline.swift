import CapauditKit
import YAML

/// The shipped policy, loaded once for the whole fuzzing run.
let policy: Policy = {
    do throws(PolicyError) {
        return try PolicyLoader.shipped()
    } catch {
        fatalError("the shipped policy does not load: \(error)")
    }
}()

let run = AuditRun(session: Session(policy: policy, defaultProfile: "banking", limits: YAMLLimits(maxFileBytes: 1 << 20, maxDepth: 64, maxAliasExpansion: 10_000)))

/// libFuzzer entry: any bytes go through the whole pipeline (load, evaluate, resolve) and every
/// reporter of `check` and `report`; nothing may trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ManifestSniffer.verdict(bytes) != .manifest { bytes = Array("capaudit: 1\n".utf8) + bytes }
    let outcome = run.outcome(of: InputFile(path: "fuzz.yml", named: true, content: bytes))
    let context = ReportContext(policy: policy, toolVersion: "fuzz")
    // SARIF also describes every rule of the policy, the same for every input and slow to
    // render: it runs for one input in 16 (chosen by the input, so that runs repeat).
    let describeRules = size == 0 || data[0] % 16 == 0
    for reporter in ReporterRegistry.findings + ReporterRegistry.coverage where describeRules || reporter != SarifReporter.self {
        _ = reporter.render([outcome], context: context)
    }
    return 0
}

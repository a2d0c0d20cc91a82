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

/// libFuzzer entry: any manifest, fixed with every fix `--fix --unsafe-fixes` would apply. The
/// fixed text must parse when the original did, hold no finding the original lacked (evidence
/// aside: no code is read here), and be a fixed point: fixing it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFix(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ManifestSniffer.verdict(bytes) != .manifest { bytes = Array("capaudit: 1\n".utf8) + bytes }
    let request = FixRequest(unsafe: true)
    let file = InputFile(path: "fuzz.yml", named: true, content: bytes)
    let original = run.outcome(of: file)
    let fixedOutcome = run.outcome(of: file, fixing: request)
    guard let fixed = fixedOutcome.fixed, fixed.changed else { return 0 }
    let parsedBefore = (try? YAMLLoader.load(bytes)) != nil
    if parsedBefore, (try? YAMLLoader.load(fixed.fixed)) == nil {
        fatalError("a fix made the YAML unreadable:\n\(String(decoding: fixed.fixed, as: UTF8.self))")
    }
    let before = Set(original.activeFindings.map(\.fingerprint))
    if let added = fixedOutcome.activeFindings.first(where: { !before.contains($0.fingerprint) }) {
        fatalError("a fix added \(added.ruleID) at \(added.start): \(added.message)\n\(String(decoding: fixed.fixed, as: UTF8.self))")
    }
    let again = run.outcome(of: InputFile(path: "fuzz.yml", named: true, content: fixed.fixed), fixing: request)
    if again.fixed?.changed == true {
        fatalError("fixing the fixed text changed it again:\n\(String(decoding: fixed.fixed, as: UTF8.self))")
    }
    return 0
}

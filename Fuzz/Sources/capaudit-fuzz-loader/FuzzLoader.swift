import YAML

/// libFuzzer entry: any bytes must load or fail with a located error, never trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = YAMLLimits(maxFileBytes: 1 << 20, maxDepth: 64, maxAliasExpansion: 10_000)
    switch Result(catching: { () throws(YAMLError) in try YAMLLoader.load(bytes, limits: limits) }) {
    case .success(let stream):
        for document in stream.documents { _ = document.reportedPosition }
    case .failure(let error):
        precondition(error.position.line >= 1 && error.position.column >= 1, "error without a position")
    }
    return 0
}

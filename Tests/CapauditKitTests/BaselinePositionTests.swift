@testable import CapauditKit
import Testing
import YAML

/// `Baseline.positions(ofIncreasing:in:)`, the one-pass position finder of stale entries, agrees
/// with `SourceLines` on every offset of texts built from every line ending and multi-byte text.
@Suite struct BaselinePositionTests {
    static let pieces: [[UInt8]] = [Array("ab".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), Array("💳".utf8), Array(" \"x\" ".utf8)]

    @Test func everyOffsetOfEveryTextAgreesWithSourceLines() {
        var random: UInt64 = 2026
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<30 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes += Self.pieces[Int(random >> 33) % Self.pieces.count]
            }
            let offsets = Array(0...bytes.count)
            let lines = SourceLines(bytes)
            #expect(Baseline.positions(ofIncreasing: offsets, in: bytes) == offsets.map(lines.position(ofByte:)), "\(bytes)")
        }
    }
}

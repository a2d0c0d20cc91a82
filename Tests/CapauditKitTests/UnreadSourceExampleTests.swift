import CapauditKit
import Foundation
import TestSupport
import Testing

/// EVD007's examples, which RuleExampleTests cannot run: the failing source is written as
/// ISO-8859-1 (one byte per scalar, so its `ü` is no UTF-8), the passing one as UTF-8, into a
/// real folder that the scan reads.
@Suite struct UnreadSourceExampleTests {
    static let rule = Manifests.policy.rule(BuiltInRule.sourceUnread.id)

    /// The code base of `files`, each written with `encode`, read as the run reads it.
    static func scan(_ files: [SourceText], encode: (String) -> [UInt8]) throws -> CodeBase {
        let folder = try makeTemporaryFolder()
        for file in files {
            let url = folder.appendingPathComponent("app/\(file.path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try writeBytes(encode(file.text), toPath: Array(url.path.utf8))
        }
        let sources = Set(files.map(\.platform)).map { SourceFolder(platform: $0, path: "app", absolutePath: folder.appendingPathComponent("app").path) }
        return CodeBase.scan(sources, taxonomy: Manifests.policy.taxonomy, workers: 1)
    }

    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    @Test func failingSourceIsUnreadAtItsFirstByteThatIsNotUTF8() throws {
        let source = try #require(Self.rule?.failingSource)
        #expect(source.count == 1)
        let code = try Self.scan(source, encode: Self.latin1)
        for file in source {
            let line = try #require(file.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.unicodeScalars.contains { $0.value >= 0x80 } })
            let text = file.text.split(separator: "\n", omittingEmptySubsequences: false)[line]
            let column = 1 + text.unicodeScalars.prefix { $0.value < 0x80 }.count
            #expect(code.unread.map { "\($0.file):\($0.position.line):\($0.position.column)" } == ["app/\(file.path):\(line + 1):\(column)"])
        }
        #expect(code.notes.isEmpty, "\(code.notes)")
    }

    @Test func passingSourceIsRead() throws {
        let source = try #require(Self.rule?.passingSource)
        let code = try Self.scan(source, encode: { Array($0.utf8) })
        #expect(code.unread.isEmpty)
        // The index names each file from the working folder: through its root, `app`.
        #expect(code.platforms[.android]?.index.files.map(\.path) == source.map { "app/\($0.path)" })
    }
}

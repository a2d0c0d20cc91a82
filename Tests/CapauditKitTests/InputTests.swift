@testable import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading, sniffing and discovering input: encodings, names that are bytes, paths past
/// `PATH_MAX`, symlinks out of the tree, and the git index by blob id.
@Suite struct InputTests {
    static let manifest = "capaudit: 1\napp:\n  name: Café\n"

    // MARK: encodings

    @Test func utf16AndUtf32WithAMarkBecomeUtf8WithAMark() throws {
        let utf8Marked = [0xEF, 0xBB, 0xBF] + Array(Self.manifest.utf8)
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian] {
            let mark: [UInt8] = Array(try #require("\u{FEFF}".data(using: encoding)))
            let body = Array(try #require(Self.manifest.data(using: encoding)))
            #expect(try TextDecoding.utf8(mark + body).get() == utf8Marked, "\(encoding)")
        }
        let plain = Array(Self.manifest.utf8)
        #expect(try TextDecoding.utf8(plain).get() == plain, "no mark: left as it is")
        let emoji = Array(try #require("\u{FEFF}a: 🙂\n".data(using: .utf16LittleEndian)))
        #expect(try TextDecoding.utf8(emoji).get() == [0xEF, 0xBB, 0xBF] + Array("a: 🙂\n".utf8), "a surrogate pair is one character")
    }

    @Test func undecodableUtf16IsLocated() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for scalar in "a: 1\nb: ".utf16 { bytes += [UInt8(scalar & 0xFF), UInt8(scalar >> 8)] }
        let lone = bytes + [0x3D, 0xD8, 0x41, 0x00]
        guard case .failure(let failure) = TextDecoding.utf8(lone) else {
            Issue.record("an unpaired surrogate was accepted")
            return
        }
        #expect(failure.position == SourcePosition(line: 2, column: 4))
        #expect(failure.message == "the UTF-16 text has an unpaired surrogate (0xD83D); save the file as UTF-8 text")
        guard case .failure(let cut) = TextDecoding.utf8(bytes + [0x41]) else {
            Issue.record("half a character was accepted")
            return
        }
        #expect(cut.message.contains("ends in the middle of a character"))
        let beyond: [UInt8] = [0xFF, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00]
        #expect(throws: TextDecoding.Failure.self) { try TextDecoding.utf8(beyond).get() }
    }

    @Test func readingAFileDecodesItAndALimitNamesItsOwnOption() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("u16.yml").path
        try Data([0xFF, 0xFE] + Self.manifest.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: path))
        #expect(try FileReader.read(path, limit: 1000).get() == [0xEF, 0xBB, 0xBF] + Array(Self.manifest.utf8))
        guard case .failure(let failure) = FileReader.read(path, limit: 10) else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(failure.description.hasSuffix("over the limit of 10; split it"), "no option raises a limit that none names: \(failure)")
        guard case .failure(let named) = FileReader.read(path, limit: 10, limitOption: "--max-file-size") else { return }
        #expect(named.description.hasSuffix("; split it or raise the limit with --max-file-size"))
        let head = try #require(FileReader.readHead(Array(path.utf8), count: 9), "a head cut inside a character")
        #expect(head == [0xEF, 0xBB, 0xBF] + Array("cap".utf8))
        #expect(ManifestSniffer.headLooksLikeManifest(try #require(FileReader.readHead(Array(path.utf8), count: 25))))
    }

    // MARK: sniffing

    @Test func theTextSaysManifestNotAManifestOrUnsure() {
        func verdict(_ text: String) -> ManifestSniffer.Verdict { ManifestSniffer.verdict(Array(text.utf8)) }
        #expect(verdict("capaudit: 1\napp: {}\n") == .manifest)
        #expect(verdict("# licence\n\"capaudit\" : 1\n") == .manifest)
        #expect(verdict(String(repeating: "# licence line\n", count: 5_000) + "capaudit: 1\n") == .manifest, "past the first 64 KB")
        #expect(verdict("name: ci\non: push\n") == .notManifest)
        #expect(verdict("") == .notManifest)
        #expect(verdict("run: capaudit check\n") == .unsure)
        #expect(verdict("{capaudit: 1}\n") == .unsure)
        #expect(verdict("  capaudit: 1\n") == .unsure)
        #expect(verdict("--- {capaudit: 1}\n") == .unsure)
        #expect(verdict("\"capa\\x75dit\": 1\n") == .unsure)
        #expect(verdict("app: {}\nscreens: []\n") == .unsure)
        #expect(verdict("app: {}\n") == .notManifest, "`app` alone is not enough")
    }

    @Test func parsingDecidesWhatTheTextLeftUnsure() {
        func isManifest(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return ManifestSniffer.isManifest(bytes, stream: YAMLLoader.loadDocuments(bytes))
        }
        #expect(isManifest("{capaudit: 1, app: {}}\n"))
        #expect(isManifest("  capaudit: 1\n  app: {}\n"))
        #expect(isManifest("? capaudit\n: 1\n"))
        #expect(isManifest("\"capa\\x75dit\": 1\n"))
        #expect(isManifest("--- {capaudit: 1}\n"))
        #expect(isManifest("app: {name: x}\nscreens: []\n"), "docs/manifest.md: `app` and `screens` without `capaudit` make a manifest")
        #expect(isManifest("a: 1\n---\n{capaudit: 1}\n"), "any document")
        #expect(!isManifest("run: capaudit check\n"))
        #expect(!isManifest("description: \"see \\\"docs\\\"\"\n"))
        #expect(isManifest("{capaudit: 1, app: [\n"), "broken YAML with a `capaudit` key is a manifest with a syntax error")
        #expect(!isManifest("steps: [\n# capaudit runs later\n"), "a mention that is not a key")
    }

    @Test func aFileOverTheLimitIsJudgedByTheKeyInItsHead() {
        #expect(ManifestSniffer.headLooksLikeManifest(Array("  capaudit: 1\n".utf8)))
        #expect(ManifestSniffer.headLooksLikeManifest(Array("{\"capaudit\": 1".utf8)))
        #expect(!ManifestSniffer.headLooksLikeManifest(Array("data: \"a\\\\b\"\napp: 1\nscreens: 2\n".utf8)))
    }

    // MARK: paths

    @Test func namesThatAreNotUtf8AreShownEscapedAndOpenedAsBytes() throws {
        #expect(InputFile.displayPath(Array("café.yml".utf8)) == "café.yml")
        #expect(InputFile.displayPath([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x79, 0x6D, 0x6C]) == "caf\\xE9.yml")
        #expect(InputFile.displayPath([0x61, 0xC3]) == "a\\xC3")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x79, 0x6D, 0x6C]
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        try writeBytes(Array(Self.manifest.utf8), toPath: path)
        let result = Discovery().discover([folder.path])
        #expect(result.notes.isEmpty, "\(result.notes)")
        let file = try #require(result.files.first)
        #expect(file.fileSystemPath == path)
        #expect(file.path == folder.path + "/caf\\xE9.yml")
        #expect(try FileReader.read(file.fileSystemPath, limit: 1000).get() == Array(Self.manifest.utf8))
    }

    @Test func aPathLongerThanPathMaxIsFoundAndRead() throws {
        let folder = try makeTemporaryFolder()
        // Foundation cannot remove a tree deeper than PATH_MAX; rm walks it folder by folder.
        defer { _ = try? run("rm", ["-rf", folder.path]) }
        let segment = String(repeating: "d", count: 200)
        var deep = segment
        while deep.utf8.count < 4_400 { deep += "/" + segment }
        try makeDeepFolder(deep, in: folder)
        let file = Array((folder.path + "/" + deep + "/deep.yml").utf8)
        try writeBytes(Array(Self.manifest.utf8), toPath: file)
        #expect(file.count > Int(PATH_MAX))
        #expect(FileReader.kind(of: file) == .regular)
        #expect(try FileReader.read(file, limit: 1000).get() == Array(Self.manifest.utf8))
        let result = Discovery().discover([folder.path])
        #expect(result.files.map(\.fileSystemPath) == [file], "notes: \(result.notes)")
    }

    @Test func aWalkNeverLeavesTheFolderItWasGiven() throws {
        let folder = try makeTemporaryFolder()
        let outside = try makeTemporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try write(Self.manifest, to: folder.appendingPathComponent("apps/a.yml"))
        try write(Self.manifest, to: outside.appendingPathComponent("far.yml"))
        let links = [("apps/out", outside.path), ("apps/far.yml", outside.appendingPathComponent("far.yml").path), ("apps/inside", "."), ("apps/up", "..")]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let apps = folder.appendingPathComponent("apps").path
        let result = Discovery().discover([apps])
        #expect(result.files.map(\.path) == ["\(apps)/a.yml"])
        #expect(result.notes.contains("\(apps)/out: skipped, a symlink that leads out of \(apps)"), "\(result.notes)")
        #expect(result.notes.contains("\(apps)/far.yml: skipped, a symlink that leads out of \(apps)"))
        #expect(result.notes.contains("\(apps)/up: skipped, a symlink that leads out of \(apps)"))
        #expect(result.notes.contains("\(apps)/inside: skipped, a symlink leads back to a folder already walked"))
        let named = Discovery().discover([folder.appendingPathComponent("apps/far.yml").path])
        #expect(named.files.count == 1, "a path named on the command line is read wherever it leads")
    }

    // MARK: git index

    @Test func aDiffListingGivesEachStagedBlobByIdWithItsNameAsBytes() {
        let blob = String(repeating: "a", count: 40)
        let other = String(repeating: "b", count: 40)
        var listing = Array(":000000 100644 \(String(repeating: "0", count: 40)) \(blob) A".utf8) + [0] + Array("0:good.yml".utf8) + [0]
        listing += Array(":100644 100644 \(other) \(blob) R087".utf8) + [0] + Array("old.yml".utf8) + [0] + Array("new\n.yml".utf8) + [0]
        listing += Array(":000000 160000 \(String(repeating: "0", count: 40)) \(other) A".utf8) + [0] + [0x73, 0xE9, 0x2E, 0x79, 0x6D, 0x6C] + [0]
        let changes = GitIndex.changes(in: listing)
        #expect(changes.map(\.path) == [Array("0:good.yml".utf8), Array("new\n.yml".utf8), [0x73, 0xE9, 0x2E, 0x79, 0x6D, 0x6C]])
        #expect(changes.map { String(decoding: $0.blob, as: UTF8.self) } == [blob, blob, other])
        #expect(changes.map { String(decoding: $0.mode, as: UTF8.self) } == ["100644", "100644", "160000"])
    }

    @Test func catFileAnswersSplitIntoContents() throws {
        let output = Array("aaaa blob 5\nhello\nbbbb missing\ncccc blob 0\n\n".utf8)
        #expect(try GitIndex.blobs(in: output) == [Array("hello".utf8), nil, []])
        #expect(throws: GitIndex.Failure.self) { try GitIndex.blobs(in: Array("aaaa blob 50\nshort\n".utf8)) }
    }

    @Test func stagedNamesAreRelativeToTheFolderGitRunsIn() {
        func relative(_ target: String, _ prefix: String) -> String {
            String(decoding: GitIndex.relative(Array(target.utf8), from: Array(prefix.utf8)), as: UTF8.self)
        }
        #expect(relative("apps/bank.yml", "") == "apps/bank.yml")
        #expect(relative("apps/bank.yml", "apps/") == "bank.yml")
        #expect(relative("apps/bank.yml", "tools/lint/") == "../../apps/bank.yml")
        #expect(relative("apps", "apps/") == "../apps", "a file named like the folder is not the folder")
    }

    @Test func aProgramReadingAndWritingMegabytesNeverDeadlocks() throws {
        let input = (0..<200_000).flatMap { Array("line \($0)\n".utf8) }
        let outcome = try Subprocess.run("cat", [], input: .bytes(input), timeout: 60)
        #expect(!outcome.timedOut)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == input)
        let early = try Subprocess.run("head", ["-c", "10"], input: .bytes(input), timeout: 60)
        #expect(early.stdout.count == 10, "a program that stops reading early ends the exchange without SIGPIPE")
    }
}

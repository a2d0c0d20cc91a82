import Foundation
import SystemInterface
import Testing

/// A temporary folder for one test, removed when the test is done with it.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("system-interface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String, _ text: String = "") throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite struct FileSystemTests {
    @Test func entriesNameEveryKindOnceWithoutDotsAndKeepTheirBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("plain.yml")
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/folder", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/link", withDestinationPath: "plain.yml")
        // "café" in Latin-1: not UTF-8, so no String can name it.
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        let made = open((Array("\(scratch.path)/".utf8) + latin1 + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT, 0o644)
        #expect(made >= 0)
        close(made)

        let entries = try #require(FileSystem.entries(of: scratch.path))
        #expect(entries.count == 4)
        let byName = Dictionary(entries.map { ($0.name, $0.isSymlink) }, uniquingKeysWith: { first, _ in first })
        #expect(Set(byName.keys) == [Array("plain.yml".utf8), Array("folder".utf8), Array("link".utf8), latin1])
        // A file system may not say (nil); when it does, only the link is one.
        #expect(byName[Array("link".utf8)] != false)
        #expect(byName[Array("plain.yml".utf8)] != true)
        #expect(byName[Array("folder".utf8)] != true)
    }

    @Test func entriesOfAnOpenFolderCloseItAndAMissingFolderSetsErrno() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("one")
        let descriptor = open(scratch.path, O_RDONLY | O_DIRECTORY)
        let entries = try #require(FileSystem.entries(ofOpenFolder: descriptor))
        #expect(entries.map(\.name) == [Array("one".utf8)])
        #expect(fcntl(descriptor, F_GETFD) == -1, "the descriptor was closed with the folder")

        #expect(FileSystem.entries(of: "\(scratch.path)/missing") == nil)
        #expect(errno == ENOENT)
        let notFolder = try scratch.file("file")
        let fileDescriptor = open(notFolder, O_RDONLY)
        #expect(FileSystem.entries(ofOpenFolder: fileDescriptor) == nil)
        #expect(errno == ENOTDIR)
        #expect(fcntl(fileDescriptor, F_GETFD) == -1, "closed on failure too")
    }

    @Test func identityIsTheFileNotThePath() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try scratch.file("first")
        let other = try scratch.file("other")
        #expect(link(first, "\(scratch.path)/hard") == 0)
        func identity(_ path: String) -> FileIdentity {
            var info = stat()
            stat(path, &info)
            return FileIdentity(info)
        }
        #expect(identity(first) == identity("\(scratch.path)/hard"))
        #expect(identity(first) != identity(other))
    }

    @Test func realPathResolvesLinksAndDotsInStringsAndBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = try scratch.file("target")
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/alias", withDestinationPath: "target")
        let resolved = try #require(FileSystem.realPath("\(scratch.path)/./alias"))
        #expect(resolved == FileSystem.realPath(target))
        #expect(resolved.hasSuffix("/target"))
        #expect(FileSystem.realPath(Array("\(scratch.path)/../\(scratch.url.lastPathComponent)/alias".utf8)) == Array(resolved.utf8))
        #expect(FileSystem.realPath("\(scratch.path)/missing") == nil)
    }
}

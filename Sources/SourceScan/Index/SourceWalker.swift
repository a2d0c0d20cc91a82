#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// A file the walk found, to be read.
struct WalkedFile {
    let path: String
    /// The file system's bytes: a name that is not UTF-8 is read as it is, never through a
    /// lossy decoding.
    let absolutePath: [UInt8]
    let kind: SourceFileKind
}

/// Walks a platform's source folder: skips the folders of `ScanLimits.skippedFolders`, test code
/// (`TestCode`) and what the caller excludes, never follows a symbolic link out of the folder, and walks each folder and
/// reads each file once however many links lead to it (named by its own path rather than a link's).
struct SourceWalker {
    let platform: SourcePlatform
    let exclude: @Sendable (String) -> Bool
    /// Read test code too (a root's `tests: include`).
    var includesTests = false

    func walk(_ folder: String) -> (files: [WalkedFile], notes: [ScanNote]) {
        var files: [WalkedFile] = []
        var notes: [ScanNote] = []
        guard let root = FileSystem.realPath(folder) else {
            return ([], [ScanNote(path: folder, reason: .unreadableFolder(String(cString: strerror(errno))))])
        }
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0 else { return ([], [ScanNote(path: folder, reason: .unreadableFolder("not found"))]) }
        var visitedFolders: Set<FileIdentity> = [FileIdentity(rootInfo)]
        var seenFiles: [FileIdentity: (index: Int, throughLink: Bool)] = [:]
        let rootBytes = Array(root.utf8)
        var stack: [(relative: String, absolute: [UInt8])] = [("", rootBytes)]
        while let (relative, absolute) = stack.popLast() {
            guard let entries = FileSystem.entries(of: absolute) else {
                notes.append(ScanNote(path: relative.isEmpty ? "." : relative, reason: .unreadableFolder(String(cString: strerror(errno)))))
                continue
            }
            var subfolders: [(String, [UInt8])] = []
            for entry in entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
                let name = String(decoding: entry.name, as: UTF8.self)
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                let location = absolute + [ASCII.slash] + entry.name
                var info = stat()
                guard lstat(FileSystem.cPath(location), &info) == 0 else { continue }
                let isLink = info.st_mode & S_IFMT == S_IFLNK
                if isLink {
                    guard let target = FileSystem.realPath(location), stat(FileSystem.cPath(target), &info) == 0 else {
                        notes.append(ScanNote(path: path, reason: .brokenSymlink))
                        continue
                    }
                    guard target == rootBytes || target.starts(with: rootBytes + [ASCII.slash]) else {
                        if isWanted(path, info) { notes.append(ScanNote(path: path, reason: .symlinkOutside(target: String(decoding: target, as: UTF8.self)))) }
                        continue
                    }
                    let targetPath = target.dropFirst(rootBytes.count).split(separator: ASCII.slash).map { String(decoding: $0, as: UTF8.self) }
                    if targetPath.contains(where: ScanLimits.skippedFolders.contains) || exclude(targetPath.joined(separator: "/")) { continue }
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    guard !ScanLimits.skippedFolders.contains(name), !exclude(path) else { continue }
                    guard includesTests || !TestCode.isTestFolder(name, parent: relative.split(separator: "/").last.map(String.init), platform: platform) else { continue }
                    guard visitedFolders.insert(FileIdentity(info)).inserted else {
                        notes.append(ScanNote(path: path, reason: .symlinkLoop))
                        continue
                    }
                    subfolders.append((path, location))
                case S_IFREG:
                    guard let kind = SourceFileKind.of(path, platform: platform), !exclude(path), includesTests || !TestCode.isTestFile(name) else { continue }
                    let file = WalkedFile(path: path, absolutePath: location, kind: kind)
                    if let seen = seenFiles[FileIdentity(info)] {
                        if seen.throughLink, !isLink { files[seen.index] = file }
                        continue
                    }
                    seenFiles[FileIdentity(info)] = (files.count, isLink)
                    files.append(file)
                default:
                    continue
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
        files.sort { $0.path < $1.path }
        return (files, notes)
    }

    /// Whether a link's target would have been walked or read: only those are worth a note.
    private func isWanted(_ path: String, _ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFDIR || SourceFileKind.of(path, platform: platform) != nil
    }

}

/// Reads a whole regular file, refusing it when it is over `limit` bytes (checked before reading,
/// and again after, in case it grew); never opens anything that could block.
enum SourceFileReader {
    enum Failure: Error {
        case tooLarge(Int)
        case unreadable(String)
    }

    static func read(_ path: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        let descriptor: Int32
        switch POSIX.open(path, flags: O_RDONLY | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): return .failure(.unreadable(failure.description))
        }
        defer { POSIX.close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        switch POSIX.readToEnd(descriptor, expectedCount: size, limit: limit) {
        case .failure(let failure): return .failure(.unreadable(failure.description))
        case .success(let bytes) where bytes.count > limit: return .failure(.tooLarge(bytes.count))
        case .success(let bytes): return .success(bytes)
        }
    }
}

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
    let absolutePath: String
    let kind: SourceFileKind
}

/// Walks a platform's source folder: skips the folders of `ScanLimits.skippedFolders`, test code
/// (`TestCode`) and what the caller excludes, never follows a symbolic link out of the folder, and walks each folder and
/// reads each file once however many links lead to it (named by its own path rather than a link's).
struct SourceWalker {
    let platform: SourcePlatform
    let exclude: @Sendable (String) -> Bool

    func walk(_ folder: String) -> (files: [WalkedFile], notes: [ScanNote]) {
        var files: [WalkedFile] = []
        var notes: [ScanNote] = []
        guard let root = FileSystem.realPath(folder) else {
            return ([], [ScanNote(path: folder, reason: .unreadable(String(cString: strerror(errno))))])
        }
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0 else { return ([], [ScanNote(path: folder, reason: .unreadable("not found"))]) }
        var visitedFolders: Set<FileIdentity> = [FileIdentity(rootInfo)]
        var seenFiles: [FileIdentity: (index: Int, throughLink: Bool)] = [:]
        var stack: [(relative: String, absolute: String)] = [("", root)]
        while let (relative, absolute) = stack.popLast() {
            guard let names = Self.names(in: absolute) else {
                notes.append(ScanNote(path: relative.isEmpty ? "." : relative, reason: .unreadable(String(cString: strerror(errno)))))
                continue
            }
            var subfolders: [(String, String)] = []
            for name in names {
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                let location = "\(absolute)/\(name)"
                var info = stat()
                guard lstat(location, &info) == 0 else { continue }
                let isLink = info.st_mode & S_IFMT == S_IFLNK
                if isLink {
                    guard let target = FileSystem.realPath(location), stat(target, &info) == 0 else {
                        notes.append(ScanNote(path: path, reason: .brokenSymlink))
                        continue
                    }
                    guard target == root || target.hasPrefix(root + "/") else {
                        if isWanted(path, info) { notes.append(ScanNote(path: path, reason: .symlinkOutside(target: target))) }
                        continue
                    }
                    let targetPath = target.dropFirst(root.count).split(separator: "/").map(String.init)
                    if targetPath.contains(where: ScanLimits.skippedFolders.contains) || exclude(targetPath.joined(separator: "/")) { continue }
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    guard !ScanLimits.skippedFolders.contains(name), !exclude(path) else { continue }
                    guard !TestCode.isTestFolder(name, parent: relative.split(separator: "/").last.map(String.init), platform: platform) else { continue }
                    guard visitedFolders.insert(FileIdentity(info)).inserted else {
                        notes.append(ScanNote(path: path, reason: .symlinkLoop))
                        continue
                    }
                    subfolders.append((path, location))
                case S_IFREG:
                    guard let kind = SourceFileKind.of(path, platform: platform), !exclude(path), !TestCode.isTestFile(name) else { continue }
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

    private static func names(in folder: String) -> [String]? {
        FileSystem.entries(of: folder)?.map { String(decoding: $0.name, as: UTF8.self) }.sorted()
    }
}

/// Reads a whole regular file, refusing it when it is over `limit` bytes (checked before reading,
/// and again after, in case it grew); never opens anything that could block.
enum SourceFileReader {
    enum Failure: Error {
        case tooLarge(Int)
        case unreadable(String)
    }

    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
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

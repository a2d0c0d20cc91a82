#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the walk found, to be read.
struct WalkedFile {
    let path: String
    let absolutePath: String
    let kind: SourceFileKind
}

/// Walks a platform's source folder: skips the folders of `ScanLimits.skippedFolders` and what the
/// caller excludes, never follows a symbolic link out of the folder, and walks each folder and
/// reads each file once however many links lead to it (named by its own path rather than a link's).
struct SourceWalker {
    let platform: SourcePlatform
    let exclude: @Sendable (String) -> Bool

    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    func walk(_ folder: String) -> (files: [WalkedFile], notes: [ScanNote]) {
        var files: [WalkedFile] = []
        var notes: [ScanNote] = []
        guard let root = Self.realPath(folder) else {
            return ([], [ScanNote(path: folder, reason: .unreadable(String(cString: strerror(errno))))])
        }
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0 else { return ([], [ScanNote(path: folder, reason: .unreadable("not found"))]) }
        var visitedFolders: Set<Identity> = [Identity(rootInfo)]
        var seenFiles: [Identity: (index: Int, throughLink: Bool)] = [:]
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
                    guard let target = Self.realPath(location), stat(target, &info) == 0 else {
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
                    guard visitedFolders.insert(Identity(info)).inserted else {
                        notes.append(ScanNote(path: path, reason: .symlinkLoop))
                        continue
                    }
                    subfolders.append((path, location))
                case S_IFREG:
                    guard let kind = SourceFileKind.of(path, platform: platform), !exclude(path) else { continue }
                    let file = WalkedFile(path: path, absolutePath: location, kind: kind)
                    if let seen = seenFiles[Identity(info)] {
                        if seen.throughLink, !isLink { files[seen.index] = file }
                        continue
                    }
                    seenFiles[Identity(info)] = (files.count, isLink)
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
        guard let handle = opendir(folder) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(max(4096, bytes.count), limit + 1 - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { return .failure(.tooLarge(filled)) }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface
import YAML

/// Why a file could not be read. Never blocks: a FIFO or device is refused before it is opened.
public enum ReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case missing
    case notRegular(String)
    case unreadable(String)
    /// Over the limit; `option` is the command-line option that raises that limit, if one does.
    case tooLarge(bytes: Int, limit: Int, option: String?)
    /// Marked as UTF-16 or UTF-32 but not decodable.
    case invalidText(TextDecoding.Failure)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .notRegular(let kind): return "\(kind) is not a regular file; it was not read (it could block)"
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .tooLarge(let bytes, let limit, let option):
            return "the file is \(bytes) bytes, over the limit of \(limit); split it" + (option.map { " or raise the limit with \($0)" } ?? "")
        case .invalidText(let failure): return failure.message
        }
    }

    /// Where in the file the failure is, when it is about the file's text.
    public var position: SourcePosition? {
        if case .invalidText(let failure) = self { return failure.position }
        return nil
    }
}

/// Reads whole files with one `read` loop, after checking with `stat` that they are regular
/// files. Paths are bytes as the file system has them (any name, valid UTF-8 or not), and may be
/// longer than `PATH_MAX`: such a path is walked one folder at a time.
public enum FileReader {
    public enum Kind: Sendable, Equatable { case regular, directory, other(String), missing }

    public static func kind(of path: String) -> Kind { kind(of: Array(path.utf8)) }

    public static func kind(of path: [UInt8]) -> Kind {
        guard let info = status(of: path) else {
            // A symlink loop is as unreachable as a broken symlink.
            return errno == ENOENT || errno == ENOTDIR || errno == ELOOP ? .missing : .other("a path that cannot be reached (\(String(cString: strerror(errno))))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR, S_IFBLK: return .other("a device")
        default: return .other("a special file")
        }
    }

    /// Whether the path itself is a symbolic link (not what it leads to).
    public static func isSymbolicLink(_ path: String) -> Bool {
        guard let info = status(of: Array(path.utf8), followingSymlinks: false) else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// The absolute path with every symlink resolved; nil when it leads nowhere.
    public static func realPath(_ path: String) -> String? {
        FileSystem.realPath(path)
    }

    /// `stat` of the path, symlinks followed; nil with `errno` set when it fails.
    public static func status(of path: [UInt8], followingSymlinks: Bool = true) -> stat? {
        var info = stat()
        let result = at(path) { directory, name in fstatat(directory, name, &info, followingSymlinks ? 0 : AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? info : nil
    }

    /// Opens the path (a descriptor the caller closes), or -1 with `errno` set.
    public static func open(_ path: [UInt8], flags: Int32) -> Int32 {
        at(path) { directory, name in openat(directory, name, flags | O_CLOEXEC) } ?? -1
    }

    /// The first `count` bytes of a regular file (to tell a manifest from other YAML without
    /// reading it all), as UTF-8: a head that ends inside a UTF-16 or UTF-32 character is cut
    /// before it; one that does not decode is returned as it is.
    public static func readHead(_ path: [UInt8], count: Int) -> [UInt8]? {
        guard kind(of: path) == .regular else { return nil }
        let descriptor = open(path, flags: O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return POSIX.read(descriptor, into: base, count: buffer.count)
        }
        guard read >= 0 else { return nil }
        bytes.removeSubrange(read...)
        // A character is at most four bytes (a UTF-16 surrogate pair, or one UTF-32 unit).
        for cut in 0..<min(4, bytes.count) {
            if case .success(let text) = TextDecoding.utf8(Array(bytes.dropLast(cut))) { return text }
        }
        return bytes
    }

    public static func read(_ path: String, limit: Int, limitOption: String? = nil) -> Result<[UInt8], ReadFailure> {
        read(Array(path.utf8), limit: limit, limitOption: limitOption)
    }

    /// The whole file as UTF-8 text (see `TextDecoding`), if it is a regular file within `limit` bytes.
    /// - Parameter limitOption: the option that raises `limit`, named when the file is over it.
    public static func read(_ path: [UInt8], limit: Int, limitOption: String? = nil) -> Result<[UInt8], ReadFailure> {
        switch kind(of: path) {
        case .missing: return .failure(.missing)
        case .directory: return .failure(.notRegular("a folder"))
        case .other(let kind): return .failure(.notRegular(kind))
        case .regular: break
        }
        let descriptor = open(path, flags: O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular("the path")) }
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(bytes: size, limit: limit, option: limitOption)) }
        switch POSIX.readToEnd(descriptor, expectedCount: size, limit: limit) {
        case .failure(let failure): return .failure(.unreadable(failure.description))
        case .success(let bytes) where bytes.count > limit: return .failure(.tooLarge(bytes: bytes.count, limit: limit, option: limitOption))
        case .success(let bytes): return TextDecoding.utf8(bytes).mapError(ReadFailure.invalidText)
        }
    }

    /// Calls `body` with a folder descriptor and a name that together reach `path`. A path that
    /// fits in `PATH_MAX` goes whole with `AT_FDCWD`; a longer one is opened a folder at a time
    /// (each name fits in `NAME_MAX`), so that no file is unreachable for the length of its path.
    /// Nil, with `errno` set, when a folder on the way cannot be opened.
    static func at<T>(_ path: [UInt8], _ body: (Int32, UnsafePointer<CChar>) -> T) -> T? {
        guard path.count >= Int(PATH_MAX) else { return withCString(path) { body(AT_FDCWD, $0) } }
        let names = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
        guard let last = names.last else { return withCString(path) { body(AT_FDCWD, $0) } }
        var folder = AT_FDCWD
        if path.first == UInt8(ascii: "/") {
            guard case .success(let root) = POSIX.open("/", flags: O_RDONLY | O_DIRECTORY) else { return nil }
            folder = root
        }
        for name in names.dropLast() {
            guard folder != -1 else { return nil }
            let next = withCString(name) { openat(folder, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            let failure = errno
            if folder != AT_FDCWD { close(folder) }
            errno = failure
            folder = next
        }
        guard folder != -1 else { return nil }
        defer { if folder != AT_FDCWD { close(folder) } }
        return withCString(last) { body(folder, $0) }
    }

    /// The bytes as a NUL-terminated C string for the length of `body`.
    static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return body("") }
                return body(base)
            }
        }
    }
}

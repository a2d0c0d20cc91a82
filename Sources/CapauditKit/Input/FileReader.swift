#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read. Never blocks: a FIFO or device is refused before it is opened.
public enum ReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case missing
    case notRegular(String)
    case unreadable(String)
    case tooLarge(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .notRegular(let kind): return "\(kind) is not a regular file; it was not read (it could block)"
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes, over the limit of \(limit); split it or raise the limit with --max-file-size"
        }
    }
}

/// Reads whole files with one `read` loop, after checking with `stat` that they are regular files.
public enum FileReader {
    public enum Kind: Sendable, Equatable { case regular, directory, other(String), missing }

    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .other("an unreachable path") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR, S_IFBLK: return .other("a device")
        default: return .other("a special file")
        }
    }

    /// The first `count` bytes of a regular file (to tell a manifest from other YAML without reading it all).
    public static func readHead(_ path: String, count: Int) -> [UInt8]? {
        guard kind(of: path) == .regular else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        guard read >= 0 else { return nil }
        bytes.removeSubrange(read...)
        return bytes
    }

    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        switch kind(of: path) {
        case .missing: return .failure(.missing)
        case .directory: return .failure(.notRegular("a folder"))
        case .other(let kind): return .failure(.notRegular(kind))
        case .regular: break
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular("the path")) }
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(bytes: size, limit: limit)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < limit + 1 else { break }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(max(4096, bytes.count), limit + 1 - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            filled += count
        }
        if filled > limit { return .failure(.tooLarge(bytes: filled, limit: limit)) }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path reaches, whatever the path: its device and inode from `stat`. `dev_t` is an
/// unsigned 64-bit number on Linux and a signed 32-bit one on Darwin, so it is kept as its bits.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}

/// One name in a folder.
public struct DirectoryEntry: Sendable {
    /// The name as the file system has it (any bytes but `/` and NUL).
    public let name: [UInt8]
    /// Whether the entry is a symbolic link; nil when the file system does not say
    /// (`DT_UNKNOWN`, as on some network and older file systems): ask `lstat`.
    public let isSymlink: Bool?
}

public enum FileSystem {
    /// `DIR *`: an incomplete struct on glibc and musl (Swift sees `OpaquePointer`), a complete
    /// one on Darwin.
    #if canImport(Darwin)
    typealias DirectoryHandle = UnsafeMutablePointer<DIR>
    #else
    typealias DirectoryHandle = OpaquePointer
    #endif

    /// The names in a folder, without `.` and `..`, in the order `readdir` gives them; nil, with
    /// `errno` set, when the folder cannot be opened.
    public static func entries(of folder: String) -> [DirectoryEntry]? {
        guard let handle = opendir(folder) else { return nil }
        return entries(handle)
    }

    /// `entries(of:)` for a folder given as the file system's bytes (a name need not be UTF-8).
    public static func entries(of folder: [UInt8]) -> [DirectoryEntry]? {
        guard let handle = opendir(cPath(folder)) else { return nil }
        return entries(handle)
    }

    /// A path given as the file system's bytes, NUL-terminated for a C call.
    public static func cPath(_ path: [UInt8]) -> [CChar] {
        path.map { CChar(bitPattern: $0) } + [0]
    }

    /// The names in the folder open as `descriptor`, which this closes; nil, with `errno` set,
    /// when it cannot be read as a folder.
    public static func entries(ofOpenFolder descriptor: Int32) -> [DirectoryEntry]? {
        guard let handle = fdopendir(descriptor) else {
            let failure = errno
            POSIX.close(descriptor)
            errno = failure
            return nil
        }
        return entries(handle)
    }

    /// Reads and closes `handle`. `d_name` is a C array (256 bytes on Linux, 1024 on Darwin),
    /// which Swift imports as a tuple: the name is read in place up to its NUL, never copied
    /// whole, as glibc's entries may be shorter than `struct dirent`.
    private static func entries(_ handle: DirectoryHandle) -> [DirectoryEntry] {
        defer { closedir(handle) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let type = entry.pointee.d_type
            entries.append(DirectoryEntry(name: name, isSymlink: type == UInt8(DT_UNKNOWN) ? nil : type == UInt8(DT_LNK)))
        }
        return entries
    }

    /// The absolute path with every symlink, `.` and `..` resolved; nil, with `errno` set, when
    /// a part of it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `realPath` for a path given as the file system's bytes.
    public static func realPath(_ path: [UInt8]) -> [UInt8]? {
        let resolved = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in characters.baseAddress.flatMap { realpath($0, nil) } }
        }
        guard let resolved else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }
}

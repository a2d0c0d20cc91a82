#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls capaudit makes on descriptors. This module is the one place where a C
/// library is named (`Glibc.read`, `Darwin.write`) or where Linux and Darwin differ; the rest of
/// the code calls it, or plain POSIX names that every C library declares alike.
/// `scripts/check-portability` keeps it so.
public enum POSIX {
    /// The message of an `errno` value, as `strerror` gives it.
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    public static var errorNumber: Int32 { errno }

    /// Reads up to `count` bytes; retries on EINTR. Returns the count read, 0 at the end, or -1 with `errno` set.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            #if canImport(Glibc)
            let result = Glibc.read(descriptor, buffer, count)
            #elseif canImport(Musl)
            let result = Musl.read(descriptor, buffer, count)
            #else
            let result = Darwin.read(descriptor, buffer, count)
            #endif
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// Reads to the end of `descriptor`, but never more than `limit` + 1 bytes, so that the
    /// caller can tell a file over the limit from one at it. `expectedCount` (what `fstat`
    /// said) sizes the first buffer, one byte over so that reading to the end needs no second
    /// one; a file that grows meanwhile makes the buffer grow, up to the limit.
    public static func readToEnd(_ descriptor: Int32, expectedCount: Int, limit: Int) -> Result<[UInt8], SystemError> {
        let ceiling = limit + 1
        var bytes = [UInt8](repeating: 0, count: min(max(expectedCount, 0) + 1, ceiling))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < ceiling else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(max(readGrowth, bytes.count), ceiling - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, into: base + filled, count: buffer.count - filled)
            }
            if count < 0 { return .failure(SystemError(code: errno)) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// The least a read buffer grows by, when a file turns out longer than `fstat` said.
    static let readGrowth = 4096

    /// Writes every byte, retrying short writes and EINTR. Returns nil, or the `errno` of the failure.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, pointer, remaining)
            #elseif canImport(Musl)
            let written = Musl.write(descriptor, pointer, remaining)
            #else
            let written = Darwin.write(descriptor, pointer, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining -= written
            pointer += written
        }
        return nil
    }

    /// Closes a descriptor; returns nil, or the `errno` of the failure (a full disk may only show here).
    @discardableResult
    public static func close(_ descriptor: Int32) -> Int32? {
        #if canImport(Glibc)
        let result = Glibc.close(descriptor)
        #elseif canImport(Musl)
        let result = Musl.close(descriptor)
        #else
        let result = Darwin.close(descriptor)
        #endif
        return result == 0 || errno == EINTR ? nil : errno
    }

    /// Opens `path` with `O_CLOEXEC` added to `flags`; the descriptor, or the failure.
    public static func open(_ path: String, flags: Int32) -> Result<Int32, SystemError> {
        open(Array(path.utf8), flags: flags)
    }

    /// `open` for a path given as the file system's bytes (a name need not be UTF-8).
    public static func open(_ path: [UInt8], flags: Int32) -> Result<Int32, SystemError> {
        let name = FileSystem.cPath(path)
        #if canImport(Glibc)
        let descriptor = Glibc.open(name, flags | O_CLOEXEC)
        #elseif canImport(Musl)
        let descriptor = Musl.open(name, flags | O_CLOEXEC)
        #else
        let descriptor = Darwin.open(name, flags | O_CLOEXEC)
        #endif
        return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: errno))
    }

    /// Makes sure descriptors 0, 1 and 2 are open. When one was closed by the caller, a file opened
    /// later would take its number and a report meant for standard output would land in it; a
    /// read-only `/dev/null` in its place makes every write there fail with EBADF instead, which
    /// capaudit reports as a lost output (exit 2).
    public static func reserveStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            guard case .success(let opened) = open("/dev/null", flags: O_RDONLY) else { continue }
            if opened == descriptor {
                // A standard descriptor is inherited by the programs capaudit runs.
                _ = fcntl(opened, F_SETFD, 0)
            } else {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// A failed system call: its `errno`, described as `strerror` does.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    public var description: String { POSIX.describe(code) }
}

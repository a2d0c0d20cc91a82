#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls capaudit makes, in one place, so that the rest of the code never names a
/// platform's C library (`Glibc.read`, `Darwin.write`) and builds on Linux and macOS alike.
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

    /// Makes sure descriptors 0, 1 and 2 are open. When one was closed by the caller, a file opened
    /// later would take its number and a report meant for standard output would land in it; a
    /// read-only `/dev/null` in its place makes every write there fail with EBADF instead, which
    /// capaudit reports as a lost output (exit 2).
    public static func reserveStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}

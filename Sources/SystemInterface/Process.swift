#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#if canImport(MachO)
import MachO
#endif
#endif

/// What a process used, from `getrusage` or `wait4`.
public struct ResourceUsage: Sendable {
    /// User plus system time.
    public var processorSeconds: Double
    /// The largest resident set, in bytes: `ru_maxrss` counts kilobytes on Linux and bytes on
    /// Darwin (its getrusage(2): "the maximum resident set size utilized (in bytes)").
    /// On Linux, a child started with `posix_spawn` (a vfork, sharing this process's memory
    /// until it runs the program) starts from this process's peak; use
    /// `ProcessMemory.peakBytes(of:)` for the child's own.
    public var peakResidentBytes: Int

    init(_ usage: rusage) {
        processorSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)) / 1e6
        #if canImport(Darwin)
        peakResidentBytes = Int(usage.ru_maxrss)
        #else
        peakResidentBytes = Int(usage.ru_maxrss) * 1024
        #endif
    }
}

/// Facts about the running capaudit process.
public enum ThisProcess {
    /// What this process has used so far. (`RUSAGE_SELF` is an enum case on glibc, a macro on
    /// musl and Darwin.)
    public static func usage() -> ResourceUsage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return ResourceUsage(usage)
    }

    /// The processors online, at least 1.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The running binary as the kernel knows it, nil when it cannot say.
    ///
    /// Linux: the target of `/proc/self/exe`, symlinks resolved; a binary deleted while it runs
    /// reads as "PATH (deleted)", which the caller's existence check refuses.
    /// Darwin: `_NSGetExecutablePath` (mach-o/dyld.h), the path the binary was started by, which
    /// may be relative or go through a symlink, so it is resolved with `realpath`. The first call
    /// asks for the size: it returns -1 and sets it.
    public static func executablePath() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return FileSystem.realPath(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        #else
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }
}

/// The memory of a running process.
public enum ProcessMemory {
    /// The most memory `pid` has held at once so far, in bytes; nil when the system does not say.
    ///
    /// Linux: `VmHWM` of `/proc/<pid>/status`, the peak resident set.
    /// Darwin: `ri_lifetime_max_phys_footprint` of `proc_pid_rusage` (libproc.h, a submodule of
    /// Darwin; `rusage_info_v4`, macOS 11 and later), the peak physical footprint: resident memory plus what was
    /// compressed, which is what Activity Monitor shows as memory.
    public static func peakBytes(of pid: pid_t) -> Int? {
        #if canImport(Darwin)
        var info = rusage_info_v4()
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V4, $0) }
        }
        return result == 0 ? Int(clamping: info.ri_lifetime_max_phys_footprint) : nil
        #else
        guard case .success(let descriptor) = POSIX.open("/proc/\(pid)/status", flags: O_RDONLY) else { return nil }
        defer { POSIX.close(descriptor) }
        guard case .success(let status) = POSIX.readToEnd(descriptor, expectedCount: statusFileBytes, limit: statusFileBytes),
            let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
        #endif
    }

    /// More than `/proc/<pid>/status` ever holds (about 1.5 KB).
    static let statusFileBytes = 1 << 16
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a run is writing, deleted if a signal ends it: SIGINT, SIGTERM or SIGHUP
/// would otherwise leave each half-written `.NAME.capaudit-XXXXXX` beside its target.
///
/// A signal handler may only call async-signal-safe functions, so the paths live in slots
/// allocated once, before any handler is installed: the handler walks them and calls `unlink`,
/// then puts back the signal's default action and raises it again, so that the process still
/// ends killed by that signal (its exit status says so). Slots are claimed and freed under a
/// mutex, which the handler never takes; a slot's path is complete before its state says it
/// is in use.
public enum TemporaryFiles {
    /// Files written at once; more than this are written unprotected (none is refused).
    static let capacity = 64
    static let pathBytes = Int(PATH_MAX) + 1

    /// Slot `i`'s path, NUL-terminated, at `i * pathBytes`.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let paths = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathBytes)
        paths.initialize(repeating: 0, count: capacity * pathBytes)
        return paths
    }()
    /// 1 while slot `i` holds a file to delete.
    nonisolated(unsafe) private static let inUse: UnsafeMutablePointer<sig_atomic_t> = {
        let inUse = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: capacity)
        inUse.initialize(repeating: 0, count: capacity)
        return inUse
    }()
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// A registered file: give it back to `unregister` once it is renamed or deleted.
    public struct Registration: Sendable, Equatable {
        fileprivate let slot: Int
    }

    /// Deletes the registered files on each of `signals` before the signal ends the process.
    /// A signal ignored when the process started (`nohup`, a background job) stays ignored.
    public static func deleteOnSignals(_ signals: [Int32]) {
        _ = (paths, inUse, mutex)
        for signal in signals where !Signals.isIgnored(signal) {
            _ = Signals.install(deleteAndRaise, on: signal)
        }
    }

    /// Records `path` for deletion on a signal; nil when it does not fit (too long, or every
    /// slot taken).
    public static func register(_ path: String) -> Registration? {
        let bytes = Array(path.utf8)
        guard bytes.count < pathBytes, !bytes.contains(0) else { return nil }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let slot = (0..<capacity).first(where: { inUse[$0] == 0 }) else { return nil }
        let start = paths + slot * pathBytes
        for (offset, byte) in bytes.enumerated() { start[offset] = CChar(bitPattern: byte) }
        start[bytes.count] = 0
        inUse[slot] = 1
        return Registration(slot: slot)
    }

    /// The file is gone or renamed over its target: a signal must no longer delete the path.
    public static func unregister(_ registration: Registration) {
        pthread_mutex_lock(mutex)
        inUse[registration.slot] = 0
        pthread_mutex_unlock(mutex)
    }

    private static let deleteAndRaise: SignalHandler = { signal in
        for slot in 0..<TemporaryFiles.capacity where TemporaryFiles.inUse[slot] == 1 {
            unlink(TemporaryFiles.paths + slot * TemporaryFiles.pathBytes)
        }
        Signals.setDefault(signal)
        raise(signal)
    }
}

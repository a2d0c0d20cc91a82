#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A C signal handler: glibc calls its type `sighandler_t`, Darwin `sig_t`.
public typealias SignalHandler = @convention(c) (Int32) -> Void

/// A signal's action as it was before `Signals.install` replaced it.
public struct SavedSignalAction {
    fileprivate let signal: Int32
    fileprivate let action: sigaction
}

public enum Signals {
    /// Runs `handler` on `signal` (with `SA_RESTART`, nothing else blocked while it runs); nil
    /// when the signal cannot be caught. The handler sits in a union that each C library names
    /// differently: `__sigaction_handler.sa_handler` (glibc), `__sa_handler.sa_handler` (musl),
    /// `__sigaction_u.__sa_handler` (Darwin).
    public static func install(_ handler: SignalHandler, on signal: Int32) -> SavedSignalAction? {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        guard sigaction(signal, &action, &previous) == 0 else { return nil }
        return SavedSignalAction(signal: signal, action: previous)
    }

    /// Puts back the action `install` replaced.
    public static func restore(_ saved: SavedSignalAction) {
        var action = saved.action
        sigaction(saved.signal, &action, nil)
    }

    /// Whether `signal` is ignored, as `nohup` and a shell's background jobs leave SIGHUP and SIGINT.
    public static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0, current.sa_flags & SA_SIGINFO == 0 else { return false }
        #if canImport(Glibc)
        let handler = current.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
        let handler = current.__sa_handler.sa_handler
        #else
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Gives `signal` its default action again; async-signal-safe, for a handler that then
    /// raises the signal so that the process ends the way the signal ends it.
    public static func setDefault(_ signal: Int32) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// Keeps SIGPIPE from ending the process while it writes to a pipe whose reader may be gone:
/// the write fails with EPIPE instead. Ignoring SIGPIPE for the whole process would change it for
/// every other thread, so each platform confines it:
///
/// - Linux blocks SIGPIPE on this thread; `end` takes one that arrived meanwhile (a SIGPIPE from
///   `write` is sent to the writing thread) with a `sigtimedwait` that does not wait, then
///   unblocks it.
/// - Darwin has no `sigtimedwait`; there the descriptor is marked `F_SETNOSIGPIPE`, so writes to
///   it never raise the signal at all, and `end` has nothing to do.
public struct BrokenPipeGuard {
    #if !canImport(Darwin)
    private var previous = sigset_t()
    #endif

    public init(writingTo descriptor: Int32) {
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        #else
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        #endif
    }

    public func end() {
        #if !canImport(Darwin)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var immediately = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &immediately)
        }
        var restored = previous
        pthread_sigmask(SIG_SETMASK, &restored, nil)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// The write end of the pipe that signal handlers write to; set while a `SignalPipe` is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe (the self-pipe trick), so that the key loop sees a resize
/// or an interrupt as input and handles it in ordinary code: restoring the terminal is not
/// work a signal handler may do. Installed once, for the browser's lifetime.
final class SignalPipe {
    let readEnd: Int32
    private let writeEnd: Int32
    private var previous: [SavedSignalAction] = []

    init?(signals: [Int32]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd = writeEnd
        for number in signals {
            let saved = Signals.install(
                { received in
                    let savedErrno = errno
                    var byte = UInt8(truncatingIfNeeded: received)
                    _ = write(signalPipeWriteEnd, &byte, 1)
                    errno = savedErrno
                }, on: number)
            if let saved { previous.append(saved) }
        }
    }

    /// The signals received since the last call.
    func drain() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer.prefix(count).map { Int32($0) }
        }
        return received
    }

    /// Puts back the handlers that were there before and closes the pipe.
    func uninstall() {
        for saved in previous.reversed() { Signals.restore(saved) }
        previous.removeAll()
        signalPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }
}

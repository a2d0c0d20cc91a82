import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Standard output and error for the commands' own text (reports stream through `OutputSink`).
/// A failed write to standard output (a full disk, a closed pipe) is remembered, and the
/// process then exits 2 with the reason instead of pretending it succeeded.
enum Output {
    /// Only the main thread writes command text, so one shared record of the first failure is enough.
    nonisolated(unsafe) private static var standardOutputFailure: OutputFailure?

    static func out(_ text: String) {
        guard standardOutputFailure == nil else { return }
        if let code = write(text, to: STDOUT_FILENO) {
            standardOutputFailure = OutputFailure(place: "standard output", reason: POSIX.describe(code))
        }
    }

    static func err(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Returns the `errno` of a failed write, or nil.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { POSIX.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// The exit code, turned to 2 when standard output lost text; says why on standard error.
    static func settle(_ code: Int32) -> Int32 {
        guard let failure = standardOutputFailure else { return code }
        err("capaudit: \(failure.description)\n")
        return ExitCode.failure
    }

    /// Reports output failures of a run (exit 2), or nothing.
    static func report(_ failures: [OutputFailure], command: String) -> Bool {
        for failure in failures { err("capaudit \(command): \(ControlEscaping.escape(failure.description))\n") }
        return !failures.isEmpty
    }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

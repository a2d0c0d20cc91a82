#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, written as bytes without buffering surprises.
enum Output {
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                remaining -= written
                pointer += written
            }
        }
    }

    /// Opens a file for writing in pieces; returns the descriptor, or an error message.
    static func create(_ path: String) -> Result<Int32, OutputError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(OutputError(message: "cannot write \(path): \(String(cString: strerror(errno)))")) }
        return .success(descriptor)
    }

    struct OutputError: Error {
        var message: String
    }

    /// Writes a whole file; returns an error message on failure.
    static func writeFile(_ path: String, _ text: String) -> String? {
        switch create(path) {
        case .success(let descriptor):
            write(text, to: descriptor)
            close(descriptor)
            return nil
        case .failure(let error):
            return error.message
        }
    }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

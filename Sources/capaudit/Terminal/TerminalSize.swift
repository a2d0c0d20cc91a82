#if canImport(Glibc)
import Glibc
#endif

/// The size of the terminal on a descriptor, in columns and rows.
enum TerminalSize {
    /// Used when the terminal does not say (a serial line, a broken pty).
    static let fallback = (width: 80, height: 24)

    static func of(_ descriptor: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

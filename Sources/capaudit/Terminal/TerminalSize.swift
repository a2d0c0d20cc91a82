import SystemInterface

/// The size of the terminal on a descriptor, in columns and rows.
enum TerminalSize {
    /// Used when the terminal does not say (a serial line, a broken pty).
    static let fallback = (width: 80, height: 24)

    static func of(_ descriptor: Int32) -> (width: Int, height: Int)? {
        TerminalWindow.size(of: descriptor)
    }
}

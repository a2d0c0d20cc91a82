/// A key the interactive browser understands, decoded from what the terminal sends.
public enum BrowserKey: Sendable, Equatable {
    case up, down, pageUp, pageDown, home, end
    case left, right
    case enter, escape, tab, backTab, backspace
    /// Ctrl-C read as a byte (when the terminal does not turn it into SIGINT).
    case interrupt
    case character(Character)
}

import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the browser on the terminal: draws the state, feeds it keys, redraws on resize, and
/// always leaves the terminal as it found it: on `q`, on Ctrl-C (SIGINT), on SIGTERM or
/// SIGHUP, and when the terminal goes away.
enum InteractiveBrowser {
    /// The exit code; nil when standard input is not a terminal that can be put in raw mode.
    static func run(_ initial: BrowserState, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32? {
        guard let terminal = TerminalScreen(input: input, output: output),
            let signals = SignalPipe(signals: [SIGWINCH, SIGINT, SIGTERM, SIGHUP])
        else { return nil }
        var state = initial
        terminal.enter()
        defer {
            terminal.leave()
            signals.uninstall()
        }
        var reader = KeyReader(input: input, signals: signals)
        func fitAndDraw() {
            let size = TerminalSize.of(output) ?? TerminalSize.fallback
            state.resize(width: size.width, height: size.height)
            terminal.draw(state.render())
        }
        fitAndDraw()
        while true {
            switch reader.next() {
            case .keys(let keys):
                for key in keys {
                    if !state.handle(key) { return ExitCode.success }
                }
                terminal.draw(state.render())
            case .resize:
                fitAndDraw()
            case .interrupt(let signal):
                return 128 + signal
            case .end:
                return ExitCode.failure
            }
        }
    }
}

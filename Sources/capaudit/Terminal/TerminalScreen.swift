import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal while the browser runs: raw input (keys arrive one by one, unechoed), the
/// alternate screen and a hidden cursor; `leave` puts back exactly the settings it found.
/// Ctrl-C still raises SIGINT (so it works like everywhere else); Ctrl-Z and Ctrl-\ are
/// turned off, as a stopped or dumped process could not restore the terminal.
final class TerminalScreen {
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Ends every session: leave the alternate screen, then show the cursor.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h"

    private let input: Int32
    private let output: Int32
    private let saved: termios
    private var active = false

    init?(input: Int32, output: Int32) {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { return nil }
        self.input = input
        self.output = output
        saved = settings
    }

    func enter() {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | ISTRIP | INPCK)
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
            characters[Int(VSUSP)] = 0
            characters[Int(VQUIT)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
        active = true
        Output.write(Self.enterSequence, to: output)
    }

    func leave() {
        guard active else { return }
        active = false
        Output.write(Self.leaveSequence, to: output)
        var settings = saved
        tcsetattr(input, TCSANOW, &settings)
    }

    /// Draws a whole screen in one write: each row placed, styled and padded to the width,
    /// so that nothing of the previous frame remains.
    func draw(_ screen: ScreenBuffer) {
        var frame = "\u{1B}[H"
        for (index, row) in screen.rows.enumerated() {
            frame += "\u{1B}[\(index + 1);1H"
            switch row.style {
            case .plain: frame += "\u{1B}[0m"
            case .reverse: frame += "\u{1B}[0;7m"
            case .dim: frame += "\u{1B}[0;2m"
            }
            frame += row.text
        }
        frame += "\u{1B}[0m"
        Output.write(frame, to: output)
    }
}

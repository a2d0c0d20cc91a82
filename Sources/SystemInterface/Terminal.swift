#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Terminal calls whose request numbers or structures differ between Linux and Darwin.
///
/// `TIOCGWINSZ` and `TIOCSWINSZ` are 0x5413 and 0x5414 on Linux (imported from the C headers as
/// `Int32`), and `_IOR('t', 104, struct winsize)` / `_IOW('t', 103, struct winsize)` on Darwin,
/// which Swift cannot evaluate: the Darwin overlay declares them as `UInt` (0x40087468,
/// 0x80087467). `ioctl` takes its request as `UInt` on both.
public enum TerminalWindow {
    /// Columns and rows of the terminal on `descriptor`; nil when it is not a terminal or does
    /// not know its size (a serial line, a broken pseudo-terminal).
    public static func size(of descriptor: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Sets the size; the terminal's foreground process group then gets SIGWINCH.
    @discardableResult
    public static func setSize(of descriptor: Int32, width: Int, height: Int) -> Bool {
        var size = winsize(width: width, height: height)
        return ioctl(descriptor, UInt(TIOCSWINSZ), &size) == 0
    }
}

extension winsize {
    init(width: Int, height: Int) {
        self.init(ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0, ws_ypixel: 0)
    }
}

/// A pseudo-terminal: the controlling side (`master`) and the terminal a program runs on (`slave`, reached by `slavePath`).
public struct PseudoTerminalPair: Sendable {
    public let master: Int32
    public let slave: Int32
    public let slavePath: String

    /// Opens one of `width` × `height` with `openpty` (pty.h on glibc, util.h on Darwin; both in
    /// the platform's Swift module).
    public static func open(width: Int, height: Int) -> Result<PseudoTerminalPair, SystemError> {
        var size = winsize(width: width, height: height)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { return .failure(SystemError(code: errno)) }
        var name = [CChar](repeating: 0, count: Int(PATH_MAX))
        let failure = ttyname_r(slave, &name, name.count)
        guard failure == 0 else {
            POSIX.close(master)
            POSIX.close(slave)
            return .failure(SystemError(code: failure))
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .success(PseudoTerminalPair(master: master, slave: slave, slavePath: path))
    }
}

/// Terminal settings (`termios`) compared field by field. Its layout differs: glibc and musl
/// have a line discipline field (`c_line`) and 32 control characters, Darwin has no `c_line`,
/// 20 control characters and `unsigned long` flags.
public enum TerminalSettings {
    public static func same(_ first: termios, _ second: termios) -> Bool {
        var one = first
        var other = second
        #if canImport(Darwin)
        let disciplineMatches = true
        #else
        let disciplineMatches = one.c_line == other.c_line
        #endif
        let fieldsMatch = disciplineMatches && one.c_iflag == other.c_iflag && one.c_oflag == other.c_oflag && one.c_cflag == other.c_cflag
            && one.c_lflag == other.c_lflag
        let charactersMatch = withUnsafeBytes(of: &one.c_cc) { left in withUnsafeBytes(of: &other.c_cc) { right in left.elementsEqual(right) } }
        return fieldsMatch && charactersMatch && cfgetispeed(&one) == cfgetispeed(&other) && cfgetospeed(&one) == cfgetospeed(&other)
    }
}

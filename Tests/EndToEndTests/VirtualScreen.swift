/// Enough of a terminal to read what the browser draws: cursor positioning, clearing, text,
/// the alternate screen and the cursor's visibility. Colours and styles are ignored.
struct VirtualScreen {
    private(set) var width: Int
    private(set) var height: Int
    private(set) var cells: [[Character]]
    private(set) var onAlternateScreen = false
    private(set) var cursorVisible = true
    private var row = 0
    private var column = 0
    /// Bytes of a sequence or a character not complete yet.
    private var pending: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The rows as text, without trailing spaces.
    var lines: [String] { cells.map { String(String($0).reversed().drop { $0 == " " }.reversed()) } }

    mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        row = 0
        column = 0
    }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let used = consume(from: index) else { break }
            index += used
        }
        pending.removeFirst(index)
    }

    /// Handles what starts at `start`; the number of bytes used, or nil when it is incomplete.
    private mutating func consume(from start: Int) -> Int? {
        let byte = pending[start]
        switch byte {
        case 0x1B:
            guard start + 1 < pending.count else { return nil }
            guard pending[start + 1] == UInt8(ascii: "[") else { return 2 }
            var end = start + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            control(String(decoding: pending[(start + 2)..<end], as: UTF8.self), final: pending[end])
            return end - start + 1
        case UInt8(ascii: "\r"):
            column = 0
            return 1
        case UInt8(ascii: "\n"):
            row += 1
            return 1
        case 0x00..<0x20:
            return 1
        default:
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard start + length <= pending.count else { return nil }
            let text = String(decoding: pending[start..<(start + length)], as: UTF8.self)
            if let character = text.first, cells.indices.contains(row), column < width {
                cells[row][column] = character
            }
            column += 1
            return length
        }
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
        switch final {
        case UInt8(ascii: "H"):
            row = max(0, (numbers.first ?? 1) - 1)
            column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
        case UInt8(ascii: "J"):
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        case UInt8(ascii: "K"):
            if cells.indices.contains(row) {
                for index in min(column, width)..<width { cells[row][index] = " " }
            }
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            let on = final == UInt8(ascii: "h")
            if parameters == "?1049" { onAlternateScreen = on }
            if parameters == "?25" { cursorVisible = on }
        default:
            break
        }
    }
}

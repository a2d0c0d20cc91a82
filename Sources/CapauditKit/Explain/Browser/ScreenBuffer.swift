/// What the browser shows, as rows of exactly `width` columns: the terminal code draws it,
/// tests read it. Each row has one style, which is all the browser needs.
public struct ScreenBuffer: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        case plain, reverse, dim
    }

    public struct Row: Sendable, Equatable {
        public var text: String
        public var style: Style
    }

    public let width: Int
    public let height: Int
    public private(set) var rows: [Row]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        rows = Array(repeating: Row(text: String(repeating: " ", count: max(0, width)), style: .plain), count: max(0, height))
    }

    /// Puts text on a row, cut or padded to the width; rows outside the screen are ignored.
    public mutating func put(_ text: String, row: Int, style: Style = .plain) {
        guard rows.indices.contains(row) else { return }
        rows[row] = Row(text: TextLayout.fit(text, to: width), style: style)
    }

    /// The rows' text without trailing spaces, for tests and for reading.
    public var lines: [String] { rows.map { String($0.text.reversed().drop { $0 == " " }.reversed()) } }
}

/// For each bracket token, the index of its partner (`(`↔`)`, `[`↔`]`, `{`↔`}`), so that skipping a
/// balanced group costs one step; -1 for other tokens and unmatched brackets.
struct BracketPairs {
    private var partners: [Int32]

    init(_ source: LexedSource) {
        partners = Array(repeating: -1, count: source.tokens.count)
        var open: [(index: Int, byte: UInt8)] = []
        for (index, token) in source.tokens.enumerated() where token.kind == .punctuation && token.length == 1 {
            let byte = source.bytes[Int(token.start)]
            if ASCII.isOpener(byte) {
                open.append((index, byte))
            } else if ASCII.isCloser(byte), let opener = open.last, Self.closer(of: opener.byte) == byte {
                open.removeLast()
                partners[index] = Int32(clamping: opener.index)
                partners[opener.index] = Int32(clamping: index)
            }
        }
    }

    /// The partner of the bracket at `index`, if it has one.
    func partner(of index: Int) -> Int? {
        guard partners.indices.contains(index), partners[index] >= 0 else { return nil }
        return Int(partners[index])
    }

    private static func closer(of opener: UInt8) -> UInt8 {
        switch opener {
        case ASCII.openParen: return ASCII.closeParen
        case ASCII.openBracket: return ASCII.closeBracket
        default: return ASCII.closeBrace
        }
    }
}

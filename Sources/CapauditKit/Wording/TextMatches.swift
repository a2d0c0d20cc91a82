/// What one text's words matched, list by list, and whether each list was matched to the end.
public struct TextMatches: Sendable {
    private var found: [String: [WordMatch]] = [:]
    private var unfinished: Set<String> = []
    /// Steps taken over every list.
    public private(set) var steps = 0

    public func list(_ name: String) -> [WordMatch] { found[name] ?? [] }

    /// False when the list's budget ran out before the end of the text: a missing match proves nothing.
    public func isComplete(_ name: String) -> Bool { !unfinished.contains(name) }

    public var isComplete: Bool { unfinished.isEmpty }

    mutating func record(_ matches: [WordMatch], of list: String, budget: WordingBudget) {
        found[list] = matches
        steps += budget.used
        if budget.isExhausted { unfinished.insert(list) }
    }
}

/// The work matching one list against one text may do, in steps (a lookup or a comparison). It
/// grows with the text, so that any text people write is checked whole, and stops a lexicon
/// built to make matching slow (thousands of entries sharing a first word, long `except`
/// phrases, wide gaps): WRD009 then says the text was not fully checked.
struct WordingBudget {
    /// Steps every text gets, and steps more per word of it: the shipped lexicons take a few
    /// steps a word, so a text of any length is checked whole.
    static let baseSteps = 1_000_000
    static let stepsPerWord = 64

    let limit: Int
    private(set) var used = 0

    init(words: Int) {
        limit = Self.baseSteps + Self.stepsPerWord * words
    }

    var isExhausted: Bool { used > limit }

    /// Counts steps; false once the budget is spent.
    mutating func spend(_ steps: Int) -> Bool {
        used += steps
        return used <= limit
    }
}

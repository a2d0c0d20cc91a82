/// Applies fixes to a file's bytes. Fixes of different findings may touch the same place (two
/// findings that each add to one list): a pass applies those that do not conflict with one
/// already taken, and `check --fix` runs passes until nothing is left, as ruff does.
enum FixApplication {
    /// The bytes with the edits applied; the edits do not overlap.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            let lower = min(max(edit.range.lowerBound, cursor), bytes.count)
            result += bytes[cursor..<lower]
            result += Array(edit.replacement.utf8)
            cursor = min(max(edit.range.upperBound, lower), bytes.count)
        }
        result += bytes[cursor...]
        return result
    }

    /// The fixes of one pass: in the order given, each whose edits neither overlap nor touch an
    /// edit already taken. Touching counts, so that two insertions at one place never interleave.
    static func compatible(_ fixes: [Fix]) -> (taken: [Fix], deferred: [Fix]) {
        var claimed: [Range<Int>] = []
        var taken: [Fix] = []
        var deferred: [Fix] = []
        for fix in fixes {
            let conflicts = fix.edits.contains { edit in
                claimed.contains { $0.lowerBound <= edit.range.upperBound && edit.range.lowerBound <= $0.upperBound }
            }
            if conflicts {
                deferred.append(fix)
            } else {
                claimed += fix.edits.map(\.range)
                taken.append(fix)
            }
        }
        return (taken, deferred)
    }
}

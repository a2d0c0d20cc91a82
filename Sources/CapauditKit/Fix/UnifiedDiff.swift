/// A unified diff of two versions of a file, as `diff -u` writes it and `patch` reads it:
/// `--- a/PATH`, `+++ b/PATH`, hunks with three lines of context, and "\ No newline at end of
/// file" after a last line without one. Lines keep their own endings, so CRLF survives a patch.
enum UnifiedDiff {
    static let context = 3

    /// Empty when the texts are equal.
    static func render(old: [UInt8], new: [UInt8], path: String) -> String {
        let before = lines(old)
        let after = lines(new)
        let operations = diff(before, after)
        guard operations.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(operations) {
            let oldCount = hunk.filter { $0.kind != .inserted }.count
            let newCount = hunk.filter { $0.kind != .deleted }.count
            let oldStart = hunk.first.map { $0.oldIndex + (oldCount == 0 ? 0 : 1) } ?? 0
            let newStart = hunk.first.map { $0.newIndex + (newCount == 0 ? 0 : 1) } ?? 0
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for operation in hunk {
                let line: [UInt8]
                let marker: String
                switch operation.kind {
                case .same: (marker, line) = (" ", before[operation.oldIndex])
                case .deleted: (marker, line) = ("-", before[operation.oldIndex])
                case .inserted: (marker, line) = ("+", after[operation.newIndex])
                }
                output += marker + String(decoding: line, as: UTF8.self)
                if line.last != 0x0A { output += "\n\\ No newline at end of file\n" }
            }
        }
        return output
    }

    /// The lines of a text, each with its line break (LF, CRLF or a lone CR ends a line).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                lines.append(Array(bytes[start...index]))
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    struct Operation {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        /// For an insertion, the old line it comes before; for a deletion, the new line likewise.
        var oldIndex: Int
        var newIndex: Int
    }

    /// The shortest edit script (Myers), after the common head and tail are set aside.
    static func diff(_ old: [[UInt8]], _ new: [[UInt8]]) -> [Operation] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])
        var operations = (0..<head).map { Operation(kind: .same, oldIndex: $0, newIndex: $0) }
        operations += myers(oldMiddle, newMiddle).map { Operation(kind: $0.kind, oldIndex: $0.oldIndex + head, newIndex: $0.newIndex + head) }
        operations += (0..<tail).map { Operation(kind: .same, oldIndex: old.count - tail + $0, newIndex: new.count - tail + $0) }
        return operations
    }

    private static func myers(_ old: [[UInt8]], _ new: [[UInt8]]) -> [Operation] {
        let n = old.count
        let m = new.count
        let limit = n + m
        guard limit > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * limit + 2)
        var trace: [[Int]] = []
        search: for depth in 0...limit {
            trace.append(frontier)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let index = diagonal + limit
                var x = diagonal == -depth || (diagonal != depth && frontier[index - 1] < frontier[index + 1]) ? frontier[index + 1] : frontier[index - 1] + 1
                var y = x - diagonal
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[index] = x
                if x >= n, y >= m { break search }
            }
        }
        var operations: [Operation] = []
        var x = n
        var y = m
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[depth]
            let diagonal = x - y
            let index = diagonal + limit
            let down = diagonal == -depth || (diagonal != depth && previous[index - 1] < previous[index + 1])
            let previousDiagonal = down ? diagonal + 1 : diagonal - 1
            let previousX = previous[previousDiagonal + limit]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                operations.append(Operation(kind: .same, oldIndex: x, newIndex: y))
            }
            guard depth > 0 else { break }
            if down {
                y -= 1
                operations.append(Operation(kind: .inserted, oldIndex: x, newIndex: y))
            } else {
                x -= 1
                operations.append(Operation(kind: .deleted, oldIndex: x, newIndex: y))
            }
        }
        return operations.reversed()
    }

    /// The changes grouped into hunks, each with up to `context` unchanged lines around it.
    static func hunks(_ operations: [Operation]) -> [ArraySlice<Operation>] {
        let changed = operations.indices.filter { operations[$0].kind != .same }
        var hunks: [ArraySlice<Operation>] = []
        var index = 0
        while index < changed.count {
            let start = max(0, changed[index] - context)
            var end = changed[index]
            while index + 1 < changed.count, changed[index + 1] - end <= 2 * context {
                index += 1
                end = changed[index]
            }
            hunks.append(operations[start...min(operations.count - 1, end + context)])
            index += 1
        }
        return hunks
    }
}

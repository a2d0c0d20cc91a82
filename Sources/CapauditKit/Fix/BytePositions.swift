import YAML

/// Line and column of byte offsets, for the edits of a file's fixes: the line by binary search,
/// the column from a checkpoint every `stride` bytes, so that a long line (a manifest written on
/// one line in flow style) is never scanned from its start once per edit. One per file, shared
/// by its documents; the checkpoints are made as far as the offsets asked for.
final class BytePositions {
    private let source: SourceLines
    /// Scalars between the start of the line and each multiple of `stride`.
    private var checkpoints: [Int] = []
    private var scanned = 0
    private var column = 0
    static let stride = 1024

    init(_ source: SourceLines) {
        self.source = source
    }

    func position(ofByte offset: Int) -> SourcePosition {
        let bytes = source.bytes
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        let lineStart = source.lineStartOffset(line: line)
        extendCheckpoints(through: offset)
        let checkpoint = offset / Self.stride
        var index = lineStart
        var column = 1
        if checkpoint * Self.stride > lineStart, checkpoint < checkpoints.count {
            index = checkpoint * Self.stride
            column += checkpoints[checkpoint]
        }
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// The 1-based line that holds `offset`.
    private func line(containing offset: Int) -> Int {
        var low = 1
        var high = source.lineCount
        while low < high {
            let middle = (low + high + 1) / 2
            if source.lineStartOffset(line: middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func extendCheckpoints(through offset: Int) {
        let bytes = source.bytes
        while scanned <= offset, scanned < bytes.count {
            if scanned % Self.stride == 0 { checkpoints.append(column) }
            let byte = bytes[scanned]
            if byte == 0x0A || (byte == 0x0D && (scanned + 1 == bytes.count || bytes[scanned + 1] != 0x0A)) {
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            scanned += 1
        }
    }
}

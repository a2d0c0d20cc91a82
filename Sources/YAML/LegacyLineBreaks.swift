/// YAML 1.2 reads NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029) as
/// ordinary characters; libyaml follows YAML 1.1, where each of them ends a line. Left to
/// libyaml, a raw U+2028 in a comment ends the comment and the rest of it is read as YAML on a
/// line of its own (a false syntax error), and every mark after one of them is a line off from
/// `SourceLines`, which breaks lines at LF and CR only.
///
/// So libyaml reads a copy in which each of them is replaced with a stand-in: a character of the
/// same UTF-8 length that libyaml takes as ordinary text and that the file cannot otherwise
/// produce (it occurs neither raw nor as the hex digits of an escape such as `\uE000`). Byte
/// offsets, lines and columns stay those of the original file, and scalar values get the
/// original characters back.
struct LegacyLineBreaks {
    private let standIns: [Unicode.Scalar: Unicode.Scalar]

    /// Stand-ins tried in order: two-byte ones for NEL (NKo letters), three-byte ones for LS and PS (private use).
    private static let twoByteCandidates: ClosedRange<UInt32> = 0x07C0...0x07FF
    private static let threeByteCandidates: ClosedRange<UInt32> = 0xE000...0xE0FF

    /// The bytes for libyaml, and what to undo in scalar values; nil when there is nothing to
    /// replace (or, in a file that uses every candidate, nowhere to hide it: libyaml then reads it as YAML 1.1).
    static func substitute(_ bytes: [UInt8]) -> (bytes: [UInt8], breaks: LegacyLineBreaks)? {
        let found = present(in: bytes)
        guard !found.isEmpty else { return nil }
        var chosen: [Unicode.Scalar: Unicode.Scalar] = [:]
        var taken = Set<UInt32>()
        for original in found.sorted(by: { $0.value < $1.value }) {
            let range = original.utf8.count == 2 ? twoByteCandidates : threeByteCandidates
            guard let standIn = range.lazy.filter({ !taken.contains($0) }).compactMap(Unicode.Scalar.init)
                .first(where: { isAbsent($0, from: bytes) })
            else { return nil }
            taken.insert(standIn.value)
            chosen[original] = standIn
        }
        var copy = bytes
        var index = 0
        while index < copy.count {
            if let (original, length) = legacyBreak(in: copy, at: index), let standIn = chosen[original] {
                copy.replaceSubrange(index..<index + length, with: standIn.utf8)
                index += length
            } else {
                index += 1
            }
        }
        return (copy, LegacyLineBreaks(standIns: Dictionary(uniqueKeysWithValues: chosen.map { ($0.value, $0.key) })))
    }

    /// A scalar's value with the original characters put back.
    func restore(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { standIns[$0] != nil }) else { return value }
        var restored = String.UnicodeScalarView()
        for scalar in value.unicodeScalars { restored.append(standIns[scalar] ?? scalar) }
        return String(restored)
    }

    /// NEL, LS or PS starting at `index`, with its length in bytes.
    private static func legacyBreak(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        switch bytes[index] {
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85:
            return ("\u{85}", 2)
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return (bytes[index + 2] == 0xA8 ? "\u{2028}" : "\u{2029}", 3)
        default:
            return nil
        }
    }

    private static func present(in bytes: [UInt8]) -> Set<Unicode.Scalar> {
        var found = Set<Unicode.Scalar>()
        var index = 0
        while index < bytes.count {
            if bytes[index] >= 0xC2, let (scalar, length) = legacyBreak(in: bytes, at: index) {
                found.insert(scalar)
                index += length
            } else {
                index += 1
            }
        }
        return found
    }

    /// Neither the character's bytes nor its four hex digits (any case) occur in the file.
    private static func isAbsent(_ scalar: Unicode.Scalar, from bytes: [UInt8]) -> Bool {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let digits = Array((String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
        return !contains(bytes, Array(scalar.utf8), ignoringCase: false) && !contains(bytes, digits, ignoringCase: true)
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8], ignoringCase: Bool) -> Bool {
        func folded(_ byte: UInt8) -> UInt8 { ignoringCase && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var start = 0
        while start + pattern.count <= bytes.count {
            if folded(bytes[start]) == first, pattern.indices.allSatisfy({ folded(bytes[start + $0]) == pattern[$0] }) { return true }
            start += 1
        }
        return false
    }
}

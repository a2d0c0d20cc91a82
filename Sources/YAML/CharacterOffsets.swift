/// Turns libyaml's mark indexes into byte offsets of the file. libyaml counts characters (Unicode
/// scalars) from after the byte order mark, not bytes; the marks of one parse arrive nearly in
/// order, so a cursor that walks from the last answer costs about one pass over the file in all.
struct CharacterOffsets {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Bytes of the byte order mark, which libyaml reads but does not count.
    private let markLength: Int
    /// True when every byte after the mark is ASCII: then a character is a byte.
    private let isASCII: Bool
    private var character = 0
    private var offset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        markLength = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var ascii = true
        for index in markLength..<bytes.count where bytes[index] >= 0x80 {
            ascii = false
            break
        }
        isASCII = ascii
        offset = markLength
    }

    /// The byte offset of the character libyaml numbers `index`, clamped to the file.
    mutating func offset(ofCharacter index: Int) -> Int {
        if isASCII { return min(markLength + max(index, 0), bytes.count) }
        while character < index, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            character += 1
        }
        while character > index, offset > markLength {
            offset -= 1
            while offset > markLength, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            character -= 1
        }
        return offset
    }
}

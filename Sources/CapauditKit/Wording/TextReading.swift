/// What the wording checks read of a text's value in one language. It depends on nothing else,
/// so that a text a manifest repeats (the same notice on every screen) is read once.
struct TextReading: Sendable {
    /// A value is compared byte for byte: two canonically equivalent texts (a precomposed `é`
    /// and `e` with a combining accent) are equal strings, yet their scalars and spans differ.
    struct Key: Hashable {
        let language: String
        let value: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.language == rhs.language && lhs.value.utf8.elementsEqual(rhs.value.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            var value = value
            value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The lexicon of its language; nil when there is none.
    let lexicon: SharedLexicon?
    /// The words of the text, split once for every wording check.
    let tokens: [Token]
    /// What its language's lexicon matches in it, every list at once; nil without a lexicon.
    let matches: TextMatches?
    /// The text's scalars.
    let scalars: [Unicode.Scalar]
    let value: String
    /// Where each scalar starts in the value's UTF-8, and its end last: the words of every finding
    /// are cut out of the bytes without a scan.
    private let byteOffsets: [Int]

    init(_ value: String, lexicon: SharedLexicon?) {
        self.lexicon = lexicon
        self.value = value
        tokens = Tokenizer.tokens(value)
        matches = lexicon?.value.matches(in: tokens)
        scalars = Array(value.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        byteOffsets = offsets
    }

    /// Value scalars `start..<end`, as text.
    func words(from start: Int, to end: Int) -> String {
        guard start >= 0, end >= start, end < byteOffsets.count else { return "" }
        var value = value
        return value.withUTF8 { bytes in
            let range = byteOffsets[start]..<byteOffsets[end]
            guard range.upperBound <= bytes.count else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }
}

/// A text's lexicon, shared by reference: every check reads it for every text, and a copy of a
/// lexicon retains each of its lists.
final class SharedLexicon: Sendable {
    let value: Lexicon

    init(_ value: Lexicon) {
        self.value = value
    }

    /// What wording checks read of it.
    var neutralNotice: String? { value.neutralNotice }
    var acronyms: Set<String> { value.acronyms }
}


/// The readings of a run, shared by its threads: a text that many manifests repeat (a shared
/// notice) is read once. Bounded: texts longer than `maxTextBytes` are not kept, and once
/// `maxReadings` are kept no more are added, so that memory does not grow with the run.
final class TextReadings: Sendable {
    static let maxReadings = 2048
    static let maxTextBytes = 1024

    private let known = Locked<[TextReading.Key: TextReading]>([:])

    /// The reading of the key's text, made by `read` unless it is known.
    func reading(_ key: TextReading.Key, read: () -> TextReading) -> TextReading {
        guard key.value.utf8.count <= Self.maxTextBytes else { return read() }
        if let reading = known.withLock({ $0[key] }) { return reading }
        let reading = read()
        known.withLock { readings in
            if readings.count < Self.maxReadings { readings[key] = reading }
        }
        return reading
    }
}

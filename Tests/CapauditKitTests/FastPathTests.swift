@testable import CapauditKit
import TestSupport
import Testing
import YAML

/// The fast paths of the per-text and per-finding work give what the general code they stand in
/// for gives: ASCII shortcuts, byte-level decoding and cutting, sorting positions, JSON bytes.
@Suite struct FastPathTests {
    static let texts = [
        "WARNING! Hackers may be recording your screen. Stop sharing immediately!",
        "¡ATENCIÓN! Un hacker puede estar grabando tu pantalla. ¡Detén la grabación inmediatamente!",
        "CẢNH BÁO! Tin tặc có thể đang ghi màn hình của bạn. Dừng ngay lập tức!",
        "WARNUNG! Hacker könnten Ihren Bildschirm aufnehmen. Straße ÄÖÜ ß",
        "H\u{200B}ackers \u{AD} ho\u{AD}me\u{FEFF} e\u{301}te\u{301} ２０２６ Ⅻ ½ 😀 don't re-use\r\nline\u{2028}two",
        "İstanbul ǅ ΣΑΣ ﬁne a\u{0}b\u{7F}c",
        "",
        "   ",
    ]

    /// The tokenizer as it was written scalar by scalar, before it read bytes.
    static func referenceTokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var start = 0
        var end = 0
        var offset = 0
        func flush() {
            guard !current.isEmpty else { return }
            let original = String(current)
            tokens.append(Token(folded: original.lowercased(), original: original, start: start, end: end))
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if ControlEscaping.isInvisible(scalar) {
                offset += 1
                continue
            }
            if Tokenizer.isWordScalar(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
                end = offset + 1
            } else {
                flush()
            }
            offset += 1
        }
        flush()
        return tokens
    }

    @Test(arguments: texts) func tokensAreThoseOfTheScalarByScalarTokenizer(_ text: String) {
        #expect(Tokenizer.tokens(text) == Self.referenceTokens(text))
    }

    @Test func wordsAreLoweredAsLowercasedDoes() {
        for word in ["hack", "Hack", "HACKERS", "x9Z", "ATENCIÓN", "Straße", "İstanbul", "ǅ", "ΣΑΣ", ""] {
            #expect(Tokenizer.lowered(word) == word.lowercased(), "\(word)")
        }
        #expect(Tokenizer.fold("Ha\u{200D}CK") == "hack")
    }

    @Test func scalarsAreDecodedFromUTF8AsStringsDo() {
        let text = "a\u{7F}\u{80}é\u{7FF}\u{800}€\u{FFFF}\u{10000}😀\u{10FFFF}"
        var decoded: [Unicode.Scalar] = []
        var bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let (scalar, width) = UTF8Scalars.scalar(in: buffer, at: index)
                #expect(width == UTF8.width(scalar))
                decoded.append(scalar)
                index += width
            }
        }
        #expect(decoded == Array(text.unicodeScalars))
        bytes = [0x61, 0xE2, 0x82]
        bytes.withUnsafeBufferPointer { buffer in
            let (scalar, width) = UTF8Scalars.scalar(in: buffer, at: 1)
            #expect(scalar == "\u{FFFD}" && width == 2, "a truncated sequence never reads past the end")
        }
    }

    @Test func whiteSpaceIsUnicodesWhiteSpace() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isWhitespace == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    @Test func wordsAreCutBeforeAnEndingInCharacters() {
        for word in ["hackers", "grabación", "e\u{301}te\u{301}s", "màn", "x"] {
            let cut = WordCut(word)
            #expect(cut.length == word.count, "\(word)")
            for ending in 0...word.count {
                #expect(cut.stem(droppingLast: ending) == String(word.dropLast(ending)), "\(word) - \(ending)")
                #expect(cut.ending(ofLength: ending) == String(word.suffix(ending)), "\(word) - \(ending)")
            }
        }
    }

    @Test func aByteSetHoldsWhatIsInserted() {
        var set = ByteSet()
        let inserted: [UInt8] = [0, 63, 64, 127, 128, 191, 192, 255, 0x61]
        for byte in inserted { set.insert(byte) }
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == inserted.contains(byte), "\(byte)")
        }
    }

    @Test func sentencesAreCounted() {
        func count(_ text: String) -> Int { NoticeClarityCheck.sentenceCount(Array(text.unicodeScalars)) }
        #expect(count("One. Two! Three?") == 3)
        #expect(count("Version 1.2 is out. Update now") == 2, "a full stop inside a word ends nothing")
        #expect(count("Hidden.\u{3000}Shown\u{A0}now.") == 2, "non-ASCII white space ends a sentence")
        #expect(count("... !") == 0)
        #expect(count("") == 0)
    }

    @Test func everyConditionPropertyOfTheFieldCheckIsRead() {
        for spec in FieldCheck.conditionSpecs {
            #expect(FieldCheck.Property(rawValue: spec.name) != nil, "\(spec.name)")
        }
    }

    static func finding(line: Int, rule: String, message: String, path: String) -> Finding {
        Finding(
            ruleID: rule, slug: rule.lowercased(), severity: .warning, message: message, file: "app.yml", documentIndex: 0,
            start: SourcePosition(line: line, column: 3), path: path)
    }

    @Test func findingsAreSortedAsAStableSortOfTheFindingsSortsThem() {
        var findings: [Finding] = []
        for index in 0..<60 {
            findings.append(Self.finding(line: (index * 7) % 5, rule: "CAP00\(index % 3)", message: "m\(index % 2)", path: "p\(index % 4)"))
        }
        // Equal in every compared part: a stable sort keeps them in the order they came.
        findings.append(Self.finding(line: 1, rule: "CAP001", message: "same", path: "same"))
        findings.append(Self.finding(line: 1, rule: "CAP001", message: "same", path: "same"))
        findings[findings.count - 1].help = "second"
        let expected = findings.sorted(by: Finding.fileOrder)
        let sorted = Resolver.inFileOrder(findings)
        #expect(sorted.map(\.fingerprintValue) == expected.map(\.fingerprintValue))
        #expect(sorted.map(\.help) == expected.map(\.help))
    }

    @Test func fingerprintsAreSixteenLowercaseHexDigits() {
        #expect(Fingerprint.hex(0) == "0000000000000000")
        #expect(Fingerprint.hex(0x0123_4567_89AB_CDEF) == "0123456789abcdef")
        #expect(Fingerprint.hex(.max) == "ffffffffffffffff")
        #expect(Fingerprint.parse(Fingerprint.hex(0xDEAD_BEEF)) == 0xDEAD_BEEF)
    }

    @Test func integersAreWrittenAsStringDoes() {
        for number in [0, 7, -7, 10, 1_000_000, Int.max, Int.min] {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            JSONEscaping.appendDecimal(number, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(number))
        }
    }

    @Test func stringsAreQuotedAndEscaped() {
        func quoted(_ text: String) -> String {
            var bytes: [UInt8] = []
            JSONEscaping.appendQuoted(text, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(quoted("plain") == "\"plain\"")
        #expect(quoted("a \"b\" \\ c") == #""a \"b\" \\ c""#)
        #expect(quoted("tab\tline\ncr\r") == #""tab\tline\ncr\r""#)
        #expect(quoted("\u{0}\u{1F}\u{7F}\u{85}\u{9F}") == #""\u0000\u001f\u007f\u0085\u009f""#)
        #expect(quoted("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(quoted("é €\u{A0}😀") == "\"é €\u{A0}😀\"", "other non-ASCII text is written as it is")
        #expect(quoted(String(repeating: "long text ", count: 20)) == "\"" + String(repeating: "long text ", count: 20) + "\"")
    }

    @Test func aRepeatedTextIsReadOnceButCanonicallyEquivalentTextsEachKeepTheirOwnSpans() {
        // The same words, with `é` precomposed, then as `e` and a combining accent: equal strings,
        // one scalar apart. Each notice is on the same column of its own line.
        let manifest = """
            capaudit: 1
            app:
              name: Readings
              profile: general
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            screens:
              - id: first
                notices:
                  - {when: capture, text: "Caf\u{E9}: hackers watch."}
              - id: second
                notices:
                  - {when: capture, text: "Cafe\u{301}: hackers watch."}
              - id: third
                notices:
                  - {when: capture, text: "Caf\u{E9}: hackers watch."}
            """
        let alarms = Manifests.check(manifest).findings.filter { $0.ruleID == "WRD001" }
        #expect(alarms.map(\.start.line) == [10, 13, 16])
        let columns = alarms.map(\.start.column)
        #expect(columns.count == 3 && columns[1] == columns[0] + 1 && columns[2] == columns[0], "\(columns)")
        #expect(alarms.map { $0.end?.column } == columns.map { $0 + 7 })
    }

    @Test func messagesFillTheRulePlaceholderWithTheRuleId() {
        let template = MessageTemplate("{rule}: {field}")
        #expect(template.render(["rule": "other", "field": "pan"], rule: "CAP001") == "CAP001: pan")
        #expect(template.render(["rule": "other", "field": "pan"]) == "other: pan")
    }

    @Test func languageTagsAreReadAsTheCharacterByCharacterCheckReadsThem() {
        func reference(_ tag: String) -> Bool {
            let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }
        let tags = [
            "en", "EN", "pt-BR", "zh-Hant-TW", "es-419", "deu", "e", "engl", "en-", "-en", "en--US", "en-abcdefgh", "en-abcdefghi",
            "en_US", "é", "ée", "en-\u{E9}", "e\u{301}n", "en\r\n", "@a", "a[", "`a", "{a", "zz-0", "",
        ]
        for tag in tags {
            #expect(DecodingRun.isLanguageTag(tag) == reference(tag), "\(tag)")
        }
    }

    @Test func everyByteThatNeedsAnEscapeIsFoundWhereverItStands() {
        func reference(_ text: String) -> String {
            var output = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{2028}", "\u{2029}", "😀", " ", "~"] {
            for position in 0...20 {
                var text = String(repeating: "abcdefgh", count: 3)
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                var bytes: [UInt8] = []
                JSONEscaping.appendQuoted(text, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == reference(text), "\(special.unicodeScalars.map(\.value)) at \(position)")
            }
        }
    }

    @Test func fieldsWithTheSameGapShareItsAdviceAndOthersKeepTheirOwn() {
        let manifest = """
            capaudit: 1
            app:
              name: Gaps
              profile: banking
              platforms:
                android: {min-sdk: 35, target-sdk: 35}
            screens:
              - id: cards
                fields:
                  - {id: typed, kind: card-number, input: plain}
                  - {id: shown, kind: card-number}
                  - {id: revealed, kind: card-number, display: masked, reveal: tap}
                  - {id: again, kind: card-number, input: plain}
            """
        let gaps = Manifests.check(manifest).findings.filter { $0.ruleID == "CAP001" }
        let fixes = Dictionary(gaps.map { ($0.path.components(separatedBy: "id=").last ?? "", $0.help ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(fixes.count == 4, "\(gaps.map(\.path))")
        #expect(fixes["typed]"]?.contains("make the input secure") == true)
        #expect(fixes["shown]"]?.contains("show it masked") == true)
        #expect(fixes["revealed]"]?.contains("never revealed") == true)
        #expect(fixes["again]"]?.replacingOccurrences(of: "[id=again]", with: "[id=typed]") == fixes["typed]"])
    }

    @Test func wordsAreCutOutOfTheTextAsItsScalarsSpellThem() {
        for text in Self.texts {
            let reading = TextReading(text, lexicon: nil)
            let scalars = Array(text.unicodeScalars)
            for start in 0...scalars.count {
                for end in start...scalars.count {
                    #expect(reading.words(from: start, to: end) == String(String.UnicodeScalarView(scalars[start..<end])), "\(start)..<\(end)")
                }
            }
            #expect(reading.words(from: 0, to: scalars.count + 1) == "")
            #expect(reading.words(from: -1, to: 1) == "")
        }
    }

    @Test func aRunReadsEachTextOnceWithinItsBounds() {
        let readings = TextReadings()
        var reads = 0
        func read(_ value: String, _ language: String = "en") -> TextReading {
            readings.reading(TextReading.Key(language: language, value: value)) {
                reads += 1
                return TextReading(value, lexicon: nil)
            }
        }
        _ = read("Caf\u{E9}")
        _ = read("Caf\u{E9}")
        #expect(reads == 1)
        _ = read("Cafe\u{301}")
        _ = read("Caf\u{E9}", "fr")
        #expect(reads == 3, "another spelling of the same text, or another language, is another reading")
        let long = String(repeating: "x", count: TextReadings.maxTextBytes + 1)
        _ = read(long)
        _ = read(long)
        #expect(reads == 5, "a long text is not kept")
        for index in 0..<TextReadings.maxReadings { _ = read("text \(index)") }
        let before = reads
        _ = read("one more")
        _ = read("one more")
        #expect(reads == before + 2, "a full table keeps no more")
    }
}


import Testing
@testable import SourceScan

/// The pattern model's rules for arguments and for Kotlin's property form, each with its near misses.
@Suite struct PatternFormTests {
    static func lines(_ language: SourceLanguage, _ pattern: String, in text: String) throws -> [Int] {
        let path = language == .java ? "A.java" : "A.kt"
        return index(.android, [path: text], patterns: try patternSet(language, [pattern])).occurrences.map(\.location.line)
    }

    /// A `,` after a gap sits at the level of the call the pattern names: arguments, not nested ones.
    @Test func aSeparatorAfterAGapSeparatesTheCallsOwnArguments() throws {
        let text = """
            setFlags(0, FLAG_SECURE)
            setFlags(0, a.b.FLAG_SECURE or FLAG_DIM)
            setFlags(f(0, FLAG_SECURE), FLAG_SECURE)
            setFlags(FLAG_SECURE, 0)
            setFlags(x, FLAG_SECURE)
            setFlags(FLAG_SECURE, FLAG_SECURE)
            setFlags(g(FLAG_SECURE, 1), FLAG_SECURE)
            setFlags(FLAG_SECURE)
            """
        for language in [SourceLanguage.kotlin, .java] {
            #expect(try Self.lines(language, "setFlags(0, … FLAG_SECURE …)", in: text) == [1, 2])
            #expect(try Self.lines(language, "setFlags(… FLAG_SECURE …, … FLAG_SECURE …)", in: text) == [3, 6, 7])
        }
    }

    /// `x = v` stands for `setX(v)` only as an assignment.
    @Test func thePropertyFormIsAnAssignmentOnly() throws {
        let text = """
            val secure = true
            var secure = true
            render(secure = true)
            render(a, secure = true)
            view.secure = true
            apply { secure = true }
            if (on) secure = true
            secure = true
            @Annotation(secure = true)
            """
        #expect(try Self.lines(.kotlin, "setSecure(true)", in: text) == [5, 6, 7, 8])
    }

    @Test func javaTildeStandsAloneAndKotlinInvIsAToken() throws {
        #expect(try Self.lines(.java, "~FLAG_SECURE", in: "a &=~FLAG_SECURE;\nb = c & ~ FLAG_SECURE;\nd = ~OTHER & FLAG_SECURE;") == [1, 2])
        #expect(try Self.lines(.kotlin, "FLAG_SECURE.inv()", in: "a and FLAG_SECURE.inv()\nb and FLAG_SECURE\nc.inv()") == [1])
    }
}

@testable import capaudit
import Testing

/// The hand-written command-line parser: what it accepts, and the exact message of each mistake.
@Suite struct ArgumentParserTests {
    static let specs = [
        OptionSpec(name: "format", value: "FORMAT", help: "Output format.", choices: ["text", "json", "sarif"]),
        OptionSpec(name: "output", value: "FILE", help: "Write the report to FILE."),
        OptionSpec(name: "rules", value: "FOLDER", help: "Load a rule pack. Repeatable.", repeatable: true),
        OptionSpec(name: "jobs", value: "N", help: "Files checked at once.", range: 1...64),
        OptionSpec(name: "quiet", value: nil, help: "No notes."),
    ]

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, specs: Self.specs)
    }

    /// The message of the usage error the arguments give, nil when they parse.
    func mistake(_ arguments: [String]) -> String? {
        do throws(UsageError) {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valueAsTheNextArgument() throws {
        let parsed = try parse(["--output", "report.txt"])
        #expect(parsed.value("output") == "report.txt")
        #expect(parsed.has("output"))
        #expect(parsed.positionals.isEmpty)
        #expect(parsed.flags.isEmpty)
    }

    @Test func valueAfterAnEqualsSign() throws {
        let parsed = try parse(["--output=report.txt", "--format=json"])
        #expect(parsed.value("output") == "report.txt")
        #expect(parsed.value("format") == "json")
    }

    @Test func onlyTheFirstEqualsSignSplits() throws {
        #expect(try parse(["--output=a=b.txt"]).value("output") == "a=b.txt")
        #expect(try parse(["--output="]).value("output") == "", "an empty value is a value")
    }

    @Test func theNextArgumentIsTakenAsTheValueEvenWithADash() throws {
        #expect(try parse(["--output", "-"]).value("output") == "-")
        #expect(try parse(["--output", "-report.txt"]).value("output") == "-report.txt")
    }

    @Test func flags() throws {
        let parsed = try parse(["--quiet", "a.yml"])
        #expect(parsed.flags == ["quiet"])
        #expect(parsed.has("quiet"))
        #expect(parsed.value("quiet") == nil)
        #expect(!parsed.has("output"))
        #expect(parsed.positionals == ["a.yml"])
    }

    @Test func aFlagGivenTwiceIsOneFlag() throws {
        #expect(try parse(["--quiet", "--quiet"]).flags == ["quiet"])
    }

    @Test func positionalsKeepTheirOrderAroundOptions() throws {
        let parsed = try parse(["b.yml", "--quiet", "a.yml", "--output", "x", "c.yml"])
        #expect(parsed.positionals == ["b.yml", "a.yml", "c.yml"])
        #expect(parsed.value("output") == "x")
    }

    @Test func aLoneDashIsAPositional() throws {
        let parsed = try parse(["-", "--quiet", "-"])
        #expect(parsed.positionals == ["-", "-"])
        #expect(parsed.flags == ["quiet"])
    }

    @Test func everythingAfterDoubleDashIsPositional() throws {
        let parsed = try parse(["--quiet", "--", "--format", "-h", "--help", "-", "--", "--nonsense=1"])
        #expect(parsed.positionals == ["--format", "-h", "--help", "-", "--", "--nonsense=1"])
        #expect(parsed.flags == ["quiet"])
        #expect(parsed.values.isEmpty)
    }

    @Test(arguments: [["-h"], ["--help"], ["a.yml", "--format", "json", "-h"]])
    func help(_ arguments: [String]) throws {
        let parsed = try parse(arguments)
        #expect(parsed.has("help"))
        #expect(parsed.flags.contains("help"))
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let parsed = try parse(["--rules", "a", "--rules=b", "--rules", "c"])
        #expect(parsed.all("rules") == ["a", "b", "c"])
        #expect(parsed.value("rules") == "c", "value() is the last one")
        #expect(parsed.all("output").isEmpty)
    }

    @Test func anOptionGivenTwice() {
        #expect(mistake(["--output", "a", "--output", "b"]) == "--output is given twice")
        #expect(mistake(["--format=json", "--format", "json"]) == "--format is given twice", "even with the same value")
    }

    @Test func aMissingValue() {
        #expect(mistake(["a.yml", "--output"]) == "--output needs a value (FILE)")
        #expect(mistake(["--format"]) == "--format needs a value (FORMAT); choose from text, json, sarif")
    }

    @Test func anUnknownOptionSuggestsTheNearest() {
        #expect(mistake(["--outptu", "x"]) == "unknown option `--outptu`; did you mean `--output`?")
        #expect(mistake(["--fromat=json"]) == "unknown option `--fromat`; did you mean `--format`?", "the name alone, without its value")
        #expect(mistake(["--halp"]) == "unknown option `--halp`; did you mean `--help`?")
        #expect(mistake(["--color", "never"]) == "unknown option `--color`", "no suggestion when nothing is near")
    }

    @Test func aSingleDashOptionIsUnknownAndPointsToTheDoubleDash() {
        #expect(mistake(["-quiet"]) == "unknown option `-quiet`; did you mean `--quiet`?; options start with `--`")
        #expect(mistake(["-x"]) == "unknown option `-x`; options start with `--`")
    }

    @Test func aFlagTakesNoValue() {
        #expect(mistake(["--quiet=yes"]) == "--quiet takes no value")
        #expect(mistake(["--quiet="]) == "--quiet takes no value")
    }

    @Test func choices() throws {
        #expect(try parse(["--format", "sarif"]).value("format") == "sarif")
        #expect(mistake(["--format", "jsn"]) == "--format does not take `jsn`; did you mean `json`?; choose from text, json, sarif")
        #expect(mistake(["--format=xml"]) == "--format does not take `xml`; choose from text, json, sarif")
        #expect(mistake(["--format", "JSON"]) == "--format does not take `JSON`; did you mean `json`?; choose from text, json, sarif", "choices are case-sensitive")
    }

    @Test func integers() throws {
        #expect(try parse(["--jobs", "8"]).integer("jobs") == 8)
        #expect(try parse(["--jobs=1"]).integer("jobs") == 1, "the lower bound is accepted")
        #expect(try parse(["--jobs", "64"]).integer("jobs") == 64, "the upper bound is accepted")
        #expect(try parse(["--jobs", "007"]).integer("jobs") == 7)
        #expect(try parse([]).integer("jobs") == nil, "absent is nil, not an error")
    }

    @Test(arguments: ["0", "65", "-1", "+5", "4x", "", " 4", "4 ", "1.5", "1e3", "0x10", "٣", String(Int.max), "9223372036854775808", "99999999999999999999999"])
    func integersOutOfRangeOrNotWhole(_ text: String) {
        #expect(mistake(["--jobs=\(text)"]) == "--jobs takes a whole number from 1 to 64, got `\(text)`")
        #expect(mistake(["--jobs", text]) == "--jobs takes a whole number from 1 to 64, got `\(text)`")
    }

    @Test func helpListsEveryOptionAlignedAndHelpLast() {
        let lines = ArgumentParser.help(Self.specs).split(separator: "\n").map(String.init)
        #expect(lines == [
            "  --format FORMAT  Output format.",
            "  --output FILE    Write the report to FILE.",
            "  --rules FOLDER   Load a rule pack. Repeatable.",
            "  --jobs N         Files checked at once.",
            "  --quiet          No notes.",
            "  -h, --help       Show this help.",
        ])
    }

    /// Mistakes that used to slip through: a value for `--help`, `=` without a name, and an
    /// option taken for the value of the one before it.
    @Test func malformedOptionsAreRefusedWithTheirOwnMessage() throws {
        #expect(mistake(["--help=x"]) == "--help takes no value")
        #expect(mistake(["--=json"]) == "`--=json` names no option before `=`; write `--name=value`")
        #expect(mistake(["--output", "--quiet"]) == "--output needs a value (FILE) before `--quiet`")
        #expect(try parse(["--output", "--not-an-option"]).value("output") == "--not-an-option", "a file may start with dashes")
    }
}

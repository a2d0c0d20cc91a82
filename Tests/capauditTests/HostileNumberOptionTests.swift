@testable import capaudit
import Foundation
import Testing
import TestSupport

/// Every whole-number option of every command, at and past its bounds and in every malformed
/// spelling, run through the built binary: an accepted value does its job, a rejected one exits
/// 2 naming the option and its range, and nothing crashes. The options are read from the
/// commands' own specs, so a new one is covered without a word here.
@Suite struct HostileNumberOptionTests {
    struct NumberOption: Sendable, CustomTestStringConvertible {
        var command: String
        var name: String
        var range: ClosedRange<Int>
        var testDescription: String { "\(command) --\(name) \(range)" }
    }

    static let numberOptions: [NumberOption] = CapauditCommand.commands.flatMap { command in
        command.options.compactMap { spec in spec.range.map { NumberOption(command: command.name, name: spec.name, range: $0) } }
    }

    /// The values tried, each with whether it must be accepted.
    static func values(_ range: ClosedRange<Int>) -> [(text: String, accepted: Bool)] {
        [
            (String(range.lowerBound &- 1), false), (String(range.lowerBound), true), (String(range.upperBound), true),
            (String(range.upperBound &+ 1), false), (String(Int.max), range.upperBound == Int.max),
            ("9223372036854775808", false), ("99999999999999999999999999", false), ("-5", false), ("1e3", false),
            ("0x10", false), (" 5", false), ("5 ", false), ("+5", false), ("", false),
        ]
    }

    @Test func everyNumberOptionHasARange() {
        let names = Set(Self.numberOptions.map(\.name))
        #expect(names.isSuperset(of: ["jobs", "max-file-size", "max-depth", "max-alias-expansion", "max-nodes"]))
        for option in Self.numberOptions {
            #expect(option.range.lowerBound >= 0 && option.range.upperBound < Int.max, "\(option.testDescription): give it a finite upper bound")
        }
    }

    @Test(arguments: numberOptions)
    func boundsAndSpellings(_ option: NumberOption) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("numbers-app.yml")
        try write(readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")), to: manifest)
        for (text, accepted) in Self.values(option.range) {
            for spelling in [["--\(option.name)", text], ["--\(option.name)=\(text)"]] {
                let result = try runCapaudit([option.command] + spelling + [manifest.path], in: folder)
                let usage = "--\(option.name) takes a whole number from \(option.range.lowerBound) to \(option.range.upperBound), got `\(text)`"
                let shown = "\(option.command) \(spelling): exit \(result.status)\n\(result.stderr.prefix(600))"
                #expect((0...2).contains(result.status), "never a crash: \(shown)")
                if accepted {
                    #expect(!result.stderr.contains("takes a whole number"), "accepted: \(shown)")
                    #expect((result.stdout + result.stderr).contains("numbers-app.yml"), "the manifest was read and reported: \(shown)")
                } else {
                    #expect(result.status == 2, "rejected: \(shown)")
                    #expect(result.stderr.contains(usage), "the message names the option and its range: \(shown)")
                }
            }
        }
    }
}

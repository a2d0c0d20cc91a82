import Foundation
import TestSupport
import Testing

/// `capaudit help [COMMAND]` on the built binary.
@Suite struct HelpCommandTests {
    @Test(arguments: ["check", "explain", "rules", "report", "init", "schema", "hook", "lsp", "version"])
    func helpForACommandIsThatCommandsHelp(command: String) throws {
        let viaHelp = try runCapaudit(["help", command])
        let viaFlag = try runCapaudit([command, "--help"])
        #expect(viaHelp.status == 0, "\(viaHelp.stderr)")
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.contains("Usage: capaudit \(command)"), "\(viaHelp.stdout)")
        #expect(!viaHelp.stdout.contains("Commands:"), "not the general help")
    }

    @Test func helpAloneIsTheGeneralHelp() throws {
        let result = try runCapaudit(["help"])
        #expect(result.status == 0)
        #expect(result.stdout == (try runCapaudit(["--help"])).stdout)
        #expect(result.stdout.contains("Commands:"))
        #expect(result.stdout.contains("Run `capaudit help <command>`"))
    }

    @Test func anUnknownNameAfterHelpGetsASuggestion() throws {
        let result = try runCapaudit(["help", "chek"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("capaudit: unknown command `chek`; did you mean `check`?"), "\(result.stderr)")
    }

    @Test func helpTakesOneName() throws {
        let result = try runCapaudit(["help", "check", "rules"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("give one command name"))
    }
}

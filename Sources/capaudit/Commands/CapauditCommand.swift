import CapauditKit

/// The exit codes: 0 nothing at or above `--fail-on`; 1 findings at or above it; 2 capaudit
/// could not do its job. 2 outranks 1.
enum ExitCode {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2
}

/// A subcommand: one file each.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32
}

extension Command {
    static var help: String {
        "\(summary)\n\nUsage: \(usage)\n\nOptions:\n\(ArgumentParser.help(options))\n"
    }
}

/// `capaudit`: dispatches to a subcommand.
enum CapauditCommand {
    /// The one place capaudit's version is written; docs that pin a version are tested against it.
    static let version = "0.3.0"

    static var commands: [any Command.Type] {
        [CheckCommand.self, ExplainCommand.self, RulesCommand.self, InitCommand.self, ReportCommand.self, SchemaCommand.self, HookCommand.self, LSPCommand.self, VersionCommand.self]
    }

    static var help: String {
        let rows = commands.map { command in
            "  \(command.name)\(String(repeating: " ", count: max(1, 10 - command.name.count)))\(command.summary)"
        }.joined(separator: "\n")
        return """
            capaudit \(version): audit how mobile apps protect sensitive screens from screen capture.

            Usage: capaudit <command> [options]

            Commands:
            \(rows)

            Run `capaudit help <command>` (or `capaudit <command> --help`) for a command's options, `capaudit explain RULE` for a rule.
            Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 capaudit could not do its job.

            """
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.err(help)
            return ExitCode.failure
        }
        switch first {
        case "-h", "--help":
            Output.out(help)
            return ExitCode.success
        case "help":
            return showHelp(Array(arguments.dropFirst()))
        case "--version", "-V":
            Output.out("capaudit \(version)\n")
            return ExitCode.success
        default:
            break
        }
        guard let command = command(named: first) else { return ExitCode.failure }
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), specs: command.options)
            if parsed.flags.contains("help") {
                Output.out(command.help)
                return ExitCode.success
            }
            return try command.run(parsed)
        } catch {
            Output.err("capaudit \(command.name): \(ControlEscaping.escape(error.message))\nRun `capaudit \(command.name) --help` for usage.\n")
            return ExitCode.failure
        }
    }

    /// `capaudit help [COMMAND]`: the general help, or one command's, as `capaudit COMMAND --help` shows it.
    static func showHelp(_ names: [String]) -> Int32 {
        guard names.count <= 1 else {
            Output.err("capaudit help: give one command name, e.g. `capaudit help check`\n")
            return ExitCode.failure
        }
        guard let name = names.first, name != "help" else {
            Output.out(help)
            return ExitCode.success
        }
        guard let command = command(named: name) else { return ExitCode.failure }
        Output.out(command.help)
        return ExitCode.success
    }

    /// The command called `name`; for an unknown name, says so with the nearest command's name and returns nil.
    static func command(named name: String) -> (any Command.Type)? {
        if let command = commands.first(where: { $0.name == name }) { return command }
        let hint = NearestName.suggestion(for: name, among: commands.map { $0.name } + ["help"]).map { "; did you mean `\($0)`?" } ?? ""
        Output.err("capaudit: unknown command `\(ControlEscaping.escape(name))`\(hint)\nRun `capaudit --help` for the commands.\n")
        return nil
    }
}

struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print capaudit's version."
    static let usage = "capaudit version"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "version takes no arguments") }
        Output.out("capaudit \(CapauditCommand.version)\n")
        return ExitCode.success
    }
}

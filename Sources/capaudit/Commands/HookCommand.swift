import CapauditKit
#if canImport(Glibc)
import Glibc
#endif

/// `capaudit hook install`: a plain git pre-commit hook for teams without the pre-commit framework.
struct HookCommand: Command {
    static let name = "hook"
    static let summary = "Install a git pre-commit hook that runs `capaudit check --staged`."
    static let usage = "capaudit hook install [--force]"
    static let options = [
        OptionSpec(name: "force", value: nil, help: "Replace an existing pre-commit hook."),
    ]

    static let script = """
        #!/bin/sh
        # Installed by `capaudit hook install`: checks the staged manifests as they will be committed.
        # Skip once with `git commit --no-verify`.
        exec capaudit check --staged
        
        """

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals == ["install"] else {
            throw UsageError(message: "say what to do: `capaudit hook install`")
        }
        let hooks: String
        do throws(GitIndex.Failure) {
            hooks = try GitIndex.hooksFolder()
        } catch {
            Output.err("capaudit hook: \(ControlEscaping.escape(error.message))\n")
            return ExitCode.failure
        }
        let path = "\(hooks)/pre-commit"
        if FileReader.kind(of: path) != .missing, !arguments.has("force") {
            Output.err("capaudit hook: \(path) already exists; add `exec capaudit check --staged` to it, or replace it with --force\n")
            return ExitCode.failure
        }
        mkdir(hooks, 0o755)
        if let failure = OutputFile.write(script, to: path, mode: 0o755) {
            Output.err("capaudit hook: \(ControlEscaping.escape(failure.description))\n")
            return ExitCode.failure
        }
        chmod(path, 0o755)
        Output.out("installed \(path)\n")
        return ExitCode.success
    }
}

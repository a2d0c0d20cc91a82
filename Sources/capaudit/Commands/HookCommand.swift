import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// `capaudit hook install`: a plain git pre-commit hook for teams without the pre-commit framework.
struct HookCommand: Command {
    static let name = "hook"
    static let summary = "Install a git pre-commit hook that runs this capaudit's `check --staged`."
    static let usage = "capaudit hook install [--force]"
    static let options = [
        OptionSpec(name: "force", value: nil, help: "Replace an existing pre-commit hook that capaudit did not write."),
    ]

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
        let executable = RunningExecutable.locate(argumentZero: CommandLine.arguments.first ?? "", searchPath: Output.environment("PATH"))
        warnAbout(executable)
        let script = HookScript.text(executable: executable)
        let runs = ControlEscaping.escape(executable ?? "capaudit from PATH")

        let action: String
        switch existingHook(at: path) {
        case .none:
            action = "installed"
        case .own(let text) where text == script:
            Output.out("capaudit hook: \(ControlEscaping.escape(path)) already runs \(runs); nothing to do\n")
            return ExitCode.success
        case .own:
            action = "updated"
        case .foreign where arguments.has("force"):
            action = "replaced"
        case .foreign:
            Output.err("""
                capaudit hook: \(ControlEscaping.escape(path)) already exists and capaudit did not write it.
                Add this line to it, before any `exec` line, so that the rest of that hook still runs:
                    \(ControlEscaping.escape(HookScript.line(executable: executable)))
                or replace the hook with `capaudit hook install --force`.

                """)
            return ExitCode.failure
        }
        if mkdir(hooks, 0o755) != 0, errno != EEXIST {
            Output.err("capaudit hook: cannot create the folder \(ControlEscaping.escape(hooks)): \(POSIX.describe(errno))\n")
            return ExitCode.failure
        }
        // Written beside the hook and renamed over it: a symlinked hook is replaced, never written through.
        if let failure = OutputFile.write(script, to: path, mode: 0o755) {
            Output.err("capaudit hook: \(ControlEscaping.escape(failure.description))\n")
            return ExitCode.failure
        }
        Output.out("capaudit hook: \(action) \(ControlEscaping.escape(path)); it runs \(runs)\n")
        return ExitCode.success
    }

    /// A hook that points into a build folder stops working at the next `swift package clean`; one
    /// that names no path depends on every committer's PATH.
    static func warnAbout(_ executable: String?) {
        guard let executable else {
            Output.err("capaudit hook: warning: cannot tell where this capaudit is, so the hook runs `capaudit` from PATH; commits of YAML files fail where it is missing. Install capaudit with scripts/install and run `hook install` with that binary.\n")
            return
        }
        if executable.contains("/.build/") {
            Output.err("capaudit hook: warning: \(ControlEscaping.escape(executable)) is inside a build folder that `swift package clean` removes, and the hook would stop checking then. Install capaudit with `scripts/install PREFIX` (or `make install`) in its checkout and run `PREFIX/bin/capaudit hook install` here.\n")
        }
    }

    enum ExistingHook {
        case none
        case own(String)
        case foreign
    }

    static func existingHook(at path: String) -> ExistingHook {
        switch FileReader.kind(of: path) {
        case .missing:
            return .none
        case .regular:
            guard case .success(let bytes) = FileReader.read(path, limit: HookScript.largestOwnHook) else { return .foreign }
            let text = String(decoding: bytes, as: UTF8.self)
            return HookScript.isOwn(text) ? .own(text) : .foreign
        case .directory, .other:
            return .foreign
        }
    }

}

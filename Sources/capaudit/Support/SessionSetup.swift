import CapauditKit
import YAML

/// Options shared by the commands that read manifests (check, report, explain FILE).
enum SessionSetup {
    static let options: [OptionSpec] = [
        OptionSpec(name: "profile", value: "NAME", help: "Profile for manifests that name none (banking, health, general, or one from a rule pack)."),
        OptionSpec(name: "config", value: "FILE", help: "Config file (default: .capaudit.yml from here up to the repository root, or outside one up to the home folder)."),
        OptionSpec(name: "rules", value: "FOLDER", help: "Load a rule pack (laid out like Rules/). Repeatable.", repeatable: true),
        OptionSpec(name: "preview", value: nil, help: "Run preview rules too (new rules whose id and meaning may still change)."),
        OptionSpec(
            name: "source", value: "[PLATFORM=]FOLDER",
            help: "A root of the app's code, for evidence from the code: of one platform (ios or android), or of every platform the app ships; replaces the config's `source` for those platforms. Repeatable.",
            repeatable: true),
        OptionSpec(
            name: "max-file-size", value: "BYTES", help: "Largest manifest read (default \(YAMLLimits.default.maxFileBytes), at most \(YAMLLimits.ranges.maxFileBytes.upperBound)).",
            range: YAMLLimits.ranges.maxFileBytes),
        OptionSpec(
            name: "max-depth", value: "N", help: "Deepest YAML nesting accepted (default \(YAMLLimits.default.maxDepth), at most \(YAMLLimits.ranges.maxDepth.upperBound)).",
            range: YAMLLimits.ranges.maxDepth),
        OptionSpec(
            name: "max-alias-expansion", value: "N",
            help: "Most nodes aliases may expand to per document (default \(YAMLLimits.default.maxAliasExpansion), at most \(YAMLLimits.ranges.maxAliasExpansion.upperBound)).",
            range: YAMLLimits.ranges.maxAliasExpansion),
        OptionSpec(
            name: "max-nodes", value: "N",
            help: "Most YAML nodes in one manifest file, an anchored node counted three times (default \(YAMLLimits.default.maxNodes), at most \(YAMLLimits.ranges.maxNodes.upperBound)).",
            range: YAMLLimits.ranges.maxNodes),
    ]

    static func sessionOptions(_ arguments: ParsedArguments) throws(UsageError) -> SessionOptions {
        var options = SessionOptions()
        options.profile = arguments.value("profile")
        options.configPath = try settingsFile(arguments, "config")
        options.rulePacks = arguments.all("rules")
        options.select = arguments.all("select")
        options.ignore = arguments.all("ignore")
        options.preview = arguments.has("preview")
        var limits = YAMLLimits.default
        if let bytes = arguments.integer("max-file-size") { limits.maxFileBytes = bytes }
        if let depth = arguments.integer("max-depth") { limits.maxDepth = depth }
        if let expansion = arguments.integer("max-alias-expansion") { limits.maxAliasExpansion = expansion }
        if let nodes = arguments.integer("max-nodes") { limits.maxNodes = nodes }
        options.limits = limits
        options.sources = try sources(arguments.all("source"))
        return options
    }

    /// The file an option names that holds settings (`--config`, `--baseline`, `--write-baseline`).
    /// `-` is refused, as ruff and ESLint read only the files to check from standard input: a
    /// config or baseline read from a pipe would be a setting no reviewer sees in the repository.
    static func settingsFile(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> String? {
        guard let value = arguments.value(option) else { return nil }
        guard value != "-" else {
            throw UsageError(message: "--\(option) takes a file, and capaudit reads no settings from standard input nor writes them to standard output; name the file (`./-` for a file named `-`)")
        }
        return value
    }

    /// `--source PLATFORM=FOLDER` (a root of that platform) or `--source FOLDER` (a root of every
    /// platform the app ships), each repeatable.
    static func sources(_ values: [String]) throws(UsageError) -> [SourceOption] {
        try values.map { value throws(UsageError) in
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                guard !value.isEmpty else { throw UsageError(message: "--source takes FOLDER or PLATFORM=FOLDER (`--source android=app/`), got an empty value") }
                return SourceOption(platform: nil, folder: value)
            }
            guard !parts[1].isEmpty else {
                throw UsageError(message: "--source takes FOLDER or PLATFORM=FOLDER (`--source android=app/`), got `\(value)`")
            }
            guard let platform = Platform(rawValue: parts[0]) else {
                let hint = NearestName.suggestion(for: parts[0], among: Platform.allCases.map(\.rawValue)).map { "; did you mean `\($0)`?" } ?? ""
                throw UsageError(message: "--source: unknown platform `\(parts[0])`\(hint); choose from ios, android")
            }
            return SourceOption(platform: platform, folder: parts[1])
        }
    }

    /// Opens the session, or prints why not and gives the exit code.
    static func open(_ options: SessionOptions, command: String) throws(UsageError) -> Session? {
        switch Result(catching: { () throws(SessionError) in try Session.open(options) }) {
        case .success(let session):
            return session
        case .failure(.usage(let message)):
            throw UsageError(message: message)
        case .failure(.policy(let error)):
            for problem in error.problems {
                Output.err("\(ControlEscaping.escape(problem.description))\n")
            }
            Output.err("capaudit \(command): the config or a rule pack has errors; fix them and run again\n")
            return nil
        }
    }
}

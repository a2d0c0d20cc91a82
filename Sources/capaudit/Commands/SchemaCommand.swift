import CapauditKit
import JSON

/// `capaudit schema`: print the manifest JSON Schema, for editors and validators.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the manifest JSON Schema (for editor completion)."
    static let usage = """
        capaudit schema [options]
          Editors with yaml-language-server read it from the first line of a manifest:
          # yaml-language-server: $schema=PATH-OR-URL-OF-THE-SCHEMA
        """

    /// Only the options that change the policy: its kinds, mechanisms and profiles fill the enums.
    static var options: [OptionSpec] {
        [OptionSpec(name: "output", value: "FILE", help: "Write the schema to FILE instead of standard output.")]
            + SessionSetup.options.filter { ["config", "rules"].contains($0.name) }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "schema takes no paths; give rule packs with --rules FOLDER")
        }
        guard let session = try SessionSetup.open(try SessionSetup.sessionOptions(arguments), command: name) else { return ExitCode.failure }
        let text = JSONWriter(pretty: true).string(ManifestSchema.build(session.policy))
        if let file = arguments.value("output") {
            if let failure = OutputFile.write(text, to: file) {
                Output.err("capaudit schema: \(ControlEscaping.escape(failure.description))\n")
                return ExitCode.failure
            }
        } else {
            Output.out(text)
        }
        return ExitCode.success
    }
}

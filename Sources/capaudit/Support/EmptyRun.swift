import CapauditKit

/// A run that finds no manifest. Run from the wrong folder, or over manifests saved as
/// `screens.yaml.txt`, a gate would otherwise check nothing and pass: so it exits 2 and says where
/// it looked, unless the run says it may be empty (`--allow-empty`, config `allow-empty: true`).
/// `--staged` may always be empty: a commit that stages no manifest has nothing to check.
enum EmptyRun {
    static let option = OptionSpec(
        name: "allow-empty", value: nil,
        help: "Exit 0 when no manifest is found (default: exit 2, as a gate that checks nothing must not pass). Config: `allow-empty: true`.")

    /// Whether finding no manifest is a success for this run.
    static func mayBeEmpty(_ inputs: AuditInputs, arguments: ParsedArguments, config: Config) -> Bool {
        inputs == .staged || arguments.has(option.name) || config.allowEmpty
    }

    static var definition: String {
        let skipped = Discovery.skippedFolders.sorted().joined(separator: ", ")
        return "a manifest is a YAML file with a top-level `capaudit` key: folders are searched for .yml and .yaml files (not under \(skipped)), and a file named on the command line is read whatever its name"
    }

    /// The one-line note of a run that may be empty.
    static func note(_ inputs: AuditInputs) -> String {
        switch inputs {
        case .staged:
            return "no staged manifest (a manifest is a YAML file with a top-level `capaudit` key)"
        case .paths:
            return "\(whereLooked(inputs)) (a manifest is a YAML file with a top-level `capaudit` key)"
        }
    }

    /// Why a run that may not be empty exits 2: where it looked, what it read, what counts as a
    /// manifest, and the two ways on.
    static func refusal(_ inputs: AuditInputs, summary: RunSummary, workingDirectory: String) -> [String] {
        let read =
            summary.files == 0
            ? "no .yml or .yaml file there"
            : "\(summary.files == 1 ? "1 file was" : "\(summary.files) files were") read and none is a manifest (`--verbose` names them)"
        return [
            "\(whereLooked(inputs)), from the folder \(ControlEscaping.escape(workingDirectory)): \(read)",
            definition,
            "= help: run capaudit where the manifests are, or name their folder; if a run may find no manifest, pass --allow-empty (or set `allow-empty: true` in .capaudit.yml)",
        ]
    }

    private static func whereLooked(_ inputs: AuditInputs) -> String {
        guard case .paths(let paths) = inputs else { return "no staged manifest" }
        return "no manifest found under " + (paths.isEmpty ? ["."] : paths).map { ControlEscaping.escape($0) }.joined(separator: ", ")
    }
}

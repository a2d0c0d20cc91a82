import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `capaudit init`: writes a commented starter manifest that passes `capaudit check`, or with
/// `--from-source` a draft of the app's screens read from its code. It never overwrites a file.
struct InitCommand: Command {
    static let name = "init"
    static let summary = "Write a starter manifest for a profile and platforms, or draft one from the app's code."
    static let usage = """
        capaudit init [--profile NAME] [--platforms ios,android] [PATH]
               capaudit init --from-source [--source PLATFORM=FOLDER]... [--profile NAME] [PATH]
               (default PATH: capaudit.yml; a folder gets capaudit.yml inside)
        """
    static let defaultFileName = "capaudit.yml"

    static var options: [OptionSpec] {
        [
            OptionSpec(name: "profile", value: "NAME", help: "Risk profile: banking, health, general, or one from a rule pack (default: the config's `profile`, else general)."),
            OptionSpec(name: "platforms", value: "LIST", help: "Platforms the app ships on, comma-separated: ios, android (default: both)."),
            OptionSpec(
                name: "from-source", value: nil,
                help: "Draft the manifest from the app's code (config `source:` or --source): its screens, mechanisms, versions and permissions."),
        ] + SessionSetup.options.filter { ["config", "rules", "source"].contains($0.name) }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "init writes one file, got \(arguments.positionals.count) paths")
        }
        let fromSource = arguments.has("from-source")
        if fromSource, arguments.value("platforms") != nil {
            throw UsageError(message: "--platforms and --from-source: the platforms come from the source folders; leave out --platforms")
        }
        if !fromSource, !arguments.all("source").isEmpty {
            throw UsageError(message: "--source is read by --from-source; add --from-source to draft the manifest from the code")
        }
        let platforms = try parsePlatforms(arguments.value("platforms"))
        let sessionOptions = try SessionSetup.sessionOptions(arguments)
        guard let session = try SessionSetup.open(sessionOptions, command: name) else { return ExitCode.failure }
        // --profile, else the config's, as for the manifests `check` reads.
        let profileName = session.defaultProfile ?? "general"
        guard let profile = session.policy.profiles[profileName] else { return ExitCode.failure }

        var path = arguments.positionals.first ?? defaultFileName
        if FileReader.kind(of: path) == .directory {
            path = (path.hasSuffix("/") ? path : path + "/") + defaultFileName
        } else if path.hasSuffix("/") {
            throw UsageError(message: "the folder \(ControlEscaping.escape(path)) does not exist; create it first (mkdir -p \(ControlEscaping.escape(path))) or give a file name")
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        guard folder.isEmpty || FileReader.kind(of: folder) == .directory else {
            throw UsageError(message: "cannot write \(ControlEscaping.escape(path)): the folder \(ControlEscaping.escape(folder)) does not exist; create it first (mkdir -p \(ControlEscaping.escape(folder)))")
        }
        let text: String
        var draftedScreens = 0
        if fromSource {
            guard let code = AuditRun(session: session).readCode(workers: ProcessorCount.value) else {
                throw UsageError(message: "--from-source needs the app's source folders: give --source PLATFORM=FOLDER, or `source:` in the config")
            }
            for note in code.notes.map(\.text) + code.unread.map(\.note) { Output.err("note: \(ControlEscaping.escape(note))\n") }
            let draft = SourceDraft(code, taxonomy: session.policy.taxonomy)
            draftedScreens = draft.screens.count
            text = StarterManifest.draft(draft, profile: profile.id, sources: session.sources)
        } else {
            text = StarterManifest.text(profile: profile.id, lineage: profile.lineage, platforms: platforms)
        }
        if let failure = OutputFile.write(text, to: path, replacing: false) {
            Output.err("capaudit init: \(ControlEscaping.escape(failure.description)); give another path, or move the file away first\n")
            return ExitCode.failure
        }
        if fromSource {
            let folders = session.sources.map { "--source \($0.platform.rawValue)=\($0.path)" }.joined(separator: " ")
            Output.out("""
                Wrote \(ControlEscaping.escape(path)): a draft with \(draftedScreens == 1 ? "1 screen" : "\(draftedScreens) screens") found in the code, for the \(profile.id) profile.
                Next: tag each screen's fields (id, label, kind) and add the screens the scan could not see, then run
                `capaudit check \(ControlEscaping.escape(path)) \(ControlEscaping.escape(folders))` (or put the folders under `source:` in .capaudit.yml).

                """)
            return ExitCode.success
        }
        let shipped = platforms.map(\.displayName).joined(separator: " and ")
        Output.out("""
            Wrote \(ControlEscaping.escape(path)): a starter manifest for the \(profile.id) profile on \(shipped).
            Next: describe your screens in it, then run `capaudit check \(ControlEscaping.escape(path))`.
            For editor completion: capaudit schema > capaudit.schema.json (beside the manifest).

            """)
        return ExitCode.success
    }

    static func parsePlatforms(_ value: String?) throws(UsageError) -> [Platform] {
        guard let value else { return Platform.allCases }
        var platforms: [Platform] = []
        for name in value.split(separator: ",").map({ String($0).filter { $0 != " " }.lowercased() }) where !name.isEmpty {
            guard let platform = Platform(rawValue: name) else {
                let hint = NearestName.suggestion(for: name, among: Platform.allCases.map(\.rawValue)).map { "; did you mean `\($0)`?" } ?? ""
                throw UsageError(message: "--platforms: unknown platform `\(name)`\(hint); choose from ios, android")
            }
            if !platforms.contains(platform) { platforms.append(platform) }
        }
        guard !platforms.isEmpty else { throw UsageError(message: "--platforms needs at least one of ios, android") }
        return platforms.sorted()
    }
}

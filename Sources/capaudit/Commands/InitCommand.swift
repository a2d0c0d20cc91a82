import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `capaudit init`: writes a commented starter manifest that passes `capaudit check`.
/// It never overwrites a file.
struct InitCommand: Command {
    static let name = "init"
    static let summary = "Write a starter manifest for a profile and platforms."
    static let usage = "capaudit init [--profile NAME] [--platforms ios,android] [PATH]   (default PATH: capaudit.yml; a folder gets capaudit.yml inside)"
    static let defaultFileName = "capaudit.yml"

    static var options: [OptionSpec] {
        [
            OptionSpec(name: "profile", value: "NAME", help: "Risk profile: general (default), banking, health, or one from a rule pack."),
            OptionSpec(name: "platforms", value: "LIST", help: "Platforms the app ships on, comma-separated: ios, android (default: both)."),
        ] + SessionSetup.options.filter { $0.name == "config" || $0.name == "rules" }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "init writes one file, got \(arguments.positionals.count) paths")
        }
        let platforms = try parsePlatforms(arguments.value("platforms"))
        var sessionOptions = try SessionSetup.sessionOptions(arguments)
        sessionOptions.profile = arguments.value("profile") ?? "general"
        guard let session = try SessionSetup.open(sessionOptions, command: name) else { return ExitCode.failure }
        let profileName = sessionOptions.profile ?? "general"
        guard let profile = session.policy.profiles[profileName] else { return ExitCode.failure }

        var path = arguments.positionals.first ?? defaultFileName
        if FileReader.kind(of: path) == .directory {
            path = (path.hasSuffix("/") ? path : path + "/") + defaultFileName
        } else if path.hasSuffix("/") {
            throw UsageError(message: "the folder \(ControlEscaping.escape(path)) does not exist; create it first (mkdir -p \(ControlEscaping.escape(path))) or give a file name")
        }
        let text = StarterManifest.text(profile: profile.id, lineage: profile.lineage, platforms: platforms)
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        guard folder.isEmpty || FileReader.kind(of: folder) == .directory else {
            throw UsageError(message: "cannot write \(ControlEscaping.escape(path)): the folder \(ControlEscaping.escape(folder)) does not exist; create it first (mkdir -p \(ControlEscaping.escape(folder)))")
        }
        if let failure = OutputFile.write(text, to: path, replacing: false) {
            Output.err("capaudit init: \(ControlEscaping.escape(failure.description)); give another path, or move the file away first\n")
            return ExitCode.failure
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

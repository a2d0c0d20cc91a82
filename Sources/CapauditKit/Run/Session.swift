#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import YAML

/// What the command line says before files are checked.
public struct SessionOptions: Sendable {
    public var configPath: String?
    public var profile: String?
    /// Rule packs given with `--rules`.
    public var rulePacks: [String] = []
    public var select: [String] = []
    public var ignore: [String] = []
    public var limits = YAMLLimits.default
    public var keepManifests = false
    /// Run preview rules (`--preview`).
    public var preview = false

    public init() {}
}

/// Why a session could not start: a usage mistake or a broken config or rule pack. Exit 2.
public enum SessionError: Error, Sendable {
    case usage(String)
    case policy(PolicyError)
}

/// The policy, config and settings of one run, built once: shipped rules, rule packs
/// (config and command line), config file, `--profile`, `--select` and `--ignore`.
public struct Session: Sendable {
    public var policy: Policy
    public var config: Config
    public var configuration: CheckConfiguration
    public var repositoryRoot: String?
    public var workingDirectory: String
    /// The config's `baseline`, resolved against the config's folder.
    public var configBaseline: String?
    /// SUP003 findings about rule names on the command line (deprecated names).
    public var commandLineFindings: [Finding] = []

    /// The file name findings about the command line carry.
    public static let commandLineFile = "(command line)"

    public static func open(_ options: SessionOptions) throws(SessionError) -> Session {
        let cwd = currentDirectory()
        let root = repositoryRoot(from: cwd)
        var shipped: Policy
        do throws(PolicyError) {
            shipped = try PolicyLoader.shipped()
        } catch {
            throw .policy(error)
        }
        let configPath = options.configPath ?? ConfigLoader.find(from: cwd)
        let configDisplay = configPath.map { relativePath($0, to: cwd) } ?? ""
        var config = Config()
        if let configPath {
            if FileReader.kind(of: configPath) == .missing {
                throw .usage("config file `\(configPath)` does not exist")
            }
            do throws(PolicyError) {
                config = try ConfigLoader.load(path: configPath, displayPath: configDisplay, policy: shipped)
            } catch {
                throw .policy(error)
            }
        }
        var sources = EmbeddedRules.sources
        do throws(PolicyError) {
            let configFolder = configPath.map { parent(of: $0) } ?? cwd
            for pack in config.rulePacks {
                sources += try RulePackReader.read(pack, base: configFolder, confinedTo: root ?? configFolder, displayBase: relativePath("\(configFolder)/\(pack)", to: cwd))
            }
            for pack in options.rulePacks {
                sources += try RulePackReader.read(pack, base: cwd, confinedTo: nil, displayBase: pack)
            }
            if sources.count > EmbeddedRules.sources.count {
                shipped = try PolicyLoader.load(sources)
                if let configPath { config = try ConfigLoader.load(path: configPath, displayPath: configDisplay, policy: shipped) }
            }
        } catch {
            throw .policy(error)
        }
        let policy = shipped.adding(config.wording)
        let profile = options.profile ?? config.profile
        if let profile, policy.profiles[profile] == nil {
            let hint = NearestName.hint(for: profile, among: policy.profileNames)
            if options.profile != nil {
                throw .usage("unknown profile `\(profile)`\(hint); known profiles: \(policy.profileNames.joined(separator: ", "))")
            }
            throw .policy(PolicyError(problems: [.init(file: configDisplay, position: nil, message: "unknown profile `\(profile)`\(hint)")]))
        }
        let preview = options.preview || config.preview
        var commandLineFindings: [Finding] = []
        func ruleIDs(_ names: [String], option: String) throws(SessionError) -> Set<String> {
            var ids = Set<String>()
            for name in names.flatMap({ $0.split(separator: ",").map { String($0).trimmed } }) where !name.isEmpty {
                guard let (rule, deprecated) = policy.resolve(name) else {
                    throw .usage("\(option): unknown rule `\(name)`\(NearestName.hint(for: name, among: policy.ruleNames))")
                }
                if option == "--select", rule.status == .preview, !preview {
                    throw .usage("\(option): \(rule.id) (`\(rule.slug)`) is a preview rule and runs only when the run opts in; add --preview (or `preview: true` in the config)")
                }
                if let deprecated {
                    commandLineFindings.append(ConfigLoader.deprecatedRule(
                        deprecated, replacement: rule, at: SourcePosition(line: 1, column: 1), file: commandLineFile, path: option, policy: policy))
                }
                ids.insert(rule.id)
            }
            return ids
        }
        let selected = try ruleIDs(options.select, option: "--select")
        let ignored = try ruleIDs(options.ignore, option: "--ignore")
        let fingerprintRoot = root ?? cwd
        var configuration = CheckConfiguration(
            policy: policy, defaultProfile: profile, settings: RuleSettings(layers: [config.rules], preview: preview),
            selected: selected.isEmpty ? nil : selected, ignored: ignored, limits: options.limits,
            fingerprintPath: { path in relativePath(absolute(path, cwd: cwd), to: fingerprintRoot) }, keepManifests: options.keepManifests)
        configuration.unsuppressible = config.unsuppressible
        let baseline = config.baseline.map { path in
            path.hasPrefix("/") ? path : relativePath("\(configPath.map { parent(of: $0) } ?? cwd)/\(path)", to: cwd)
        }
        return Session(
            policy: policy, config: config, configuration: configuration, repositoryRoot: root, workingDirectory: cwd, configBaseline: baseline,
            commandLineFindings: commandLineFindings)
    }

    /// SUP003 findings about the config and rule packs (rule names that name no rule), one
    /// result per file, to report with the manifests' findings.
    public var settingsFindings: [FileResult] {
        var byFile: [(String, [Finding])] = []
        func add(_ finding: Finding) {
            if let index = byFile.firstIndex(where: { $0.0 == finding.file }) {
                byFile[index].1.append(finding)
            } else {
                byFile.append((finding.file, [finding]))
            }
        }
        config.findings.forEach(add)
        commandLineFindings.forEach(add)
        for problem in policy.deprecatedRuleNames {
            add(Finding(
                ruleID: "SUP003", slug: policy.rule("SUP003")?.slug ?? "unknown-rule", severity: .info,
                message: "rule pack profile: \(problem.message)", file: problem.file, documentIndex: 0,
                start: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", fix: "name the replacement rule instead",
                detail: problem.message))
        }
        for problem in policy.unknownRuleNames {
            add(Finding(
                ruleID: "SUP003", slug: policy.rule("SUP003")?.slug ?? "unknown-rule", severity: .warning,
                message: "rule pack profile: \(problem.message)", file: problem.file, documentIndex: 0,
                start: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", fix: "correct the name, or remove the entry",
                detail: problem.message))
        }
        return byFile.map { FileResult(file: InputFile(path: $0.0, named: true), findings: $0.1, isManifest: false) }
    }

    /// The path relative to the repository root (or the working folder), for SARIF and fingerprints.
    public func repositoryPath(_ path: String) -> String {
        Self.relativePath(Self.absolute(path, cwd: workingDirectory), to: repositoryRoot ?? workingDirectory)
    }

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func repositoryRoot(from folder: String) -> String? {
        var current = folder
        while true {
            if FileReader.kind(of: "\(current)/.git") != .missing { return current }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// An absolute path with `.` and `..` resolved textually.
    public static func absolute(_ path: String, cwd: String) -> String {
        let joined = path.hasPrefix("/") ? path : "\(cwd)/\(path)"
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `base` when inside it, else unchanged.
    public static func relativePath(_ path: String, to base: String) -> String {
        let absolutePath = absolute(path, cwd: base)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if absolutePath.hasPrefix(prefix) { return String(absolutePath.dropFirst(prefix.count)) }
        return path
    }
}

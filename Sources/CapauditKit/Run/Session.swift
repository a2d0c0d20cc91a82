#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface
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
    /// The profile of manifests that name none (`--profile`, else the config's).
    public var defaultProfile: String?
    /// Severity layers above the profile: the config's.
    public var settings: RuleSettings
    /// `--select` and `--ignore`.
    public var selection: RuleSelection
    public var limits: YAMLLimits
    public var repositoryRoot: String?
    public var workingDirectory: String
    /// The config's `baseline`, resolved against the config's folder.
    public var configBaseline: String?
    /// The config file and the config's rule pack folders, absolute: capaudit's own files,
    /// never taken for manifests when folders are walked.
    var settingsPaths: [String] = []
    /// Findings about rule names on the command line (deprecated names), judged like the rest.
    var commandLineProblems: [SettingsProblem] = []

    /// A session with the given policy and nothing else: no config, no selection, no baseline
    /// (tests and fuzzing check text in memory this way).
    public init(policy: Policy, defaultProfile: String? = nil, preview: Bool = false, limits: YAMLLimits = .default) {
        self.init(
            policy: policy, config: Config(), defaultProfile: defaultProfile, settings: RuleSettings(preview: preview), selection: RuleSelection(),
            limits: limits, repositoryRoot: nil, workingDirectory: Self.currentDirectory(), configBaseline: nil)
    }

    init(
        policy: Policy, config: Config, defaultProfile: String?, settings: RuleSettings, selection: RuleSelection, limits: YAMLLimits,
        repositoryRoot: String?, workingDirectory: String, configBaseline: String?
    ) {
        self.policy = policy
        self.config = config
        self.defaultProfile = defaultProfile
        self.settings = settings
        self.selection = selection
        self.limits = limits
        self.repositoryRoot = repositoryRoot
        self.workingDirectory = workingDirectory
        self.configBaseline = configBaseline
    }


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
        let selection: RuleSelection
        var commandLineProblems: [SettingsProblem] = []
        do throws(SelectionError) {
            let selected = try RuleSelection.keys(options.select, option: "--select", preview: preview, policy: policy, problems: &commandLineProblems)
            let ignored = try RuleSelection.keys(
                options.ignore, option: "--ignore", hidesManifestRules: true, preview: preview, policy: policy, problems: &commandLineProblems)
            selection = RuleSelection(selected: selected.isEmpty ? nil : selected, ignored: ignored)
        } catch {
            throw .usage(error.message)
        }
        let baseline = config.baseline.map { path in
            path.hasPrefix("/") ? path : relativePath("\(configPath.map { parent(of: $0) } ?? cwd)/\(path)", to: cwd)
        }
        var session = Session(
            policy: policy, config: config, defaultProfile: profile, settings: RuleSettings(layers: [config.rules], preview: preview),
            selection: selection, limits: options.limits, repositoryRoot: root, workingDirectory: cwd, configBaseline: baseline)
        session.commandLineProblems = commandLineProblems
        if let configPath {
            let configFolder = parent(of: absolute(configPath, cwd: cwd))
            session.settingsPaths = [absolute(configPath, cwd: cwd)] + config.rulePacks.map { absolute($0, cwd: configFolder) }
        }
        return session
    }

    /// Findings about the config and rule packs (rule names that name no rule), by file, in the
    /// order they were found: the run judges them like every other finding. The config is
    /// listed even without findings, so that baseline entries about it can be found stale.
    var settingsFindings: [(file: String, raw: [RawFinding])] {
        var byFile: [(file: String, raw: [RawFinding])] = config.file.map { [($0, [])] } ?? []
        func add(_ file: String, _ raw: RawFinding) {
            if let index = byFile.firstIndex(where: { $0.file == file }) {
                byFile[index].raw.append(raw)
            } else {
                byFile.append((file, [raw]))
            }
        }
        for problem in config.problems + commandLineProblems {
            var raw = RawFinding(
                policy.definition(of: problem.rule), message: problem.message, at: problem.position, path: problem.path, fix: problem.fix,
                detail: problem.detail)
            raw.caseName = problem.caseName
            add(problem.file, raw)
        }
        for problem in policy.deprecatedRuleNames {
            var raw = RawFinding(
                policy.definition(of: .unknownRule), message: "rule pack profile: \(problem.message)",
                at: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", fix: "name the replacement rule instead", detail: problem.message)
            raw.caseName = "deprecated"
            add(problem.file, raw)
        }
        for problem in policy.unknownRuleNames {
            add(problem.file, RawFinding(
                policy.definition(of: .unknownRule), message: "rule pack profile: \(problem.message)",
                at: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", fix: "correct the name, or remove the entry",
                detail: problem.message))
        }
        return byFile
    }

    /// The path relative to the repository root (or the working folder), for SARIF and fingerprints.
    public func repositoryPath(_ path: String) -> String {
        Self.relativePath(Self.absolute(path, cwd: workingDirectory), to: repositoryRoot ?? workingDirectory)
    }

    /// `repositoryPath` as a value the run's threads can share.
    public var repositoryPathFunction: @Sendable (String) -> String {
        let cwd = workingDirectory
        let root = repositoryRoot ?? workingDirectory
        return { path in Self.relativePath(Self.absolute(path, cwd: cwd), to: root) }
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

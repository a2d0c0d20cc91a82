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
    /// `--source PLATFORM=FOLDER` and `--source FOLDER` (every platform), relative to the working
    /// folder; for the platforms they name, they replace the config's roots.
    public var sources: [SourceOption] = []
    /// `--staged`: the config found, its baseline and rule packs, and the app's code are read from the git index.
    public var staged = false
    /// The folder the session runs from (config found upward from it, paths relative to it):
    /// nil for the process's working folder. The language server opens one per workspace folder.
    public var workingDirectory: String?

    public init() {}
}

/// A `--source` option: a folder for one platform, or for every platform (nil).
public struct SourceOption: Sendable, Equatable {
    public var platform: Platform?
    public var folder: String

    public init(platform: Platform?, folder: String) {
        self.platform = platform
        self.folder = folder
    }
}

/// A root of one platform's source, whose code evidence is read from (docs/evidence.md).
public struct SourceFolder: Sendable, Equatable {
    public var platform: Platform
    /// Relative to the working folder where possible, without a trailing `/`: how findings and
    /// notes name its files.
    public var path: String
    public var absolutePath: String
    /// Paths relative to the root to leave out (the root's `exclude`).
    public var exclude: [Glob] = []
    /// Read test code too (`tests: include`).
    public var includesTests = false
    /// Packages to read under `node_modules` or the pub cache (the root's `packages`).
    public var packages: [String] = []
    /// The application target whose build settings count (the root's `target`,
    /// or `source.target` of the map form).
    public var target: String?

    public init(platform: Platform, path: String, absolutePath: String, target: String? = nil) {
        self.platform = platform
        self.path = path
        self.absolutePath = absolutePath
        self.target = target
    }

    /// A file of the folder (`relative` to it, `../build.gradle` for the Gradle project's root
    /// above a module) as findings name it.
    public func displayPath(_ relative: String) -> String {
        guard path != ".", !path.isEmpty else { return relative }
        var folder = path.split(separator: "/", omittingEmptySubsequences: false)
        var rest = Substring(relative)
        while rest.hasPrefix("../"), let last = folder.last, !last.isEmpty, last != ".." {
            folder.removeLast()
            rest = rest.dropFirst(3)
        }
        return folder.isEmpty ? String(rest) : "\(folder.joined(separator: "/"))/\(rest)"
    }
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
    /// Where each platform's code is (config `source`, `--source`); none turns evidence off.
    public var sources: [SourceFolder] = []
    /// The git index, for `--staged`: the files, the config's baseline and the code come from it.
    public var index: GitIndex?
    /// Which config the run uses and why, for `--verbose` and JSON `notes`.
    public var settingsNotes: [String] = []

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


    /// Whether an absolute path is the config or inside one of its rule packs: a change to it
    /// changes the session (the language server then opens the session again).
    public func isSettingsFile(_ absolutePath: String) -> Bool {
        settingsPaths.contains { absolutePath == $0 || absolutePath.hasPrefix($0 + "/") }
    }

    /// The git index the session read for `--staged`, else read now.
    func stagedIndex() throws(GitIndex.Failure) -> GitIndex {
        if let index { return index }
        return try GitIndex.read(workingDirectory: workingDirectory)
    }

    /// The file name findings about the command line carry.
    public static let commandLineFile = "(command line)"

    public static func open(_ options: SessionOptions) throws(SessionError) -> Session {
        guard let cwd = options.workingDirectory ?? workingDirectory() else {
            throw .usage("cannot read the working folder (\(POSIX.describe(POSIX.errorNumber))); was it deleted? Run capaudit from a folder that exists")
        }
        let root = repositoryRoot(from: cwd)
        var index: GitIndex?
        if options.staged {
            do throws(GitIndex.Failure) {
                index = try GitIndex.read(workingDirectory: cwd)
            } catch {
                throw .usage("--staged: \(ControlEscaping.escape(error.message))")
            }
        }
        var shipped: Policy
        do throws(PolicyError) {
            shipped = try PolicyLoader.shipped()
        } catch {
            throw .policy(error)
        }
        let choice = try ConfigChoice.choose(named: options.configPath, cwd: cwd, index: index)
        let configPath = choice.path
        let configDisplay = configPath.map { relativePath($0, to: cwd) } ?? ""
        var config = Config()
        if let configPath {
            if options.configPath != nil, FileReader.status(of: Array(configPath.utf8), followingSymlinks: false) == nil {
                throw .usage("config file `\(configPath)` does not exist")
            }
            // A config found by walking up may not lead out of the repository; one named with
            // --config may be anywhere, but must be a file. A staged config has no link to follow.
            if choice.stagedContent == nil,
                let refusal = ConfigLoader.refusal(configPath, confinedTo: options.configPath == nil ? root ?? parent(of: configPath) : nil)
            {
                throw .policy(PolicyError(problems: [.init(file: configDisplay, position: nil, message: "the config is not read: \(refusal)")]))
            }
            do throws(PolicyError) {
                config = try choice.load(displayPath: configDisplay, policy: shipped)
            } catch {
                throw .policy(error)
            }
        }
        var packs: [PolicySource] = []
        var packNotes: [String] = []
        do throws(PolicyError) {
            let configFolder = configPath.map { parent(of: $0) } ?? cwd
            // Under --staged the packs a config names are the ones the commit carries, like its
            // baseline; a pack given with --rules is the user's choice of a folder and is read as is.
            let configPacks = index.map(RulePackReader.Files.index) ?? .workTree
            for pack in config.rulePacks {
                let read = try RulePackReader.read(
                    pack, base: configFolder, confinedTo: root ?? configFolder, displayBase: relativePath("\(configFolder)/\(pack)", to: cwd), from: configPacks)
                packs += read.sources
                packNotes += read.notes
            }
            for pack in options.rulePacks {
                packs += try RulePackReader.read(pack, base: cwd, confinedTo: nil, displayBase: pack).sources
            }
            if !packs.isEmpty {
                shipped = try PolicyLoader.load(adding: packs)
                if configPath != nil { config = try choice.load(displayPath: configDisplay, policy: shipped) }
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
        session.index = index
        session.settingsNotes = choice.notes(display: ControlEscaping.escape(configDisplay), cwd: cwd) + packNotes
        if let configPath {
            let configFolder = parent(of: absolute(configPath, cwd: cwd))
            session.settingsPaths = [absolute(configPath, cwd: cwd)] + config.rulePacks.map { absolute($0, cwd: configFolder) }
        }
        session.sources = try sourceFolders(options.sources, config: config, configPath: configPath, configDisplay: configDisplay, cwd: cwd, index: index)
        return session
    }

    /// The source roots of each platform: the `--source` options that name it or every platform
    /// (relative to the working folder), else the config's `source` roots (relative to the
    /// config's folder). A root for every platform is one per platform; the app's manifest says
    /// which of them it ships. A folder that does not exist stops the run, at the option or the
    /// config line that names it. Under `--staged` the folder must exist where the code is read
    /// from, the git index: one deleted from the work tree but staged is checked, and one the
    /// index does not hold would be read as empty, so it stops the run.
    static func sourceFolders(
        _ given: [SourceOption], config: Config, configPath: String?, configDisplay: String, cwd: String, index: GitIndex? = nil
    ) throws(SessionError) -> [SourceFolder] {
        func folderProblem(_ absolutePath: String, shown: String) -> String? {
            guard let index else { return Self.folderProblem(absolutePath, shown: shown) }
            // Outside the repository the index holds nothing: the code base says so when it is read.
            guard let top = index.topRelative(absolutePath), !top.isEmpty, !index.holdsFolder(top) else { return nil }
            return "the folder `\(ControlEscaping.escape(shown))` holds no file in the git index, and --staged reads the code from there; `git add` it"
        }
        func folder(_ platform: Platform, _ absolutePath: String) -> SourceFolder {
            SourceFolder(platform: platform, path: absolutePath == cwd ? "." : relativePath(absolutePath, to: cwd), absolutePath: absolutePath)
        }
        var folders: [SourceFolder] = []
        func add(_ root: SourceFolder) {
            if !folders.contains(where: { $0.platform == root.platform && $0.absolutePath == root.absolutePath }) { folders.append(root) }
        }
        for option in given {
            let absolutePath = absolute(option.folder, cwd: cwd)
            if let problem = folderProblem(absolutePath, shown: option.folder) {
                let named = option.platform.map { "\($0.rawValue)=" } ?? ""
                let whose = option.platform.map { "the \($0.displayName) source folder" } ?? "the app's source folder"
                throw .usage("--source \(named)\(option.folder): \(problem); give \(whose) relative to the working folder")
            }
            for platform in option.platform.map({ [$0] }) ?? Platform.allCases {
                // A folder given on the command line still reads the config's named target.
                var root = folder(platform, absolutePath)
                root.target = config.sources.first { $0.target != nil && ($0.platforms ?? Platform.allCases).contains(platform) }?.target?.name
                add(root)
            }
        }
        let givenPlatforms = Set(given.flatMap { $0.platform.map { [$0] } ?? Platform.allCases })
        let configFolder = configPath.map { parent(of: absolute($0, cwd: cwd)) } ?? cwd
        for configured in config.sources {
            let platforms = (configured.platforms ?? Platform.allCases).filter { !givenPlatforms.contains($0) }
            guard !platforms.isEmpty else { continue }
            let absolutePath = absolute(configured.folder, cwd: configFolder)
            if let problem = folderProblem(absolutePath, shown: configured.folder) {
                let message = "`\(configured.key)`: \(problem) (relative to the config's folder); fix the path or remove the entry"
                throw .policy(PolicyError(problems: [.init(file: configDisplay, position: configured.position, message: message)]))
            }
            for platform in platforms {
                var root = folder(platform, absolutePath)
                root.exclude = configured.exclude
                root.includesTests = configured.includesTests
                root.packages = configured.packages.map(\.name)
                root.target = configured.target?.name
                add(root)
            }
        }
        return folders
    }

    private static func folderProblem(_ absolutePath: String, shown: String) -> String? {
        let name = "`\(ControlEscaping.escape(shown))`"
        switch FileReader.kind(of: absolutePath) {
        case .directory: return nil
        case .missing: return "the folder \(name) does not exist"
        case .regular: return "\(name) is a file, not a folder"
        case .other(let kind): return "\(name) is \(kind), not a folder"
        }
    }

    /// Findings about the config and rule packs (rule names that name no rule), by file, in the
    /// order they were found: the run judges them like every other finding. The config is
    /// listed even without findings, so that baseline entries about it can be found stale.
    /// The files of `settingsFindings`: the config and the rule packs with findings.
    public var settingsFiles: [String] { settingsFindings.map(\.file) }

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
                policy.definition(of: problem.rule), message: problem.message, at: problem.position, path: problem.path, help: problem.fix,
                detail: problem.detail)
            raw.caseName = problem.caseName
            add(problem.file, raw)
        }
        for problem in policy.deprecatedRuleNames {
            var raw = RawFinding(
                policy.definition(of: .unknownRule), message: "rule pack profile: \(problem.message)",
                at: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", help: "name the replacement rule instead", detail: problem.message)
            raw.caseName = "deprecated"
            add(problem.file, raw)
        }
        for problem in policy.unknownRuleNames {
            add(problem.file, RawFinding(
                policy.definition(of: .unknownRule), message: "rule pack profile: \(problem.message)",
                at: problem.position ?? SourcePosition(line: 1, column: 1), path: "rules", help: "correct the name, or remove the entry",
                detail: problem.message))
        }
        return byFile
    }

    /// The path relative to the repository root (or the working folder), for SARIF and fingerprints.
    public func repositoryPath(_ path: String) -> String {
        Self.relativePath(Self.absolute(path, cwd: workingDirectory), to: repositoryRoot ?? workingDirectory)
    }

    /// A baseline entry's `file` in the form fingerprints use: it is relative to the repository
    /// root (the working folder outside a repository), and `./a.yml`, `a//a.yml`, `b/../a.yml` and
    /// an absolute path inside the root all name `a.yml`.
    public func baselineFilePath(_ file: String) -> String {
        let root = repositoryRoot ?? workingDirectory
        return Self.relativePath(Self.absolute(file, cwd: root), to: root)
    }

    /// Whether a path relative to the repository root (as in a baseline) names an existing file.
    public func existsInRepository(_ file: String) -> Bool {
        FileSystem.realPath(Self.absolute(file, cwd: repositoryRoot ?? workingDirectory)) != nil
    }

    /// The source folders relative to the repository root (`""` for the root itself), leaving out
    /// any outside it.
    public var sourceFoldersInRepository: [String] {
        let root = repositoryRoot ?? workingDirectory
        return sources.compactMap { folder in
            if folder.absolutePath == root { return "" }
            return folder.absolutePath.hasPrefix(root == "/" ? "/" : root + "/") ? repositoryPath(folder.absolutePath) : nil
        }
    }

    /// `repositoryPath` as a value the run's threads can share.
    public var repositoryPathFunction: @Sendable (String) -> String {
        let cwd = workingDirectory
        let root = repositoryRoot ?? workingDirectory
        return { path in Self.relativePath(Self.absolute(path, cwd: cwd), to: root) }
    }

    public static func currentDirectory() -> String {
        workingDirectory() ?? "."
    }

    /// The working folder, or nil when it cannot be read (it was deleted, say).
    static func workingDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    public static func repositoryRoot(from folder: String) -> String? {
        var current = folder
        while true {
            if FileReader.kind(of: "\(current)/.git") != .missing { return current }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    public static func parent(of path: String) -> String {
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

    /// `path` relative to `base` when inside it, else unchanged. Relative to `/` a path would
    /// only lose its leading `/` and read as relative to the working folder: it stays absolute.
    public static func relativePath(_ path: String, to base: String) -> String {
        let absolutePath = absolute(path, cwd: base)
        if base == "/" { return absolutePath }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if absolutePath.hasPrefix(prefix) { return String(absolutePath.dropFirst(prefix.count)) }
        return path
    }
}

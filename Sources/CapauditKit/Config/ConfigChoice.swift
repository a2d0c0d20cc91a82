#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which config a run reads, and where its text comes from: the file named with `--config`, the
/// one found from the working folder up, or under `--staged` the one the git index holds (the
/// config that will be committed, not an unstaged edit of it).
struct ConfigChoice {
    enum Origin {
        case named, found, staged
    }

    /// As the session names it: absolute, or relative to the working folder.
    var path: String?
    var origin: Origin
    /// The staged text, under `--staged`.
    var stagedContent: [UInt8]?
    /// Under `--staged`, a config of the working tree that the index does not hold.
    var leftOut: String?

    static func choose(named: String?, cwd: String, index: GitIndex?) throws(SessionError) -> ConfigChoice {
        if let named { return ConfigChoice(path: named, origin: .named) }
        let onDisk = ConfigLoader.find(from: cwd, home: homeFolder())
        guard let index else { return ConfigChoice(path: onDisk, origin: .found) }
        var folder = index.prefix
        if folder.last == UInt8(ascii: "/") { folder.removeLast() }
        while true {
            for name in ConfigLoader.fileNames {
                let candidate = folder.isEmpty ? Array(name.utf8) : folder + [UInt8(ascii: "/")] + Array(name.utf8)
                guard index.entries[candidate] != nil || index.unmerged.contains(candidate) else { continue }
                let content: [UInt8]?
                do throws(GitIndex.Failure) {
                    content = try index.fileContent(candidate, what: "the config")
                } catch {
                    throw .usage("--staged: \(error.message)")
                }
                let path = InputFile.displayPath(index.relativeToWorkingDirectory(candidate))
                let leftOut = onDisk.flatMap { Session.absolute($0, cwd: cwd) == Session.absolute(path, cwd: cwd) ? nil : $0 }
                return ConfigChoice(path: path, origin: .staged, stagedContent: content, leftOut: leftOut)
            }
            guard !folder.isEmpty else { break }
            folder = Array(folder[..<(folder.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
        }
        return ConfigChoice(path: nil, origin: .staged, leftOut: onDisk)
    }

    func load(displayPath: String, policy: Policy) throws(PolicyError) -> Config {
        guard let path else { return Config() }
        if let stagedContent { return try ConfigLoader.parse(stagedContent, displayPath: displayPath, policy: policy) }
        return try ConfigLoader.load(path: path, displayPath: displayPath, policy: policy)
    }

    /// Which config the run uses, and the one `--staged` leaves out.
    func notes(display: String, cwd: String) -> [String] {
        var notes: [String] = []
        if path != nil {
            switch origin {
            case .named: notes.append("config: \(display) (named by --config)")
            case .found: notes.append("config: \(display)")
            case .staged: notes.append("config: \(display), as staged in the git index")
            }
        }
        if let leftOut {
            let shown = ControlEscaping.escape(Session.relativePath(leftOut, to: cwd))
            let judge = path == nil ? "the default settings" : "the staged config"
            notes.append("\(shown) is not in the git index (untracked, or its removal is staged), so --staged leaves it out: the commit is judged by \(judge)")
        }
        return notes
    }

    /// The home folder (`HOME`), where the config search stops outside a repository.
    static func homeFolder() -> String? {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        return FileReader.realPath(home) ?? home
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file to check: where to read it and how to name it in reports.
public struct InputFile: Sendable, Equatable {
    /// The path to open.
    public var path: String
    /// Named on the command line (a non-manifest is then noted, not silently skipped).
    public var named: Bool
    /// Content given directly (the git index for `--staged`), instead of reading `path`.
    public var content: [UInt8]?

    public init(path: String, named: Bool, content: [UInt8]? = nil) {
        self.path = path
        self.named = named
        self.content = content
    }
}

/// What discovery found, and what it could not walk.
public struct DiscoveryResult: Sendable {
    public var files: [InputFile]
    /// Paths named on the command line that do not exist: the run exits 2.
    public var missing: [String]
    /// Folders that could not be read, symlink loops: reported, the rest is walked.
    public var notes: [String]

    public init(files: [InputFile], missing: [String] = [], notes: [String] = []) {
        self.files = files
        self.missing = missing
        self.notes = notes
    }
}

/// Finds YAML files under the given paths, in a stable order, without following symlink loops.
public struct Discovery {
    public static let skippedFolders: Set<String> = [".git", ".build", "node_modules", ".swiftpm", ".hg", ".svn"]
    public static let extensions = [".yml", ".yaml"]

    /// Glob patterns of paths (relative to the working folder) to leave out.
    public var exclude: [Glob]
    public var include: [Glob]

    public init(exclude: [Glob] = [], include: [Glob] = []) {
        self.exclude = exclude
        self.include = include
    }

    public func discover(_ paths: [String]) -> DiscoveryResult {
        var result = DiscoveryResult(files: [], missing: [], notes: [])
        var visited = Set<FolderIdentity>()
        for path in paths {
            switch FileReader.kind(of: path) {
            case .missing:
                result.missing.append(path)
            case .directory:
                walk(Self.normalized(path), into: &result, visited: &visited)
            case .regular, .other:
                result.files.append(InputFile(path: Self.normalized(path), named: true))
            }
        }
        var seen = Set<String>()
        result.files = result.files.filter { seen.insert($0.path).inserted }
        return result
    }

    public static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./"), path.count > 2 { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private func walk(_ root: String, into result: inout DiscoveryResult, visited: inout Set<FolderIdentity>) {
        var stack = [root]
        while let folder = stack.popLast() {
            var info = stat()
            guard stat(folder, &info) == 0 else {
                result.notes.append("\(folder): cannot read the folder: \(String(cString: strerror(errno)))")
                continue
            }
            guard visited.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
                result.notes.append("\(folder): skipped, a symlink leads back to a folder already walked")
                continue
            }
            guard let handle = opendir(folder) else {
                result.notes.append("\(folder): cannot read the folder: \(String(cString: strerror(errno)))")
                continue
            }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(handle)
            var subfolders: [String] = []
            for name in names.sorted() {
                let path = folder == "." ? name : "\(folder)/\(name)"
                if exclude.contains(where: { $0.matches(path) }) { continue }
                switch FileReader.kind(of: path) {
                case .directory:
                    if !Self.skippedFolders.contains(name) { subfolders.append(path) }
                case .regular:
                    let lowered = name.lowercased()
                    guard Self.extensions.contains(where: { lowered.hasSuffix($0) }) else { continue }
                    if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { continue }
                    result.files.append(InputFile(path: path, named: false))
                case .missing:
                    result.notes.append("\(path): skipped, a broken symlink or a symlink loop")
                case .other:
                    continue
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
        result.files.sort { $0.path < $1.path }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// A file to check: where to read it and how to name it in reports.
public struct InputFile: Sendable, Equatable {
    /// How reports name the file, and what tells it apart: the path as given or found, bytes
    /// that are not UTF-8 shown as `\xNN` (see `displayPath`).
    public var path: String
    /// Named on the command line (a non-manifest is then noted, not silently skipped).
    public var named: Bool
    /// Content given directly (the git index for `--staged`), instead of reading the file.
    public var content: [UInt8]?
    /// The path to open, as the file system's bytes: differs from `path` only for a name that is not valid UTF-8.
    public var fileSystemPath: [UInt8]

    public init(path: String, named: Bool, content: [UInt8]? = nil) {
        self.path = path
        self.named = named
        self.content = content
        fileSystemPath = Array(path.utf8)
    }

    /// A file at these path bytes, whatever they are.
    public init(fileSystemPath: [UInt8], named: Bool, content: [UInt8]? = nil) {
        path = Self.displayPath(fileSystemPath)
        self.named = named
        self.content = content
        self.fileSystemPath = fileSystemPath
    }

    /// Path bytes as text for a person: valid UTF-8 as it is, each other byte as `\xNN`.
    public static func displayPath(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var index = 0
        while index < bytes.count {
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
            if let scalar = String(validating: bytes[index..<end], as: UTF8.self) {
                text += scalar
            } else {
                end = index + 1
                text += "\\x" + (bytes[index] < 0x10 ? "0" : "") + String(bytes[index], radix: 16, uppercase: true)
            }
            index = end
        }
        return text
    }
}

/// What discovery found, and what it could not walk.
public struct DiscoveryResult: Sendable {
    public var files: [InputFile]
    /// Paths named on the command line that do not exist: the run exits 2.
    public var missing: [String]
    /// Folders that could not be read, symlinks not followed: reported, the rest is walked.
    public var notes: [String]

    public init(files: [InputFile], missing: [String] = [], notes: [String] = []) {
        self.files = files
        self.missing = missing
        self.notes = notes
    }
}

/// Finds YAML files under the given paths, in a stable order. A walk never leaves the folder it
/// was given: a symlink that leads out of it is skipped with a note, and one that leads back to
/// a folder already walked too (no loop, no file twice).
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
        var visited = Set<FileIdentity>()
        for path in paths {
            for bytes in Self.commandLineBytes(of: path) {
                let normalized = Self.normalized(bytes)
                switch FileReader.kind(of: bytes) {
                case .missing:
                    result.missing.append(InputFile.displayPath(bytes))
                case .directory:
                    walk(normalized, into: &result, visited: &visited)
                case .regular, .other:
                    result.files.append(InputFile(fileSystemPath: normalized, named: true))
                }
            }
        }
        var seen = Set<String>()
        result.files = result.files.filter { seen.insert($0.path).inserted }
        return result
    }

    /// A path as given, without a leading `./` or trailing slashes: how reports name it.
    public static func normalized(_ path: String) -> String {
        String(decoding: normalized(Array(path.utf8)), as: UTF8.self)
    }

    /// Whether a file name ends in one of `extensions`, in any case.
    public static func hasYAMLExtension(_ name: [UInt8]) -> Bool {
        extensions.contains { suffix in
            let ending = Array(suffix.utf8)
            guard name.count >= ending.count else { return false }
            return zip(name.suffix(ending.count), ending).allSatisfy { byte, expected in
                (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == expected
            }
        }
    }

    /// Swift repairs invalid UTF-8 in `CommandLine.arguments` with U+FFFD, so a name that is not
    /// valid UTF-8 arrives changed: such a path is traced back to the argument bytes it came from.
    static func commandLineBytes(of path: String) -> [[UInt8]] {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return [Array(path.utf8)] }
        var found: [[UInt8]] = []
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }
            if String(decoding: bytes, as: UTF8.self) == path, !found.contains(bytes) { found.append(bytes) }
        }
        return found.isEmpty ? [Array(path.utf8)] : found
    }

    static func normalized(_ path: [UInt8]) -> [UInt8] {
        var path = path[...]
        let slash = UInt8(ascii: "/")
        while path.count > 2, path.first == UInt8(ascii: "."), path.dropFirst().first == slash { path = path.dropFirst(2) }
        while path.count > 1, path.last == slash { path = path.dropLast() }
        return Array(path)
    }

    private func walk(_ root: [UInt8], into result: inout DiscoveryResult, visited: inout Set<FileIdentity>) {
        let rootName = InputFile.displayPath(root)
        let realRoot = FileSystem.realPath(root)
        var stack = [root]
        while let folder = stack.popLast() {
            let folderName = InputFile.displayPath(folder)
            guard let info = FileReader.status(of: folder) else {
                result.notes.append("\(folderName): cannot read the folder: \(String(cString: strerror(errno)))")
                continue
            }
            guard visited.insert(FileIdentity(info)).inserted else {
                result.notes.append("\(folderName): skipped, a symlink leads back to a folder already walked")
                continue
            }
            guard let entries = Self.entries(of: folder) else {
                result.notes.append("\(folderName): cannot read the folder: \(String(cString: strerror(errno)))")
                continue
            }
            var subfolders: [[UInt8]] = []
            for entry in entries {
                let path = folder == [UInt8(ascii: ".")] ? entry.name : folder + [UInt8(ascii: "/")] + entry.name
                let shown = InputFile.displayPath(path)
                if exclude.contains(where: { $0.matches(shown) }) { continue }
                if entry.isSymlink, !Self.isInside(realRoot, path) {
                    result.notes.append("\(shown): skipped, a symlink that leads out of \(rootName)")
                    continue
                }
                switch FileReader.kind(of: path) {
                case .directory:
                    if !Self.skippedFolders.contains(InputFile.displayPath(entry.name)) { subfolders.append(path) }
                case .regular:
                    guard Self.hasYAMLExtension(entry.name) else { continue }
                    if !include.isEmpty, !include.contains(where: { $0.matches(shown) }) { continue }
                    result.files.append(InputFile(fileSystemPath: path, named: false))
                case .missing:
                    result.notes.append("\(shown): skipped, a broken symlink or a symlink loop")
                case .other:
                    continue
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
        result.files.sort { $0.path < $1.path }
    }

    /// The names in a folder (without `.` and `..`), sorted by their bytes, and whether each is a symlink.
    private static func entries(of folder: [UInt8]) -> [(name: [UInt8], isSymlink: Bool)]? {
        let descriptor = FileReader.open(folder, flags: O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0, let entries = FileSystem.entries(ofOpenFolder: descriptor) else { return nil }
        return entries.map { entry in
            let isSymlink = entry.isSymlink ?? FileReader.status(of: folder + [UInt8(ascii: "/")] + entry.name, followingSymlinks: false).map {
                $0.st_mode & S_IFMT == S_IFLNK
            } ?? false
            return (entry.name, isSymlink)
        }.sorted { $0.name.lexicographicallyPrecedes($1.name) }
    }

    /// Whether the path, symlinks resolved, is the root or under it; false when either cannot be resolved.
    private static func isInside(_ realRoot: [UInt8]?, _ path: [UInt8]) -> Bool {
        guard let realRoot, let target = FileSystem.realPath(path) else { return false }
        let slash = UInt8(ascii: "/")
        return target == realRoot || target.starts(with: realRoot.last == slash ? realRoot : realRoot + [slash])
    }
}

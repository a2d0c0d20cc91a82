#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the running capaudit lives, as an absolute path, so that a git hook finds it again
/// whatever PATH the commit runs with.
enum RunningExecutable {
    /// The running binary's path: the kernel's answer (`/proc/self/exe`, or `_NSGetExecutablePath`
    /// on Darwin), else `argumentZero` resolved against the working folder or `searchPath`; nil
    /// when neither names an executable file.
    static func locate(argumentZero: String, searchPath: String?) -> String? {
        let named = resolve(argumentZero: argumentZero, searchPath: searchPath)
        guard let image = imagePath() else { return named }
        // The kernel reports the link's target; a link that was run by name (a package manager's
        // bin/capaudit pointing into a versioned folder) outlives the version it points at today.
        if let named, isSameFile(named, image) { return named }
        return image
    }

    #if canImport(Darwin)
    static func imagePath() -> String? {
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = decode(buffer.prefix { $0 != 0 })
        return realPath(path).flatMap { isExecutableFile($0) ? $0 : nil }
    }
    #else
    static func imagePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        let path = decode(buffer.prefix(count))
        // A binary deleted while it runs reads as "PATH (deleted)": no file to point a hook at.
        return isExecutableFile(path) ? path : nil
    }
    #endif

    /// `argumentZero` as the shell found it: a path with a slash is taken from the working
    /// folder, a bare name from the folders of `searchPath` in order.
    static func resolve(argumentZero: String, searchPath: String?) -> String? {
        guard !argumentZero.isEmpty else { return nil }
        if argumentZero.contains("/") {
            return isExecutableFile(argumentZero) ? absolute(argumentZero) : nil
        }
        for folder in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = "\(folder.isEmpty ? "." : String(folder))/\(argumentZero)"
            if isExecutableFile(candidate) { return absolute(candidate) }
        }
        return nil
    }

    /// `path` with its folder resolved to a real absolute path and its last part kept as named,
    /// since that part may be a link worth keeping.
    static func absolute(_ path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return absolute("./\(path)") }
        let folder = path[..<slash].isEmpty ? "/" : String(path[..<slash])
        let name = path[path.index(after: slash)...]
        guard let real = realPath(folder) else { return nil }
        return real.hasSuffix("/") ? "\(real)\(name)" : "\(real)/\(name)"
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        return stat(first, &one) == 0 && stat(second, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    private static func decode(_ characters: some Sequence<CChar>) -> String {
        String(decoding: characters.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Where the running capaudit lives, as an absolute path, so that a git hook finds it again
/// whatever PATH the commit runs with.
enum RunningExecutable {
    /// The running binary's path: the kernel's answer (`ThisProcess.executablePath`), else
    /// `argumentZero` resolved against the working folder or `searchPath`; nil when neither
    /// names an executable file.
    static func locate(argumentZero: String, searchPath: String?) -> String? {
        let named = resolve(argumentZero: argumentZero, searchPath: searchPath)
        guard let image = ThisProcess.executablePath().flatMap({ isExecutableFile($0) ? $0 : nil }) else { return named }
        // The kernel reports the link's target; a link that was run by name (a package manager's
        // bin/capaudit pointing into a versioned folder) outlives the version it points at today.
        if let named, isSameFile(named, image) { return named }
        return image
    }

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
        guard let real = FileSystem.realPath(folder) else { return nil }
        return real.hasSuffix("/") ? "\(real)\(name)" : "\(real)/\(name)"
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        return stat(first, &one) == 0 && stat(second, &other) == 0 && FileIdentity(one) == FileIdentity(other)
    }
}

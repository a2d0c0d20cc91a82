import CapauditKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the folders of `path` (relative to `folder`) one at a time, so that the path may be
/// longer than `PATH_MAX`.
public func makeDeepFolder(_ path: String, in folder: URL) throws {
    var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
    for name in path.split(separator: "/") {
        guard descriptor >= 0 else { break }
        _ = mkdirat(descriptor, String(name), 0o755)
        let next = openat(descriptor, String(name), O_RDONLY | O_DIRECTORY)
        close(descriptor)
        descriptor = next
    }
    guard descriptor >= 0 else { throw RunError(description: "cannot create the folders of \(path)") }
    close(descriptor)
}

/// Writes a file whose path is any bytes (not UTF-8, longer than `PATH_MAX`), its folders made already.
public func writeBytes(_ bytes: [UInt8], toPath path: [UInt8]) throws {
    let descriptor = FileReader.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
    guard descriptor >= 0 else { throw RunError(description: "cannot create \(InputFile.displayPath(path))") }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw RunError(description: "wrote \(written) of \(bytes.count) bytes to \(InputFile.displayPath(path))") }
}

/// Makes the folder a git repository with a committer, ready for `git add` and `git commit`.
public func makeGitRepository(at folder: URL) throws {
    for arguments in [["init", "-q"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"]] {
        let result = try run("git", ["-C", folder.path] + arguments)
        guard result.status == 0 else { throw RunError(description: "git \(arguments.joined(separator: " ")): \(result.stderr)") }
    }
}

import Foundation
import TestSupport

/// Runs a program as a user whom a file's permissions shut out, which root never is: as it is when
/// the tests are not root, else as `nobody` through setpriv or runuser (both from util-linux).
enum Unprivileged {
    /// The uid and gid of `nobody` and `nogroup` on Debian.
    static let nobody = 65534
    /// Where setpriv and runuser live when PATH leaves them out.
    static let systemFolders = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"]

    /// How to run a program unprivileged here; nil as root when no tool can drop root's privileges.
    static let launcher: Launcher? = {
        if getuid() != 0 { return Launcher(wrapper: []) }
        if let setpriv = executable("setpriv") {
            return Launcher(wrapper: [setpriv, "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--"])
        }
        if let runuser = executable("runuser") {
            return Launcher(wrapper: [runuser, "-u", "nobody", "--"])
        }
        return nil
    }()

    struct Launcher: CustomStringConvertible {
        /// The command and its options put before the program; empty to run it as it is.
        var wrapper: [String]

        var description: String { wrapper.isEmpty ? "as uid \(getuid())" : wrapper.joined(separator: " ") }

        /// Runs the program in `folder`. As `nobody`, the folder itself must let others in (mode
        /// o+x), and so must every folder above the program; the folders above `folder` need not.
        func run(_ program: String, _ arguments: [String], in folder: URL) throws -> RunResult {
            let command = wrapper + [program] + arguments
            return try TestSupport.run(command.first ?? program, Array(command.dropFirst()), in: folder)
        }
    }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return (path + systemFolders).map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

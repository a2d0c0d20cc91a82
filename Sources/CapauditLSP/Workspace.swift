import CapauditKit
import YAML

/// The workspace folders and, for each, the capaudit session of that folder: its config found
/// from the folder's root upward (never from the server's working folder), its rule packs,
/// baseline and source folders, and the app's code read once and kept until a watched file
/// changes. A document outside every folder gets a session of its own folder.
struct Workspace: Sendable {
    /// One folder's settings, built when a document of the folder is first checked.
    struct FolderState: Sendable {
        var root: String
        var session: Result<Session, SessionFailure>?
        /// The app's code, read once; cleared when a source file changes.
        var code: CodeBase??
    }

    /// Why a folder has no session: the lines `check` would print, exit 2.
    struct SessionFailure: Error, Sendable {
        var lines: [String]
    }

    private(set) var folders: [FolderState] = []

    init(roots: [String]) {
        folders = roots.map { FolderState(root: Self.trimmed($0)) }
    }

    mutating func setRoots(_ roots: [String]) {
        let kept = folders
        folders = roots.map { root in kept.first { $0.root == Self.trimmed(root) } ?? FolderState(root: Self.trimmed(root)) }
    }

    var roots: [String] { folders.map(\.root) }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The innermost folder holding `path`, else (added) the path's own folder.
    mutating func folderIndex(for path: String) -> Int {
        let holding = folders.indices.filter { Self.contains(folders[$0].root, path) }
        if let innermost = holding.max(by: { folders[$0].root.count < folders[$1].root.count }) { return innermost }
        folders.append(FolderState(root: Session.parent(of: path)))
        return folders.count - 1
    }

    static func contains(_ root: String, _ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The folder's session and code, opening the session and reading the code when not yet done.
    mutating func settings(_ index: Int) -> Result<(Session, CodeBase?), SessionFailure> {
        if folders[index].session == nil {
            var options = SessionOptions()
            options.workingDirectory = folders[index].root
            folders[index].session = Result { () throws(SessionFailure) -> Session in
                do throws(SessionError) {
                    return try Session.open(options)
                } catch {
                    switch error {
                    case .usage(let message): throw SessionFailure(lines: [message])
                    case .policy(let problems): throw SessionFailure(lines: problems.problems.map(\.description))
                    }
                }
            }
        }
        switch folders[index].session {
        case .success(let session)?:
            if folders[index].code == nil {
                folders[index].code = .some(AuditRun(session: session).readCode(workers: 2))
            }
            return .success((session, folders[index].code ?? nil))
        case .failure(let failure)?:
            return .failure(failure)
        case nil:
            return .failure(SessionFailure(lines: ["no session"]))
        }
    }

    /// A watched file changed: a settings file (config, rule pack, baseline) drops its folder's
    /// session, a file in a source folder drops the code. Returns whether anything was dropped.
    mutating func changed(_ path: String) -> Bool {
        var dropped = false
        for index in folders.indices where Self.contains(folders[index].root, path) {
            guard case .success(let session)? = folders[index].session else {
                folders[index].session = nil
                folders[index].code = nil
                dropped = true
                continue
            }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let baseline = session.configBaseline.map { Session.absolute($0, cwd: session.workingDirectory) }
            if name == ".capaudit.yml" || name == ".capaudit.yaml" || path == baseline || session.isSettingsFile(path) {
                folders[index].session = nil
                folders[index].code = nil
                dropped = true
            } else if session.sources.contains(where: { Self.contains($0.absolutePath, path) }) {
                folders[index].code = nil
                dropped = true
            }
        }
        return dropped
    }

    /// `workspace/didChangeConfiguration`: every folder is read again.
    mutating func reset() {
        for index in folders.indices {
            folders[index].session = nil
            folders[index].code = nil
        }
    }
}

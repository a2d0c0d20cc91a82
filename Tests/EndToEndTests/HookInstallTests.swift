import Foundation
import TestSupport
import Testing

/// `capaudit hook install` and the hook it writes, run by real `git commit`s with a PATH that has
/// no capaudit on it.
@Suite struct HookInstallTests {
    /// A PATH with git and sh but no capaudit, as on a committer's machine that never installed it.
    static let bareSearchPath = "/usr/bin:/bin"

    /// A scratch repository with a committer, outside the package.
    struct Repository {
        let folder: URL

        init() throws {
            folder = try makeTemporaryFolder("capaudit-hook")
            try git("init", "-q")
            try git("config", "user.email", "hook@example.com")
            try git("config", "user.name", "Hook")
        }

        var hook: URL { folder.appendingPathComponent(".git/hooks/pre-commit") }

        @discardableResult
        func git(_ arguments: String...) throws -> RunResult {
            let result = try run("git", ["-C", folder.path] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
            return result
        }

        /// Stages `text` as `name` and commits it, running the hook; gives git's result.
        func commit(_ name: String, _ text: String) throws -> RunResult {
            try write(text, to: folder.appendingPathComponent(name))
            try git("add", name)
            let result = try run("git", ["-C", folder.path, "commit", "-q", "-m", "add \(name)"], environment: ["PATH": HookInstallTests.bareSearchPath])
            if result.status != 0 { try git("reset", "-q") }
            return result
        }

        func install(with binary: String, _ extra: [String] = []) throws -> RunResult {
            try run(binary, ["hook", "install"] + extra, in: folder)
        }
    }

    static func example(_ name: String) throws -> String {
        try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/\(name).yml"))
    }

    /// A link to the built capaudit in a folder whose name sh would split and expand if it were
    /// not quoted: a space, a single quote, `$` and a backquote.
    static func linkedBinary() throws -> URL {
        let folder = try makeTemporaryFolder("capaudit-hook-bin").appendingPathComponent("it's $HOME `x`")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("capaudit")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Paths.capauditBinary.path)
        return link
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func theHookRunsThisCapauditByPathAndGatesCommits() throws {
        let repository = try Repository()
        let binary = try Self.linkedBinary()
        let installed = try repository.install(with: binary.path)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout == "capaudit hook: installed \(repository.hook.path); it runs \(binary.path)\n")
        #expect(installed.stderr.isEmpty, "a path outside a build folder gets no warning: \(installed.stderr)")
        let hook = try readText(repository.hook)
        #expect(hook.contains("capaudit='\(binary.path.replacingOccurrences(of: "'", with: "'\\''"))'\n"), "\(hook)")
        #expect(try Self.mode(repository.hook) == 0o755)

        let readme = try repository.commit("README.md", "# app\n")
        #expect(readme.status == 0, "\(readme.stderr)")
        #expect(readme.stdout.isEmpty && readme.stderr.isEmpty, "a commit without manifests prints nothing: \(readme.stdout)\(readme.stderr)")
        let flawed = try repository.commit("bank.yml", try Self.example("flawed"))
        #expect(flawed.status == 1)
        #expect(flawed.stderr.contains("bank.yml:81:9: error BNK002 security-code-displayed"), "git shows a hook's output on standard error: \(flawed.stderr)")
        let clean = try repository.commit("bank.yml", try Self.example("clean"))
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.isEmpty && clean.stderr.isEmpty)
    }

    @Test func withCapauditGoneOnlyCommitsWithoutYAMLGoThrough() throws {
        let repository = try Repository()
        let binary = try Self.linkedBinary()
        #expect(try repository.install(with: binary.path).status == 0)
        try FileManager.default.removeItem(at: binary)

        let readme = try repository.commit("README.md", "# app\n")
        #expect(readme.status == 0)
        #expect(readme.stderr == "capaudit pre-commit hook: capaudit is not at \(binary.path); no YAML file is staged, so the commit goes ahead. Reinstall capaudit (scripts/install PREFIX in its checkout) and run \"PREFIX/bin/capaudit hook install\" here.\n")
        let manifest = try repository.commit("apps/Bank.YAML", try Self.example("clean"))
        #expect(manifest.status == 1, "a staged manifest that cannot be checked stops the commit")
        #expect(manifest.stderr.contains("capaudit is not at \(binary.path); commit refused"))
        #expect(manifest.stderr.contains("git commit --no-verify"))
        #expect(manifest.stderr.split(separator: "\n").count == 1)
    }

    @Test func installingAgainIsANoOpOrAnUpdate() throws {
        let repository = try Repository()
        let binary = try Self.linkedBinary()
        #expect(try repository.install(with: binary.path).status == 0)
        let first = try readText(repository.hook)
        let again = try repository.install(with: binary.path)
        #expect(again.status == 0)
        #expect(again.stdout == "capaudit hook: \(repository.hook.path) already runs \(binary.path); nothing to do\n")
        #expect(try readText(repository.hook) == first)

        let moved = try repository.install(with: Paths.capauditBinary.path)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("capaudit hook: updated \(repository.hook.path); it runs /"))
        let updated = try readText(repository.hook)
        #expect(updated != first)
        #expect(!updated.contains(binary.path))
        let inBuildFolder = Paths.capauditBinary.resolvingSymlinksInPath().path.contains("/.build/")
        #expect(moved.stderr.contains("inside a build folder that `swift package clean` removes") == inBuildFolder, "\(moved.stderr)")
    }

    @Test func theHookOfCapaudit01IsUpdated() throws {
        let repository = try Repository()
        let legacy = """
            #!/bin/sh
            # Installed by `capaudit hook install`: checks the staged manifests as they will be committed.
            # Skip once with `git commit --no-verify`.
            exec capaudit check --staged

            """
        try write(legacy, to: repository.hook)
        let result = try repository.install(with: Paths.capauditBinary.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("capaudit hook: updated "))
        #expect(!(try readText(repository.hook)).contains("exec capaudit check"))
    }

    @Test func aForeignHookIsKeptAndTheAdvisedLineWorksInIt() throws {
        let repository = try Repository()
        let binary = try Self.linkedBinary()
        let log = repository.folder.appendingPathComponent(".git/hook-log")
        let foreign = "#!/bin/sh\necho before >> '\(log.path)'\n"
        try write(foreign, to: repository.hook)
        #expect(chmod(repository.hook.path, 0o755) == 0)

        let refused = try repository.install(with: binary.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(repository.hook.path) already exists and capaudit did not write it"))
        #expect(try readText(repository.hook) == foreign)
        let advice = try #require(refused.stderr.split(separator: "\n").first { $0.hasPrefix("    ") }).trimmingCharacters(in: .whitespaces)
        #expect(advice.hasSuffix(" check --staged --quiet || exit 1"), "\(advice)")
        #expect(!advice.contains("exec"), "an exec line would end the rest of that hook: \(advice)")

        try write(foreign + advice + "\necho after >> '\(log.path)'\n", to: repository.hook)
        #expect(try repository.commit("README.md", "# app\n").status == 0)
        #expect(try readText(log) == "before\nafter\n", "the rest of the hook still runs")
        let flawed = try repository.commit("bank.yml", try Self.example("flawed"))
        #expect(flawed.status == 1)
        #expect(flawed.stderr.contains("error BNK002"))
        #expect(try readText(log) == "before\nafter\nbefore\n", "findings stop the hook at the advised line")
    }

    @Test func forceReplacesASymlinkedHookAndLeavesItsTargetAlone() throws {
        let repository = try Repository()
        let outside = try makeTemporaryFolder("capaudit-hook-outside").appendingPathComponent("shared-hook")
        let original = "#!/bin/sh\necho shared hook\n"
        try write(original, to: outside)
        #expect(chmod(outside.path, 0o644) == 0)
        try FileManager.default.createDirectory(at: repository.hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repository.hook.path, withDestinationPath: outside.path)

        #expect(try repository.install(with: Paths.capauditBinary.path).status == 2)
        let forced = try repository.install(with: Paths.capauditBinary.path, ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.hasPrefix("capaudit hook: replaced \(repository.hook.path)"))
        #expect(try readText(outside) == original)
        #expect(try Self.mode(outside) == 0o644)
        let kind = try FileManager.default.attributesOfItem(atPath: repository.hook.path)[.type] as? FileAttributeType
        #expect(kind == .typeRegular, "the link itself was replaced")
        #expect(try Self.mode(repository.hook) == 0o755)
        #expect(try readText(repository.hook).contains("# capaudit-hook: written by `capaudit hook install`"))
    }

    @Test func aFailedWriteOrRenameIsExitTwoWithThePathAndTheReason() throws {
        let repository = try Repository()
        try write("not a folder\n", to: repository.folder.appendingPathComponent("hooks-file"))
        try repository.git("config", "core.hooksPath", "hooks-file")
        let unwritable = try repository.install(with: Paths.capauditBinary.path)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("capaudit hook: cannot write \(repository.folder.path)/hooks-file/pre-commit: Not a directory"), "\(unwritable.stderr)")

        try repository.git("config", "--unset", "core.hooksPath")
        try FileManager.default.createDirectory(at: repository.hook.appendingPathComponent("occupied"), withIntermediateDirectories: true)
        let blocked = try repository.install(with: Paths.capauditBinary.path, ["--force"])
        #expect(blocked.status == 2)
        #expect(blocked.stderr.contains("capaudit hook: cannot write \(repository.hook.path): it is a folder"), "\(blocked.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: repository.hook.deletingLastPathComponent().path)
        #expect(!left.contains { $0.hasPrefix(".pre-commit.capaudit-") }, "the temporary file is removed: \(left)")
    }

    @Test func hookNeedsTheWordInstall() throws {
        let repository = try Repository()
        let result = try repository.install(with: Paths.capauditBinary.path, ["now"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("say what to do: `capaudit hook install`"))
    }
}

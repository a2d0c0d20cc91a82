import Foundation
import SystemInterface
import Testing

@Suite struct SpawnTests {
    /// Runs a shell script. Test threads (Dispatch's) block most signals and a child inherits
    /// that mask, so the child starts with none blocked, as from a shell.
    func run(_ script: String, environment: [String]? = nil, attributes: SpawnAttributes = SpawnAttributes()) throws -> ChildExit {
        attributes.setBlocked(SignalSet([]))
        let pid = try Spawn.start("/bin/sh", arguments: ["sh", "-c", script], environment: environment, attributes: attributes).get()
        return try #require(Spawn.waitForExit(pid))
    }

    @Test func exitCodesAndSignalsAreReportedAsAShellDoes() throws {
        #expect(try run("exit 0").code == 0)
        #expect(try run("exit 7").code == 7)
        #expect(try run("kill -9 $$").code == 128 + SIGKILL)
        #expect(try run("kill -TERM $$").code == 128 + SIGTERM)
    }

    @Test func theEnvironmentIsPassedOnOrReplaced() throws {
        setenv("SYSTEM_INTERFACE_TEST", "inherited", 1)
        #expect(try run("test \"$SYSTEM_INTERFACE_TEST\" = inherited").code == 0)
        #expect(try run("test -z \"$SYSTEM_INTERFACE_TEST\" && test \"$ONLY\" = this", environment: ["ONLY=this"]).code == 0)
    }

    @Test func aBareNameIsLookedUpInPathOnlyWhenAsked() throws {
        let pid = try Spawn.start("sh", arguments: ["sh", "-c", "exit 3"], searchingPath: true).get()
        #expect(Spawn.waitForExit(pid)?.code == 3)
        #expect(Spawn.start("sh", arguments: ["sh"]) == .failure(SystemError(code: ENOENT)))
        #expect(Spawn.start("/nonexistent/program", arguments: ["program"]) == .failure(SystemError(code: ENOENT)))
    }

    @Test func fileActionsGiveTheChildItsDescriptors() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let input = try scratch.file("input", "from a file\n")
        let output = "\(scratch.path)/output"
        let actions = SpawnFileActions()
        actions.open(input, as: 0, flags: O_RDONLY)
        actions.open(output, as: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        actions.duplicate(1, as: 2)
        let pid = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "read line; echo \"got $line\"; echo oops >&2"], fileActions: actions).get()
        #expect(Spawn.waitForExit(pid)?.code == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "got from a file\noops\n")
    }

    @Test func aNewSessionIsLedByTheChild() throws {
        let attributes = SpawnAttributes()
        attributes.startNewSession()
        let leader = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "exec sleep 60"], attributes: attributes).get()
        let follower = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "exec sleep 60"]).get()
        defer {
            for pid in [leader, follower] {
                kill(pid, SIGKILL)
                _ = Spawn.waitForExit(pid)
            }
        }
        #expect(getsid(leader) == leader)
        #expect(getsid(follower) == getsid(0))
    }

    @Test func signalsResetToDefaultAndTheMaskIsSet() throws {
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        #expect(try run("kill -USR2 $$; exit 0").code == 0, "an ignored signal stays ignored in the child")
        let attributes = SpawnAttributes()
        attributes.resetToDefault(SignalSet([SIGUSR2]))
        #expect(try run("kill -USR2 $$; exit 0", attributes: attributes).code == 128 + SIGUSR2)
        let everything = SpawnAttributes()
        everything.resetToDefault(.all)
        #expect(try run("kill -USR2 $$; exit 0", attributes: everything).code == 128 + SIGUSR2)
        let blocked = SpawnAttributes()
        blocked.resetToDefault(.all)
        blocked.setBlocked(SignalSet([SIGUSR2]))
        let pid = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "kill -USR2 $$; exit 0"], attributes: blocked).get()
        #expect(Spawn.waitForExit(pid)?.code == 0, "a blocked signal waits")
    }

    @Test func aChildThatRunsIsNotReportedEnded() throws {
        let pid = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "exec sleep 60"]).get()
        #expect(Spawn.exitIfEnded(pid) == nil)
        kill(pid, SIGKILL)
        #expect(Spawn.waitForExit(pid)?.code == 128 + SIGKILL)
        #expect(Spawn.waitForExit(pid) == nil, "no longer a child to wait for")
    }

    @Test func usageCountsTimeAndMemoryInBytes() throws {
        let busy = try run("i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done")
        #expect(busy.usage.processorSeconds > 0)
        #expect(busy.usage.peakResidentBytes > 1 << 20, "a shell holds more than 1 MB; kilobytes would read as less")
        let own = ThisProcess.usage()
        #expect(own.peakResidentBytes > 1 << 20)
        #expect(own.processorSeconds > 0)
    }

    @Test func peakMemoryOfARunningProcess() throws {
        let mine = try #require(ProcessMemory.peakBytes(of: getpid()))
        #expect(mine > 1 << 20)
        let pid = try Spawn.start("/bin/sh", arguments: ["sh", "-c", "exec sleep 60"]).get()
        defer {
            kill(pid, SIGKILL)
            _ = Spawn.waitForExit(pid)
        }
        let child = try #require(ProcessMemory.peakBytes(of: pid))
        #expect(child > 0)
        #expect(ProcessMemory.peakBytes(of: -1) == nil)
    }

    @Test func thisProcessKnowsItsBinaryAndProcessors() throws {
        let path = try #require(ThisProcess.executablePath())
        #expect(path.hasPrefix("/"))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0)
        #expect(ThisProcess.processorCount >= 1)
    }
}

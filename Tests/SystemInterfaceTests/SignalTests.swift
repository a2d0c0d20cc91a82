import Foundation
import SystemInterface
import Testing

/// How many times the test handler ran; a C handler cannot capture, so it counts here.
nonisolated(unsafe) private var handled = 0

@Suite(.serialized) struct SignalTests {
    @Test func anInstalledHandlerRunsAndRestoreBringsBackThePreviousAction() throws {
        let ignoredBefore = signal(SIGUSR1, SIG_IGN)
        defer { signal(SIGUSR1, ignoredBefore) }
        // Test threads (Dispatch's) block most signals; `raise` must reach this one.
        var user = sigset_t()
        sigemptyset(&user)
        sigaddset(&user, SIGUSR1)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &user, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        handled = 0
        let installed = Signals.install({ _ in handled += 1 }, on: SIGUSR1)
        let saved = try #require(installed)
        raise(SIGUSR1)
        #expect(handled == 1)
        Signals.restore(saved)
        raise(SIGUSR1)
        #expect(handled == 1, "ignored again, as before install")
    }

    @Test func aSignalThatCannotBeCaughtIsRefused() {
        let installed = Signals.install({ _ in }, on: SIGKILL)
        #expect(installed == nil)
    }

    @Test func writingToAPipeWithNoReaderFailsInsteadOfEndingTheProcess() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        POSIX.close(ends[0])
        defer { POSIX.close(ends[1]) }
        let pipeGuard = BrokenPipeGuard(writingTo: ends[1])
        var byte: UInt8 = 1
        let written = write(ends[1], &byte, 1)
        let failure = errno
        pipeGuard.end()
        #expect(written == -1)
        #expect(failure == EPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "no SIGPIPE is left to arrive later")
    }
}

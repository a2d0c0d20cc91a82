import Foundation
import SystemInterface
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The registry a signal handler deletes temporary files from, and the signal state it consults.
@Suite(.serialized) struct TemporaryFilesTests {
    @Test func anIgnoredSignalIsToldApartFromADefaultOne() {
        let before = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, before) }
        #expect(Signals.isIgnored(SIGUSR2))
        Signals.setDefault(SIGUSR2)
        #expect(!Signals.isIgnored(SIGUSR2))
        let installed = Signals.install({ _ in }, on: SIGUSR2)
        #expect(installed != nil)
        #expect(!Signals.isIgnored(SIGUSR2), "a handler is not ignoring")
    }

    @Test func slotsAreFreedForReuseAndOverflowIsRefusedNotFatal() throws {
        var registrations: [TemporaryFiles.Registration] = []
        while let registration = TemporaryFiles.register("/tmp/.report.capaudit-\(registrations.count)") {
            registrations.append(registration)
            try #require(registrations.count <= 1024, "the registry has a bound")
        }
        #expect(registrations.count == 64)
        #expect(TemporaryFiles.register("/tmp/.one-more.capaudit-x") == nil)
        let last = registrations.removeLast()
        TemporaryFiles.unregister(last)
        let reused = try #require(TemporaryFiles.register("/tmp/.again.capaudit-x"))
        registrations.append(reused)
        for registration in registrations { TemporaryFiles.unregister(registration) }
        #expect(TemporaryFiles.register(String(repeating: "a", count: Int(PATH_MAX) + 1)) == nil, "a path too long for a slot")
        #expect(TemporaryFiles.register("/tmp/nul\u{0}name") == nil)
    }
}

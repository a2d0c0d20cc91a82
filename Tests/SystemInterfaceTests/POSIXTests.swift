import Foundation
import SystemInterface
import Testing

@Suite struct POSIXTests {
    /// A pipe holding `bytes`, its write end closed: reading it reaches the end after them.
    func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        #expect(bytes.withUnsafeBytes { POSIX.writeAll(ends[1], $0) } == nil)
        POSIX.close(ends[1])
        return ends[0]
    }

    @Test func readToEndReadsPastWhatWasExpected() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
        let descriptor = try pipeHolding(bytes)
        defer { POSIX.close(descriptor) }
        #expect(POSIX.readToEnd(descriptor, expectedCount: 10, limit: 1 << 20) == .success(bytes))
    }

    @Test func readToEndStopsOneByteOverTheLimit() throws {
        let descriptor = try pipeHolding([UInt8](repeating: 7, count: 5000))
        defer { POSIX.close(descriptor) }
        #expect(POSIX.readToEnd(descriptor, expectedCount: 0, limit: 100).map(\.count) == .success(101))
    }

    @Test func readToEndOfNothingIsEmpty() throws {
        let descriptor = try pipeHolding([])
        defer { POSIX.close(descriptor) }
        #expect(POSIX.readToEnd(descriptor, expectedCount: 50, limit: 100) == .success([]))
    }

    @Test func failuresCarryErrnoAndItsMessage() throws {
        let missing = POSIX.open("/nonexistent-\(UUID().uuidString)", flags: O_RDONLY)
        #expect(missing == .failure(SystemError(code: ENOENT)))
        #expect(SystemError(code: ENOENT).description == String(cString: strerror(ENOENT)))
        #expect(POSIX.readToEnd(-1, expectedCount: 0, limit: 10) == .failure(SystemError(code: EBADF)))
    }

    @Test func openedDescriptorsAreNotInherited() throws {
        let descriptor = try POSIX.open("/dev/null", flags: O_RDONLY).get()
        defer { POSIX.close(descriptor) }
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
    }
}

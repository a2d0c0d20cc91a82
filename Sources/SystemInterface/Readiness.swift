#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for input on terminals and pipes.
public enum Readiness {
    /// Those of `descriptors` that have something to read, have reached their end or failed (a
    /// `read` then tells which), once one is, or after `timeoutMilliseconds` (negative: no limit);
    /// empty when the time ran out; nil, with `errno` set, when the wait failed (EINTR when a
    /// signal arrived).
    ///
    /// Linux: `poll`. Darwin: `select`, as Darwin's `poll` does not support devices (poll(2),
    /// BUGS): on a terminal it reports `POLLNVAL` at once. `select` takes descriptors below
    /// `FD_SETSIZE` (1024) only; a larger one fails with EBADF.
    public static func readable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int32]? {
        #if canImport(Darwin)
        guard let highest = descriptors.max() else { return [] }
        var set = fd_set()
        for descriptor in descriptors {
            guard setBit(of: descriptor, in: &set) else {
                errno = EBADF
                return nil
            }
        }
        var timeout = timeval(tv_sec: Int(timeoutMilliseconds / 1000), tv_usec: (timeoutMilliseconds % 1000) * 1000)
        let result = timeoutMilliseconds < 0 ? select(highest + 1, &set, nil, nil, nil) : select(highest + 1, &set, nil, nil, &timeout)
        guard result >= 0 else { return nil }
        return descriptors.filter { isBitSet(of: $0, in: &set) }
        #else
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&polls, nfds_t(polls.count), timeoutMilliseconds) >= 0 else { return nil }
        return polls.filter { $0.revents != 0 }.map(\.fd)
        #endif
    }

    #if canImport(Darwin)
    /// `FD_SET` and `FD_ISSET` are macros, which Swift does not import: `fd_set` holds
    /// `FD_SETSIZE` bits in 32-bit words (`fds_bits`), descriptor `n` at bit `n % 32` of word `n / 32`.
    private static func setBit(of descriptor: Int32, in set: inout fd_set) -> Bool {
        withUnsafeMutableBytes(of: &set.fds_bits) { raw in
            let words = raw.bindMemory(to: Int32.self)
            let (word, bit) = (Int(descriptor) / 32, Int(descriptor) % 32)
            guard descriptor >= 0, word < words.count else { return false }
            words[word] |= Int32(bitPattern: UInt32(1) << UInt32(bit))
            return true
        }
    }

    private static func isBitSet(of descriptor: Int32, in set: inout fd_set) -> Bool {
        withUnsafeMutableBytes(of: &set.fds_bits) { raw in
            let words = raw.bindMemory(to: Int32.self)
            let (word, bit) = (Int(descriptor) / 32, Int(descriptor) % 32)
            guard descriptor >= 0, word < words.count else { return false }
            return words[word] & Int32(bitPattern: UInt32(1) << UInt32(bit)) != 0
        }
    }
    #endif
}

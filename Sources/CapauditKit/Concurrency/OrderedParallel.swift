#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Computes `work(index)` for every index on up to `workers` threads and hands each result to
/// `deliver` on the calling thread, in index order, as soon as its turn comes. At most `window`
/// results wait at any time (workers pause when they run that far ahead), so that output never
/// depends on scheduling and memory never grows with the number of items.
enum OrderedParallel {
    static func run<Result: Sendable>(
        count: Int, workers: Int, window: Int, work: @escaping @Sendable (Int) -> Result, deliver: (Result) -> Void
    ) {
        guard count > 1, workers > 1 else {
            for index in 0..<count { deliver(work(index)) }
            return
        }
        let state = WindowState<Result>(count: count, window: max(window, workers))
        let group = DispatchGroup()
        for _ in 0..<min(workers, count) {
            DispatchQueue.global().async(group: group) {
                while let index = state.nextIndex() {
                    state.store(work(index), at: index)
                }
            }
        }
        for index in 0..<count {
            deliver(state.take(index))
        }
        group.wait()
    }
}

/// The shared state of one `OrderedParallel` run, behind a pthread mutex and condition (which
/// ThreadSanitizer understands).
private final class WindowState<Result>: @unchecked Sendable {
    private let count: Int
    private let window: Int
    private var started = 0
    private var delivered = 0
    private var results: [Int: Result] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// The next index to work on, waiting while the window is full; nil when all are started.
    func nextIndex() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while started < count, started >= delivered + window {
            pthread_cond_wait(changed, mutex)
        }
        guard started < count else { return nil }
        started += 1
        return started - 1
    }

    func store(_ result: Result, at index: Int) {
        pthread_mutex_lock(mutex)
        results[index] = result
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// The result at `index`, waiting for it.
    func take(_ index: Int) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = results.removeValue(forKey: index) {
                delivered = index + 1
                pthread_cond_broadcast(changed)
                return result
            }
            pthread_cond_wait(changed, mutex)
        }
    }
}

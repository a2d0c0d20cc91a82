import Dispatch
import Synchronization

/// Computes `transform(index)` for every index on up to `workers` threads, handing out indices
/// one at a time (files differ in size); the results come back in index order.
enum ParallelMap {
    static func map<Result: Sendable>(count: Int, workers: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1, workers > 1 else { return (0..<count).map(transform) }
        let results = Locked<[Result?]>(Array(repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(workers, count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = transform(index)
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

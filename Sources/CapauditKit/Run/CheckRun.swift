import Dispatch
import Synchronization

/// Checks many files on several threads. Results come back in input order, so that every
/// report is the same byte for byte whatever the number of jobs.
public enum CheckRun {
    public static func run(_ files: [InputFile], checker: FileChecker, jobs: Int) -> [FileResult] {
        guard files.count > 1, jobs > 1 else { return files.map(checker.check) }
        let results = Mutex<[FileResult?]>(Array(repeating: nil, count: files.count))
        let next = Atomic<Int>(0)
        let workers = min(jobs, files.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let result = checker.check(files[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

/// Checks many files on several threads. Results come back in input order, so that every
/// report is the same byte for byte whatever the number of jobs.
public enum CheckRun {
    public static func run(_ files: [InputFile], checker: FileChecker, jobs: Int) -> [FileResult] {
        ParallelMap.map(count: files.count, workers: jobs) { checker.check(files[$0]) }
    }
}

import CapauditKit
import Foundation
import SystemInterface

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run of the built `capaudit` gave.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The program's peak resident memory, in bytes.
    public var peakMemoryBytes: Int
}

public struct RunError: Error, CustomStringConvertible {
    public var description: String
}

/// Runs the built `capaudit` with arguments, in a folder, with extra environment. Runs never
/// hang a test: a run over `timeout` seconds is killed and fails the call.
public func runCapaudit(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Subprocess.Input = .none,
    timeout: Double = 120
) throws -> RunResult {
    try run(Paths.capauditBinary.path, arguments, in: directory, environment: environment, input: input, timeout: timeout)
}

/// A bound on the peak memory of a run of the built `capaudit`: `bytes`, or eight times that
/// when `scripts/sanitizers` runs the tests (it sets `CAPAUDIT_SANITIZER`), where the
/// sanitizer's shadow memory and quarantine count in the program's peak.
public func memoryBound(_ bytes: Int) -> Int {
    ProcessInfo.processInfo.environment["CAPAUDIT_SANITIZER"] == nil ? bytes : bytes * 8
}

/// Runs any program the same way (git in repository tests). Uses posix_spawn rather than
/// Foundation's Process, whose own leaks would show under AddressSanitizer.
public func run(
    _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Subprocess.Input = .none,
    timeout: Double = 120
) throws -> RunResult {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    let outcome: Subprocess.Outcome
    do throws(Subprocess.Failure) {
        outcome = try Subprocess.run(program, arguments, workingDirectory: directory?.path, environment: env, input: input, timeout: timeout)
    } catch {
        throw RunError(description: error.message)
    }
    if outcome.timedOut { throw RunError(description: "\(program) \(arguments) ran over \(timeout) s and was killed") }
    return RunResult(
        status: outcome.status, stdout: String(decoding: outcome.stdout, as: UTF8.self), stderr: String(decoding: outcome.stderr, as: UTF8.self),
        peakMemoryBytes: outcome.peakMemoryBytes)
}

/// A file's text, read without Foundation's file APIs (see `run`).
public func readText(_ url: URL) throws -> String {
    String(decoding: try readBytes(url), as: UTF8.self)
}

public func readBytes(_ url: URL) throws -> [UInt8] {
    switch FileReader.read(url.path, limit: 1 << 30) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw RunError(description: "\(url.path): \(failure)")
    }
}

/// A fresh temporary folder.
public func makeTemporaryFolder(_ name: String = "capaudit-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.resolvingSymlinksInPath()
}

/// Writes a file, its folders made first, through a descriptor closed on exec. Foundation's
/// `Data.write` opens without `O_CLOEXEC`: a program another test thread starts meanwhile would
/// keep the file open for as long as it runs, and running the file (a hook or a script git runs)
/// would fail with "Text file busy".
public func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RunError(description: "cannot create \(url.path): \(POSIX.describe(errno))") }
    let failure = Array(text.utf8).withUnsafeBytes { POSIX.writeAll(descriptor, $0) }
    let closeFailure = POSIX.close(descriptor)
    if let code = failure ?? closeFailure { throw RunError(description: "cannot write \(url.path): \(POSIX.describe(code))") }
}

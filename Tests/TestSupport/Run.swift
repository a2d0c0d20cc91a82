import Foundation

/// What a run of the built `capaudit` gave.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the built `capaudit` with arguments, in a folder, with extra environment.
public func runCapaudit(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], stdin: String? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = Paths.capauditBinary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["CAPAUDIT_CONFIG"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let outData = readAll(outPipe.fileHandleForReading, alongside: errPipe.fileHandleForReading)
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData.0, as: UTF8.self),
        stderr: String(decoding: outData.1, as: UTF8.self))
}

/// Reads two pipes to their ends without letting either fill up and block the child.
private func readAll(_ first: FileHandle, alongside second: FileHandle) -> (Data, Data) {
    nonisolated(unsafe) var secondData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        secondData = second.readDataToEndOfFile()
        group.leave()
    }
    let firstData = first.readDataToEndOfFile()
    group.wait()
    return (firstData, secondData)
}

/// A fresh temporary folder, removed by the caller with `removeTemporaryFolder`.
public func makeTemporaryFolder(_ name: String = "capaudit-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.resolvingSymlinksInPath()
}

public func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

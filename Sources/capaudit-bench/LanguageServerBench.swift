import CapauditLSP
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// The `lsp` row: `capaudit lsp` over pipes, as an editor runs it, with the sparse corpus's
/// ~11 KB manifest open; each edit is sent once the diagnostics of the previous version came
/// (the server coalesces the changes it reads together), and timed from writing the change to
/// reading the `publishDiagnostics` of its version.
func runLanguageServerBenchmark(edits: Int, binary: String, folder: String) {
    let manifest = writeCorpus(into: folder, files: 1, screens: 12, density: .sparse)[0]
    let text = String(decoding: read(manifest), as: UTF8.self)
    guard let cycle = EditCycle(text) else {
        print("the generated manifest has no notice text or `on-capture: disable` to edit; CorpusGenerator changed")
        exit(2)
    }
    let uri = "file://\(manifest)"
    var server = LanguageServerProcess(binary)
    server.send(request: 1, "initialize", .object([
        ("capabilities", .object([])), ("workspaceFolders", .array([.object([("uri", .string("file://\(folder)")), ("name", .string("bench"))])])),
    ]))
    _ = server.next { $0["id"] == .integer(1) }
    server.send(notification: "initialized", .object([]))
    server.send(notification: "textDocument/didOpen", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .integer(0)), ("text", .string(text))])),
    ]))
    // Each state of the cycle has its own findings: a measured edit is never answered from the cache.
    var findingsPerState = [0: server.diagnostics(of: uri, version: 0)]
    var seconds: [Double] = []
    for version in 1...max(1, edits) {
        let state = version % cycle.changes.count
        let start = now()
        server.send(notification: "textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .integer(version))])), ("contentChanges", .array([cycle.changes[state]])),
        ]))
        let findings = server.diagnostics(of: uri, version: version)
        seconds.append(now() - start)
        findingsPerState[state] = findings
    }
    server.send(request: 2, "shutdown")
    _ = server.next { $0["id"] == .integer(2) }
    server.send(notification: "exit")
    let status = server.waitForExit()
    guard status == 0 else {
        print("capaudit lsp ended with status \(status) after shutdown and exit, not 0")
        exit(2)
    }
    let states = findingsPerState.keys.sorted().compactMap { findingsPerState[$0] }
    guard Set(states).count == states.count else {
        print("the edits did not change the findings (\(states.map(\.count)) per state): the row would time cached answers")
        exit(2)
    }
    let sorted = seconds.sorted()
    let percentile95 = sorted[min(sorted.count - 1, (sorted.count * 95 + 99) / 100 - 1)]
    let counts = states.map { String($0.count) }.joined(separator: " / ")
    print("lsp: didChange to publishDiagnostics, \(decimal(Double(read(manifest).count) / 1000, 1)) KB manifest, \(seconds.count) edits (findings per state \(counts)); binary \(binary)")
    print("  median                              \(format(median(seconds)))")
    print("  95th percentile                     \(format(percentile95))  (target 20 ms: \(percentile95 <= 0.020 ? "met" : "missed"))")
}

/// Four incremental edits that go round, each leading to a state with findings of its own:
/// `changes[n]` leads to state n, state 0 being the text as generated. 1: the notice text
/// alarming; 2: an action allowed during capture as well; 3: the calm notice back; 0: the action
/// disabled again.
struct EditCycle {
    var changes: [JSONValue]

    init?(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let noticePrefix = "      en: \""
        let actionPrefix = "        on-capture: "
        guard let noticeLine = lines.firstIndex(where: { $0.hasPrefix(noticePrefix) && $0.hasSuffix("\"") }),
            let actionLine = lines.firstIndex(where: { $0 == "\(actionPrefix)disable" })
        else { return nil }
        let calm = String(lines[noticeLine].dropFirst(noticePrefix.count).dropLast())
        let alarming = "WARNING! Hackers may be recording your screen. Stop sharing immediately!"
        let notice = noticePrefix.utf16.count
        let action = actionPrefix.utf16.count
        changes = [
            Self.change(line: actionLine, from: action, length: "allow".utf16.count, to: "disable"),
            Self.change(line: noticeLine, from: notice, length: calm.utf16.count, to: alarming),
            Self.change(line: actionLine, from: action, length: "disable".utf16.count, to: "allow"),
            Self.change(line: noticeLine, from: notice, length: alarming.utf16.count, to: calm),
        ]
    }

    /// Replaces `length` UTF-16 units of `line` from `from` (the server's default encoding) with `text`.
    static func change(line: Int, from: Int, length: Int, to text: String) -> JSONValue {
        func position(_ character: Int) -> JSONValue { .object([("line", .integer(line)), ("character", .integer(character))]) }
        return .object([("range", .object([("start", position(from)), ("end", position(from + length))])), ("text", .string(text))])
    }
}

/// `capaudit lsp` as a child process, its standard input and output on pipes; standard error is
/// left to the terminal, where the server logs.
struct LanguageServerProcess {
    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var framing = MessageFraming(maxBodyBytes: 1 << 30)

    /// How long a message may take before the server counts as stalled.
    static let stallMilliseconds: Int32 = 30_000

    init(_ binary: String) {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else {
            print("cannot create a pipe: \(POSIX.describe(POSIX.errorNumber))")
            exit(2)
        }
        let actions = SpawnFileActions()
        actions.duplicate(toServer[0], as: 0)
        actions.duplicate(fromServer[1], as: 1)
        for descriptor in toServer + fromServer { actions.close(descriptor) }
        guard case .success(let started) = Spawn.start(binary, arguments: [binary, "lsp"], fileActions: actions) else {
            print("cannot run \(binary): build it first with `swift build -c release --static-swift-stdlib`")
            exit(2)
        }
        POSIX.close(toServer[0])
        POSIX.close(fromServer[1])
        pid = started
        input = toServer[1]
        output = fromServer[0]
    }

    func send(request id: Int, _ method: String, _ params: JSONValue? = nil) {
        write([("id", .integer(id)), ("method", .string(method))] + (params.map { [("params", $0)] } ?? []))
    }

    func send(notification method: String, _ params: JSONValue? = nil) {
        write([("method", .string(method))] + (params.map { [("params", $0)] } ?? []))
    }

    private func write(_ members: [(String, JSONValue)]) {
        let pipeGuard = BrokenPipeGuard(writingTo: input)
        defer { pipeGuard.end() }
        let bytes = MessageFraming.frame(Array(JSONWriter(pretty: false).string(.object([("jsonrpc", .string("2.0"))] + members)).utf8))
        if let failure = bytes.withUnsafeBytes({ POSIX.writeAll(input, $0) }) {
            print("cannot write to capaudit lsp: \(POSIX.describe(failure))")
            exit(2)
        }
    }

    /// The diagnostics published for `version` of `uri`, each as `code line:character`, sorted;
    /// messages before them (logs, older versions) are skipped.
    mutating func diagnostics(of uri: String, version: Int) -> [String] {
        let published = next {
            $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) && $0["params"]?["version"] == .integer(version)
        }
        return (published["params"]?["diagnostics"]?.arrayValue ?? []).map { diagnostic in
            let start = diagnostic["range"]?["start"]
            return "\(diagnostic["code"]?.stringValue ?? "-") \(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1)"
        }.sorted()
    }

    /// The next message the server writes that `wanted` accepts.
    mutating func next(_ wanted: (JSONValue) -> Bool) -> JSONValue {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            while let piece = framing.next() {
                guard case .body(let body) = piece, let message = try? JSONParser.parse(body) else {
                    print("capaudit lsp wrote a message that is not framed JSON: \(piece)")
                    exit(2)
                }
                if wanted(message) { return message }
            }
            guard Readiness.readable([output], timeoutMilliseconds: Self.stallMilliseconds)?.isEmpty == false else {
                print("capaudit lsp sent nothing for \(Self.stallMilliseconds / 1000) s")
                exit(2)
            }
            let count = chunk.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { POSIX.read(output, into: $0, count: buffer.count) } ?? 0
            }
            guard count > 0 else {
                print("capaudit lsp closed its output before answering")
                exit(2)
            }
            framing.append(chunk[..<count])
        }
    }

    /// Closes the server's input and waits for it; its exit status.
    func waitForExit() -> Int32 {
        POSIX.close(input)
        let status = Spawn.waitForExit(pid)?.code ?? -1
        POSIX.close(output)
        return status
    }
}

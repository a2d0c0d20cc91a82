import CapauditKit
import JSON
import YAML

/// The protocol state machine of `capaudit lsp`: takes the messages read in one go and gives
/// the messages to write, with no input or output of its own (`ServerLoop` does that), so that
/// tests drive it message by message. Requests run in the order they came; a `$/cancelRequest`
/// among the messages read with its request cancels it before it runs. Diagnostics are computed
/// once for each document changed, at its newest version, before the next request and at the
/// end of the batch: changes typed faster than the server checks are coalesced, and an older
/// version is never published after a newer.
public struct LanguageServer: Sendable {
    public private(set) var exitStatus: Int32?
    private let serverVersion: String
    private var initialized = false
    private var shuttingDown = false
    private var encoding = PositionEncoding.utf16
    /// The client pulls diagnostics (`textDocument/diagnostic`): the server does not push them.
    private var pullsDiagnostics = false
    private var registersWatchers = false
    private var workspace = Workspace(roots: [])
    private var documents = DocumentStore()
    private var stale: [String] = []
    private var publishedVersions: [String: Int] = [:]
    private var cancelled: Set<String> = []
    private var nextRequestID = 1

    public init(serverVersion: String) {
        self.serverVersion = serverVersion
    }

    /// The answers to a batch of framed pieces, then the diagnostics the batch made due.
    public mutating func receive(_ pieces: [MessageFraming.Piece]) -> [JSONValue] {
        var output: [JSONValue] = []
        var messages: [RPCMessage] = []
        for piece in pieces {
            switch piece {
            case .badHeader(let problem):
                output.append(Outgoing.log("capaudit lsp: dropped a message: \(problem)", type: 1))
            case .body(let body):
                switch RPCMessage.read(body) {
                case .success(let message): messages.append(message)
                case .failure(let error): output.append(error.response)
                }
            }
        }
        for case .notification("$/cancelRequest", let params) in messages {
            if let id = params["id"] { cancelled.insert(Self.key(id)) }
        }
        for message in messages {
            guard exitStatus == nil else { break }
            // A request answers the documents as the changes before it left them: their
            // diagnostics go first.
            if case .request = message { output += publishStale() }
            output += handle(message)
        }
        if exitStatus == nil { output += publishStale() }
        return output
    }

    private static func key(_ id: JSONValue) -> String {
        JSONWriter(pretty: false).string(id)
    }

    private mutating func handle(_ message: RPCMessage) -> [JSONValue] {
        switch message {
        case .response:
            return []
        case .notification(let method, let params):
            return notification(method, params)
        case .request(let id, let method, let params):
            if cancelled.remove(Self.key(id)) != nil {
                return [RPCError(code: .requestCancelled, message: "`\(method)` was cancelled before it ran", id: id).response]
            }
            switch request(method, params) {
            case .success(let result):
                return [Outgoing.result(id, result)]
            case .failure(let error):
                var error = error
                error.id = id
                return [error.response]
            }
        }
    }

    // MARK: Requests

    private mutating func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, RPCError> {
        if method == "initialize" { return initialize(params) }
        guard initialized else { return .failure(RPCError(code: .serverNotInitialized, message: "the first request must be `initialize`", id: .null)) }
        guard !shuttingDown else { return .failure(RPCError(code: .invalidRequest, message: "the server is shutting down; only `exit` is accepted", id: .null)) }
        switch method {
        case "shutdown":
            shuttingDown = true
            return .success(.null)
        case "textDocument/diagnostic":
            return document(params).map { uri in
                let items = checkedDiagnostics(uri)
                return .object([("kind", .string("full")), ("items", .array(items))])
            }
        case "textDocument/codeAction": return document(params).map { codeActions($0, params) }
        case "textDocument/hover": return document(params).map { hover($0, params) }
        case "textDocument/completion": return document(params).map { completion($0, params) }
        default:
            return .failure(RPCError(code: .methodNotFound, message: "capaudit lsp does not handle `\(method)`", id: .null))
        }
    }

    /// The open document a request names.
    private func document(_ params: JSONValue) -> Result<String, RPCError> {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return .failure(RPCError(code: .invalidParams, message: "expected `textDocument.uri`", id: .null))
        }
        guard documents[uri] != nil else {
            return .failure(RPCError(code: .invalidParams, message: "`\(uri)` is not open; send `textDocument/didOpen` first", id: .null))
        }
        return .success(uri)
    }

    private mutating func initialize(_ params: JSONValue) -> Result<JSONValue, RPCError> {
        guard !initialized else { return .failure(RPCError(code: .invalidRequest, message: "`initialize` was already sent", id: .null)) }
        initialized = true
        let capabilities = params["capabilities"]
        encoding = PositionEncoding.negotiate(capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        pullsDiagnostics = capabilities?["textDocument"]?["diagnostic"] != nil
        registersWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
        var roots = params["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) } ?? []
        if roots.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(FileURI.path) ?? params["rootPath"]?.stringValue {
            roots = [root]
        }
        workspace = Workspace(roots: roots)
        var serverCapabilities: [(String, JSONValue)] = [
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .integer(2)), ("save", .object([("includeText", .bool(false))]))])),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix"), .string(CodeActions.fixAllKind)]))])),
            ("hoverProvider", .bool(true)),
            ("completionProvider", .object([("triggerCharacters", .array([.string(":"), .string(" ")]))])),
            ("workspace", .object([("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))])),
        ]
        if pullsDiagnostics {
            serverCapabilities.append(("diagnosticProvider", .object([("interFileDependencies", .bool(false)), ("workspaceDiagnostics", .bool(false))])))
        }
        return .success(.object([
            ("capabilities", .object(serverCapabilities)),
            ("serverInfo", .object([("name", .string("capaudit")), ("version", .string(serverVersion))])),
        ]))
    }

    // MARK: Notifications

    private mutating func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitStatus = shuttingDown ? 0 : 1
            return []
        }
        guard initialized, !shuttingDown else { return [] }
        let uri = params["textDocument"]?["uri"]?.stringValue
        switch method {
        case "initialized":
            return registersWatchers ? [watcherRegistration()] : []
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.stringValue else { return [] }
            documents.open(uri: uri, version: params["textDocument"]?["version"]?.intValue ?? 0, text: text)
            markStale(uri)
        case "textDocument/didChange":
            guard let uri, let changes = params["contentChanges"]?.arrayValue else { return [] }
            let version = params["textDocument"]?["version"]?.intValue ?? (documents[uri]?.version ?? 0) + 1
            if documents.change(uri: uri, version: version, changes: changes, encoding: encoding) { markStale(uri) }
        case "textDocument/didSave":
            if let uri, documents[uri] != nil { markStale(uri) }
        case "textDocument/didClose":
            guard let uri else { return [] }
            documents.close(uri: uri)
            stale.removeAll { $0 == uri }
            publishedVersions[uri] = nil
            return pullsDiagnostics ? [] : [publish(uri, version: nil, diagnostics: [])]
        case "workspace/didChangeWatchedFiles":
            let paths = params["changes"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) } ?? []
            var dropped = false
            for path in paths where workspace.changed(path) { dropped = true }
            if dropped { documents.documents.keys.sorted().forEach { markStale($0) } }
        case "workspace/didChangeConfiguration":
            workspace.reset()
            documents.documents.keys.sorted().forEach { markStale($0) }
        case "workspace/didChangeWorkspaceFolders":
            let event = params["event"]
            let removed = Set(event?["removed"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) } ?? [])
            let added = event?["added"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) } ?? []
            workspace.setRoots(workspace.roots.filter { !removed.contains($0) } + added)
            documents.documents.keys.sorted().forEach { markStale($0) }
        default:
            break
        }
        return []
    }

    private mutating func markStale(_ uri: String) {
        if var document = documents[uri] {
            document.checked = nil
            documents[uri] = document
        }
        if !stale.contains(uri) { stale.append(uri) }
    }

    private mutating func watcherRegistration() -> JSONValue {
        let globs = ["**/.capaudit.yml", "**/.capaudit.yaml", "**/*.yml", "**/*.yaml", "**/*.json", "**/*.swift", "**/*.kt", "**/*.java", "**/*.xml", "**/*.gradle", "**/*.kts", "**/*.pbxproj"]
        let watchers = globs.map { JSONValue.object([("globPattern", .string($0))]) }
        let registration: JSONValue = .object([
            ("id", .string("capaudit-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array(watchers))])),
        ])
        defer { nextRequestID += 1 }
        return Outgoing.request(nextRequestID, "client/registerCapability", .object([("registrations", .array([registration]))]))
    }

    // MARK: Diagnostics

    private mutating func publishStale() -> [JSONValue] {
        let due = stale
        stale = []
        guard !pullsDiagnostics else { return [] }
        return due.compactMap { uri in
            guard let version = documents[uri]?.version else { return nil }
            if let published = publishedVersions[uri], published > version { return nil }
            let diagnostics = checkedDiagnostics(uri)
            publishedVersions[uri] = version
            return publish(uri, version: version, diagnostics: diagnostics)
        }
    }

    private func publish(_ uri: String, version: Int?, diagnostics: [JSONValue]) -> JSONValue {
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .integer(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        return Outgoing.notification("textDocument/publishDiagnostics", .object(params))
    }

    /// The document's current version checked (once per version), as diagnostics.
    private mutating func checkedDiagnostics(_ uri: String) -> [JSONValue] {
        guard let checked = check(uri), let document = documents[uri] else { return [] }
        if let problem = checked.settingsProblem {
            return [.object([
                ("range", DiagnosticMapping.range((0, 0), (0, 0))), ("severity", .integer(1)), ("source", .string(DiagnosticMapping.source)),
                ("message", .string("capaudit cannot check this file: \(problem)")),
            ])]
        }
        let mapping = DiagnosticMapping(lines: document.lines, encoding: encoding, workingDirectory: checked.text.workingDirectory)
        return checked.text.findings.filter { $0.suppression == nil }.map(mapping.diagnostic)
    }

    /// A document's findings, or why its folder's settings could not be read.
    private struct Checked {
        var text: CheckedText
        var settingsProblem: String?
    }

    private mutating func check(_ uri: String, fixing: FixRequest? = nil) -> Checked? {
        guard let document = documents[uri] else { return nil }
        if fixing == nil, let checked = document.checked, checked.version == document.version { return Checked(text: checked) }
        guard let path = FileURI.path(uri) else {
            return Checked(text: CheckedText(version: document.version, findings: [], isManifest: false, workingDirectory: "/"))
        }
        let folder = workspace.folderIndex(for: path)
        let session: Session
        let code: CodeBase?
        switch workspace.settings(folder) {
        case .success(let settings): (session, code) = settings
        case .failure(let failure):
            return Checked(text: CheckedText(version: document.version, findings: [], isManifest: false, workingDirectory: "/"), settingsProblem: failure.lines.joined(separator: "; "))
        }
        let file = InputFile(path: Session.relativePath(path, to: session.workingDirectory), named: true, content: Array(document.text.utf8))
        let outcome: FileOutcome
        do throws(AuditError) {
            outcome = try AuditRun(session: session).outcome(of: file, code: code, baselined: true, fixing: fixing)
        } catch {
            return Checked(text: CheckedText(version: document.version, findings: [], isManifest: false, workingDirectory: session.workingDirectory), settingsProblem: error.lines.joined(separator: "; "))
        }
        let checked = CheckedText(
            version: document.version, findings: outcome.isManifest ? outcome.findings : [], isManifest: outcome.isManifest, workingDirectory: session.workingDirectory,
            fixedText: outcome.fixed.map { String(decoding: $0.fixed, as: UTF8.self) })
        if fixing == nil {
            var stored = document
            stored.checked = checked
            documents[uri] = stored
        }
        return Checked(text: checked)
    }

    // MARK: Code actions, hover, completion

    private mutating func codeActions(_ uri: String, _ params: JSONValue) -> JSONValue {
        guard let checked = check(uri), checked.settingsProblem == nil, let document = documents[uri] else { return .array([]) }
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        let actions = CodeActions(uri: uri, lines: document.lines, encoding: encoding)
        let mapping = DiagnosticMapping(lines: document.lines, encoding: encoding, workingDirectory: checked.text.workingDirectory)
        var result: [JSONValue] = []
        if CodeActions.admits(only, "quickfix"), let start = DocumentStore.position(params["range"]?["start"]), let end = DocumentStore.position(params["range"]?["end"]) {
            for finding in checked.text.findings where finding.suppression == nil {
                let diagnostic = mapping.diagnostic(finding)
                guard let span = DocumentStore.position(diagnostic["range"]?["start"]).flatMap({ from in DocumentStore.position(diagnostic["range"]?["end"]).map { (from, $0) } }),
                    (span.0.line, span.0.character) <= (end.line, end.character), (start.line, start.character) <= (span.1.line, span.1.character)
                else { continue }
                result += actions.quickFixes(for: finding, diagnostic: diagnostic)
            }
        }
        if CodeActions.admits(only, CodeActions.fixAllKind), checked.text.findings.contains(where: { $0.fixability == .safe }),
            let fixed = check(uri, fixing: FixRequest(unsafe: false))?.text.fixedText, fixed != document.text
        {
            result.append(actions.fixAll(fixed: fixed))
        }
        return .array(result)
    }

    private func wordAt(_ uri: String, _ params: JSONValue) -> String? {
        guard let document = documents[uri], let place = DocumentStore.position(params["position"]) else { return nil }
        let lines = document.lines
        let offset = lines.offset(line: place.line, character: place.character, encoding: encoding)
        let lineStart = lines.offset(line: place.line, character: 0, encoding: encoding)
        let column = String(decoding: Array(lines.text.utf8)[lineStart..<offset], as: UTF8.self).unicodeScalars.count
        return PolicyLookup.word(in: lines.lineText(place.line + 1), atScalar: column)
    }

    private mutating func hover(_ uri: String, _ params: JSONValue) -> JSONValue {
        guard let word = wordAt(uri, params), !word.isEmpty, let policy = policy(for: uri), let text = PolicyLookup(policy: policy).hover(word: word) else { return .null }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(text))]))])
    }

    private mutating func completion(_ uri: String, _ params: JSONValue) -> JSONValue {
        guard let document = documents[uri], let place = DocumentStore.position(params["position"]), let policy = policy(for: uri) else { return .array([]) }
        let lines = document.lines
        let lineStart = lines.offset(line: place.line, character: 0, encoding: encoding)
        let offset = lines.offset(line: place.line, character: place.character, encoding: encoding)
        let prefix = String(decoding: Array(lines.text.utf8)[lineStart..<offset], as: UTF8.self)
        return .array(PolicyLookup(policy: policy).completions(linePrefix: prefix))
    }

    /// The policy of the document's folder: shipped rules, its rule packs and its config's wording.
    private mutating func policy(for uri: String) -> Policy? {
        guard let path = FileURI.path(uri) else { return nil }
        let folder = workspace.folderIndex(for: path)
        guard case .success(let (session, _)) = workspace.settings(folder) else { return nil }
        return session.policy
    }
}

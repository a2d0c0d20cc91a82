import CapauditLSP
import Foundation
import JSON
import TestSupport
import Testing

@Suite struct LanguageServerTests {
    static let bank = (try? readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))) ?? ""

    /// A temporary workspace folder (a git repository, so that no config above it is found)
    /// holding the bank example, and the example's URI there.
    static func workspace(config: String? = nil) throws -> (root: String, uri: String) {
        let folder = try makeTemporaryFolder("capaudit-lsp")
        try makeGitRepository(at: folder)
        if let config { try write(config, to: folder.appendingPathComponent(".capaudit.yml")) }
        try write(bank, to: folder.appendingPathComponent("bank.yml"))
        return (folder.path, "file://\(folder.path)/bank.yml")
    }

    @Test func initializeNegotiatesTheEncodingAndAdvertisesWhatTheServerDoes() throws {
        var client = TestClient()
        let result = client.initialize(capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-32"), .string("utf-16")]))]))]))
        let capabilities = result?["capabilities"]
        #expect(capabilities?["positionEncoding"] == .string("utf-32"))
        #expect(capabilities?["textDocumentSync"]?["change"] == .integer(2))
        #expect(capabilities?["hoverProvider"] == .bool(true))
        #expect(capabilities?["codeActionProvider"]?["codeActionKinds"] == .array([.string("quickfix"), .string("source.fixAll.capaudit")]))
        #expect(capabilities?["diagnosticProvider"] == nil)
        var pulling = TestClient()
        #expect(pulling.initialize(capabilities: .object([("textDocument", .object([("diagnostic", .object([]))]))]))?["capabilities"]?["positionEncoding"] == .string("utf-16"))
    }

    @Test func protocolErrorsAreAnsweredAndTheServerGoesOn() {
        var client = TestClient()
        #expect(client.call("textDocument/hover").error?["code"] == .integer(-32002))
        _ = client.initialize()
        let answers = client.server.receive([
            .body(Array("{not json".utf8)), .body(Array("[1,2]".utf8)), .body(Array(#"{"jsonrpc":"1.0","id":3,"method":"x"}"#.utf8)),
            .badHeader("a header without `Content-Length`"),
        ])
        #expect(answers.compactMap { $0["error"]?["code"]?.intValue } == [-32700, -32600, -32600])
        #expect(answers.last?["method"] == .string("window/logMessage"))
        #expect(client.call("no/such/method").error?["code"] == .integer(-32601))
        #expect(client.call("textDocument/hover", .object([])).error?["code"] == .integer(-32602))
        #expect(client.call("shutdown").result == .null)
        #expect(client.call("textDocument/hover").error?["code"] == .integer(-32600))
        _ = client.send([TestClient.notification("exit", .null)])
        #expect(client.server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() {
        var client = TestClient()
        _ = client.initialize()
        _ = client.send([TestClient.notification("exit", .null)])
        #expect(client.server.exitStatus == 1)
    }

    @Test func aRequestCancelledBeforeItRanGetsRequestCancelled() throws {
        let (root, uri) = try Self.workspace()
        var client = TestClient()
        _ = client.initialize(roots: [root])
        let answers = client.send([
            TestClient.open(uri, Self.bank),
            TestClient.request(7, "textDocument/hover", .object([("textDocument", TestClient.document(uri)), ("position", TestClient.position(18, 14))])),
            TestClient.notification("$/cancelRequest", .object([("id", .integer(7))])),
            TestClient.request(8, "textDocument/hover", .object([("textDocument", TestClient.document(uri)), ("position", TestClient.position(18, 14))])),
        ])
        #expect(answers.first { $0["id"] == .integer(7) }?["error"]?["code"] == .integer(-32800))
        #expect(answers.first { $0["id"] == .integer(8) }?["result"]?["contents"]?["value"]?.stringValue?.contains("scene-capture-state") == true)
    }

    @Test func changesAreCoalescedAndOnlyTheNewestVersionIsPublished() throws {
        let (root, uri) = try Self.workspace()
        var client = TestClient()
        _ = client.initialize(roots: [root])
        let opened = TestClient.published(client.send([TestClient.open(uri, Self.bank)]))
        #expect(opened.count == 1 && opened.first?.version == 1)
        let openedCodes = TestClient.codes(opened.first?.diagnostics ?? [])
        #expect(openedCodes.contains("WRD003"))
        // Line 28 holds `text: "Screen recording detected! …"`; the `!` is at character 36.
        let fixed = TestClient.change(uri, version: 2, [.object([("range", TestClient.range((28, 36), (28, 37))), ("text", .string("."))])])
        let broken = TestClient.change(uri, version: 3, [.object([("range", TestClient.range((28, 36), (28, 37))), ("text", .string("!"))])])
        let calmed = TestClient.change(uri, version: 4, [.object([("range", TestClient.range((28, 36), (28, 37))), ("text", .string("."))])])
        let published = TestClient.published(client.send([fixed, broken, calmed]))
        #expect(published.map(\.version) == [4])
        let publishedCodes = TestClient.codes(published.first?.diagnostics ?? [])
        #expect(!publishedCodes.contains("WRD003"))
        #expect(publishedCodes.count == openedCodes.count - 1)
        let whole = TestClient.published(client.send([TestClient.change(uri, version: 5, [.object([("text", .string("other: yaml\n"))])])]))
        #expect(whole.map(\.version) == [5] && whole.first?.diagnostics.isEmpty == true)
    }

    @Test func eachWorkspaceFolderIsCheckedWithItsOwnConfig() throws {
        let quiet = try Self.workspace(config: "rules:\n  WRD003: off\n")
        let plain = try Self.workspace()
        var client = TestClient()
        _ = client.initialize(roots: [quiet.root, plain.root])
        let published = TestClient.published(client.send([TestClient.open(quiet.uri, Self.bank), TestClient.open(plain.uri, Self.bank)]))
        #expect(published.map(\.uri) == [quiet.uri, plain.uri])
        #expect(!TestClient.codes(published[0].diagnostics).contains("WRD003"))
        #expect(TestClient.codes(published[1].diagnostics).contains("WRD003"))
        // The config changes on disk: the watched-file notification reads it again.
        try write("rules:\n  WRD003: error\n", to: URL(fileURLWithPath: quiet.root).appendingPathComponent(".capaudit.yml"))
        let watched = TestClient.notification(
            "workspace/didChangeWatchedFiles", .object([("changes", .array([.object([("uri", .string("file://\(quiet.root)/.capaudit.yml")), ("type", .integer(2))])]))]))
        let again = TestClient.published(client.send([watched]))
        let quietAgain = again.first { $0.uri == quiet.uri }
        #expect(quietAgain?.diagnostics.contains { $0["code"] == .string("WRD003") && $0["severity"] == .integer(1) } == true)
    }

    @Test func codeActionsOfferEachFixTheSuppressionAndFixAll() throws {
        let (root, uri) = try Self.workspace()
        var client = TestClient()
        _ = client.initialize(roots: [root])
        _ = client.send([TestClient.open(uri, Self.bank)])
        let params = JSONValue.object([("textDocument", TestClient.document(uri)), ("range", TestClient.range((28, 0), (28, 80))), ("context", .object([("diagnostics", .array([]))]))])
        let actions = client.call("textDocument/codeAction", params).result?.arrayValue ?? []
        let titles = actions.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("Suppress WRD003 on this line"))
        let suppress = actions.first { $0["title"] == .string("Suppress WRD003 on this line") }
        let edit = suppress?["edit"]?["changes"]?[uri]?.arrayValue?.first
        #expect(edit?["newText"] == .string("    # capaudit: ignore WRD003 -- <reason>\n"))
        #expect(edit?["range"] == TestClient.range((28, 0), (28, 0)))
        #expect(actions.contains { $0["kind"] == .string("quickfix") && $0["title"]?.stringValue?.hasSuffix("(unsafe)") == true })
        let onlyFixAll = JSONValue.object([("textDocument", TestClient.document(uri)), ("range", TestClient.range((0, 0), (0, 0))), ("context", .object([("only", .array([.string("source.fixAll")]))]))])
        let fixAll = client.call("textDocument/codeAction", onlyFixAll).result?.arrayValue ?? []
        #expect(fixAll.map { $0["kind"] } == [.string("source.fixAll.capaudit")] || fixAll.isEmpty)
    }

    @Test func hoverShowsRulePagesAndTaxonomyAndCompletionNamesThePolicy() throws {
        let (root, uri) = try Self.workspace()
        var client = TestClient()
        _ = client.initialize(roots: [root])
        let text = "# capaudit: ignore WRD003 -- why\n" + Self.bank
        _ = client.send([TestClient.open(uri, text)])
        let rule = client.call("textDocument/hover", .object([("textDocument", TestClient.document(uri)), ("position", TestClient.position(0, 21))])).result
        #expect(rule?["contents"]?["value"]?.stringValue?.contains("WRD003") == true)
        let kinds = client.call("textDocument/completion", .object([("textDocument", TestClient.document(uri)), ("position", TestClient.position(7, 15))])).result
        #expect(kinds?.arrayValue?.contains { $0["label"] == .string("banking") } == true)
        let nothing = client.call("textDocument/hover", .object([("textDocument", TestClient.document(uri)), ("position", TestClient.position(1, 0))])).result
        #expect(nothing == .null)
    }
}

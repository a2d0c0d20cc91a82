import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

struct UnframedOutput: Error, CustomStringConvertible {
    var description: String
}

/// `capaudit lsp` as an editor runs it: the built binary over pipes.
@Suite struct ServerProcessTests {
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = Array(JSONWriter(pretty: false).string(message).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The framed messages of standard output, every one JSON: nothing else is written there.
    static func messages(_ output: String) throws -> [JSONValue] {
        var rest = Array(output.utf8)[...]
        var messages: [JSONValue] = []
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else { throw UnframedOutput(description: "unframed output: \(String(decoding: rest, as: UTF8.self))") }
            let header = String(decoding: rest[..<end], as: UTF8.self)
            guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst("Content-Length: ".count)) else { throw UnframedOutput(description: "bad header \(header)") }
            let start = end + separator.count
            messages.append(try JSONParser.parse(Array(rest[start..<(start + length)])))
            rest = rest[(start + length)...]
        }
        return messages
    }

    static var manifests: [String] {
        let root = Paths.packageRoot
        let examples = ((try? FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted().map { "Examples/\($0)" }
        let invalid = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/Fixtures/InvalidManifests").path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted().map { "Tests/Fixtures/InvalidManifests/\($0)" }
        return examples + invalid + ["Tests/Fixtures/rule-pack-app.yml"]
    }

    @Test func diagnosticsOnOpenEqualCheckForEveryExampleAndFixture() throws {
        let root = Paths.packageRoot.path
        let files = Self.manifests
        #expect(files.count > 30)
        var input: [UInt8] = Self.frame(.object([
            ("jsonrpc", .string("2.0")), ("id", .integer(1)), ("method", .string("initialize")),
            ("params", .object([("capabilities", .object([])), ("workspaceFolders", .array([.object([("uri", .string("file://\(root)")), ("name", .string("capaudit"))])]))])),
        ]))
        for (index, file) in files.enumerated() {
            let text = try readText(Paths.packageRoot.appendingPathComponent(file))
            input += Self.frame(.object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                ("params", .object([("textDocument", .object([("uri", .string("file://\(root)/\(file)")), ("languageId", .string("yaml")), ("version", .integer(index)), ("text", .string(text))]))])),
            ]))
        }
        input += Self.frame(.object([("jsonrpc", .string("2.0")), ("id", .integer(2)), ("method", .string("shutdown"))]))
        input += Self.frame(.object([("jsonrpc", .string("2.0")), ("method", .string("exit"))]))
        let server = try runCapaudit(["lsp"], in: Paths.packageRoot, input: .bytes(input))
        #expect(server.status == 0, "\(server.stderr)")
        let messages = try Self.messages(server.stdout)
        var published: [String: [JSONValue]] = [:]
        for message in messages where message["method"] == .string("textDocument/publishDiagnostics") {
            published[message["params"]?["uri"]?.stringValue ?? ""] = message["params"]?["diagnostics"]?.arrayValue
        }
        for file in files {
            let check = try runCapaudit(["check", file, "--format", "json", "--fail-on", "never"], in: Paths.packageRoot)
            // A file that is no manifest (a config, the fixtures' list) gets no report, and no diagnostics.
            let findings = check.stdout.isEmpty ? [] : try JSONParser.parse(check.stdout)["findings"]?.arrayValue ?? []
            let expected = findings.map { "\($0["rule"]?.stringValue ?? "?") \(($0["line"]?.intValue ?? 0) - 1)" }.sorted()
            let diagnostics = published["file://\(root)/\(file)"] ?? []
            let got = diagnostics.map { "\($0["code"]?.stringValue ?? "?") \($0["range"]?["start"]?["line"]?.intValue ?? -1)" }.sorted()
            #expect(got == expected, "\(file)")
            // The JSON report counts scalars, the server UTF-16 units: the same outside the astral planes, which these files do not use.
            let expectedColumns = findings.map { ($0["column"]?.intValue ?? 0) - 1 }.sorted()
            #expect(diagnostics.map { $0["range"]?["start"]?["character"]?.intValue ?? -1 }.sorted() == expectedColumns, "\(file)")
        }
    }

    @Test func theCommandIsListedAndItsHelpNamesTheCapabilities() throws {
        #expect(try runCapaudit(["help"]).stdout.contains("\n  lsp       Run the language server"))
        let help = try runCapaudit(["lsp", "--help"]).stdout
        for capability in ["positionEncoding", "source.fixAll.capaudit", "textDocument/diagnostic", "hover", "completion"] {
            #expect(help.contains(capability), "\(capability)")
        }
        let closed = try runCapaudit(["lsp"], input: .bytes(Array("Content-Length: 2\r\n\r\n{}".utf8)))
        #expect(closed.status == 1)
        #expect(try Self.messages(closed.stdout).first?["error"]?["code"] == .integer(-32600))
    }
}

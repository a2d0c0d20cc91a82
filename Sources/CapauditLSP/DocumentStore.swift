import CapauditKit
import JSON

/// An open document: its text as the editor holds it, the version the editor gave it, and the
/// findings of the last version checked.
struct OpenDocument: Sendable {
    var uri: String
    var version: Int
    var lines: LineMap
    /// The findings of `version`, once checked (code actions and pull diagnostics read them).
    var checked: CheckedText?

    var text: String { lines.text }
}

/// What one version of a document gave.
struct CheckedText: Sendable {
    var version: Int
    var findings: [Finding]
    var isManifest: Bool
    /// The folder session's working folder: findings name related files relative to it.
    var workingDirectory: String
    /// With a fix request: the text once its fixes are applied.
    var fixedText: String? = nil
}

/// The documents the editor has open, by URI, with full and incremental changes applied.
struct DocumentStore: Sendable {
    private(set) var documents: [String: OpenDocument] = [:]

    subscript(uri: String) -> OpenDocument? {
        get { documents[uri] }
        set { documents[uri] = newValue }
    }

    mutating func open(uri: String, version: Int, text: String) {
        documents[uri] = OpenDocument(uri: uri, version: version, lines: LineMap(text))
    }

    mutating func close(uri: String) {
        documents[uri] = nil
    }

    /// Applies `textDocument/didChange` content changes in order: one without `range` replaces
    /// the text, one with a range replaces that range (positions in `encoding`, clamped).
    mutating func change(uri: String, version: Int, changes: [JSONValue], encoding: PositionEncoding) -> Bool {
        guard var document = documents[uri] else { return false }
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            guard let range = change["range"], let start = Self.position(range["start"]), let end = Self.position(range["end"]) else {
                document.lines = LineMap(text)
                continue
            }
            let lines = document.lines
            let from = lines.offset(line: start.line, character: start.character, encoding: encoding)
            let to = max(from, lines.offset(line: end.line, character: end.character, encoding: encoding))
            let bytes = Array(lines.text.utf8)
            document.lines = LineMap(String(decoding: bytes[..<from] + Array(text.utf8) + bytes[to...], as: UTF8.self))
        }
        document.version = version
        document.checked = nil
        documents[uri] = document
        return true
    }

    /// An LSP `Position` object: `line` and `character`, integers.
    static func position(_ value: JSONValue?) -> (line: Int, character: Int)? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else { return nil }
        return (line, character)
    }
}

@testable import CapauditKit
import Testing
import YAML

/// A name the draft writes as a YAML scalar reads back as exactly that name, whatever it holds.
@Suite struct HostileDraftScalarTests {
    static let pieces: [String] = [
        "\n", "\r", "\r\n", "\t", "\u{0}", "\u{7}", "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{200B}", "\u{FEFF}",
        "\"", "'", "\\", "\\n", "#", ": ", " #", "- ", "?", "&a", "*a", "!tag", "|", ">", "%", "@", "`", "{", "}", "[", "]", ",", "\u{1F600}", "é", "",
    ]

    @Test(arguments: pieces)
    func aNameReadsBackAsItself(_ piece: String) throws {
        for name in [piece, "Card\(piece)View", "\(piece)x", "x\(piece)", " \(piece) "] {
            let document = "code: [\(StarterManifest.yamlScalar(name))]\n"
            let stream = YAMLLoader.loadDocuments(Array(document.utf8))
            #expect(stream.error == nil, "\(document.debugDescription): \(String(describing: stream.error))")
            let read = stream.documents.first?["code"]?.sequence?.first?.scalar?.value
            #expect(read == name, "\(document.debugDescription) read back as \(String(describing: read?.debugDescription))")
            #expect(!document.dropLast().contains("\n"), "one line: \(document.debugDescription)")
        }
    }
}

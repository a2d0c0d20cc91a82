import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// A file or folder name is data wherever capaudit writes it: every output format, the drafts
/// of `init --from-source`, and the messages naming absolute paths. Each hostile piece is tried
/// in a name of its own, and each output parsed back.
@Suite struct HostileOutputTests {
    /// Each piece of text a name might use to break out of where it is written.
    static let hostilePieces = [
        "\n", "\r", "\"", "'", "<b>x</b>", "&amp;", "]]>", "-->", "<!--", "#", ": ", "`", "|", "\t", "\u{1B}[31m", "\u{202E}", "\u{2066}",
        "\u{2028}", "\u{85}", "%0A", "::error ", ",line=1", "@team", "\\",
    ]

    static func fileName(_ index: Int) -> String { "m\(index)\(hostilePieces[index])z.yml" }

    /// A folder of manifests, one per hostile piece, each with findings.
    static func hostileFolder() throws -> URL {
        let folder = try makeTemporaryFolder()
        let manifest = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        for index in hostilePieces.indices {
            try write(manifest, to: folder.appendingPathComponent("apps").appendingPathComponent(fileName(index)))
        }
        return folder
    }

    /// How a name shows in text: controls and invisible characters as visible escapes.
    static let shownNames = Set(hostilePieces.indices.map { "apps/" + ControlEscaping.escape(fileName($0)) })

    func check(_ format: String, in folder: URL) throws -> RunResult {
        let result = try runCapaudit(["check", "--format", format, "apps"], in: folder)
        #expect(result.status == 1, "\(format): \(result.stderr)")
        return result
    }

    /// The file name at the start of each line of text that gives a location, `NAME:LINE:COL: `.
    static func locatedNames(_ text: String) throws -> [String] {
        let location = try NSRegularExpression(pattern: "^(.*\\.yml):[0-9]+:[0-9]+: (error|warning|info) ")
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let line = String(line)
            guard let match = location.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                let name = Range(match.range(at: 1), in: line)
            else { return nil }
            return String(line[name])
        }
    }

    func expectNoRawControls(_ text: String, _ what: String) {
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2066}" || $0 == "\u{2028}" }
        #expect(raw.isEmpty, "\(what) carries raw control or bidi characters: \(raw.map(\.value))")
    }

    @Test func textAndJUnitLinesNameOnlyRealFiles() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try check("text", in: folder).stdout
        expectNoRawControls(text, "text")
        let textNames = try Self.locatedNames(text)
        #expect(textNames.count >= Self.hostilePieces.count * 5)
        #expect(Set(textNames).subtracting(Self.shownNames).isEmpty, "a text line starts with a name no file has: \(Set(textNames).subtracting(Self.shownNames))")

        let junit = try check("junit", in: folder).stdout
        let bodies = try XMLOutline.parse(junit).filter { $0.name == "failure" || $0.name == "system-out" }.map(\.text).joined(separator: "\n")
        let junitNames = try Self.locatedNames(bodies)
        #expect(junitNames.count == textNames.count, "every finding on a line of its own in JUnit too")
        #expect(Set(junitNames).subtracting(Self.shownNames).isEmpty, "a JUnit line starts with a name no file has: \(Set(junitNames).subtracting(Self.shownNames))")
    }

    @Test func jsonAndSarifKeepTheExactNames() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = Set(Self.hostilePieces.indices.map { "apps/" + Self.fileName($0) })
        let json = try #require(JSONSerialization.jsonObject(with: Data(try check("json", in: folder).stdout.utf8)) as? [String: Any])
        let files = Set((json["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files == expected)

        let sarif = try #require(JSONSerialization.jsonObject(with: Data(try check("sarif", in: folder).stdout.utf8)) as? [String: Any])
        let results = (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        let uris = results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris.allSatisfy { $0.allSatisfy { $0.isASCII && !" \"<>\\^`{|}#?".contains($0) && $0.asciiValue.map { $0 > 0x20 && $0 < 0x7F } == true } })
        #expect(Set(uris.compactMap { $0.removingPercentEncoding }) == expected)
    }

    @Test func githubAnnotationsStayOneCommandALine() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try check("github", in: folder).stdout
        let lines = output.split(separator: "\n")
        #expect(lines.count >= Self.hostilePieces.count * 5)
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=apps/m") || $0.hasPrefix("::warning file=apps/m") || $0.hasPrefix("::notice file=apps/m") })
        for line in lines {
            let properties = line.dropFirst(2).prefix { $0 != ":" }
            let names = properties.dropFirst(properties.firstIndex(of: " ").map { properties.distance(from: properties.startIndex, to: $0) + 1 } ?? 0)
                .split(separator: ",").map { $0.prefix { $0 != "=" } }
            #expect(names.first == "file" && names.dropFirst().allSatisfy { ["line", "col", "endLine", "endColumn", "title"].contains($0) }, "no property smuggled in: \(line)")
        }
    }

    @Test func markdownAndHTMLNeverCarryMarkupFromANameOrRawControls() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = try check("markdown", in: folder).stdout
        let report = try runCapaudit(["report", "apps"], in: folder)
        let reportMarkdown = try runCapaudit(["report", "--format", "markdown", "apps"], in: folder)
        for (name, text) in [("check markdown", markdown), ("report html", report.stdout), ("report markdown", reportMarkdown.stdout)] {
            #expect(!text.isEmpty, "\(name)")
            #expect(!text.contains("<b>x</b>"), "\(name): a name's markup reached the output")
            #expect(!text.contains("m7-->") && !text.contains("m8<!--"), "\(name): a name opened or closed a comment")
            #expect(!text.contains("&amp;z"), "\(name): `&amp;` in a name must be escaped to `&amp;amp;`")
            expectNoRawControls(text.replacingOccurrences(of: "\t", with: " "), name)
        }
        #expect(!markdown.contains("@team"), "a name must not mention someone in a pull-request comment")
    }

    @Test func aNameThatIsNotUTF8HasItsOwnBytesInTheSarifURI() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try readBytes(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("caf\u{E9}"), withIntermediateDirectories: true)
        try writeBytes(manifest, toPath: Array(folder.path.utf8) + Array("/caf\u{E9}/".utf8) + [0x6E, 0xE9, 0xFF, 0x20, 0x25, 0x78] + Array(".yml".utf8))
        let result = try runCapaudit(["check", "--format", "sarif", "."], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let sarif = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = (sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        let uris = Set(results.compactMap { result -> String? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        })
        #expect(uris == ["caf%C3%A9/n%E9%FF%20%25x.yml"], "RFC 3986: each byte of the name percent-encoded, the UTF-8 folder as its UTF-8")
    }

    /// `init --from-source` writes folder and file names into YAML comments: a line break
    /// there would start a line of YAML.
    @Test(arguments: hostilePieces.indices)
    func aDraftFromHostileFolderAndFileNamesStaysValidYAML(_ index: Int) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let piece = Self.hostilePieces[index]
        let injected = "x\(piece)screens: []\(piece)# "
        let iosFolder = "ios\(injected)"
        let androidFolder = "android\(injected)"
        try write(
            "import SwiftUI\nstruct CardsView: View {\n    var body: some View { SecureField(\"PIN\", text: $pin) }\n}\n",
            to: folder.appendingPathComponent(iosFolder).appendingPathComponent("Cards\(injected).swift"))
        try write(
            "class PayActivity : AppCompatActivity() {\n    override fun onCreate(b: Bundle?) { window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE) }\n}\n",
            to: folder.appendingPathComponent(androidFolder).appendingPathComponent("Pay\(injected).kt"))
        // Versions the build files say, so that the draft leaves none for the person to fill in.
        try write("android { defaultConfig { minSdk = 26; targetSdk = 35 } }\n", to: folder.appendingPathComponent(androidFolder).appendingPathComponent("build.gradle.kts"))
        try write(
            "{ objects = { P = { isa = PBXProject; buildConfigurationList = L; targets = (T); }; T = { isa = PBXNativeTarget; buildConfigurationList = L; name = App; "
                + "productType = \"com.apple.product-type.application\"; }; L = { buildConfigurations = (C); }; "
                + "C = { buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Release; }; }; rootObject = P; }\n",
            to: folder.appendingPathComponent(iosFolder).appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let result = try runCapaudit(["init", "--from-source", "--source", "ios=\(iosFolder)", "--source", "android=\(androidFolder)", "draft.yml"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        expectNoRawControls(result.stdout, "init's message")
        let draft = try readText(folder.appendingPathComponent("draft.yml"))
        expectNoRawControls(draft.replacingOccurrences(of: "\t", with: " "), "the draft")
        let stream = YAMLLoader.loadDocuments(Array(draft.utf8))
        #expect(stream.error == nil, "the draft must be valid YAML: \(String(describing: stream.error))")
        let root = try #require(stream.documents.first)
        let screens = try #require(root["screens"]?.sequence, "`screens` is the draft's list, not a name's `screens: []`")
        #expect(screens.count == 2)
        #expect(root.mapping?.filter { $0.key.scalar?.value == "screens" }.count == 1)
        for line in draft.split(separator: "\n") where line.contains("x") && line.contains("screens: []") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("#"), "a name outside a comment: \(line)")
        }
        let checked = try runCapaudit(["check", "--format", "json", "draft.yml", "--source", "ios=\(iosFolder)", "--source", "android=\(androidFolder)"], in: folder)
        #expect(!checked.stdout.contains("\"rule\": \"MAN00"), "the draft reads back and passes MAN001-MAN004: \(checked.stdout.prefix(800))")
        #expect(checked.status != 2, "\(checked.stderr)")
    }

    /// Messages that name a path given as absolute keep its leading `/`, run from `/` too.
    @Test func absolutePathsKeepTheirLeadingSlashInEveryMessage() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("fail-on: bogus\n", to: folder.appendingPathComponent("config.yml"))
        try write(try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml")), to: folder.appendingPathComponent("app.yml"))
        try write("import SwiftUI\nstruct CardsView: View {}\n", to: folder.appendingPathComponent("src/ios/CardsView.swift"))
        let root = URL(fileURLWithPath: "/")
        let config = try runCapaudit(["check", "--config", folder.appendingPathComponent("config.yml").path, folder.appendingPathComponent("app.yml").path], in: root)
        #expect(config.status == 2)
        #expect(config.stderr.hasPrefix("\(folder.path)/config.yml:1:10: "), "\(config.stderr)")
        let source = try runCapaudit(["check", "--source", "ios=\(folder.path)/src/ios", folder.appendingPathComponent("app.yml").path], in: root)
        #expect(source.status == 1)
        #expect(source.stdout.contains("\(folder.path)/app.yml:"))
        #expect(source.stdout.contains("(\(folder.path)/src/ios)"), "the source folder as given: \(source.stdout.prefix(2000))")
        #expect(!source.stdout.contains(" \(folder.path.dropFirst())"), "a path without its leading `/`")
        for format in ["json", "sarif", "github", "junit", "markdown"] {
            let result = try runCapaudit(["check", "--format", format, "--source", "ios=\(folder.path)/src/ios", folder.appendingPathComponent("app.yml").path], in: root)
            #expect(result.status == 1, "\(format): \(result.stderr)")
            let withoutSlash = result.stdout.replacingOccurrences(of: "/" + folder.path.dropFirst(), with: "")
            #expect(!withoutSlash.contains(folder.path.dropFirst()), "\(format) names a path without its leading `/`")
        }
    }
}

import Testing
@testable import SourceScan

/// Dart and TypeScript/JavaScript: token positions (columns in Unicode scalars), JSX, regular
/// expressions told from division, declarations, and the package manifests that decide which
/// package patterns count.
@Suite struct ScriptLanguageTests {
    func dart(_ text: String) -> LexedSource { DartLexer.lex(Array(text.utf8)) }
    func tsx(_ text: String) -> LexedSource { JSXLexer.lex(Array(text.utf8)) }
    func ts(_ text: String) -> LexedSource { TypeScriptLexer.lex(Array(text.utf8)) }

    @Test func dartStringsInterpolationsAndNestedCommentsAreWholeTokens() {
        let source = dart("/* a /* b */ c */ é = r'\\' + '''x\n''' + \"${f('}')}\" + s;")
        #expect(tokens(source) == ["é@1:19", "=@1:21", "r'\\'@1:23", "+@1:28", "'''x\n'''@1:30", "+@2:5", "\"${f('}')}\"@2:7", "+@2:19", "s@2:21", ";@2:22"])
    }

    @Test func aSlashIsARegexWhereAValueStartsAndADivisionAfterAValue() {
        #expect(tokens(ts("a = b / c / d; r = /[/]x/gi.test(s)")) == [
            "a@1:1", "=@1:3", "b@1:5", "/@1:7", "c@1:9", "/@1:11", "d@1:13", ";@1:14", "r@1:16", "=@1:18", "/[/]x/gi@1:20", ".@1:28",
            "test@1:29", "(@1:33", "s@1:34", ")@1:35",
        ])
        #expect(tokens(ts("return /a/.x; f(x) / 2")).prefix(2) == ["return@1:1", "/a/@1:8"])
        #expect(tokens(ts("f(x) / 2 / 3")).contains("/@1:6"))
    }

    @Test func jsxTextIsNotCodeAndItsAttributeValuesAre() {
        let source = tsx("const v = (<A b=\"it's\" c={f(1)}>Don't {g()} <B/></A>);\nh()")
        #expect(tokens(source) == [
            "const@1:1", "v@1:7", "=@1:9", "(@1:11", "<@1:12", "A@1:13", "b@1:15", "=@1:16", "\"it's\"@1:17", "c@1:24", "=@1:25", "{@1:26",
            "f@1:27", "(@1:28", "1@1:29", ")@1:30", "}@1:31", ">@1:32", "{@1:39", "g@1:40", "(@1:41", ")@1:42", "}@1:43", "<@1:45", "B@1:46",
            "/>@1:47", "</A>@1:49", ")@1:53", ";@1:54", "h@2:1", "(@2:2", ")@2:3",
        ])
        #expect(tokens(ts("x = a < b; y = <T>z")).contains("z@1:19"), "a .ts file has no JSX")
        #expect(!tokens(tsx("const f = <T extends U>(x: T) => g(x)")).filter { $0.hasPrefix("g@") }.isEmpty)
    }

    @Test func dartAndTypeScriptClassesAreDeclarationsWithTheirSupertypes() {
        let dartTypes = index(.android, ["lib/a.dart": "class _S extends State<A> with M implements I { void f() {} }\nmixin M on B {}"]).declarations
        #expect(dartTypes.map { "\($0.name):\($0.supertypes.map(\.name))@\($0.line):\($0.column)" } == ["_S:[\"State\", \"M\", \"I\"]@1:7", "M:[\"B\"]@2:7"])
        let scriptTypes = index(.ios, ["src/a.tsx": "export default class Card extends React.Component<P> implements X {}"]).declarations
        #expect(scriptTypes.map { "\($0.name):\($0.supertypes.map(\.qualifiedName))" } == ["Card:[\"React.Component\", \"X\"]"])
    }

    /// A package's pattern counts only in a file whose nearest manifest lists the package under
    /// `dependencies` (not `dev_dependencies` or `devDependencies`).
    @Test func aPackagePatternCountsOnlyWhereTheNearestManifestDependsOnIt() throws {
        let patterns = try PatternSet([
            PatternDefinition(language: .dart, text: "screenshotOff()", tag: "dart", package: "no_screenshot"),
            PatternDefinition(language: .typescript, text: "prevent()", tag: "ts", package: "guard"),
        ])
        let pubspec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  # comment\n  \"no_screenshot\": ^1.0\ndev_dependencies:\n  guard: 1\n"
        let packageJSON = "{\"name\": \"x\", \"devDependencies\": {\"guard\": \"1\"}, \"dependencies\": {\"react\": {\"x\": \"guard\"}, \"guard\": \"^1\"}}"
        let files = [
            "pubspec.yaml": pubspec, "lib/a.dart": "f() { screenshotOff(); }",
            "example/pubspec.yaml": "name: example\ndependencies:\n  flutter:\n", "example/lib/b.dart": "g() { screenshotOff(); }",
            "web/package.json": packageJSON, "web/src/a.js": "prevent()", "web/inner/package.json": "{\"dependencies\": {}}",
            "web/inner/b.ts": "prevent()", "loose.ts": "prevent()",
        ]
        let scanned = index(.android, files, patterns: patterns)
        #expect(found(scanned.occurrences) == ["dart@1:7", "ts@1:1"])
        #expect(scanned.occurrences.map(\.location.file) == ["lib/a.dart", "web/src/a.js"])
        #expect(scanned.buildFacts.packageManifests.map { "\($0.file): \($0.dependencies.sorted())" } == [
            "example/pubspec.yaml: [\"flutter\"]", "pubspec.yaml: [\"flutter\", \"no_screenshot\"]", "web/inner/package.json: []",
            "web/package.json: [\"guard\", \"react\"]",
        ])
    }

    @Test func dartAndScriptTestFilesAndPackageFoldersAreNotRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for path in ["lib/a_test.dart", "src/a.test.tsx", "src/a.spec.js", "src/a.ts", "lib/a.dart", "node_modules/p/i.js", ".dart_tool/x.dart", "package.json"] {
            try folder.write(path, "x")
        }
        let scanned = SourceIndex.scan(folder: folder.path, platform: .ios, patterns: PatternSet())
        #expect(scanned.files.map { "\($0.path):\($0.kind.rawValue)" } == ["lib/a.dart:dart", "package.json:package-json", "src/a.ts:typescript"])
    }
}

import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

/// The source scanner against code written to slip past it (issue 22): line terminators, Java
/// Unicode escapes, calls that clear a protection through another API, names that only look
/// like a setter's property, dead Swift code and regex literals.
@Suite struct HostileSourceTests {
    /// One screen that claims `mechanism` on `platform`, its code the type `Pay`.
    static func manifest(platform: String, mechanism: String) -> String {
        let platformFacts = platform == "android" ? "android:\n      min-sdk: 28\n      target-sdk: 35" : "ios:\n      deployment-target: \"17.0\""
        return """
            capaudit: 1
            app:
              name: Hostile
              profile: general
              platforms:
                \(platformFacts)
            screens:
              - id: pay
                protect:
                  \(platform): [\(mechanism)]
                code:
                  \(platform): [Pay]

            """
    }

    /// "RULE" for each evidence finding of a check of `files` (under `app/`), with " see FILE:LINE:COLUMN"
    /// for each code location an EVD003 names.
    static func evidence(_ files: [String: String], platform: String = "android", mechanism: String = "flag-secure") throws -> [String] {
        let folder = try makeTemporaryFolder()
        for (path, text) in files { try write(text, to: folder.appendingPathComponent("app/\(path)")) }
        try write(manifest(platform: platform, mechanism: mechanism), to: folder.appendingPathComponent("capaudit.yml"))
        let result = try runCapaudit(["check", "capaudit.yml", "--source", "\(platform)=app", "--format", "json"], in: folder)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let report = try JSONParser.parse(result.stdout)
        return (report["findings"]?.arrayValue ?? []).compactMap { finding in
            guard let rule = finding["rule"]?.stringValue, rule.hasPrefix("EVD") else { return nil }
            let related = (rule == "EVD003" ? finding["related"]?.arrayValue ?? [] : []).map { place in
                " see \(place["file"]?.stringValue ?? ""):\(place["line"]?.intValue ?? 0):\(place["column"]?.intValue ?? 0)"
            }
            return rule + related.joined()
        }
    }

    static let sets = "window.setFlags(FLAG_SECURE, FLAG_SECURE)"

    static func kotlin(_ body: String) -> [String: String] {
        ["Pay.kt": "class Pay : Activity() {\n    fun onCreate() {\n        \(body)\n    }\n}\n"]
    }

    static func java(_ body: String) -> [String: String] {
        ["Pay.java": "class Pay extends Activity {\n    void onCreate() {\n        \(body)\n    }\n}\n"]
    }

    /// A `//` comment ends at every line terminator; what follows is code, at its own line.
    @Test(arguments: ["\r", "\r\n", "\n"])
    func aLineCommentEndsAtEveryTerminator(_ terminator: String) throws {
        let line = "        \(Self.sets); // was on\(terminator)        window.clearFlags(FLAG_SECURE)"
        #expect(try Self.evidence(Self.kotlin(line)) == ["EVD003 see app/Pay.kt:4:16"])
        #expect(try Self.evidence(Self.java(line + ";")) == ["EVD003 see app/Pay.java:4:16"])
    }

    @Test func javaUnicodeEscapesMeanWhatTheyMeanToTheCompiler() throws {
        // An escaped line break ends the comment: the clearing call is code.
        #expect(try Self.evidence(Self.java("\(Self.sets); // on\\u000dwindow.clearFlags(FLAG_SECURE);")) == ["EVD003 see app/Pay.java:3:70"])
        // An escaped letter is the letter (several `u` allowed).
        #expect(try Self.evidence(Self.java("\(Self.sets); window.clearFlags(FLAG_SECUR\\uuu0045);")) == ["EVD003 see app/Pay.java:3:59"])
        // An escaped comment opener makes a comment: what it holds is no evidence.
        #expect(try Self.evidence(Self.java("\\u002f\\u002f \(Self.sets);")) == ["EVD001"])
        // An odd run of backslashes is no escape: `\\u002f` inside a string stays text.
        #expect(try Self.evidence(Self.java("String s = \"\\\\u0022\"; \(Self.sets);")) == [])
    }

    /// Each form that clears or sets the flag, with its near misses.
    @Test func eachFormNamesWhatItDoesToTheFlag() throws {
        let kotlinCases: [(String, [String])] = [
            ("window.setFlags(0, WindowManager.LayoutParams.FLAG_SECURE)", ["EVD001", "EVD003 see app/Pay.kt:3:16"]),
            ("window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)", []),
            ("window.setFlags(FLAG_SECURE or FLAG_DIM_BEHIND, FLAG_SECURE)", []),
            ("window.setFlags(f(0, FLAG_SECURE), FLAG_SECURE)", []),
            ("window.setFlags(FLAG_DIM_BEHIND, FLAG_SECURE)", ["EVD001"]),
            ("val secure = true", ["EVD001"]),
            ("var secure = true", ["EVD001"]),
            ("render(secure = true)", ["EVD001"]),
            ("render(a, secure = true)", ["EVD001"]),
            ("surfaceView.setSecure(true)", []),
            ("surfaceView.setSecure(false); \(Self.sets)", ["EVD003 see app/Pay.kt:3:21"]),
            ("\(Self.sets); params.flags = params.flags and WindowManager.LayoutParams.FLAG_SECURE.inv()", ["EVD003 see app/Pay.kt:3:111"]),
            ("\(Self.sets); params.flags = params.flags and FLAG_DIM_BEHIND.inv()", []),
        ]
        for (body, expected) in kotlinCases {
            #expect(try Self.evidence(Self.kotlin(body)) == expected, "\(body)")
        }
        let javaCases: [(String, [String])] = [
            ("getWindow().setFlags(0, WindowManager.LayoutParams.FLAG_SECURE);", ["EVD001", "EVD003 see app/Pay.java:3:21"]),
            ("\(Self.sets); params.flags = params.flags & ~WindowManager.LayoutParams.FLAG_SECURE;", ["EVD003 see app/Pay.java:3:82"]),
            ("\(Self.sets); params.flags &=~FLAG_SECURE;", ["EVD003 see app/Pay.java:3:67"]),
            ("\(Self.sets); params.flags &= ~(FLAG_DIM_BEHIND | FLAG_SECURE);", ["EVD003 see app/Pay.java:3:68"]),
            ("\(Self.sets); params.flags &= ~FLAG_DIM_BEHIND | FLAG_SECURE;", []),
        ]
        for (body, expected) in javaCases {
            #expect(try Self.evidence(Self.java(body)) == expected, "\(body)")
        }
    }

    /// A `#if false` block and a regex literal are no code; a `#if DEBUG` branch is.
    @Test func deadSwiftCodeAndRegexLiteralsAreNoEvidence() throws {
        func swift(_ body: String) -> [String: String] {
            ["Pay.swift": "final class Pay: UIViewController {\n\(body)\n}\n"]
        }
        let cover = "    func sceneWillResignActive(_ scene: UIScene) { view.addSubview(cover) }"
        #expect(try Self.evidence(swift("#if false\n\(cover)\n#endif"), platform: "ios", mechanism: "cover-on-background") == ["EVD001"])
        #expect(try Self.evidence(swift("#if true\n#else\n\(cover)\n#endif"), platform: "ios", mechanism: "cover-on-background") == ["EVD001"])
        #expect(try Self.evidence(swift("    let pattern = /sceneWillResignActive/"), platform: "ios", mechanism: "cover-on-background") == ["EVD001"])
        #expect(try Self.evidence(swift("#if DEBUG\n\(cover)\n#endif"), platform: "ios", mechanism: "cover-on-background") == [])
        #expect(try Self.evidence(swift("    // off\r\(cover)"), platform: "ios", mechanism: "cover-on-background") == [])
    }

    /// A simple name is a top-level type of the app: a nested type of that name, or a type in
    /// test code (a test source set or folder, a test file, an XCTestCase subclass), is no evidence.
    @Test func decoysInNestedTypesAndTestCodeAreNotTheScreen() throws {
        let screen = "class Pay : Activity() {}\n"
        let decoy = "class Pay : Activity() { fun a() { \(Self.sets) } }\n"
        let kotlinDecoys: [String: String] = [
            "src/main/Other.kt": "class Other { \(decoy) }",
            "src/test/java/Pay.kt": decoy, "src/androidTest/Pay.kt": decoy, "src/testDebug/Pay.kt": decoy,
            "feature/tests/Pay.kt": decoy, "feature/__tests__/Pay.kt": decoy, "src/main/PayTest.kt": decoy,
        ]
        for (path, text) in kotlinDecoys {
            #expect(try Self.evidence(["src/main/Pay.kt": screen, path: text]) == ["EVD001"], "\(path)")
        }
        // Only the nested one: the simple name names no top-level type.
        #expect(try Self.evidence(["src/main/Other.kt": "class Other { \(decoy) }"]) == ["EVD005"])
        let swiftScreen = "final class Pay: UIViewController {}\n"
        let swiftDecoy = "func sceneWillResignActive(_ scene: UIScene) { window.addSubview(cover) }"
        let swiftDecoys: [String: String] = [
            "AppTests/PayTests.swift": "extension Pay { \(swiftDecoy) }",
            "AppUITests/Cover.swift": "extension Pay { \(swiftDecoy) }",
            "App/PayCheck.swift": "final class PayCheck: XCTestCase { final class Pay: UIViewController { \(swiftDecoy) } }",
        ]
        for (path, text) in swiftDecoys {
            #expect(try Self.evidence(["App/Pay.swift": swiftScreen, path: text], platform: "ios", mechanism: "cover-on-background") == ["EVD001"], "\(path)")
        }
    }

    /// A source file whose name is not UTF-8 is read by its bytes: its clearing call counts.
    @Test func aFileWhoseNameIsNotUTF8IsRead() throws {
        let folder = try makeTemporaryFolder()
        try write("class Pay : Activity() { fun a() { \(Self.sets) } }\n", to: folder.appendingPathComponent("app/Pay.kt"))
        let name = Array(folder.appendingPathComponent("app").path.utf8) + Array("/Pay+Clear\u{FF}".utf8.dropLast(2)) + [0xFF] + Array(".kt".utf8)
        try writeBytes(Array("extension fun Pay.clear() {}\nclass PayClear : Activity() { fun b() { window.clearFlags(FLAG_SECURE) } }\n".utf8), toPath: name)
        try write(Self.manifest(platform: "android", mechanism: "flag-secure").replacingOccurrences(of: "[Pay]", with: "[Pay, PayClear]"), to: folder.appendingPathComponent("capaudit.yml"))
        let result = try runCapaudit(["check", "capaudit.yml", "--source", "android=app", "--format", "json"], in: folder)
        let rules = try JSONParser.parse(result.stdout)["findings"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } ?? []
        #expect(rules.contains("EVD003") && !rules.contains("EVD005"), "\(rules) \(result.stderr)")
    }

    /// Evidence checks are linear in mapped screens: 12 000 screens, each with its own type, and
    /// as many `code` entries that name nothing, checked within a bound that quadratic stages
    /// (0.2.0 took 81 s for 16 000) exceed.
    @Test func manyMappedScreensAreCheckedInLinearTime() throws {
        let count = 12_000
        let folder = try makeTemporaryFolder()
        for file in 0..<(count / 100) {
            let types = (0..<100).map { "class Screen\(file * 100 + $0) : Activity() { fun a() { window.setFlags(FLAG_SECURE, FLAG_SECURE) } }\n" }
            try write(types.joined(), to: folder.appendingPathComponent("app/Screens\(file).kt"))
        }
        var manifest = Self.manifest(platform: "android", mechanism: "flag-secure")
        for index in 0..<count {
            manifest += "  - id: s\(index)\n    protect:\n      android: [flag-secure]\n    code:\n      android: [Screen\(index), Missing\(index)]\n"
        }
        try write(manifest, to: folder.appendingPathComponent("capaudit.yml"))
        let bound: Double = ProcessInfo.processInfo.environment["CAPAUDIT_SANITIZER"] == nil ? 40 : 160
        let result = try runCapaudit(["check", "capaudit.yml", "--source", "android=app", "--format", "json"], in: folder, timeout: bound)
        let findings = try JSONParser.parse(result.stdout)["findings"]?.arrayValue ?? []
        let rules = findings.compactMap { $0["rule"]?.stringValue }.filter { $0.hasPrefix("EVD") }
        // Every Missing entry and the template's own `Pay` name nothing; every Screen applies its flag.
        #expect(rules == Array(repeating: "EVD005", count: count + 1), "\(result.stderr.prefix(400))")
    }
}

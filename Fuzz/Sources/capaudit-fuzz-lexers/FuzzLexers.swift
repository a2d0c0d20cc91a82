import SourceScan

/// The clearing call every property places: it must be seen after a construct, never inside one.
let call = "clearFlags(FLAG_SECURE)"

let patterns: PatternSet = {
    do throws(PatternError) {
        return try PatternSet([SourceLanguage.kotlin, .java, .swift, .dart, .typescript].map { PatternDefinition(language: $0, text: "clearFlags(… FLAG_SECURE …)", tag: "clears") })
    } catch {
        fatalError("the fuzz pattern does not compile: \(error)")
    }
}()

/// Every kind of file the scanner reads, by a path that makes it that kind.
let paths: [(path: String, platform: SourcePlatform)] = [
    ("A.kt", .android), ("A.java", .android), ("build.gradle", .android), ("build.gradle.kts", .android),
    ("AndroidManifest.xml", .android), ("res/layout/a.xml", .android), ("A.swift", .ios), ("Package.swift", .ios),
    ("A.xcodeproj/project.pbxproj", .ios), ("a.dart", .android), ("a.ts", .ios), ("a.tsx", .android), ("a.js", .ios),
    ("pubspec.yaml", .android), ("package.json", .ios),
]

/// The code files, with the comment and literal forms each language shares, for the wrapping property.
let codeFiles: [(path: String, platform: SourcePlatform)] = [
    ("A.kt", .android), ("A.java", .android), ("A.swift", .ios), ("a.dart", .android), ("a.ts", .ios), ("a.tsx", .android),
]

func occurrences(_ text: [UInt8], path: String, platform: SourcePlatform) -> [PatternOccurrence] {
    SourceIndex.scan(contents: [(path, text)], platform: platform, patterns: patterns).occurrences
}

/// libFuzzer entry, for the source lexers (random bytes and mutated real sources):
/// - no input traps or hangs, whatever kind of file it is read as;
/// - reading is linear: the scan of `n` bytes takes at most 50 ms + 20 µs × n (generous under
///   coverage instrumentation; a quadratic path over 64 KiB takes seconds);
/// - the input, made valid UTF-8 and stripped of what could end the construct, placed inside a
///   line comment, a block comment or a string literal with the clearing call (in TypeScript also
///   a template literal, a regular expression literal and, in TSX, JSX text), never lets the call
///   count; the same call after the construct counts exactly once, on the line after it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for (path, platform) in paths {
        let start = ContinuousClock.now
        _ = occurrences(bytes, path: path, platform: platform)
        let elapsed = ContinuousClock.now - start
        let limit = Duration.milliseconds(50) + Duration.microseconds(20) * size
        if elapsed > limit { fatalError("reading \(size) bytes as \(path) took \(elapsed), over \(limit)") }
    }
    let valid = Array(String(decoding: bytes, as: UTF8.self).utf8)
    let callBytes = Array(call.utf8)
    func without(_ removed: String) -> [UInt8] {
        let set = Set(removed.utf8)
        return valid.filter { !set.contains($0) }
    }
    // Backslashes go everywhere: a Java Unicode escape could spell a line break, `*` or a quote.
    let forms: [(open: String, body: [UInt8], close: String)] = [
        ("// ", without("\n\r\\"), "\n"),
        ("/* ", without("*/\\"), " */\n"),
        ("x = \"", without("\"\\\n\r$"), "\";\n"),
    ]
    let scriptForms: [(open: String, body: [UInt8], close: String)] = [
        ("x = `", without("`\\$"), "`;\n"),
        // A regular expression literal starts with a character: `/*` opens a comment and `//` a line comment.
        ("x = /a", without("/\\[\n\r"), "/g;\n"),
    ]
    let jsxForms: [(open: String, body: [UInt8], close: String)] = [("x = <A>", without("<{\\"), "</A>;\n")]
    for (path, platform) in codeFiles {
        let extra = path.hasSuffix(".tsx") ? scriptForms + jsxForms : path.hasSuffix(".ts") ? scriptForms : []
        for form in forms + extra {
            let inside = Array(form.open.utf8) + form.body + Array(" \(call) ".utf8) + Array(form.close.utf8)
            let found = occurrences(inside, path: path, platform: platform)
            if !found.isEmpty { fatalError("\(path): a call inside \(form.open.debugDescription)…\(form.close.debugDescription) counted: \(found)") }
            let after = occurrences(inside + callBytes, path: path, platform: platform)
            let lines = 1 + inside.indices.filter { inside[$0] == 0x0A || (inside[$0] == 0x0D && inside.indices.contains($0 + 1) && inside[$0 + 1] != 0x0A) }.count
            if after.count != 1 || after.first?.location.line != lines {
                fatalError("\(path): the call after \(form.open.debugDescription)…\(form.close.debugDescription) was found \(after.count) times, not once on line \(lines): \(after)")
            }
        }
    }
    return 0
}

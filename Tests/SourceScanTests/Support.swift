import Foundation
@testable import SourceScan

/// `text@line:column` for each token, to compare whole token streams in one assertion.
func tokens(_ source: LexedSource) -> [String] {
    source.tokens.map { "\(source.text($0))@\($0.line):\($0.column)" }
}

func kotlin(_ text: String) -> LexedSource { KotlinLexer.lex(Array(text.utf8)) }
func java(_ text: String) -> LexedSource { JavaLexer.lex(Array(text.utf8)) }
func swift(_ text: String) -> LexedSource { SwiftLexer.lex(Array(text.utf8)) }
func groovy(_ text: String) -> LexedSource { GroovyLexer.lex(Array(text.utf8)) }

/// Patterns from `language: text` pairs, tagged with their text.
func patternSet(_ language: SourceLanguage, _ texts: [String]) throws -> PatternSet {
    try PatternSet(texts.map { PatternDefinition(language: language, text: $0, tag: $0) })
}

/// "tag@line:column" for each occurrence.
func found(_ occurrences: [PatternOccurrence]) -> [String] {
    occurrences.map { "\($0.tag)@\($0.location.line):\($0.location.column)" }
}

/// An index over files given in memory.
func index(_ platform: SourcePlatform, _ files: [String: String], patterns: PatternSet = PatternSet()) -> SourceIndex {
    SourceIndex.scan(contents: files.map { ($0.key, Array($0.value.utf8)) }, platform: platform, patterns: patterns)
}

/// A temporary folder for one test, which removes it with `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sourcescan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func link(_ relative: String, to target: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Reads iOS deployment targets: every `IPHONEOS_DEPLOYMENT_TARGET = 15.0;` of a
/// `project.pbxproj` (key and value quoted or not; comments skipped), and `.iOS(.v15)`,
/// `.iOS(.v16_4)`, `.iOS("15.0")` of a `Package.swift` (from its Swift tokens).
enum XcodeProjectReader {
    private static let deploymentTargetKey = "IPHONEOS_DEPLOYMENT_TARGET"

    /// A word of an old-style property list: a quoted string (unquoted) or a bare word.
    private struct Word {
        var text: String
        var isEquals: Bool
        var line: Int
        var column: Int
    }

    static func deploymentTargets(inProject bytes: [UInt8], file: String) -> [DeploymentTarget] {
        let words = propertyListWords(bytes)
        var targets: [DeploymentTarget] = []
        var index = 0
        while index + 2 < words.count {
            defer { index += 1 }
            guard words[index].text == deploymentTargetKey, words[index + 1].isEquals else { continue }
            let value = words[index + 2]
            targets.append(
                DeploymentTarget(
                    version: OSVersion(value.text), valueText: value.text, origin: .xcodeProject,
                    location: SourceLocation(file: file, line: value.line, column: value.column)))
        }
        return targets
    }

    private static func propertyListWords(_ bytes: [UInt8]) -> [Word] {
        var cursor = ByteCursor(bytes)
        var words: [Word] = []
        while !cursor.atEnd {
            let byte = cursor.peek()
            if ASCII.isWhitespace(byte) {
                cursor.advance()
            } else if cursor.matches("//") {
                cursor.skipRestOfLine()
            } else if cursor.matches("/*") {
                cursor.skip(2)
                while !cursor.atEnd, !cursor.matches("*/") { cursor.advance() }
                cursor.skip(2)
            } else if byte == ASCII.quote {
                let line = cursor.line
                let column = cursor.column()
                cursor.skip(1)
                var text: [UInt8] = []
                while !cursor.atEnd, cursor.peek() != ASCII.quote {
                    if cursor.peek() == ASCII.backslash { cursor.skip(1) }
                    text.append(cursor.peek())
                    cursor.advance()
                }
                cursor.skip(1)
                words.append(Word(text: String(decoding: text, as: UTF8.self), isEquals: false, line: line, column: column))
            } else if isBareWordByte(byte) {
                let line = cursor.line
                let column = cursor.column()
                let start = cursor.offset
                while isBareWordByte(cursor.peek()) { cursor.skip(1) }
                words.append(Word(text: String(decoding: bytes[start..<cursor.offset], as: UTF8.self), isEquals: false, line: line, column: column))
            } else {
                words.append(Word(text: "", isEquals: byte == ASCII.equals, line: cursor.line, column: cursor.column()))
                cursor.advance()
            }
        }
        return words
    }

    private static func isBareWordByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.dot || byte == ASCII.slash
            || byte == ASCII.dollar || byte == ASCII.minus || byte == ASCII.colon || byte >= 0x80
    }

    static func deploymentTargets(inPackage source: LexedSource, file: String) -> [DeploymentTarget] {
        var targets: [DeploymentTarget] = []
        for index in source.tokens.indices where source.token(at: index, is: "iOS") {
            guard source.token(at: index - 1, isPunctuation: ASCII.dot), source.token(at: index + 1, isPunctuation: ASCII.openParen) else {
                continue
            }
            let valueText: String
            let versionText: String
            if source.token(at: index + 2, isPunctuation: ASCII.dot), source.kind(at: index + 3) == .identifier {
                let name = source.text(at: index + 3)
                valueText = "." + name
                versionText = name.hasPrefix("v") ? String(name.dropFirst()) : name
            } else if source.kind(at: index + 2) == .string {
                valueText = source.text(at: index + 2)
                versionText = String(valueText.dropFirst().dropLast())
            } else {
                continue
            }
            let token = source.tokens[index + 2]
            targets.append(
                DeploymentTarget(
                    version: OSVersion(versionText), valueText: valueText, origin: .swiftPackage,
                    location: SourceLocation(file: file, line: token.line, column: token.column)))
        }
        return targets
    }
}

/// Reads the application targets of a `project.pbxproj` (an old-style property list; comments
/// skipped, keys and values quoted or not) with the deployment target each one builds with: per
/// build configuration of the target's configuration list, its `IPHONEOS_DEPLOYMENT_TARGET`, else
/// (absent or `$(inherited)`) the project's configuration of the same name. The lowest across the
/// target's configurations counts; a configuration whose value cannot be read (a build setting
/// reference, an `.xcconfig` file, none at all) makes the target's value unknown.
enum XcodeProjectReader {
    private static let deploymentTargetKey = "IPHONEOS_DEPLOYMENT_TARGET"
    private static let applicationProductType = "com.apple.product-type.application"
    /// Deeper than any project Xcode writes (objects sit three levels down): a hostile file stops here.
    private static let maxNesting = 16

    /// A word of an old-style property list: a quoted string (unquoted) or a bare word, or one
    /// punctuation byte.
    private struct Word {
        var text: String
        var punctuation: UInt8?
        var line: Int
        var column: Int
    }

    private indirect enum Value {
        case word(Word)
        case list([Value])
        case dictionary([String: Value])

        subscript(key: String) -> Value? {
            guard case .dictionary(let fields) = self else { return nil }
            return fields[key]
        }

        var word: Word? {
            guard case .word(let word) = self else { return nil }
            return word
        }

        var text: String? { word?.text }

        var items: [Value] {
            guard case .list(let items) = self else { return [] }
            return items
        }
    }

    private struct Configuration {
        let name: String
        let deploymentTarget: Word?
    }

    static func applicationTargets(inProject bytes: [UInt8], file: String) -> [ApplicationTarget] {
        let words = propertyListWords(bytes)
        var position = 0
        guard let root = value(words, at: &position, depth: 0), let objects = root["objects"], let projectID = root["rootObject"]?.text,
            let project = objects[projectID]
        else { return [] }
        let projectConfigurations = configurations(of: project["buildConfigurationList"]?.text, in: objects)
        return project["targets"]?.items.compactMap { item -> ApplicationTarget? in
            guard let id = item.text, let target = objects[id], target["isa"]?.text == "PBXNativeTarget",
                target["productType"]?.text == applicationProductType, let name = target["name"]?.word
            else { return nil }
            let own = configurations(of: target["buildConfigurationList"]?.text, in: objects)
            return ApplicationTarget(
                name: name.text, location: SourceLocation(file: file, line: name.line, column: name.column),
                deploymentTarget: lowest(own.isEmpty ? projectConfigurations : own, fallback: projectConfigurations, file: file))
        } ?? []
    }

    /// The lowest deployment target of the configurations, nil when one of them cannot be read.
    private static func lowest(_ configurations: [Configuration], fallback: [Configuration], file: String) -> DeploymentTarget? {
        var found: [DeploymentTarget] = []
        for configuration in configurations {
            let own = configuration.deploymentTarget.flatMap { $0.text == "$(inherited)" ? nil : $0 }
            guard let word = own ?? fallback.first(where: { $0.name == configuration.name })?.deploymentTarget, let version = OSVersion(word.text) else {
                return nil
            }
            found.append(DeploymentTarget(version: version, valueText: word.text, location: SourceLocation(file: file, line: word.line, column: word.column)))
        }
        return found.min { $0.version < $1.version }
    }

    private static func configurations(of listID: String?, in objects: Value) -> [Configuration] {
        guard let listID, let list = objects[listID] else { return [] }
        return list["buildConfigurations"]?.items.compactMap { item in
            guard let id = item.text, let configuration = objects[id], let name = configuration["name"]?.text else { return nil }
            return Configuration(name: name, deploymentTarget: configuration["buildSettings"]?[deploymentTargetKey]?.word)
        } ?? []
    }

    /// The value that starts at `position`: `{ key = value; … }`, `( value, … )` or a word; nil
    /// when the text is not a property list there.
    private static func value(_ words: [Word], at position: inout Int, depth: Int) -> Value? {
        guard words.indices.contains(position), depth < maxNesting else { return nil }
        let first = words[position]
        position += 1
        switch first.punctuation {
        case nil:
            return .word(first)
        case ASCII.openBrace:
            var fields: [String: Value] = [:]
            while words.indices.contains(position), words[position].punctuation != ASCII.closeBrace {
                let key = words[position]
                guard key.punctuation == nil, words.indices.contains(position + 1), words[position + 1].punctuation == ASCII.equals else { return nil }
                position += 2
                guard let field = value(words, at: &position, depth: depth + 1) else { return nil }
                fields[key.text] = field
                guard words.indices.contains(position), words[position].punctuation == ASCII.semicolon else { return nil }
                position += 1
            }
            position += 1
            return .dictionary(fields)
        case ASCII.openParen:
            var items: [Value] = []
            while words.indices.contains(position), words[position].punctuation != ASCII.closeParen {
                guard let item = value(words, at: &position, depth: depth + 1) else { return nil }
                items.append(item)
                if words.indices.contains(position), words[position].punctuation == ASCII.comma { position += 1 }
            }
            position += 1
            return .list(items)
        default:
            return nil
        }
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
                words.append(Word(text: String(decoding: text, as: UTF8.self), line: line, column: column))
            } else if isBareWordByte(byte) {
                let line = cursor.line
                let column = cursor.column()
                let start = cursor.offset
                while isBareWordByte(cursor.peek()) { cursor.skip(1) }
                words.append(Word(text: String(decoding: bytes[start..<cursor.offset], as: UTF8.self), line: line, column: column))
            } else {
                words.append(Word(text: "", punctuation: byte, line: cursor.line, column: cursor.column()))
                cursor.advance()
            }
        }
        return words
    }

    private static func isBareWordByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.dot || byte == ASCII.slash
            || byte == ASCII.dollar || byte == ASCII.minus || byte == ASCII.colon || byte >= 0x80
    }
}

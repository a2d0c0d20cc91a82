/// Where a package manifest lists its dependencies: pub (`pubspec.yaml`) or npm (`package.json`).
public enum PackageEcosystem: String, Sendable {
    case pub
    case npm
}

/// The packages an app's `pubspec.yaml` or `package.json` depends on: `dependencies` only, since
/// development dependencies do not ship in the app.
public struct PackageManifest: Sendable, Hashable {
    public let ecosystem: PackageEcosystem
    /// Relative to the scanned folder.
    public let file: String
    public let dependencies: Set<String>

    /// The folder the manifest governs (the files under it), relative to the scanned folder; "" for the root.
    var folder: String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[..<slash])
    }
}

enum PackageManifestReader {
    /// The keys of the top-level `dependencies` mapping of a `pubspec.yaml`, read line by line: the
    /// block starts at a `dependencies:` line at column 1 and ends at the next line that is not indented.
    static func pubspec(_ bytes: [UInt8], file: String) -> PackageManifest {
        var names: Set<String> = []
        var inDependencies = false
        var childIndent: Int?
        for rawLine in bytes.split(omittingEmptySubsequences: true, whereSeparator: ASCII.isLineBreak) {
            let line = String(decoding: rawLine, as: UTF8.self)
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent).prefix { $0 != "#" }.trimmingWhitespace()
            if content.isEmpty { continue }
            if indent == 0 {
                inDependencies = content == "dependencies:"
                childIndent = nil
                continue
            }
            guard inDependencies, let colon = content.firstIndex(of: ":") else { continue }
            if childIndent == nil { childIndent = indent }
            guard indent == childIndent else { continue }
            let name = content[..<colon].trimmingWhitespace().filter { $0 != "\"" && $0 != "'" }
            if !name.isEmpty { names.insert(name) }
        }
        return PackageManifest(ecosystem: .pub, file: file, dependencies: names)
    }

    /// The keys of the top-level `"dependencies"` object of a `package.json`, read from its tokens.
    static func packageJSON(_ source: LexedSource, file: String) -> PackageManifest {
        var names: Set<String> = []
        let tokens = source.tokens
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].level == 1, tokens[index].kind == .string, source.text(tokens[index]) == "\"dependencies\"",
                source.token(at: index + 1, isPunctuation: ASCII.colon), source.token(at: index + 2, isPunctuation: ASCII.openBrace)
            else { continue }
            var member = index + 3
            while member < tokens.count, tokens[member].level >= 2 {
                if tokens[member].level == 2, tokens[member].kind == .string, source.token(at: member + 1, isPunctuation: ASCII.colon) {
                    names.insert(String(source.text(tokens[member]).dropFirst().dropLast()))
                }
                member += 1
            }
            index = member
        }
        return PackageManifest(ecosystem: .npm, file: file, dependencies: names)
    }
}

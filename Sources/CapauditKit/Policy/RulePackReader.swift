#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// Reads a rule pack folder (laid out like `Rules/`) into policy sources.
///
/// A pack named in a config may not reach outside the repository: no absolute path, no `..`,
/// and no file whose real path (after symlinks) leaves the repository. A pack given with
/// `--rules` on the command line may live anywhere.
public enum RulePackReader {
    public static let maxFiles = 2_000
    public static let maxFileBytes = 4 * 1024 * 1024

    /// - Parameters:
    ///   - path: the pack folder, as the config or command line gives it.
    ///   - base: the folder relative paths start from (the config's folder).
    ///   - confinedTo: the repository root a config's pack must stay in; nil for the command line.
    public static func read(_ path: String, base: String, confinedTo root: String?, displayBase: String) throws(PolicyError) -> [PolicySource] {
        func fail(_ message: String) -> PolicyError {
            PolicyError(problems: [.init(file: displayBase, position: nil, message: message)])
        }
        if root != nil {
            if path.hasPrefix("/") { throw fail("rule pack `\(path)`: a config may name only packs inside the repository (no absolute path); pass it with --rules instead") }
            if path.split(separator: "/").contains("..") { throw fail("rule pack `\(path)`: `..` may not leave the config's folder") }
        }
        let folder = path.hasPrefix("/") ? path : "\(base)/\(path)"
        guard FileReader.kind(of: folder) == .directory else { throw fail("rule pack `\(path)` is not a folder (looked at \(folder))") }
        let realRoot = root.flatMap(FileReader.realPath)
        var sources: [PolicySource] = []
        var stack = [""]
        var seen = Set<String>()
        while let relativeFolder = stack.popLast() {
            let current = relativeFolder.isEmpty ? folder : "\(folder)/\(relativeFolder)"
            guard let real = FileReader.realPath(current), seen.insert(real).inserted else { continue }
            guard let entries = FileSystem.entries(of: current) else { throw fail("rule pack `\(path)`: cannot read \(current)") }
            let names = entries.map { String(decoding: $0.name, as: UTF8.self) }.filter { !$0.hasPrefix(".") }
            for name in names.sorted() {
                let relative = relativeFolder.isEmpty ? name : "\(relativeFolder)/\(name)"
                let full = "\(folder)/\(relative)"
                if let realRoot, let resolved = FileReader.realPath(full), !(resolved == realRoot || resolved.hasPrefix(realRoot + "/")) {
                    throw fail("rule pack `\(path)`: `\(relative)` leads outside the repository")
                }
                switch FileReader.kind(of: full) {
                case .directory: stack.append(relative)
                case .regular where name.hasSuffix(".yml") || name.hasSuffix(".yaml"):
                    guard sources.count < maxFiles else { throw fail("rule pack `\(path)` has more than \(maxFiles) files") }
                    switch FileReader.read(full, limit: maxFileBytes) {
                    case .success(let bytes):
                        let normalized = relative.hasSuffix(".yaml") ? String(relative.dropLast(5)) + ".yml" : relative
                        sources.append(PolicySource(relativePath: normalized, displayPath: "\(displayBase == "" ? "" : displayBase + "/")\(relative)", bytes: bytes))
                    case .failure(let failure):
                        throw fail("rule pack `\(path)`: \(relative): \(failure)")
                    }
                default: continue
                }
            }
        }
        return sources
    }
}

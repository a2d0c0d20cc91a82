import YAML

/// Tells a manifest from other YAML, so that discovery and pre-commit can pass every YAML file
/// and only manifests are checked, and so that no manifest is ever skipped.
///
/// The text is read first: a line that starts with a `capaudit:` key makes a manifest (even one
/// whose YAML is broken, so that its syntax error is reported), and a file that cannot spell the
/// keys a manifest needs is not one. Anything else (flow style, an indented document, `? capaudit`,
/// an escaped key, `--- {capaudit: 1}`, `app` and `screens` without `capaudit`) is `unsure`: the
/// file is parsed and its documents' top-level keys decide.
public enum ManifestSniffer {
    public enum Verdict: Sendable, Equatable {
        case manifest
        case notManifest
        /// Parse the file and ask `isManifest(_:stream:)`.
        case unsure
    }

    /// How much of the head of a file over the size limit is read to decide whether it is a manifest.
    public static let headBytes = 64 * 1024

    static let versionKey = Array("capaudit".utf8)
    /// Keys that make a manifest of a document without `capaudit` (docs/manifest.md, "Which files are manifests": a MAN002, not a skipped file).
    public static let bodyKeys = ["app", "screens"]

    /// What the text alone says.
    public static func verdict(_ bytes: [UInt8]) -> Verdict {
        if hasVersionKeyLine(bytes) { return .manifest }
        let couldSpellKeys = contains(bytes, versionKey) || bytes.contains(UInt8(ascii: "\\"))
            || bodyKeys.allSatisfy { contains(bytes, Array($0.utf8)) }
        return couldSpellKeys ? .unsure : .notManifest
    }

    /// For an `unsure` file, once parsed: a document with a top-level `capaudit` key, or with
    /// `app` and `screens`, makes a manifest. When the YAML broke before any such document, the
    /// file is a manifest (its syntax error is reported) if a `capaudit` key appears anywhere in the text.
    public static func isManifest(_ bytes: [UInt8], stream: YAMLStream) -> Bool {
        if stream.documents.contains(where: isManifestDocument) { return true }
        return stream.error != nil && hasVersionKey(bytes, anywhere: true)
    }

    /// A file over the size limit is never parsed: it counts as a manifest (and is reported as
    /// too large) when its head has a `capaudit` key, at any indentation.
    public static func headLooksLikeManifest(_ head: [UInt8]) -> Bool {
        hasVersionKey(head, anywhere: true)
    }

    /// A top-level `capaudit` key, or both `app` and `screens`.
    public static func isManifestDocument(_ document: YAMLNode) -> Bool {
        guard let pairs = document.mapping else { return false }
        let keys = Set(pairs.compactMap { $0.key.scalar?.value })
        return keys.contains("capaudit") || bodyKeys.allSatisfy(keys.contains)
    }

    /// A line that starts with the key (quoted or not) followed by `:`.
    static func hasVersionKeyLine(_ bytes: [UInt8]) -> Bool {
        hasVersionKey(bytes, anywhere: false)
    }

    /// The key, quoted or not, followed by `:`: at the start of a line (after a byte order mark),
    /// or, `anywhere`, wherever it stands.
    private static func hasVersionKey(_ bytes: [UInt8], anywhere: Bool) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            if versionKeyStarts(bytes, at: index) { return true }
            if anywhere {
                index += 1
                continue
            }
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            index += 1
        }
        return false
    }

    private static func versionKeyStarts(_ bytes: [UInt8], at start: Int) -> Bool {
        var index = start
        if isQuote(bytes[index]) { index += 1 }
        guard bytes[index...].starts(with: versionKey) else { return false }
        index += versionKey.count
        if index < bytes.count, isQuote(bytes[index]) { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    private static func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        var index = 0
        while index + word.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + word.count].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }
}

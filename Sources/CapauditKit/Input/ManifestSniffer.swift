/// Tells a manifest from other YAML by looking for a top-level `capaudit:` key as text in the
/// head of the file, before parsing: a manifest with a syntax error is still found and reported.
public enum ManifestSniffer {
    /// How much of the file's head is searched.
    public static let headBytes = 64 * 1024

    public static func looksLikeManifest(_ bytes: [UInt8]) -> Bool {
        let key = Array("capaudit".utf8)
        let end = min(bytes.count, headBytes)
        var lineStart = 0
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lineStart = 3 }
        while lineStart < end {
            var index = lineStart
            if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") { index += 1 }
            if index + key.count <= end, Array(bytes[index..<index + key.count]) == key {
                var after = index + key.count
                if after < end, bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'") { after += 1 }
                while after < end, bytes[after] == UInt8(ascii: " ") { after += 1 }
                if after < end, bytes[after] == UInt8(ascii: ":") { return true }
            }
            while lineStart < end, bytes[lineStart] != 0x0A, bytes[lineStart] != 0x0D { lineStart += 1 }
            lineStart += 1
        }
        return false
    }
}

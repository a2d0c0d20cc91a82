import YAML

/// A hash of what a YAML node holds (keys, values, tags and their structure; never its position,
/// layout or comments), for the fingerprint of a finding whose mistake made capaudit skip the
/// node: any change to the skipped content makes that finding new, so a baselined mistake can
/// never hide what is later added behind it. FNV-1a, like `Fingerprint`.
enum ContentHash {
    /// A whole file or text that a mistake made capaudit skip, byte for byte.
    static func of(bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The `detail` of a finding whose mistake made capaudit skip content with this hash.
    static func detail(_ hash: UInt64) -> String {
        "skipped \(Fingerprint.hex(hash))"
    }

    static func of(_ node: YAMLNode) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        func mix(_ text: String) {
            for byte in text.utf8 { mix(byte) }
            mix(0)
        }
        // Iterative: a deep document must not cost the stack.
        var pending: [YAMLNode] = [node]
        while let next = pending.popLast() {
            switch next.content {
            case .scalar(let scalar):
                mix(UInt8(ascii: "s"))
                mix(scalar.tag ?? "")
                mix(scalar.value)
            case .sequence(let items):
                mix(UInt8(ascii: "["))
                mix(String(items.count))
                pending.append(contentsOf: items.reversed())
            case .mapping(let pairs):
                mix(UInt8(ascii: "{"))
                mix(String(pairs.count))
                for pair in pairs.reversed() {
                    pending.append(pair.value)
                    pending.append(pair.key)
                }
            }
        }
        return hash
    }
}

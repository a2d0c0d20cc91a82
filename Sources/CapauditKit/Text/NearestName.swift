/// Finds the known name a mistyped one most likely meant, for "did you mean" hints.
public enum NearestName {
    /// The closest candidate by edit distance, when it is close enough to be a plausible typo.
    public static func suggestion<S: Sequence>(for name: String, among candidates: S) -> String? where S.Element == String {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, max(lowered.count, best.name.count) / 3))
        if best.distance <= allowed { return best.name }
        if best.name.hasPrefix(lowered) || lowered.hasPrefix(best.name), min(lowered.count, best.name.count) >= 3 { return best.name }
        return nil
    }

    /// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit
    /// (optimal string alignment): `titel` is one edit from `title`, as a typist sees it.
    /// O(n·m) time, three rows of memory.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(256))
        let b = Array(b.unicodeScalars.prefix(256))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// " (did you mean `x`?)" or nothing.
    static func hint<S: Sequence>(for name: String, among candidates: S) -> String where S.Element == String {
        suggestion(for: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }
}

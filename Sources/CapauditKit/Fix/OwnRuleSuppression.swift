extension ManifestFix {
    /// The fix that suppresses the finding's own rule above the node at `path`: a check does not
    /// know the id of the rule that runs it, so the evaluate stage names it (`naming(ownRule:)`).
    static func suppressingOwnRule(reason: String, at path: String) -> ManifestFix {
        suppressing(ownRule, reason: reason, at: path)
    }

    /// The empty rule name that stands for the finding's own rule until the evaluate stage names it.
    static let ownRule = ""

    /// The fix with every suppression of `ownRule` naming `id`.
    func naming(ownRule id: String) -> ManifestFix {
        var named = self
        named.edits = edits.map { edit in
            guard case .suppress(let rule, let reason) = edit.change, rule == Self.ownRule else { return edit }
            return .suppress(id, reason: reason, at: edit.path)
        }
        return named
    }
}

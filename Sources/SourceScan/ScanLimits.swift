/// Every limit of the source scan, in one place (docs/evidence.md, "Limits", states the first four).
public enum ScanLimits {
    /// Source files larger than this are skipped with a note.
    public static let maxFileBytes = 4 * 1024 * 1024
    /// How many tokens a `…` in a pattern may stand for.
    public static let gapTokens = 12
    /// How far up the supertype chain evidence is sought.
    public static let supertypeDepth = 8
    /// Folders never walked, wherever they are in the tree. `node_modules` (and `.dart_tool`, the pub
    /// cache's links) hold the app's packages, not the app: a source root's `packages` opt-in is
    /// what reads a named package there (docs/evidence.md).
    public static let skippedFolders: Set<String> = ["build", ".gradle", "Pods", "DerivedData", "node_modules", ".git", ".dart_tool"]
    /// How many tokens the right-hand side of a Kotlin property assignment may span when it stands
    /// for a setter call's arguments (`x = v` for `setX(v)`).
    public static let assignmentValueTokens = 3 * gapTokens
    /// How many tokens a declaration header's generic clause, `where` clause or delegation may
    /// span before the header is given up as malformed: keeps a broken file linear.
    static let headerClauseTokens = 256
}

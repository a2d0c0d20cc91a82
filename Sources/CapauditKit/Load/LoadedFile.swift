import YAML

/// A file after the load stage: its lines, YAML documents, decoded manifests and suppression
/// comments, kept once for the later stages and the reporters, and what went wrong reading it.
public struct LoadedFile: Sendable {
    public let input: InputFile
    /// False for a file that is not a manifest (skipped, with a note when it was named).
    public var isManifest: Bool
    /// A one-line note for standard error (a named file that is not a manifest).
    public var note: String?
    /// The file's text, for reporters that show source lines; nil when it could not be read.
    public var source: SourceLines?
    public var documents: [LoadedDocument]
    public var comments: [SuppressionComment]
    /// MAN findings from reading and decoding, before the user's settings.
    public var problems: [ReadingProblem]

    init(input: InputFile) {
        self.input = input
        isManifest = true
        documents = []
        comments = []
        problems = []
    }

    /// The manifests that decoded, with the profile each is judged by.
    public var manifests: [CheckedManifest] {
        documents.compactMap { document in
            guard let manifest = document.manifest, let profile = document.profile else { return nil }
            return CheckedManifest(documentIndex: document.index, manifest: manifest, profile: profile)
        }
    }
}

/// One YAML document of a manifest file.
public struct LoadedDocument: Sendable {
    public let index: Int
    public let tree: YAMLNode
    /// Nil when the document is no manifest or did not decode.
    public let manifest: Manifest?
    /// The profile its policy rules judge it by; nil when it names an unknown one or none is
    /// given (the schema checks still ran).
    public let profile: Profile?
}

/// A decoded manifest with its profile: what the coverage report and fix snippets read.
public struct CheckedManifest: Sendable {
    public var documentIndex: Int
    public var manifest: Manifest
    public var profile: Profile
    /// What the app's code shows of the manifest's mechanisms; nil when the run had no source.
    public var evidence: EvidenceMarks?
}

/// What went wrong reading a file, as the MAN finding the evaluate stage makes of it.
public struct ReadingProblem: Sendable {
    public var rule: BuiltInRule
    public var message: String
    public var document: Int
    public var position: SourcePosition
    public var path: String
    /// What, beyond rule, file, path and document, the finding's fingerprint covers: the content
    /// the mistake made the reader skip.
    public var detail = ""
}

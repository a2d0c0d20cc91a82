import YAML

/// The load stage: reads a file once, tells a manifest from other YAML, parses it, decodes each
/// document and finds its suppression comments. Findings about what could not be read are
/// `ReadingProblem`s, judged later like every other finding.
struct FileLoader: Sendable {
    let policy: Policy
    /// The profile of manifests that name none (command line or config).
    let defaultProfile: String?
    let limits: YAMLLimits

    /// The option that raises the file size limit, for messages.
    static let fileSizeOption = "--max-file-size"

    func load(_ input: InputFile) -> LoadedFile {
        var file = LoadedFile(input: input)
        let bytes: [UInt8]
        if let content = input.content {
            switch TextDecoding.utf8(content) {
            case .success(let text): bytes = text
            case .failure(let failure):
                file.problems.append(ReadingProblem(
                    rule: .yamlSyntax, message: failure.message, document: 0, position: failure.position, path: "",
                    detail: ContentHash.detail(ContentHash.of(bytes: content))))
                return file
            }
            guard bytes.count <= limits.maxFileBytes else {
                let failure = ReadFailure.tooLarge(bytes: bytes.count, limit: limits.maxFileBytes, option: Self.fileSizeOption)
                file.problems.append(unreadable(failure.description, skipping: ContentHash.of(bytes: bytes)))
                return file
            }
        } else {
            switch FileReader.read(input.fileSystemPath, limit: limits.maxFileBytes, limitOption: Self.fileSizeOption) {
            case .success(let read): bytes = read
            case .failure(.tooLarge) where !ManifestSniffer.headLooksLikeManifest(FileReader.readHead(input.fileSystemPath, count: ManifestSniffer.headBytes) ?? []):
                return skipped(file)
            case .failure(let failure):
                // A file too large to read is told apart by its size: hashing it would read it.
                let size: UInt64? = if case .tooLarge(let count, _, _) = failure { UInt64(count) } else { nil }
                file.problems.append(unreadable(failure.description, at: failure.position, skipping: size))
                return file
            }
        }
        // The text tells a manifest at once; when it is unsure (flow style, an indented document,
        // a late `capaudit` key), the parsed documents decide.
        let verdict = ManifestSniffer.verdict(bytes)
        guard verdict != .notManifest else { return skipped(file) }
        let stream = YAMLLoader.loadDocuments(bytes, limits: limits)
        guard verdict == .manifest || ManifestSniffer.isManifest(bytes, stream: stream) else { return skipped(file) }
        let source = SourceLines(bytes)
        file.source = source
        // A syntax error keeps the documents read before it, reported with their findings; what
        // follows it is skipped, so its fingerprint covers the file's bytes.
        if let error = stream.error {
            file.problems.append(ReadingProblem(
                rule: .yamlSyntax, message: error.description, document: stream.documents.count, position: error.position, path: "",
                detail: ContentHash.detail(ContentHash.of(bytes: bytes))))
        }
        for duplicate in stream.duplicateKeys {
            file.problems.append(ReadingProblem(
                rule: .duplicate, message: "duplicate key `\(duplicate.key)`; the first is at line \(duplicate.firstPosition.line)",
                document: duplicate.documentIndex, position: duplicate.position, path: duplicate.key))
        }
        for (index, tree) in stream.documents.enumerated() {
            file.documents.append(decode(tree, index: index, problems: &file.problems))
        }
        file.comments = SuppressionCommentFinder.find(in: source, documents: stream.documents)
        return file
    }

    private func decode(_ tree: YAMLNode, index: Int, problems: inout [ReadingProblem]) -> LoadedDocument {
        var document = tree
        if document["capaudit"] == nil {
            guard ManifestSniffer.isManifestDocument(document) else {
                problems.append(ReadingProblem(
                    rule: .schema,
                    message: "document \(index + 1) has no top-level `capaudit` key; every document of a manifest file must be a manifest (add `capaudit: 1`)",
                    document: index, position: tree.start, path: "", detail: ContentHash.detail(ContentHash.of(tree))))
                return LoadedDocument(index: index, tree: tree, manifest: nil, profile: nil)
            }
            // `app` and `screens` without `capaudit` (a typo, a forgotten line): a manifest with
            // MAN002 at its first line, decoded and checked as format 1, so that one character
            // never turns the gate off.
            problems.append(ReadingProblem(
                rule: .schema, message: "the manifest has no top-level `capaudit` key (it has `app` and `screens`); add `capaudit: 1`",
                document: index, position: SourcePosition(line: index == 0 ? 1 : tree.start.line, column: 1), path: ""))
            document.content = .mapping([Self.formatVersionPair(at: tree.start, offset: tree.startOffset)] + (tree.mapping ?? []))
        }
        let decoder = ManifestDecoder(taxonomy: policy.taxonomy, profileNames: policy.profileNames, defaultProfile: defaultProfile)
        let decoded = decoder.decode(document)
        for problem in decoded.problems {
            let rule: BuiltInRule
            switch problem.kind {
            case .schema: rule = .schema
            case .duplicate: rule = .duplicate
            case .wrongPlatform: rule = .wrongPlatform
            }
            problems.append(ReadingProblem(
                rule: rule, message: problem.message, document: index, position: problem.position, path: problem.path,
                detail: problem.skippedContent.map(ContentHash.detail) ?? ""))
        }
        // An unknown profile stops the policy rules of its document, never its schema checks (reported above).
        let manifest = decoded.manifestForPolicy
        let profile = manifest.flatMap { $0.app.profile ?? defaultProfile }.flatMap { policy.profiles[$0] }
        return LoadedDocument(index: index, tree: document, manifest: manifest, profile: profile)
    }

    /// `capaudit: 1`, put in front of a manifest that lacks it, at the document's start.
    static func formatVersionPair(at position: SourcePosition, offset: Int) -> YAMLPair {
        YAMLPair(
            key: YAMLNode(content: .scalar(YAMLScalar(value: "capaudit", style: .plain)), start: position, end: position, startOffset: offset, endOffset: offset, layout: .synthetic),
            value: YAMLNode(
                content: .scalar(YAMLScalar(value: String(ManifestDecoder.formatVersion), style: .plain)), start: position, end: position, startOffset: offset, endOffset: offset,
                layout: .synthetic))
    }

    /// `skipping`: what tells the skipped file apart, for the finding's fingerprint.
    private func unreadable(_ message: String, at position: SourcePosition? = nil, skipping: UInt64? = nil) -> ReadingProblem {
        ReadingProblem(
            rule: .yamlSyntax, message: message, document: 0, position: position ?? SourcePosition(line: 1, column: 1), path: "",
            detail: skipping.map(ContentHash.detail) ?? "")
    }

    private func skipped(_ file: LoadedFile) -> LoadedFile {
        var file = file
        file.isManifest = false
        if file.input.named { file.note = "\(file.input.path): skipped, not a capaudit manifest (no top-level `capaudit` key)" }
        return file
    }
}

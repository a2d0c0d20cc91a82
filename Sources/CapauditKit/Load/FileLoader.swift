import YAML

/// The load stage: reads a file once, tells a manifest from other YAML, parses it, decodes each
/// document and finds its suppression comments. Findings about what could not be read are
/// `ReadingProblem`s, judged later like every other finding.
struct FileLoader: Sendable {
    let policy: Policy
    /// The profile of manifests that name none (command line or config).
    let defaultProfile: String?
    let limits: YAMLLimits

    func load(_ input: InputFile) -> LoadedFile {
        var file = LoadedFile(input: input)
        let bytes: [UInt8]
        if let content = input.content {
            guard content.count <= limits.maxFileBytes else {
                file.problems.append(unreadable(ReadFailure.tooLarge(bytes: content.count, limit: limits.maxFileBytes).description))
                return file
            }
            bytes = content
        } else {
            switch FileReader.read(input.path, limit: limits.maxFileBytes) {
            case .success(let read): bytes = read
            case .failure(.tooLarge) where !ManifestSniffer.looksLikeManifest(FileReader.readHead(input.path, count: ManifestSniffer.headBytes) ?? []):
                return skipped(file)
            case .failure(let failure):
                file.problems.append(unreadable(failure.description))
                return file
            }
        }
        guard ManifestSniffer.looksLikeManifest(bytes) else { return skipped(file) }
        let source = SourceLines(bytes)
        file.source = source
        let stream: YAMLStream
        do throws(YAMLError) {
            stream = try YAMLLoader.load(bytes, limits: limits)
        } catch {
            file.problems.append(ReadingProblem(rule: .yamlSyntax, message: error.description, document: 0, position: error.position, path: ""))
            return file
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
        guard tree["capaudit"] != nil else {
            problems.append(ReadingProblem(
                rule: .schema,
                message: "document \(index + 1) has no top-level `capaudit` key; every document of a manifest file must be a manifest (add `capaudit: 1`)",
                document: index, position: tree.start, path: ""))
            return LoadedDocument(index: index, tree: tree, manifest: nil, profile: nil)
        }
        let decoder = ManifestDecoder(taxonomy: policy.taxonomy, profileNames: policy.profileNames, defaultProfile: defaultProfile)
        let decoded = decoder.decode(tree)
        for problem in decoded.problems {
            let rule: BuiltInRule
            switch problem.kind {
            case .schema: rule = .schema
            case .duplicate: rule = .duplicate
            case .wrongPlatform: rule = .wrongPlatform
            }
            problems.append(ReadingProblem(rule: rule, message: problem.message, document: index, position: problem.position, path: problem.path))
        }
        // An unknown profile stops the policy rules of its document, never its schema checks (reported above).
        let manifest = decoded.manifestForPolicy
        let profile = manifest.flatMap { $0.app.profile ?? defaultProfile }.flatMap { policy.profiles[$0] }
        return LoadedDocument(index: index, tree: tree, manifest: manifest, profile: profile)
    }

    private func unreadable(_ message: String) -> ReadingProblem {
        ReadingProblem(rule: .yamlSyntax, message: message, document: 0, position: SourcePosition(line: 1, column: 1), path: "")
    }

    private func skipped(_ file: LoadedFile) -> LoadedFile {
        var file = file
        file.isManifest = false
        if file.input.named { file.note = "\(file.input.path): skipped, not a capaudit manifest (no top-level `capaudit` key)" }
        return file
    }
}

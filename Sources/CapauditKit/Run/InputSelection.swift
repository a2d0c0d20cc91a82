/// The input side of a run: the files to check, from the paths given or the git index, with
/// the config's `include` and `exclude` applied to every one of them, named or found.
struct InputSelection {
    let session: Session

    func files(for inputs: AuditInputs, outputFiles: [String] = []) throws(AuditError) -> (files: [InputFile], notes: [String]) {
        let selected = try select(inputs)
        let cwd = session.workingDirectory
        let outputs = Set(outputFiles.map { Session.absolute($0, cwd: cwd) })
        if !outputs.isEmpty, let clash = selected.files.first(where: { $0.content == nil && outputs.contains(Session.absolute($0.path, cwd: cwd)) }) {
            throw AuditError(lines: ["\(ControlEscaping.escape(clash.path)) is a manifest this run checks; a report written there would replace it: choose another file"])
        }
        return selected
    }

    private func select(_ inputs: AuditInputs) throws(AuditError) -> (files: [InputFile], notes: [String]) {
        let config = session.config
        switch inputs {
        case .staged:
            var staged: DiscoveryResult
            do throws(GitIndex.Failure) {
                let index = try session.stagedIndex()
                let everyFile = changesSettingsOrCode(index)
                staged = try index.yamlFiles(everyFile: everyFile)
                if everyFile {
                    staged.notes.insert("the commit changes the code or capaudit's settings: every manifest in the index is checked, against the staged code", at: 0)
                }
            } catch {
                throw AuditError(lines: ["--staged: \(error.message)"])
            }
            return (staged.files.filter { excludingPattern($0.path) == nil && isIncluded($0.path) && !isSettingsFile($0.path) }, staged.notes)
        case .paths(let given):
            let discovery = Discovery(exclude: config.exclude, include: config.include).discover(given.isEmpty ? ["."] : given)
            guard discovery.missing.isEmpty else {
                throw AuditError(lines: discovery.missing.map { "\(ControlEscaping.escape($0)): no such file or folder" })
            }
            var notes = discovery.notes
            var files: [InputFile] = []
            for file in discovery.files where file.named || !isSettingsFile(file.path) {
                if file.named, let pattern = excludingPattern(file.path) {
                    notes.append("\(file.path): skipped, excluded by `\(pattern)` in \(config.file ?? "the config")")
                    continue
                }
                files.append(file)
            }
            return (files, notes)
        }
    }

    /// Whether the commit changes a file under a source folder (evidence judges every manifest by
    /// that code), the config, its baseline or its rule packs: a commit that changes no manifest can
    /// still turn a manifest's claim false or a setting looser.
    private func changesSettingsOrCode(_ index: GitIndex) -> Bool {
        let watched = session.sources.map(\.absolutePath) + session.settingsPaths + (session.configBaseline.map { [$0] } ?? [])
        return index.changes(under: watched.compactMap(index.topRelative))
    }

    /// The config file or a file of the config's rule packs: found while walking, never a manifest.
    private func isSettingsFile(_ path: String) -> Bool {
        let absolute = Session.absolute(path, cwd: session.workingDirectory)
        return session.settingsPaths.contains { absolute == $0 || absolute.hasPrefix($0 + "/") }
    }

    /// The config's `exclude` pattern that matches a path, if any.
    private func excludingPattern(_ path: String) -> String? {
        session.config.exclude.first { $0.matches(Discovery.normalized(path)) }?.pattern
    }

    private func isIncluded(_ path: String) -> Bool {
        session.config.include.isEmpty || session.config.include.contains { $0.matches(Discovery.normalized(path)) }
    }
}

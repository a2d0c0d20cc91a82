/// A pattern occurrence or secure-input marker found in one file, before declaration ids are global.
struct FoundMatch {
    let pattern: PatternID
    let line: Int
    let column: Int
    /// Index of the innermost enclosing declaration within the file.
    let enclosing: Int?
}

/// What one file gave: its declarations, matches and build facts, or the note saying why it was skipped.
struct FileScan {
    var file: SourceFile?
    var note: ScanNote?
    var declarations: [FoundDeclaration] = []
    var package: String?
    var imports: [String] = []
    var occurrences: [FoundMatch] = []
    var secureInputs: [FoundMatch] = []
    var facts = BuildFacts()
}

/// Reads one file and everything the index wants from it, in one pass over its tokens; the tokens
/// are dropped when it returns.
struct FileScanner: Sendable {
    /// Per code language: its evidence patterns, its scoped patterns and its secure-input markers.
    private let matchers: [SourceLanguage: (patterns: PatternMatcher, scoped: ScopedMatcher, secureInputs: PatternMatcher)]
    private let attributePatterns: [CompiledPattern]

    init(patterns: PatternSet) {
        var matchers: [SourceLanguage: (patterns: PatternMatcher, scoped: ScopedMatcher, secureInputs: PatternMatcher)] = [:]
        for language in SourceLanguage.allCases where language != .xmlAttribute {
            matchers[language] = (PatternMatcher(patterns, language: language), ScopedMatcher(patterns, language: language), PatternMatcher(SecureInput.patterns, language: language))
        }
        self.matchers = matchers
        attributePatterns = patterns.compiled.filter { $0.language == .xmlAttribute }
    }

    func scan(_ walked: WalkedFile) -> FileScan {
        switch SourceFileReader.read(walked.absolutePath, limit: ScanLimits.maxFileBytes) {
        case .failure(.tooLarge(let bytes)):
            return FileScan(note: ScanNote(path: walked.path, reason: .tooLarge(bytes: bytes)))
        case .failure(.unreadable(let reason)):
            return FileScan(note: ScanNote(path: walked.path, reason: .unreadable(reason)))
        case .success(let bytes):
            return scan(bytes, path: walked.path, kind: walked.kind)
        }
    }

    /// Scans file content given in memory as the file `path`.
    func scan(_ bytes: [UInt8], path: String, kind: SourceFileKind) -> FileScan {
        if let invalid = UTF8Validation.firstInvalidPosition(bytes) {
            return FileScan(note: ScanNote(path: path, reason: .notUTF8(line: invalid.line, column: invalid.column)))
        }
        var result = FileScan(file: SourceFile(path: path, kind: kind, byteCount: bytes.count))
        switch kind {
        case .kotlin:
            readCode(KotlinLexer.lex(bytes), language: .kotlin, into: &result)
        case .java:
            readCode(JavaLexer.lex(bytes), language: .java, into: &result)
        case .swift:
            readCode(SwiftLexer.lex(bytes), language: .swift, into: &result)
        case .swiftPackage:
            let source = SwiftLexer.lex(bytes)
            readCode(source, language: .swift, into: &result)
        case .gradle:
            readGradle(GroovyLexer.lex(bytes), path: path, into: &result)
        case .gradleKotlin:
            readGradle(KotlinLexer.lex(bytes), path: path, into: &result)
        case .versionCatalog:
            result.facts.catalogVersions = VersionCatalogReader.versions(bytes, file: path)
        case .xcodeProject:
            result.facts.applicationTargets = XcodeProjectReader.applicationTargets(inProject: bytes, file: path)
        case .androidManifest, .layout:
            readXML(XMLReader.elements(bytes), path: path, kind: kind, into: &result)
        case .dart:
            readCode(DartLexer.lex(bytes), language: .dart, into: &result)
        case .typescript:
            readCode(TypeScriptLexer.lex(bytes), language: .typescript, into: &result)
        case .script:
            readCode(JSXLexer.lex(bytes), language: .typescript, into: &result)
        case .pubspec:
            result.facts.packageManifests = [PackageManifestReader.pubspec(bytes, file: path)]
        case .packageJSON:
            result.facts.packageManifests = [PackageManifestReader.packageJSON(TypeScriptLexer.lex(bytes), file: path)]
        }
        return result
    }

    private func readGradle(_ source: LexedSource, path: String, into result: inout FileScan) {
        result.facts.sdkSettings = GradleReader.settings(in: source, file: path)
        result.facts.extraProperties[path] = GradleReader.extraProperties(in: source, file: path)
        if ["settings.gradle", "settings.gradle.kts"].contains(path.split(separator: "/").last) { result.facts.settingsFiles = [path] }
    }

    private func readCode(_ source: LexedSource, language: SourceLanguage, into result: inout FileScan) {
        let declared = DeclarationReader.read(source, language: language)
        result.declarations = declared.declarations
        result.package = declared.package
        result.imports = declared.imports
        guard let (patterns, scoped, secureInputs) = matchers[language] else { return }
        func found(_ pattern: PatternID, _ index: Int) -> FoundMatch {
            let token = source.tokens[index]
            let enclosing = Int(declared.enclosing[index])
            return FoundMatch(pattern: pattern, line: token.line, column: token.column, enclosing: enclosing >= 0 ? enclosing : nil)
        }
        let matches = patterns.occurrences(in: source).map { ($0.pattern, $0.token) } + scoped.occurrences(in: source)
        result.occurrences = matches.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(found)
        result.secureInputs = secureInputs.occurrences(in: source).map { found($0.pattern, $0.token) }
    }

    private func readXML(_ elements: [XMLElementTag], path: String, kind: SourceFileKind, into result: inout FileScan) {
        func location(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: path, line: line, column: column) }
        for element in elements {
            for attribute in element.attributes {
                for pattern in attributePatterns {
                    guard let wanted = pattern.attribute, wanted.name == attribute.name, wanted.value.map({ $0 == attribute.value }) ?? true else {
                        continue
                    }
                    result.occurrences.append(FoundMatch(pattern: pattern.id, line: attribute.line, column: attribute.column, enclosing: nil))
                }
            }
            if kind == .androidManifest, element.name == "uses-permission" || element.name == "uses-permission-sdk-23" {
                let name = element.attribute("android:name")
                if element.attribute("tools:node")?.value == "remove" {
                    result.facts.removedPermissions.formUnion(name.map { [$0.value] } ?? [])
                    continue
                }
                // A debug build's permissions are not the release app's.
                if SourceFile.isInDebugSourceSet(path) { continue }
                let maxSdk = element.attribute("android:maxSdkVersion")
                result.facts.permissions.append(
                    PermissionDeclaration(
                        name: name?.value ?? "", maxSdkVersion: maxSdk.flatMap { Int($0.value) }, element: element.name,
                        location: location(element.line, element.column), nameLocation: name.map { location($0.line, $0.column) },
                        maxSdkVersionLocation: maxSdk.map { location($0.line, $0.column) }))
            }
            if kind == .layout {
                for attribute in element.attributes where LayoutAttribute.names.contains(attribute.name) {
                    result.facts.layoutAttributes.append(
                        LayoutAttribute(
                            element: element.name, elementLocation: location(element.line, element.column), name: attribute.name,
                            value: attribute.value, location: location(attribute.line, attribute.column),
                            valueLocation: location(attribute.valueLine, attribute.valueColumn)))
                }
            }
        }
    }
}

/// The names in code that mean a secure (password) input, for `init --from-source`.
enum SecureInput {
    static let patterns: PatternSet = {
        let android = [
            "PasswordVisualTransformation", "TYPE_TEXT_VARIATION_PASSWORD", "TYPE_NUMBER_VARIATION_PASSWORD",
            "TYPE_TEXT_VARIATION_WEB_PASSWORD", "SecureTextField", "BasicSecureTextField",
        ]
        let definitions =
            android.flatMap { name in [SourceLanguage.kotlin, .java].map { PatternDefinition(language: $0, text: name, tag: name) } }
            + ["isSecureTextEntry", "SecureField"].map { PatternDefinition(language: .swift, text: $0, tag: $0) }
            + [PatternDefinition(language: .dart, text: "obscureText: true", tag: "obscureText: true")]
            + [PatternDefinition(language: .typescript, text: "secureTextEntry", tag: "secureTextEntry")]
        return (try? PatternSet(definitions)) ?? PatternSet()
    }()
}

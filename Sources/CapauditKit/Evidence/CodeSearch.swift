import SourceScan

/// Where a screen's evidence is sought on one platform (docs/evidence.md): the types its `code`
/// names with their extensions and the supertypes declared in the source, up to 8 levels, and
/// the files it names with the types declared in them; with every pattern occurrence found there.
struct CodeSearch {
    /// Entries that name no declared type and no file of the source (EVD005).
    var unknown: [CodeReference] = []
    /// Entries whose name matches declarations in several files (EVD005 `ambiguous`): none of
    /// them is searched.
    var ambiguous: [AmbiguousReference] = []
    /// The declarations searched, each once, in the order found.
    var declarations: [TypeDeclaration] = []
    /// Files the `code` names, as the index names them (from the working folder).
    var namedFiles: [String] = []
    /// Supertypes declared in no scanned file, framework types left out: where the search stopped.
    var unresolvedSupertypes: [String] = []
    /// Every occurrence found, each once, in file order.
    var occurrences: [PatternOccurrence] = []

    init(entries: [CodeReference], code: PlatformCode) {
        var seenDeclarations: Set<Int> = []
        var seenOccurrences: Set<PatternOccurrence> = []
        var seenUnresolved: Set<String> = []
        func add(_ search: TypeSearch) {
            for declaration in search.declarations where seenDeclarations.insert(declaration.id).inserted {
                declarations.append(declaration)
            }
            for name in search.unresolvedSupertypes where !FrameworkTypes.isFramework(name, on: code.folder.platform) {
                if seenUnresolved.insert(name).inserted { unresolvedSupertypes.append(name) }
            }
            for occurrence in search.occurrences where seenOccurrences.insert(occurrence).inserted {
                occurrences.append(occurrence)
            }
        }
        for entry in entries {
            switch entry.kind {
            case .type:
                let candidates = code.index.declarations(namedBy: entry.name)
                // Declarations of one name in one file are its compile-time variants (`#if`), which no other entry would tell apart.
                if Set(candidates.map(\.file)).count > 1 {
                    ambiguous.append(AmbiguousReference(entry: entry, candidates: candidates))
                    continue
                }
                let searches = candidates.isEmpty ? [code.index.search(type: entry.name)] : candidates.map { code.index.search(declaration: $0) }
                guard searches.contains(where: { !$0.declarations.isEmpty }) else {
                    unknown.append(entry)
                    continue
                }
                searches.forEach(add)
            case .path:
                let paths = code.files(atRootPath: Self.normalized(entry.name))
                guard !paths.isEmpty else {
                    unknown.append(entry)
                    continue
                }
                for path in paths {
                    namedFiles.append(path)
                    for occurrence in code.index.occurrences(inFile: path) where seenOccurrences.insert(occurrence).inserted {
                        occurrences.append(occurrence)
                    }
                    for declaration in code.index.declarations(inFile: path) where declaration.parent == nil {
                        // An extension brings its type along, when its name says which one that is.
                        let extended = declaration.kind == .extension ? code.index.declarations(namedBy: declaration.qualifiedName) : []
                        let roots = Set(extended.map(\.file)).count == 1 ? extended : [declaration]
                        for root in roots { add(code.index.search(declaration: root)) }
                    }
                }
            }
        }
        occurrences.sort { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
    }

    /// A path as the index names files: no leading `./`.
    static func normalized(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        return String(result)
    }

    /// The files searched, named files first, each once.
    var files: [String] {
        var seen: Set<String> = []
        return (namedFiles + declarations.map(\.file)).filter { seen.insert($0).inserted }
    }

    func occurrences(of ids: Set<PatternID>) -> [PatternOccurrence] {
        occurrences.filter { ids.contains($0.pattern) }
    }
}

/// A `code` entry that names declarations in several files, and those declarations.
struct AmbiguousReference {
    let entry: CodeReference
    let candidates: [TypeDeclaration]

    /// What names each candidate alone, in order: its full name (Kotlin and Java, where the
    /// package sets it apart from the others), else its file's path relative to its root.
    func alternatives(in code: PlatformCode) -> [String] {
        let fullNames = candidates.map(\.fullName)
        return candidates.map { candidate in
            candidate.package != nil && fullNames.count { $0 == candidate.fullName } == 1 ? candidate.fullName : code.rootPath(of: candidate.file)
        }
    }
}

/// Platform framework types a screen's supertype chain reaches: declared in no scanned file by
/// nature, so naming one as where the search stopped would tell the reader nothing.
enum FrameworkTypes {
    static func isFramework(_ name: String, on platform: Platform) -> Bool {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return (platform == .android ? android : ios).contains(simple) || common.contains(simple)
    }

    static let common: Set<String> = ["Any", "Object", "NSObject", "Equatable", "Hashable", "Identifiable", "Codable", "Sendable", "Comparable", "Runnable"]

    static let android: Set<String> = [
        "Activity", "AppCompatActivity", "ComponentActivity", "FragmentActivity", "ListActivity", "PreferenceActivity",
        "Fragment", "DialogFragment", "BottomSheetDialogFragment", "AppCompatDialogFragment", "PreferenceFragmentCompat", "ListFragment",
        "Dialog", "AlertDialog", "AppCompatDialog", "BottomSheetDialog", "ComponentDialog", "PopupWindow",
        "View", "ViewGroup", "FrameLayout", "LinearLayout", "RelativeLayout", "ConstraintLayout", "CoordinatorLayout", "RecyclerView",
        "SurfaceView", "TextureView", "WebView", "TextView", "EditText", "ImageView", "ComposeView", "AbstractComposeView",
        "Application", "Service", "IntentService", "BroadcastReceiver", "ContentProvider", "ContentObserver",
        "ViewModel", "AndroidViewModel", "LifecycleObserver", "DefaultLifecycleObserver", "LifecycleOwner", "Parcelable", "Serializable",
        "Adapter", "ViewHolder", "Callback", "ScreenCaptureCallback",
    ]

    static let ios: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController", "UITabBarController",
        "UIPageViewController", "UISplitViewController", "UIAlertController", "UIHostingController", "UIInputViewController",
        "UIView", "UIControl", "UIWindow", "UIResponder", "UIScrollView", "UITableView", "UITableViewCell", "UICollectionView",
        "UICollectionViewCell", "UITextField", "UITextView", "UILabel", "UIStackView", "UIImageView",
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "UITableViewDelegate", "UITableViewDataSource",
        "UICollectionViewDelegate", "UICollectionViewDataSource", "UITextFieldDelegate", "UIAdaptivePresentationControllerDelegate",
        "View", "App", "Scene", "ViewModifier", "ObservableObject", "PreviewProvider", "UIViewRepresentable", "UIViewControllerRepresentable",
        "Error", "CustomStringConvertible",
    ]
}

/// Writes fixes as manifest edits, complete enough that following one never leaves another
/// rule's finding behind: a mechanism comes with the detector that drives it and the permission
/// it needs, and a screen that starts changing during capture gets a notice. What drives what is
/// read from the rules that say so (IOS004 and AND006, AND001, CAP012), so it lives in one place.
struct FixPlanner {
    let context: EvaluationContext

    /// What the rules say drives, needs and shows what, read from their checks once per document.
    struct RuleFacts {
        /// Detectors that drive a protect mechanism on a platform (IOS004, AND006).
        var drivers: [String: [String]] = [:]
        /// Permissions a mechanism needs (AND001).
        var permissions: [String: [String]] = [:]
        /// Mechanisms the person sees act (CAP005).
        var visibleMechanisms: Set<String> = []
        /// The rules that ask more of a high-risk action's control (AND007, AND008).
        var accessibility: AccessibilityExposureCheck?
        var overlay: OverlayExposureCheck?
        /// The capture-signal rule (CAP012), if the policy has one, and its id.
        var signals: CaptureSignalCheck?
        var signalsRuleID: String?
        /// The window protection a field made a secure input still needs (CAP002's chain to AND009),
        /// and the categories of field AND009 judges (nil: every category).
        var secureInputWindow: FieldCheck.SecureInputWindow?
        var secureInputCategories: Set<String>?

        init(_ policy: Policy) {
            for (rule, check) in policy.checks {
                switch check {
                case let required as DetectorRequiredCheck:
                    if let platform = required.platform, let mechanism = required.mechanism {
                        drivers["\(platform.rawValue)/\(mechanism)", default: []] += required.detectors
                    }
                case let pairs as PermissionForMechanismCheck:
                    for pair in pairs.pairs { permissions[pair.mechanism, default: []].append(pair.permission) }
                case let silent as SilentCaptureResponseCheck:
                    visibleMechanisms.formUnion(silent.visibleMechanisms)
                case let exposure as AccessibilityExposureCheck where accessibility == nil:
                    accessibility = exposure
                case let exposure as OverlayExposureCheck where overlay == nil:
                    overlay = exposure
                case let capture as CaptureSignalCheck where signals == nil:
                    signals = capture
                    signalsRuleID = rule.id
                case let field as FieldCheck:
                    secureInputWindow = secureInputWindow ?? field.secureInputWindow
                case let exposure as SecureInputWindowCheck:
                    secureInputCategories = exposure.categories
                default:
                    break
                }
            }
        }
    }

    var facts: RuleFacts { context.ruleFacts }

    var taxonomy: Taxonomy { context.taxonomy }
    var manifest: Manifest { context.manifest }

    // MARK: Protect lists

    /// Adds mechanisms for one platform to a `protect` list: a list form keeps its form when the
    /// names exist only on that platform; otherwise it becomes the map form, each platform keeping
    /// what it had.
    func addProtect(_ names: [String], on platform: Platform, to uses: [MechanismUse], at path: String) -> ManifestEdit {
        let isListForm = !uses.isEmpty && uses.allSatisfy { $0.platform == nil }
        let onlyThere = names.allSatisfy { name in taxonomy.mechanisms(named: name).allSatisfy { $0.platform == platform } }
        if isListForm, onlyThere {
            let current = uses.map(\.name)
            return .set("protect", to: .names(current + names.filter { !current.contains($0) }), at: path)
        }
        var entries: [EditEntry] = []
        for shipped in manifest.app.platforms {
            var current: [String] = []
            for use in uses where use.applies(on: shipped) && taxonomy.mechanism(use.name, on: shipped) != nil && !current.contains(use.name) {
                current.append(use.name)
            }
            if shipped == platform { current += names.filter { !current.contains($0) } }
            if !current.isEmpty { entries.append(EditEntry(shipped.rawValue, .names(current))) }
        }
        return .set("protect", to: .mapping(entries), at: path)
    }

    /// The edits that add mechanisms at `path` and everything they depend on.
    func adding(_ names: [String], on platform: Platform, to uses: [MechanismUse], at path: String, screen: Screen?) -> [ManifestEdit] {
        var edits = [addProtect(names, on: platform, to: uses, at: path)]
        for name in names {
            edits += detectors(driving: name, on: platform)
            edits += permissions(for: name, on: platform)
        }
        if let screen, names.contains(where: visiblyChanges) { edits += captureNotice(for: screen) }
        return merged(edits)
    }

    // MARK: What a mechanism depends on

    /// `capture.detect` entries the mechanism needs (IOS004, AND006), chosen to cover the app's
    /// whole OS range: the first listed detector that works from the app's minimum version.
    func detectors(driving mechanism: String, on platform: Platform) -> [ManifestEdit] {
        let drivers = facts.drivers["\(platform.rawValue)/\(mechanism)"] ?? []
        guard !drivers.isEmpty else { return [] }
        return detectorsCoveringRange(drivers, on: platform)
    }

    /// The first of `detectors` available over the whole range, with what it needs, unless one
    /// present already is available there.
    func detectorsCoveringRange(_ detectors: [String], on platform: Platform) -> [ManifestEdit] {
        let minimum = manifest.app.minimumVersion(on: platform)
        let available = detectors.filter { taxonomy.mechanism($0, on: platform)?.isAvailable(from: minimum) == true }
        if available.contains(where: { context.detects($0, on: platform) }) { return [] }
        guard let chosen = available.first else { return [] }
        return addingDetector(chosen, on: platform)
    }

    /// A detector in `capture.detect` with the permissions it needs (AND001, AND003).
    func addingDetector(_ name: String, on platform: Platform) -> [ManifestEdit] {
        guard !manifest.capture.detect.contains(where: { $0.name == name }) else { return [] }
        var edits: [ManifestEdit] = [.append(.name(name), to: "detect", at: "capture")]
        edits += permissions(for: name, on: platform)
        if platform == .android, name == MediaPermissionCheck.observer, let android = manifest.app.android {
            edits += MediaPermissionCheck.missingPermissions(android)
        }
        return edits
    }

    /// The Android permission a mechanism needs (AND001), when it is not declared yet.
    func permissions(for mechanism: String, on platform: Platform) -> [ManifestEdit] {
        guard platform == .android, let android = manifest.app.android else { return [] }
        let needed = facts.permissions[mechanism] ?? []
        return needed.filter { android.permission($0) == nil }.map { .append(.name($0), to: "permissions", at: "app.platforms.android") }
    }

    /// Whether the person sees the screen change when the mechanism acts (CAP005's parameters).
    func visiblyChanges(_ mechanism: String) -> Bool {
        facts.visibleMechanisms.contains(mechanism)
    }

    /// A calm capture notice on the screen, when neither the app nor the screen has one (CAP005).
    func captureNotice(for screen: Screen) -> [ManifestEdit] {
        if let notice = manifest.capture.notice, notice.style != .none { return [] }
        if screen.notices.contains(where: { $0.when == .capture && $0.style != .none }) { return [] }
        let text = context.exampleText(.captureNotice) ?? Lexicon.fallbackNeutralNotice
        let notice = EditValue.mapping([EditEntry("when", .name("capture")), EditEntry("style", .name("inline")), EditEntry("text", .text(text))])
        return [.append(notice, to: "notices", at: screen.location.path)]
    }

    // MARK: Actions

    /// `on-capture` raised to what the profile's action policy requires, with a neutral `message`
    /// in the action's place when it is disabled or hidden (CAP005), and, on each platform where
    /// the action then depends on a capture signal that part of the range lacks (CAP012's `action`
    /// case, whether or not that rule runs), the first alternative of CAP012's help there.
    func actionFix(_ action: Action, on screen: Screen, minimum: OnCapture, kind: String? = nil) -> [ManifestEdit] {
        var edits: [ManifestEdit] = []
        if let kind {
            edits.append(.set("kind", to: .name(kind), at: action.location.path))
            if let risk = taxonomy.actionKinds.first(where: { $0.id == kind })?.risk, risk != action.risk, !OptOutCheck.exempts(screen) {
                let needs = controlNeeds(action, on: screen, risk: risk)
                if !needs.action.isEmpty { edits.append(addProtect(needs.action, on: .android, to: action.protect, at: action.location.path)) }
                if !needs.screen.isEmpty { edits += adding(needs.screen, on: .android, to: screen.protect, at: screen.location.path, screen: nil) }
            }
        }
        let onCapture = action.onCapture.strength < minimum.strength ? minimum : action.onCapture
        if onCapture != action.onCapture {
            edits.append(.set("on-capture", to: .name(onCapture.rawValue), at: action.location.path))
        }
        if (onCapture == .disable || onCapture == .hide), action.message == nil {
            edits.append(.set("message", to: .text(actionMessage(forKind: kind ?? action.kind)), at: action.location.path))
        }
        if let signals = facts.signals {
            for platform in manifest.app.platforms where signals.leavesRangeUncovered(signals.captureDetectors, on: platform, context)
                && signals.dependsOnSignal(action, onCapture: onCapture, on: screen, platform: platform, context)
            {
                edits += signals.actionFixes([(screen, action)], on: platform, context).first?.edits ?? []
            }
        }
        return merged(edits)
    }

    /// What an action's control of `risk` needs so that AND007 and AND008 leave it alone once they
    /// judge it: mechanisms on the control itself, and on its screen (overlay hiding).
    func controlNeeds(_ action: Action, on screen: Screen, risk: Risk) -> (screen: [String], action: [String]) {
        let overlay = facts.overlay?.needs(forActionOf: risk, on: screen, context) ?? (screen: [], action: [])
        let own = (facts.accessibility?.mechanisms(forActionOf: risk, on: screen, context) ?? []) + overlay.action
        return (overlay.screen, own.filter { name in !action.protect.contains { $0.name == name && $0.applies(on: .android) } })
    }

    /// The text shown in an action's place while capture is active: the lexicon's example for the
    /// profile and the action's kind (RULES.md, "Help and fix data" 5), in `app.language`.
    func actionMessage(forKind kind: String?) -> String {
        context.exampleText(.actionMessage, actionKind: kind) ?? context.policy.lexicon(for: manifest.app.language)?.neutralNotice ?? Lexicon.fallbackNeutralNotice
    }

    /// The edits without repeats (two mechanisms may need the same detector), a `protect` list
    /// set again later counting only once, and each `protect` that keeps its form written as
    /// additions to the list already there, never as a list that replaces it.
    func merged(_ edits: [ManifestEdit]) -> [ManifestEdit] {
        var result: [ManifestEdit] = []
        for edit in ChangeWords.kept(edits).flatMap(additions) where !result.contains(edit) { result.append(edit) }
        return result
    }

    /// A `protect` set as the edits that add its new mechanisms to the list that is there: the
    /// list form gains items, the map form gains items under each platform's key (or the key);
    /// the set itself where the list is new or changes form.
    private func additions(_ edit: ManifestEdit) -> [ManifestEdit] {
        guard edit.key == "protect", case .set(let value) = edit.change, let current = protectUses(at: edit.path), !current.isEmpty else { return [edit] }
        let listPath = edit.path.isEmpty ? edit.key : "\(edit.path).\(edit.key)"
        func added(_ names: [EditValue], after existing: [String]) -> [EditValue]? {
            let old = existing.map(EditValue.name)
            return names.starts(with: old) ? Array(names.dropFirst(old.count)) : nil
        }
        switch value {
        case .list(let names) where current.allSatisfy({ $0.platform == nil }):
            guard let new = added(names, after: current.map(\.name)) else { return [edit] }
            return new.map { .append($0, to: edit.key, at: edit.path) }
        case .mapping(let entries) where current.allSatisfy({ $0.platform != nil }):
            let keys = Set(entries.map(\.key))
            guard current.allSatisfy({ keys.contains($0.platform?.rawValue ?? "") }) else { return [edit] }
            var result: [ManifestEdit] = []
            for entry in entries {
                let existing = current.filter { $0.platform?.rawValue == entry.key }.map(\.name)
                guard !existing.isEmpty else {
                    result.append(.set(entry.key, to: entry.value, at: listPath))
                    continue
                }
                guard case .list(let names) = entry.value, let new = added(names, after: existing) else { return [edit] }
                result += new.map { .append($0, to: entry.key, at: listPath) }
            }
            return result
        default:
            return [edit]
        }
    }

    /// The `protect` of the screen or field at `path`, as the manifest has it.
    private func protectUses(at path: String) -> [MechanismUse]? {
        context.protectByPath[path]
    }
}

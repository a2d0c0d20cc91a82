/// CAP012 (preview): the app reacts to capture on a platform, but `capture.detect` leaves part
/// of that platform's OS range, from the app's minimum version up, without the signal the
/// reaction depends on. Two cases, one finding per platform and case, at the platform entry:
/// `action` (actions that change during capture on a window nothing blanks without a signal, or
/// that open a hosted screen) and `screenshot` (a screenshot response). Policy 3 retired the
/// `notice` case: where no detector signals capture a notice can do nothing, and what depends on
/// the signal is reported by `action`, IOS004, AND004 and AND006.
struct CaptureSignalCheck: Check {
    static let name = "capture-signal"

    static let parameters = [
        ParameterSpec("capture-detectors", .list(.name(.mechanism)), required: true),
        ParameterSpec("screenshot-detectors", .list(.name(.mechanism)), required: true),
        ParameterSpec("window-protection", .list(.name(.mechanism)), required: true),
        ParameterSpec("responding-on-capture", .list(.name(.values(of: OnCapture.self, noun: "on-capture"))), required: true),
    ]

    let captureDetectors: [String]
    let screenshotDetectors: [String]
    /// The window-level mechanisms that blank every capture without a signal (Android `flag-secure`,
    /// and the device policy's `managed-capture-disabled`); the first is the one a fix adds.
    let windowProtections: [String]
    let respondingOnCapture: Set<String>

    init(parameters: CheckParameters) {
        captureDetectors = parameters.strings("capture-detectors")
        screenshotDetectors = parameters.strings("screenshot-detectors")
        windowProtections = parameters.strings("window-protection")
        respondingOnCapture = Set(parameters.strings("responding-on-capture"))
    }

    /// The mechanism a fix puts on a window.
    var windowProtection: String { windowProtections.first ?? "" }

    func leavesRangeUncovered(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> Bool {
        gap(detectors, on: platform, context) != nil
    }

    /// The OS range left without a signal, in words; nil when the detectors cover the whole range.
    func gap(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> String? {
        guard let minimum = context.manifest.app.minimumVersion(on: platform) else { return nil }
        let supported = "the app supports \(platform.versionName(minimum)) and later"
        guard let from = signalFrom(detectors, on: platform, context) else {
            let known = detectors.filter { context.taxonomy.mechanism($0, on: platform) != nil }
            return "every version (\(supported)), as `capture.detect` has none of \(Phrases.code(known))"
        }
        guard from > minimum else { return nil }
        return "versions below \(platform.versionName(from)) (\(supported))"
    }

    /// The lowest version from which one of `detectors` in `capture.detect` signals; nil when none is there.
    func signalFrom(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> OSVersion? {
        guard let minimum = context.manifest.app.minimumVersion(on: platform) else { return nil }
        return detectors.compactMap { name in context.detects(name, on: platform) ? context.taxonomy.mechanism(name, on: platform) : nil }
            .map { $0.minVersion ?? minimum }.min()
    }

    /// Whether the screen's window is blanked in every capture by a mechanism that needs no signal
    /// (Android only; on iOS nothing counts, `secure-layer` being fragile).
    func windowIsProtected(_ screen: Screen, on platform: Platform, _ context: EvaluationContext) -> Bool {
        platform == .android && context.isWindowProtected(screen)
    }

    /// The hosted screen an action opens on a platform, if it opens one: no flag of the app's window reaches it.
    func hostedScreen(openedBy action: Action, on platform: Platform, _ context: EvaluationContext) -> Screen? {
        action.opens.flatMap(context.screen).flatMap { $0.isHosted && $0.appears(on: platform) ? $0 : nil }
    }

    /// Whether an action that responds to capture with `onCapture` depends on the capture signal
    /// on a platform: its screen is the app's, on that platform, and either not window-protected
    /// or the action opens a hosted screen.
    func dependsOnSignal(_ action: Action, onCapture: OnCapture, on screen: Screen, platform: Platform, _ context: EvaluationContext) -> Bool {
        guard respondingOnCapture.contains(onCapture.rawValue), screen.appears(on: platform), !screen.isHosted else { return false }
        return !windowIsProtected(screen, on: platform, context) || hostedScreen(openedBy: action, on: platform, context) != nil
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        let manifest = context.manifest
        for platform in manifest.app.platforms {
            guard let location = manifest.app.location(of: platform) else { continue }
            if let gap = gap(captureDetectors, on: platform, context) {
                let responding = manifest.screens.flatMap { screen in
                    screen.actions.filter { dependsOnSignal($0, onCapture: $0.onCapture, on: screen, platform: platform, context) }.map { (screen, $0) }
                }
                if !responding.isEmpty {
                    let depends = "the actions " + Phrases.list(responding.map { screen, action in
                        let hosted = hostedScreen(openedBy: action, on: platform, context).map { ", which opens the hosted screen `\($0.id)`" } ?? ""
                        return "`\(action.id)` (\(action.onCapture.rawValue)\(hosted))"
                    })
                    let advice = platform == .android
                        ? "nothing signals capture there: blank the window of \(Phrases.code(Array(Set(responding.map(\.0.id))).sorted())) with `\(windowProtection)`, or state that gap in an inline suppression's reason"
                        : "add a capture detector that works from `\(platform.minimumVersionKey)` up"
                    emissions.append(emission(
                        "action", at: location, platform: platform, gap: gap, depends: depends, advice: advice,
                        fixes: context.fixes { actionFixes(responding, on: platform, context) }))
                }
            }
            if hasScreenshotResponse(manifest), let gap = gap(screenshotDetectors, on: platform, context), !leavesScreenshotsToOthers(on: platform, context) {
                emissions.append(emission(
                    "screenshot", at: location, platform: platform, gap: gap, depends: "the screenshot response",
                    advice: "no detector reports screenshots there: say in an inline suppression's reason that those devices get no response",
                    fixes: context.fixes { screenshotFixes(on: platform, context) }))
            }
        }
        return emissions
    }

    // MARK: Fixes

    /// The alternatives that clear the `action` case for these actions, each alone; the first is
    /// what CAP004's, CAP014's and CAP015's help add for it (RULES.md, "Help and fix data", 6).
    func actionFixes(_ responding: [(Screen, Action)], on platform: Platform, _ context: EvaluationContext) -> [ManifestFix] {
        let planner = FixPlanner(context: context)
        let detector = detectorsClosingRange(captureDetectors, on: platform, context).map { ManifestFix(Self.signalMessage, $0) }
        guard platform == .android else { return [detector].compactMap(\.self) }
        var flagged = Set<String>()
        var edits: [ManifestEdit] = []
        for (screen, _) in responding where !windowIsProtected(screen, on: platform, context) && flagged.insert(screen.id).inserted {
            edits.append(planner.addProtect([windowProtection], on: .android, to: screen.protect, at: screen.location.path))
        }
        // A screen without a sensitive field keeps CAP006 from accepting the flag until its Policy 3
        // change (a screen whose action responds to capture) is in: the flag is not offered there.
        let flaggable = responding.allSatisfy { screen, _ in
            windowIsProtected(screen, on: platform, context) || screen.fields.contains { context.isSensitive($0.kind) }
        }
        var hosted: [Screen] = []
        for (_, action) in responding {
            if let screen = hostedScreen(openedBy: action, on: platform, context), !hosted.contains(where: { $0.id == screen.id }) { hosted.append(screen) }
        }
        // A hosted screen drawn in the app's own window, with the flag on that window.
        for screen in hosted {
            edits.append(.set("host", to: .name(ScreenHost.app.rawValue), at: screen.location.path))
            edits.append(planner.addProtect([windowProtection], on: .android, to: screen.protect, at: screen.location.path))
        }
        let window = flaggable && !edits.isEmpty
            ? ManifestFix(hosted.isEmpty ? "blank every capture of the window, which needs no signal" : "draw it in the app's own window and blank every capture of it", planner.merged(edits))
            : nil
        guard !hosted.isEmpty else { return [window, detector].compactMap(\.self) }
        if let detector { return [detector, window].compactMap(\.self) }
        let below = signalFloor(on: platform, context).map { "devices below \(platform.versionName($0))" } ?? "every device"
        let suppression = ManifestFix.suppressing(
            context.ruleFacts.signalsRuleID ?? ManifestFix.ownRule, reason: "\(below) open \(Phrases.list(hosted.map(\.id))) while the screen is captured, as nothing signals capture there",
            at: "app.platforms.\(platform.rawValue)")
        return [suppression, window].compactMap(\.self)
    }

    /// The lowest version from which the platform has a capture detector at all (Android API 35).
    private func signalFloor(on platform: Platform, _ context: EvaluationContext) -> OSVersion? {
        captureDetectors.compactMap { context.taxonomy.mechanism($0, on: platform) }.compactMap(\.minVersion).min()
    }

    /// The detectors to add, in the parameters' order, until one present or added signals from the
    /// app's minimum version (iOS: `scene-capture-state`, then `screen-captured-flag` below 17);
    /// nil when no set of them closes the range.
    func detectorsClosingRange(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> [ManifestEdit]? {
        guard let minimum = context.manifest.app.minimumVersion(on: platform) else { return nil }
        let planner = FixPlanner(context: context)
        var from = signalFrom(detectors, on: platform, context)
        var edits: [ManifestEdit] = []
        for name in detectors {
            if let from, from <= minimum { break }
            guard let mechanism = context.taxonomy.mechanism(name, on: platform), !context.detects(name, on: platform) else { continue }
            edits += planner.addingDetector(name, on: platform)
            let start = mechanism.minVersion ?? minimum
            from = from.map { min($0, start) } ?? start
        }
        guard let from, from <= minimum, !edits.isEmpty else { return nil }
        return planner.merged(edits)
    }

    /// iOS: `screenshot-notification`; Android: the observer with its media permissions, or a
    /// suppression where a detector present leaves only the range below its API level.
    private func screenshotFixes(on platform: Platform, _ context: EvaluationContext) -> [ManifestFix] {
        let planner = FixPlanner(context: context)
        let edits = planner.detectorsCoveringRange(screenshotDetectors, on: platform)
        var fixes = edits.isEmpty ? [] : [ManifestFix(Self.signalMessage, edits)]
        if platform == .android, let from = signalFrom(screenshotDetectors, on: platform, context) {
            fixes.append(.suppressingOwnRule(reason: "devices below \(platform.versionName(from)) get no screenshot response", at: "app.platforms.\(platform.rawValue)"))
        }
        return fixes
    }

    /// On Android a screenshot response is left alone where every window is secure (screenshots
    /// are refused or blank and `ScreenCaptureCallback` is not invoked) and where AND002 reports
    /// the range its callback leaves.
    private func leavesScreenshotsToOthers(on platform: Platform, _ context: EvaluationContext) -> Bool {
        guard platform == .android else { return false }
        if context.captureProtectHas(anyOf: windowProtections, on: platform) { return true }
        return context.policy.checks.contains { entry in
            (entry.check as? CallbackAPILevelCheck).map { !$0.reported(context).isEmpty } ?? false
        }
    }

    private func emission(
        _ caseName: String, at location: Location, platform: Platform, gap: String, depends: String, advice: String, fixes: [ManifestFix]
    ) -> Emission {
        Emission(
            caseName: caseName, location: location, platform: platform,
            arguments: ["platform": platform.displayName, "range": gap, "depends": depends],
            fix: advice, fixes: fixes, detail: caseName)
    }

    static let signalMessage = "add a detector that signals over the whole range"

    private func hasScreenshotResponse(_ manifest: Manifest) -> Bool {
        if let response = manifest.capture.onScreenshot, response.action != .none { return true }
        return manifest.screens.contains { $0.notices.contains { $0.when == .screenshot } }
    }
}

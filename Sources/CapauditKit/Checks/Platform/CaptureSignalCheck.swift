/// CAP012 (preview): the app reacts to capture on a platform, but `capture.detect` leaves part
/// of that platform's OS range, from the app's minimum version up, without the signal the
/// reaction depends on. Three cases, one finding per platform and case, at the platform entry:
/// `action` (actions that change during capture on a window no mechanism blanks without a
/// signal), `notice` (a capture notice) and `screenshot` (a screenshot response).
struct CaptureSignalCheck: Check {
    static let name = "capture-signal"

    static let parameters = [
        ParameterSpec("capture-detectors", .list(.name(.mechanism)), required: true),
        ParameterSpec("screenshot-detectors", .list(.name(.mechanism)), required: true),
        ParameterSpec("window-protection", .name(.mechanism), required: true),
        ParameterSpec("responding-on-capture", .list(.name(.values(of: OnCapture.self, noun: "on-capture"))), required: true),
    ]

    let captureDetectors: [String]
    let screenshotDetectors: [String]
    /// The window-level mechanism that blanks every capture without a signal (Android `flag-secure`).
    let windowProtection: String
    let respondingOnCapture: Set<String>

    init(parameters: CheckParameters) {
        captureDetectors = parameters.strings("capture-detectors")
        screenshotDetectors = parameters.strings("screenshot-detectors")
        windowProtection = parameters.string("window-protection") ?? ""
        respondingOnCapture = Set(parameters.strings("responding-on-capture"))
    }

    func leavesRangeUncovered(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> Bool {
        gap(detectors, on: platform, context) != nil
    }

    /// The OS range left without a signal, in words; nil when the detectors cover the whole range.
    func gap(_ detectors: [String], on platform: Platform, _ context: EvaluationContext) -> String? {
        guard let minimum = context.manifest.app.minimumVersion(on: platform) else { return nil }
        let supported = "the app supports \(platform.versionName(minimum)) and later"
        let present = detectors.compactMap { name in context.detects(name, on: platform) ? context.taxonomy.mechanism(name, on: platform) : nil }
        guard let from = present.map({ $0.minVersion ?? minimum }).min() else {
            let known = detectors.filter { context.taxonomy.mechanism($0, on: platform) != nil }
            return "every version (\(supported)), as `capture.detect` has none of \(Phrases.code(known))"
        }
        guard from > minimum else { return nil }
        return "versions below \(platform.versionName(from)) (\(supported))"
    }

    /// Whether the screen's window is blanked in every capture by a mechanism that needs no signal.
    func windowIsProtected(_ screen: Screen, on platform: Platform, _ context: EvaluationContext) -> Bool {
        platform == .android && context.windowHas(windowProtection, screen: screen, on: platform)
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        let manifest = context.manifest
        let planner = FixPlanner(context: context)
        for platform in manifest.app.platforms {
            guard let location = manifest.app.location(of: platform) else { continue }
            let key = platform.minimumVersionKey
            if let gap = gap(captureDetectors, on: platform, context) {
                let responding = manifest.screens.flatMap { screen in
                    windowIsProtected(screen, on: platform, context) ? [] : screen.actions.filter { respondingOnCapture.contains($0.onCapture.rawValue) }.map { (screen, $0) }
                }
                if !responding.isEmpty {
                    let depends = "the actions " + Phrases.list(responding.map { "`\($0.1.id)` (\($0.1.onCapture.rawValue))" })
                    let detectorEdits = planner.detectorsCoveringRange(captureDetectors, on: platform)
                    let signal = DetectorRequiredCheck.detectorName(detectorEdits).map { _ in ManifestFix(Self.signalMessage, detectorEdits) }
                    var fixes = [signal].compactMap(\.self)
                    // Until CAP006 leaves alone a screen whose action responds to capture (RULES.md, Policy 3),
                    // the window flag on a screen with no sensitive field raises it, so it is not offered there.
                    let flaggable = responding.allSatisfy { screen, _ in screen.fields.contains { context.isSensitive($0.kind) } }
                    if platform == .android, flaggable {
                        var seen = Set<String>()
                        var edits: [ManifestEdit] = []
                        for (screen, _) in responding where seen.insert(screen.id).inserted {
                            edits.append(planner.addProtect([windowProtection], on: .android, to: screen.protect, at: screen.location.path))
                        }
                        fixes.insert(ManifestFix("blank every capture of the window, which needs no signal", planner.merged(edits)), at: 0)
                    }
                    let screens = Phrases.code(Array(Set(responding.map(\.0.id))).sorted())
                    let advice = platform == .android
                        ? "nothing signals capture there: blank the window of \(screens) with `\(windowProtection)` (CAP006 then asks why a screen without sensitive fields has it), or state that gap in an inline suppression's reason"
                        : "add a capture detector that works from `\(key)` up"
                    emissions.append(emission(
                        "action", at: location, platform: platform, gap: gap, depends: depends, advice: advice, fixes: context.fixes { fixes }))
                }
                if hasCaptureNotice(manifest) {
                    emissions.append(silentResponse(
                        "notice", detectors: captureDetectors, depends: "the capture notice",
                        otherwise: "no detector signals capture there: say in an inline suppression's reason that those devices get no notice",
                        on: platform, at: location, gap: gap, planner: planner, context))
                }
            }
            if hasScreenshotResponse(manifest), let gap = gap(screenshotDetectors, on: platform, context) {
                emissions.append(silentResponse(
                    "screenshot", detectors: screenshotDetectors, depends: "the screenshot response",
                    otherwise: "no detector reports screenshots there: say in an inline suppression's reason that those devices get no response",
                    on: platform, at: location, gap: gap, planner: planner, context))
            }
        }
        return emissions
    }

    private func emission(
        _ caseName: String, at location: Location, platform: Platform, gap: String, depends: String, advice: String, fixes: [ManifestFix]
    ) -> Emission {
        Emission(
            caseName: caseName, location: location, platform: platform,
            arguments: ["platform": platform.displayName, "range": gap, "depends": depends],
            fix: advice, fixes: fixes, detail: caseName)
    }

    /// A notice or a screenshot response that no detector triggers over `gap`: the advice is the
    /// detector that covers the whole range, or else `otherwise`.
    private func silentResponse(
        _ caseName: String, detectors: [String], depends: String, otherwise: String,
        on platform: Platform, at location: Location, gap: String, planner: FixPlanner, _ context: EvaluationContext
    ) -> Emission {
        let edits = planner.detectorsCoveringRange(detectors, on: platform)
        return emission(
            caseName, at: location, platform: platform, gap: gap, depends: depends, advice: otherwise,
            fixes: context.fixes { edits.isEmpty ? [] : [ManifestFix(Self.signalMessage, edits)] })
    }

    static let signalMessage = "add a detector that signals over the whole range"

    private func hasCaptureNotice(_ manifest: Manifest) -> Bool {
        if let notice = manifest.capture.notice, notice.style != .none { return true }
        return manifest.screens.contains { $0.notices.contains { $0.when == .capture && $0.style != .none } }
    }

    private func hasScreenshotResponse(_ manifest: Manifest) -> Bool {
        if let response = manifest.capture.onScreenshot, response.action != .none { return true }
        return manifest.screens.contains { $0.notices.contains { $0.when == .screenshot } }
    }
}

/// CAP006: protection with nothing to protect: a screen-level protect mechanism on a screen with
/// no field in the app's window that the profile cares about and no action that responds to
/// capture, or every action of the app disabled during capture. A harden mechanism hides nothing
/// and is never counted, and a hosted screen is not the app's window.
struct BlanketLockdownCheck: Check {
    static let name = "blanket-lockdown"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var emissions: [Emission] = []
        for screen in context.manifest.screens where !screen.isHosted && !screen.hasLeftOutEntries {
            let (protecting, kept) = screen.protect.partitioned { use in context.mechanisms(of: use).contains { $0.role == .protect } }
            guard !protecting.isEmpty else { continue }
            guard !screen.fields.contains(where: { context.isSensitive($0.kind) && !context.isOutsideAppWindow($0, on: screen) }) else { continue }
            // An action that responds to capture may rely on the window flag (CAP012).
            guard !screen.actions.contains(where: { $0.onCapture != .allow }) else { continue }
            let names = Phrases.code(protecting.map(\.name))
            emissions.append(Emission(
                location: screen.location, arguments: ["screen": screen.id, "what": "screen `\(screen.id)` has a screen-level `protect` but no field that \(context.profile.id) requires protected"],
                fixes: context.fixes { [ManifestFix("remove \(names) from the screen-level `protect` of `\(screen.id)`", [Self.keeping(kept, of: screen)])] },
                detail: "screen"))
        }
        let actions = context.manifest.screens.filter { !$0.isHosted }.flatMap(\.actions)
        if !context.manifest.hasLeftOutScreens, !actions.isEmpty, actions.allSatisfy({ $0.onCapture == .disable || $0.onCapture == .hide }),
            let unrequired = actions.first(where: {
                context.profile.actionRequirement(kind: $0.kind, risk: $0.risk) == nil && !HostedScreenCheck.opensExposedScreen($0, context)
            })
        {
            emissions.append(Emission(
                location: unrequired.location,
                arguments: ["screen": "", "what": "every action of the app is disabled or hidden during capture, including `\(unrequired.id)`, which \(context.profile.id) does not require"],
                fixes: context.fixes { [ManifestFix("let `\(unrequired.id)` work during capture, keeping `disable` for the actions the policy names", [.set("on-capture", to: .name(OnCapture.allow.rawValue), at: unrequired.location.path)])] },
                detail: "actions"))
        }
        return emissions
    }

    /// The screen's `protect` reduced to the uses kept (harden mechanisms), in its own form; removed
    /// when nothing is kept.
    static func keeping(_ kept: [MechanismUse], of screen: Screen) -> ManifestEdit {
        let path = screen.location.path
        guard !kept.isEmpty else { return ManifestEdit(path: path, key: "protect", change: .remove) }
        guard kept.contains(where: { $0.platform != nil }) else { return .set("protect", to: .names(kept.map(\.name)), at: path) }
        let entries = Platform.allCases.compactMap { platform -> EditEntry? in
            let names = kept.filter { $0.platform == platform }.map(\.name)
            return names.isEmpty ? nil : EditEntry(platform.rawValue, .names(names))
        }
        return .set("protect", to: .mapping(entries), at: path)
    }
}

extension Array {
    /// The elements that satisfy the predicate, and the others, each in order.
    func partitioned(by belongs: (Element) -> Bool) -> (matching: [Element], others: [Element]) {
        var matching: [Element] = []
        var others: [Element] = []
        for element in self {
            if belongs(element) { matching.append(element) } else { others.append(element) }
        }
        return (matching, others)
    }
}

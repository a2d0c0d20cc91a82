/// CAP011: a detection mechanism listed under `protect`: it covers nothing.
struct DetectionInProtectCheck: Check {
    static let name = "detection-in-protect"

    init(parameters: CheckParameters) {}

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        context.allMechanismUses.compactMap { entry in
            guard entry.list == .protect else { return nil }
            let mechanisms = context.mechanisms(of: entry.use)
            guard let detector = mechanisms.first, mechanisms.allSatisfy({ $0.role == .detect }) else { return nil }
            return Emission(
                location: entry.use.location, platform: entry.use.platform,
                arguments: ["mechanism": entry.use.name],
                fixes: context.fixes { [ManifestFix("move `\(entry.use.name)` to `capture.detect` (\(detector.caveat.isEmpty ? "it only reports a capture" : detector.caveat))", moving(entry.use, detector.platform, context))] },
                detail: entry.use.name)
        }
    }

    /// The use taken out of its `protect` list (the element's path ends in its index) and put in `capture.detect`.
    private func moving(_ use: MechanismUse, _ platform: Platform, _ context: EvaluationContext) -> [ManifestEdit] {
        let path = use.location.path
        guard let open = path.lastIndex(of: "[") else { return [] }
        let remove = ManifestEdit(path: String(path[..<open]), key: String(path[open...]), change: .remove)
        return [remove] + FixPlanner(context: context).addingDetector(use.name, on: platform)
    }
}

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
                fix: "move `\(entry.use.name)` to `capture.detect` (\(detector.caveat.isEmpty ? "it only reports a capture" : detector.caveat)) and protect the data with a protect mechanism or `display: masked`",
                detail: entry.use.name)
        }
    }
}

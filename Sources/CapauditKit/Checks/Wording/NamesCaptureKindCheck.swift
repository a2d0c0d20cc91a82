/// WRD005: a capture notice names one kind of capture while the app's iOS detection cannot tell
/// recording, mirroring and remote control apart.
struct NamesCaptureKindCheck: Check {
    static let name = "names-capture-kind"

    let detectors: [String]

    init(parameters: CheckParameters) {
        detectors = parameters.strings("detect")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard context.manifest.app.ships(.ios), let detector = detectors.first(where: { context.detects($0, on: .ios) }) else { return [] }
        var emissions: [Emission] = []
        for (text, _) in context.checkedTexts(.captureNotice) {
            for (occurrence, match) in (text.matches?.list("capture-kinds") ?? []).enumerated() {
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["detector": detector, "suggestion": match.entry.suggestion],
                    fix: match.entry.suggestion.isEmpty ? nil : "write instead: \(match.entry.suggestion)",
                    detail: "\(match.entry.text)#\(occurrence)"))
            }
        }
        return emissions
    }
}

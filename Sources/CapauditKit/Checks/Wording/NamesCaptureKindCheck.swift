/// WRD005: a capture notice names one kind of capture while the app's iOS detection cannot tell
/// recording, mirroring and remote control apart.
struct NamesCaptureKindCheck: Check {
    static let name = "names-capture-kind"

    let detectors: [String]

    static let parameters = [ParameterSpec("detect", .list(.name(.mechanism)), required: true)]

    init(parameters: CheckParameters) {
        detectors = parameters.strings("detect")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard context.manifest.app.ships(.ios), let detector = detectors.first(where: { context.detects($0, on: .ios) }) else { return [] }
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(.captureNotice) {
            for (occurrence, match) in (text.matches?.list("capture-kinds") ?? []).enumerated() {
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["detector": detector, "suggestion": match.entry.suggestion],
                    fix: "name capture in general (\"\(match.entry.suggestion)\"), as in the neutral notice: \"\(lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice)\"",
                    fixes: context.fixes { context.neutralNotice(text, lexicon).map { [$0] } ?? [] }, detail: "\(match.entry.text)#\(occurrence)"))
            }
        }
        return emissions
    }
}

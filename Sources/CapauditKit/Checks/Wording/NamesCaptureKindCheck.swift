/// WRD005: a capture notice names one kind of capture, which no capture detector of either
/// platform can tell apart from the others. It fires whatever the app ships and detects, so that
/// adding a detector never raises it; the message names the app's detectors, or says it has none.
struct NamesCaptureKindCheck: Check {
    static let name = "names-capture-kind"

    let detectors: [String]

    static let parameters = [ParameterSpec("detect", .list(.name(.mechanism)), required: true)]

    init(parameters: CheckParameters) {
        detectors = parameters.strings("detect")
    }

    /// The app's capture detectors in words, for the message.
    func detection(_ context: EvaluationContext) -> String {
        let present = detectors.filter { name in context.manifest.app.platforms.contains { context.detects(name, on: $0) } }
        guard !present.isEmpty else { return "the app has no capture detector, and none can" }
        return "\(Phrases.code(present)) cannot"
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        let detection = detection(context)
        var emissions: [Emission] = []
        for (text, lexicon) in context.checkedTexts(.captureNotice) {
            for (occurrence, match) in (text.matches?.list("capture-kinds") ?? []).enumerated() {
                emissions.append(context.wordingEmission(
                    text, from: match.start, to: match.end, arguments: ["detection": detection, "suggestion": match.entry.suggestion],
                    fix: "name capture in general (\"\(match.entry.suggestion)\"), as in the neutral notice: \"\(lexicon.neutralNotice ?? Lexicon.fallbackNeutralNotice)\"",
                    fixes: context.fixes { context.neutralNotice(text, lexicon).map { [$0] } ?? [] }, detail: "\(match.entry.text)#\(occurrence)"))
            }
        }
        return emissions
    }
}

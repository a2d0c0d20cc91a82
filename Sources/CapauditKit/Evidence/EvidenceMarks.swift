/// Whether the code shows each mechanism a screen relies on, for the coverage report's cells:
/// worked out in the evaluate stage, where the code is, and carried with the decoded manifest.
public struct EvidenceMarks: Sendable {
    public enum State: Sendable, Equatable {
        /// The code applies the mechanism; the first place found.
        case evidenced(RelatedLocation)
        /// The source was read and shows nothing (EVD001 says so), or no pattern can show the
        /// mechanism (`secure-layer`): the manifest's word alone.
        case declaredOnly
        /// No source for the platform, or the screen's `code` names nothing there.
        case unchecked
    }

    private var states: [String: State] = [:]

    public init() {}

    public func state(screen: String, platform: Platform, mechanism: String) -> State {
        states[Self.key(screen, platform, mechanism)] ?? .unchecked
    }

    mutating func set(_ state: State, screen: String, platform: Platform, mechanism: String) {
        states[Self.key(screen, platform, mechanism)] = state
    }

    private static func key(_ screen: String, _ platform: Platform, _ mechanism: String) -> String {
        "\(screen)\t\(platform.rawValue)\t\(mechanism)"
    }
}

extension EvaluationContext {
    /// The evidence state of every protect mechanism in effect on every screen, on each platform
    /// whose code the run has: found in the screen's code or, for `capture.protect`, anywhere.
    var evidenceMarks: EvidenceMarks {
        var marks = EvidenceMarks()
        for (platform, _) in platformsWithCode {
            let declared = declaredMechanisms(on: platform)
            for screen in manifest.screens {
                let inEffect = declared.filter { mechanism in
                    switch mechanism.scope {
                    case .screen(let owner, _): return owner.id == screen.id
                    case .app: return !mechanism.use.location.path.hasPrefix("capture.detect")
                    }
                }
                for mechanism in Set(inEffect.map(\.mechanism.id)).sorted() {
                    let places = inEffect.filter { $0.mechanism.id == mechanism }
                    let found = places.lazy.compactMap { place in place.setting.first.map { place.code.related($0.location, "applies \(mechanism)") } }.first
                    marks.set(found.map(EvidenceMarks.State.evidenced) ?? .declaredOnly, screen: screen.id, platform: platform, mechanism: mechanism)
                }
            }
        }
        return marks
    }
}

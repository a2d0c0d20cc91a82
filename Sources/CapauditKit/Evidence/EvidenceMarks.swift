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
    /// Linear in screens: each screen's own mechanisms are grouped once, and the app-wide ones are
    /// looked up once for all screens.
    var evidenceMarks: EvidenceMarks {
        var marks = EvidenceMarks()
        for (platform, _) in platformsWithCode {
            var byScreen: [String: [DeclaredMechanism]] = [:]
            var appWide: [DeclaredMechanism] = []
            for declared in declaredMechanisms(on: platform) {
                switch declared.scope {
                case .screen(let owner, _): byScreen[owner.id, default: []].append(declared)
                case .app where !declared.use.location.path.hasPrefix("capture.detect"): appWide.append(declared)
                case .app: continue
                }
            }
            let appEvidence = Self.firstEvidence(appWide)
            for screen in manifest.screens {
                let ownEvidence = Self.firstEvidence(byScreen[screen.id] ?? [])
                for mechanism in Set(ownEvidence.keys).union(appEvidence.keys) {
                    let found = (ownEvidence[mechanism] ?? nil) ?? (appEvidence[mechanism] ?? nil)
                    marks.set(found.map(EvidenceMarks.State.evidenced) ?? .declaredOnly, screen: screen.id, platform: platform, mechanism: mechanism)
                }
            }
        }
        return marks
    }

    /// For each mechanism of `places`, the first place (in their order) where the code applies it,
    /// or nil when none does.
    private static func firstEvidence(_ places: [DeclaredMechanism]) -> [String: RelatedLocation?] {
        var result: [String: RelatedLocation?] = [:]
        for place in places {
            let mechanism = place.mechanism.id
            if case .some(.some) = result[mechanism] { continue }
            let found: RelatedLocation? = place.setting.first.map { place.code.related($0.location, "applies \(mechanism)") }
            // updateValue keeps a nil (declared, not found); assigning it through the subscript would remove the key.
            result.updateValue(found, forKey: mechanism)
        }
        return result
    }
}

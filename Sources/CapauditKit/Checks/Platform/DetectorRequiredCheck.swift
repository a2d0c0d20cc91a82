/// AND006, IOS004: a protect mechanism that is driven by a detection callback is used, but
/// `capture.detect` lists none of the detectors that drive it; or (with `range-case`) the ones
/// it lists all need a newer OS than the app's minimum, so older devices never get the signal.
struct DetectorRequiredCheck: Check {
    static let name = "detector-required"

    static let parameters = [
        ParameterSpec("platform", .name(.platform), required: true),
        ParameterSpec("mechanism", .name(.mechanism), required: true),
        ParameterSpec("detect-any", .list(.name(.mechanism)), required: true),
        ParameterSpec("range-case", .string),
        ParameterSpec("replace-with", .name(.mechanism)),
    ]

    let platform: Platform?
    let mechanism: String?
    let detectors: [String]
    let rangeCase: String?
    /// A mechanism that does the job without a detector, offered as the other fix.
    let replacement: String?

    init(parameters: CheckParameters) {
        platform = parameters.platform("platform")
        mechanism = parameters.string("mechanism")
        detectors = parameters.strings("detect-any")
        rangeCase = parameters.string("range-case")
        replacement = parameters.string("replace-with")
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        guard let platform, let mechanism, let use = context.uses(of: mechanism, on: platform, in: .protect).first else { return [] }
        let planner = FixPlanner(context: context)
        let present = detectors.filter { context.detects($0, on: platform) }
        let minimum = context.manifest.app.minimumVersion(on: platform)
        guard !present.isEmpty else {
            let edits = planner.detectors(driving: mechanism, on: platform)
            let added = edits.isEmpty ? detectors.first ?? "" : Self.detectorName(edits) ?? ""
            return [Emission(
                location: use.location, platform: platform,
                arguments: ["mechanism": mechanism, "platform": platform.displayName, "detectors": Phrases.code(detectors)],
                fix: "add `\(added)` to `capture.detect`",
                fixes: context.fixes {
                    let drive = edits.isEmpty ? [] : [ManifestFix("drive `\(mechanism)` with its detector", edits)]
                    return drive + [replacing(use, on: platform, planner)].compactMap(\.self)
                }, detail: mechanism)]
        }
        let mechanisms = present.compactMap { context.taxonomy.mechanism($0, on: platform) }
        guard let rangeCase, let minimum, !mechanisms.contains(where: { $0.isAvailable(from: minimum) }),
            let first = mechanisms.first, let since = first.minVersion,
            let detectUse = context.manifest.capture.detect.first(where: { $0.name == first.id && $0.applies(on: platform) })
        else { return [] }
        let edits = planner.detectorsCoveringRange(detectors, on: platform)
        let fallback = Self.detectorName(edits)
        let key = platform.minimumVersionKey
        let advice = fallback.map { "add `\($0)` to `capture.detect` as the fallback below \(platform.versionName(since))" }
            ?? "raise `\(key)` to \(since)"
        return [Emission(
            caseName: rangeCase, location: detectUse.location, platform: platform,
            arguments: [
                "mechanism": mechanism, "platform": platform.displayName, "detector": first.id, "since": platform.versionName(since),
                "minimum": platform.versionName(minimum), "fallback": fallback ?? "",
            ],
            fix: advice,
            fixes: context.fixes {
                let fallbackFix = edits.isEmpty ? [] : [ManifestFix("signal capture on older versions too", edits)]
                let raise = ManifestFix("support only versions that have `\(first.id)`", [.set(key, to: Self.versionValue(since, on: platform), at: "app.platforms.\(platform.rawValue)")])
                return fallbackFix + [raise]
            }, detail: "\(mechanism)|range")]
    }

    /// A minimum version as the manifest writes it: iOS a quoted "MAJOR.MINOR", Android an API level.
    private static func versionValue(_ version: OSVersion, on platform: Platform) -> EditValue {
        platform == .ios ? .text(version.description) : .integer(version.major)
    }

    /// The mechanism taken out of its `protect` list and `replace-with` added there, with what it
    /// needs; nil without `replace-with`, or when the use is not an item of a list.
    private func replacing(_ use: MechanismUse, on platform: Platform, _ planner: FixPlanner) -> ManifestFix? {
        guard let replacement, let open = use.location.path.lastIndex(of: "["), use.location.path.hasSuffix("]") else { return nil }
        let list = String(use.location.path[..<open])
        let (path, key) = ManifestEdit.split(list)
        var edits = [ManifestEdit(path: list, key: String(use.location.path[open...]), change: .remove)]
        edits.append(.append(.name(replacement), to: key, at: path))
        edits += planner.permissions(for: replacement, on: platform)
        return ManifestFix("replace `\(use.name)` with `\(replacement)`, which needs no signal", edits)
    }

    /// The detector an edit list adds to `capture.detect`.
    static func detectorName(_ edits: [ManifestEdit]) -> String? {
        edits.lazy.compactMap { edit -> String? in
            guard edit.key == "detect", case .append(.name(let name)) = edit.change else { return nil }
            return name
        }.first
    }
}

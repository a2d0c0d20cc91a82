import CapauditKit
import YAML

/// Helpers to check manifest text in memory with the shipped policy.
public enum Manifests {
    /// The shipped policy, loaded once per test process.
    public static let policy: Policy = {
        do throws(PolicyError) {
            return try PolicyLoader.shipped()
        } catch {
            fatalError("the shipped policy does not load: \(error)")
        }
    }()

    /// Checks manifest text as if it were the file `path`; `preview` runs preview rules too.
    public static func check(
        _ text: String, path: String = "manifest.yml", policy: Policy = Manifests.policy, profile: String? = nil, preview: Bool = false,
        keepManifests: Bool = false
    ) -> FileResult {
        let configuration = CheckConfiguration(policy: policy, defaultProfile: profile, settings: RuleSettings(preview: preview), keepManifests: keepManifests)
        return FileChecker(configuration: configuration).check(InputFile(path: path, named: true, content: Array(text.utf8)))
    }

    /// "RULE@line:col" for each finding, in report order.
    public static func summary(_ result: FileResult) -> [String] {
        result.findings.sorted(by: Finding.reportOrder).map { "\($0.ruleID)@\($0.start.line):\($0.start.column)" }
    }
}

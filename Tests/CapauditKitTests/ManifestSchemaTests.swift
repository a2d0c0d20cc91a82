@testable import CapauditKit
import JSON
import TestSupport
import Testing

@Suite struct ManifestSchemaTests {
    /// A pack that adds one name of each kind that the schema lists as an enum.
    static let pack: [PolicySource] = [
        PolicySource(relativePath: "taxonomy.yml", displayPath: "pack/taxonomy.yml", bytes: Array("""
            data-kinds:
              - id: loyalty-pin
                category: credential
                aliases: [lpin]
            action-kinds:
              - id: redeem-points
                risk: medium
            mechanisms:
              - id: blur-overlay
                platform: ios
                role: protect
                covers: [recording]
              - id: shake-report
                platform: android
                role: detect
            """.utf8)),
        PolicySource(relativePath: "profiles/loyalty.yml", displayPath: "pack/profiles/loyalty.yml", bytes: Array("id: loyalty\nextends: general\n".utf8)),
    ]

    /// Every mapping of the schema (an object schema that closes its properties), by its keys in order.
    static func mappings(in value: JSONValue) -> [[String]] {
        switch value {
        case .object(let members):
            var found: [[String]] = []
            if value["additionalProperties"] == .bool(false), case .object(let properties)? = value["properties"] {
                found.append(properties.map(\.0))
            }
            return found + members.flatMap { mappings(in: $0.1) }
        case .array(let items):
            return items.flatMap(mappings)
        default:
            return []
        }
    }

    @Test func everyMappingHasTheDecodersKeysInTheirOrder() {
        let schemaKeys = Self.mappings(in: ManifestSchema.build(Manifests.policy)).map { $0.joined(separator: ",") }.sorted()
        let decoderLists = [
            ManifestKeys.root, ManifestKeys.app, ManifestKeys.platforms, ManifestKeys.ios, ManifestKeys.android, ManifestKeys.permission,
            ManifestKeys.sdk, ManifestKeys.setting, ManifestKeys.capture, ManifestKeys.notice, ManifestKeys.onScreenshot, ManifestKeys.screen, ManifestKeys.optOut,
            ManifestKeys.field, ManifestKeys.action, ManifestKeys.screenNotice,
            // A screen's `code`.
            ManifestKeys.platforms,
        ]
        // The platform map form of each place's `protect`.
        let protectMaps = Array(repeating: ManifestKeys.platforms, count: Mechanism.Placement.allCases.count)
        let decoderKeys = (decoderLists + protectMaps).map { $0.joined(separator: ",") }.sorted()
        #expect(schemaKeys == decoderKeys)
    }

    @Test func enumsListThePolicysNames() throws {
        let policy = Manifests.policy
        let definitions = try #require(ManifestSchema.build(policy)["$defs"])
        func names(_ definition: String) -> [String] {
            definitions[definition]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        #expect(names("data-kind") == policy.taxonomy.dataKindNames)
        #expect(names("data-kind").contains("cvv"))
        #expect(names("action-kind") == policy.taxonomy.actionKinds.map(\.id))
        #expect(names("capture-mechanism") == policy.taxonomy.mechanismNames)
        #expect(names("profile") == ["banking", "general", "health"])
        #expect(names("ios-field-mechanism").contains("redact-on-capture") && !names("ios-field-mechanism").contains("flag-secure"))
        #expect(names("android-field-mechanism").contains("redact-on-capture") && names("android-field-mechanism").contains("flag-secure"))
        #expect(names("detect-mechanism") == policy.taxonomy.mechanisms.filter { $0.role == .detect }.map(\.id))
    }

    @Test func aRulePacksNamesJoinTheEnums() throws {
        let policy = try PolicyLoader.load(adding: Self.pack)
        let definitions = try #require(ManifestSchema.build(policy)["$defs"])
        func names(_ definition: String) -> [String] {
            definitions[definition]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        #expect(names("data-kind").suffix(2) == ["loyalty-pin", "lpin"])
        #expect(names("action-kind").last == "redeem-points")
        #expect(names("screen-mechanism").suffix(2) == ["blur-overlay", "shake-report"])
        #expect(names("ios-screen-mechanism").contains("blur-overlay") && !names("android-screen-mechanism").contains("blur-overlay"))
        #expect(names("detect-mechanism").last == "shake-report")
        #expect(names("profile") == ["banking", "general", "health", "loyalty"])
    }

    @Test func deploymentTargetPatternAcceptsWhatTheDecoderReads() throws {
        let target = ManifestSchema.build(Manifests.policy)["properties"]?["app"]?["properties"]?["platforms"]?["properties"]?["ios"]?["properties"]?["deployment-target"]
        let pattern = try Regex(try #require(target?["pattern"]?.stringValue))
        for text in ["17", "17.0", "17.10", "0.1", "+17.0", "-1", "17.", ".5", "17.0.1", "v17", " 17", "17 ", "١٧"] {
            #expect((text.firstMatch(of: pattern) != nil) == (OSVersion(text) != nil), "\"\(text)\"")
        }
    }
}

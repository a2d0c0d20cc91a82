import CapauditKit
import Foundation
import JSON
import TestSupport
import Testing

@Suite struct SchemaCommandTests {
    static func schema(_ arguments: [String] = [], in folder: URL = Paths.packageRoot) throws -> JSONValue {
        let result = try runCapaudit(["schema"] + arguments, in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try JSONParser.parse(result.stdout)
    }

    /// Every string of every `enum` in the schema.
    static func enumValues(in value: JSONValue) -> Set<String> {
        switch value {
        case .object(let members):
            var found = Set(value["enum"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for (_, member) in members { found.formUnion(enumValues(in: member)) }
            return found
        case .array(let items):
            return items.reduce(into: Set<String>()) { $0.formUnion(enumValues(in: $1)) }
        default:
            return []
        }
    }

    /// The path of every property schema without a description.
    static func undescribed(in value: JSONValue, at path: String = "") -> [String] {
        switch value {
        case .object(let members):
            var missing: [String] = []
            if case .object(let properties)? = value["properties"] {
                for (name, property) in properties where property["description"]?.stringValue?.isEmpty ?? true {
                    missing.append("\(path).properties.\(name)")
                }
            }
            for (key, member) in members { missing += undescribed(in: member, at: "\(path).\(key)") }
            return missing
        case .array(let items):
            return items.enumerated().flatMap { undescribed(in: $1, at: "\(path)[\($0)]") }
        default:
            return []
        }
    }

    @Test func printsADraft2020SchemaWithThePolicysNames() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"]?.stringValue == "https://capaudit.dev/schema/manifest-1.json")
        #expect(schema["properties"]?["capaudit"]?["const"] == .integer(1))
        let values = Self.enumValues(in: schema)
        let taxonomy = Manifests.policy.taxonomy
        for name in taxonomy.dataKindNames + taxonomy.mechanismNames + taxonomy.actionKinds.map(\.id) + Manifests.policy.profileNames {
            #expect(values.contains(name), "no enum lists `\(name)`")
        }
    }

    @Test func everyPropertyHasADescription() throws {
        let schema = try Self.schema()
        #expect(Self.undescribed(in: schema) == [])
        #expect(Self.undescribed(in: .object([("properties", .object([("bare", .object([]))]))])) == [".properties.bare"])
    }

    @Test func twoRunsPrintTheSameBytes() throws {
        let first = try runCapaudit(["schema"], in: Paths.packageRoot)
        let second = try runCapaudit(["schema"], in: Paths.packageRoot)
        #expect(first.stdout == second.stdout)
    }

    @Test func outputWritesTheSchemaToAFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runCapaudit(["schema", "--output", "manifest.schema.json"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try readText(folder.appendingPathComponent("manifest.schema.json"))
        #expect(written == (try runCapaudit(["schema"], in: folder)).stdout)
    }

    @Test func aRulePackAddsItsNames() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
            data-kinds:
              - id: loyalty-pin
                category: credential
                aliases: [lpin]
            mechanisms:
              - id: blur-overlay
                platform: ios
                role: protect
                covers: [recording]
            """, to: folder.appendingPathComponent("pack/taxonomy.yml"))
        try write("id: loyalty\nextends: general\n", to: folder.appendingPathComponent("pack/profiles/loyalty.yml"))
        let values = Self.enumValues(in: try Self.schema(["--rules", "pack"], in: folder))
        #expect(values.isSuperset(of: ["loyalty-pin", "lpin", "blur-overlay", "loyalty"]))
        #expect(!Self.enumValues(in: try Self.schema(in: folder)).contains("loyalty-pin"))
    }

    @Test func aBrokenRulePackExitsTwo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("data-kinds:\n  - id: loyalty-pin\n    category: loyalty\n", to: folder.appendingPathComponent("pack/taxonomy.yml"))
        let result = try runCapaudit(["schema", "--rules", "pack"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("pack/taxonomy.yml:3:15:"))
    }

    @Test func aPathArgumentIsAUsageError() throws {
        let result = try runCapaudit(["schema", "Examples"], in: Paths.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains("schema takes no paths"))
    }
}

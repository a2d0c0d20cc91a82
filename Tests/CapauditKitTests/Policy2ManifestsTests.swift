@testable import CapauditKit
import Foundation
import TestSupport
import Testing
import YAML

/// The manifests of release 0.2.0 (Tests/Fixtures/Policy2Manifests) stay valid format 1 under
/// Policy 3, and the new keys they do not use take their defaults.
@Suite struct Policy2ManifestsTests {
    static let folder = Paths.fixture("Policy2Manifests")

    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yml") }.sorted()

    @Test func theFolderHoldsTheReleasesManifests() {
        #expect(Self.files.count == 10, "\(Self.files)")
    }

    @Test(arguments: files)
    func aPolicy2ManifestDecodesWithoutAMistakeAndWithTheDefaults(_ file: String) throws {
        let policy = Manifests.policy
        let documents = YAMLLoader.loadDocuments(try readBytes(Self.folder.appendingPathComponent(file))).documents
        #expect(!documents.isEmpty)
        for root in documents {
            let decoder = ManifestDecoder(taxonomy: policy.taxonomy, profileNames: policy.profileNames, defaultProfile: nil)
            let decoded = decoder.decode(root)
            #expect(decoded.problems.map { "\($0.position): \($0.message)" } == [], "\(file)")
            let manifest = try #require(decoded.manifest, "\(file)")
            #expect(!manifest.hasLeftOutScreens)
            #expect(manifest.app.ios?.uiVersion == nil && manifest.app.android?.uiVersion == nil)
            for screen in manifest.screens {
                #expect(screen.host == .app && screen.platforms == nil, "\(file): \(screen.id)")
                #expect(screen.actions.allSatisfy { $0.opens == nil && $0.protect.isEmpty }, "\(file): \(screen.id)")
            }
        }
    }
}

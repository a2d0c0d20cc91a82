@testable import SourceScan
import Testing

/// Compose's secure text fields are secure inputs to `init --from-source` (EVIDENCE.md, Evidence
/// 2, "Policy 3 mechanisms"), like SwiftUI's `SecureField`.
@Suite struct ComposeSecureInputTests {
    @Test(arguments: ["SecureTextField", "BasicSecureTextField"])
    func aComposeSecureFieldIsASecureInputOfItsActivity(_ name: String) throws {
        let source = index(.android, ["PinActivity.kt": "class PinActivity : ComponentActivity() {\n    fun f() { setContent { \(name)(state = s) } }\n}"])
        let declaration = try #require(source.declarations.first)
        #expect(source.screenTraits(of: declaration).secureInputs.map { "\($0.name)@\($0.location.line):\($0.location.column)" } == ["\(name)@2:28"])
    }
}

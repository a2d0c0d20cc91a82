@testable import SourceScan
import Testing

/// A Kotlin or Java file's `package` qualifies its types (docs/evidence.md, "Mapping screens to
/// code"): a `code` entry may name a type by its full name, and a search from one declaration
/// never takes in another module's type of the same name.
@Suite struct QualifiedNameTests {
    static let files = [
        "vault/src/main/java/com/example/vault/MainActivity.kt": """
            @file:JvmName("Vault")

            package com.example.vault

            import android.os.Bundle

            class MainActivity : AppCompatActivity() {
                class Pager { fun f() { setFlags(FLAG_SECURE, FLAG_SECURE) } }
                fun g() { setFlags(FLAG_SECURE, FLAG_SECURE) }
            }
            """,
        "onboarding/src/main/java/com/example/onboarding/MainActivity.java": """
            /* The onboarding module. */
            package com.example . onboarding;

            public class MainActivity extends Activity { void g() { show(); } }
            """,
        "legacy/MainActivity.kt": "class MainActivity : Activity()",
    ]

    static let source = index(.android, files, patterns: (try? patternSet(.kotlin, ["setFlags"])) ?? PatternSet())

    @Test func eachFileGivesItsTypesItsPackage() {
        let names = Self.source.declarations.map { "\($0.fullName) \($0.package ?? "-")" }
        #expect(names == [
            "MainActivity -",
            "com.example.onboarding.MainActivity com.example.onboarding",
            "com.example.vault.MainActivity com.example.vault",
            "com.example.vault.MainActivity.Pager com.example.vault",
        ])
    }

    @Test func aCodeEntryMatchesByFullNameOrByTopLevelSimpleName() {
        func files(_ entry: String) -> [String] { Self.source.declarations(namedBy: entry).map(\.file) }
        #expect(files("com.example.vault.MainActivity") == ["vault/src/main/java/com/example/vault/MainActivity.kt"])
        #expect(files("com.example.onboarding.MainActivity") == ["onboarding/src/main/java/com/example/onboarding/MainActivity.java"])
        #expect(files("com.example.vault.MainActivity.Pager") == ["vault/src/main/java/com/example/vault/MainActivity.kt"])
        #expect(files("MainActivity").count == 3)
        #expect(files("Pager").isEmpty)
        #expect(files("example.vault.MainActivity").isEmpty)
    }

    @Test func aSearchFromOneDeclarationStaysInIt() throws {
        let onboarding = try #require(Self.source.declarations(namedBy: "com.example.onboarding.MainActivity").first)
        let vault = try #require(Self.source.declarations(namedBy: "com.example.vault.MainActivity").first)
        #expect(Self.source.search(declaration: onboarding).occurrences.isEmpty)
        #expect(found(Self.source.search(declaration: vault).occurrences) == ["setFlags@8:29", "setFlags@9:15"])
        #expect(Self.source.search(declaration: vault).files == ["vault/src/main/java/com/example/vault/MainActivity.kt"])
    }

    /// Two modules each declare `BaseActivity`; only `core`'s sets the flag. A subtype's base is
    /// the one its file imports, else the one of its package; with neither, every one.
    @Test func aSupertypeIsTheOneTheSubtypesFileImportsOrItsPackageDeclares() throws {
        let base = "open class BaseActivity : AppCompatActivity() { fun f() { setFlags(FLAG_SECURE, FLAG_SECURE) } }"
        let modules = index(.android, [
            "core/BaseActivity.kt": "package com.example.core\n\n\(base)",
            "legacy/BaseActivity.java": "package com.example.legacy;\npublic class BaseActivity extends Activity { void g() { show(); } }",
            "core/CardsActivity.kt": "package com.example.core\nclass CardsActivity : BaseActivity()",
            "vault/VaultActivity.kt": "package com.example.vault\nimport com.example.legacy.BaseActivity\nimport com.example.core.*\nclass VaultActivity : BaseActivity()",
            "vault/AliasActivity.kt": "package com.example.vault\nimport com.example.core.BaseActivity as CoreBase\nclass AliasActivity : BaseActivity()",
            "legacy/OldActivity.java": "package com.example.legacy;\nimport static com.example.core.BaseActivity.X;\npublic class OldActivity extends BaseActivity {}",
        ], patterns: try patternSet(.kotlin, ["setFlags"]))
        func searched(_ entry: String) throws -> [String] {
            let declaration = try #require(modules.declarations(namedBy: entry).first)
            return modules.search(declaration: declaration).files
        }
        #expect(try searched("com.example.vault.VaultActivity") == ["vault/VaultActivity.kt", "legacy/BaseActivity.java"])
        #expect(try searched("CardsActivity") == ["core/CardsActivity.kt", "core/BaseActivity.kt"])
        #expect(try searched("OldActivity") == ["legacy/OldActivity.java", "legacy/BaseActivity.java"])
        // An alias and a wildcard name no type: nothing tells which `BaseActivity` it is.
        #expect(try searched("AliasActivity") == ["vault/AliasActivity.kt", "core/BaseActivity.kt", "legacy/BaseActivity.java"])
    }

    @Test func aFileWithoutAPackageLineHasNone() {
        let plain = index(.android, ["A.kt": "import x.Y\nclass A { val p = 1 }", "B.java": "class B { int a; }", "C.kt": "val packageName = 1\nclass C"])
        #expect(plain.declarations.map { $0.package == nil } == [true, true, true])
    }
}

import Testing
@testable import SourceScan

/// "kind Name: Super, Super @line:column {openLine-closeLine}" for each declaration.
private func declarations(_ source: LexedSource, _ language: SourceLanguage) -> [String] {
    DeclarationReader.read(source, language: language).declarations.map { declaration in
        let supertypes = declaration.supertypes.map(\.qualifiedName).joined(separator: ", ")
        let body = declaration.body.map { " {\($0.openLine)-\($0.closeLine)}" } ?? ""
        return "\(declaration.kind.rawValue) \(declaration.qualifiedName)\(supertypes.isEmpty ? "" : ": \(supertypes)") @\(declaration.line):\(declaration.column)\(body)"
    }
}

@Suite struct KotlinDeclarationTests {
    @Test func classesWithConstructorsGenericAndQualifiedSupertypes() {
        let source = kotlin(
            """
            class A : Base(), Iface
            class B(val x: Int, y: List<Map<String, Int>>) : Base<T>(x), android.app.Activity {
                companion object : Factory<B> { }
                inner class C @Inject constructor(z: Int) : B(1) where T : Any { }
            }
            data class P(val x: Int)
            enum class Color(val rgb: Int) : Named { RED(1) { override fun f() {} }, GREEN(2) }
            sealed interface S
            fun interface Handler { fun handle() }
            annotation class Marker
            object Single : Runnable by impl, Other { }
            private abstract class Q<T : Comparable<T>> : Base<T>() {}
            """)
        #expect(declarations(source, .kotlin) == [
            "class A: Base, Iface @1:7",
            "class B: Base, android.app.Activity @2:7 {2-5}",
            "companion object B.Companion: Factory @3:15 {3-3}",
            "class B.C: B @4:17 {4-4}",
            "class P @6:12",
            "enum Color: Named @7:12 {7-7}",
            "interface S @8:18",
            "interface Handler @9:15 {9-9}",
            "annotation Marker @10:18",
            "object Single: Runnable, Other @11:8 {11-11}",
            "class Q: Base @12:24 {12-12}",
        ])
        let qualified = DeclarationReader.read(source, language: .kotlin).declarations[1].supertypes[1]
        #expect(qualified.name == "Activity" && qualified.line == 2 && qualified.column == 62)
    }

    @Test func notDeclarations() {
        let source = kotlin(
            """
            fun Activity.secure() { window.addFlags(1) }
            val k = Foo::class
            val r = object : Runnable { override fun run() {} }
            // class Commented : Base()
            val s = "class InString : Base()"
            """)
        #expect(declarations(source, .kotlin).isEmpty)
    }

    @Test func everyTokenKnowsItsInnermostType() {
        let source = kotlin("class Outer { val a = 1\n class Inner { val b = 2 }\n val c = 3 }\nval d = 4")
        let result = DeclarationReader.read(source, language: .kotlin)
        let owners = zip(source.tokens, result.enclosing).map { token, owner in
            "\(source.text(token))→\(owner >= 0 ? result.declarations[Int(owner)].name : "-")"
        }
        #expect(owners == [
            "class→-", "Outer→-", "{→Outer", "val→Outer", "a→Outer", "=→Outer", "1→Outer", "class→Outer", "Inner→Outer",
            "{→Inner", "val→Inner", "b→Inner", "=→Inner", "2→Inner", "}→Inner", "val→Outer", "c→Outer", "=→Outer", "3→Outer",
            "}→Outer", "val→-", "d→-", "=→-", "4→-",
        ])
    }
}

@Suite struct JavaDeclarationTests {
    @Test func extendsImplementsGenericsRecordsEnumsAnnotations() {
        let source = java(
            """
            public class A<T extends Comparable<T>> extends android.app.Activity implements B<T>, C {
                static class Inner extends java.lang.Object { }
                Runnable r = new Runnable() { public void run() {} };
                Class<?> k = A.class;
            }
            interface I extends J, K { }
            enum E implements I { X, Y }
            record R(int x, List<String> y) implements I { }
            @interface Marker { }
            sealed class S permits T1, T2 { }
            """)
        #expect(declarations(source, .java) == [
            "class A: android.app.Activity, B, C @1:14 {1-5}",
            "class A.Inner: java.lang.Object @2:18 {2-2}",
            "interface I: J, K @6:11 {6-6}",
            "enum E: I @7:6 {7-7}",
            "record R: I @8:8 {8-8}",
            "annotation Marker @9:12 {9-9}",
            "class S @10:14 {10-10}",
        ])
    }

    @Test func recordAsAVariableNameIsNotADeclaration() {
        #expect(declarations(java("Record record = load(); record.save();"), .java).isEmpty)
    }
}

@Suite struct SwiftDeclarationTests {
    @Test func typesExtensionsAndWhereClauses() {
        let source = swift(
            """
            final class CardViewController: UIViewController, @unchecked Sendable {
                class func make() -> Self { fatalError() }
                class var shared: Int { 1 }
                struct Row: Hashable { }
            }
            struct CardView<T>: View where T: Equatable { var body: some View { Text("") } }
            extension Cards.CardViewController: UITableViewDelegate where Self: AnyObject {
                enum Mode: String, Codable { case a }
            }
            protocol Secure: AnyObject & Sendable { }
            actor Store { }
            let actor = 1
            """)
        #expect(declarations(source, .swift) == [
            "class CardViewController: UIViewController, Sendable @1:13 {1-5}",
            "struct CardViewController.Row: Hashable @4:12 {4-4}",
            "struct CardView: View @6:8 {6-6}",
            "extension Cards.CardViewController: UITableViewDelegate @7:11 {7-9}",
            "enum Cards.CardViewController.Mode: String, Codable @8:10 {8-8}",
            "protocol Secure: AnyObject, Sendable @10:10 {10-10}",
            "actor Store @11:7 {11-11}",
        ])
        #expect(DeclarationReader.read(source, language: .swift).declarations[3].name == "CardViewController")
    }
}

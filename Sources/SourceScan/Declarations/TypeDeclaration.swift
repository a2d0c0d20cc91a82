/// The language of a source file, and of a pattern.
public enum SourceLanguage: String, Sendable, CaseIterable {
    case kotlin
    case java
    case swift
    case dart
    /// TypeScript and JavaScript, JSX included.
    case typescript
    /// Attributes of Android XML elements (`android:accessibilityDataSensitive="yes"`).
    case xmlAttribute = "xml-attribute"
}

/// What a type declaration introduces.
public enum TypeDeclarationKind: String, Sendable {
    case `class`
    case interface
    case object
    case companionObject = "companion object"
    case enumeration = "enum"
    case annotation
    case record
    case structure = "struct"
    case actor
    case `protocol`
    /// A Swift `extension T`: its name is the extended type's.
    case `extension`
}

/// A type named in a declaration header, as a supertype or an extended type.
public struct TypeReference: Sendable, Hashable {
    /// The last component, without generic arguments: `Activity` for `android.app.Activity`.
    public let name: String
    /// As written, without generic arguments: `android.app.Activity`.
    public let qualifiedName: String
    public let line: Int
    public let column: Int
}

/// Where a type's body is: from its `{` to its `}`, as lines and columns and as token indices
/// within its file (the tokens themselves are not kept).
public struct BodyExtent: Sendable, Hashable {
    public let openLine: Int
    public let openColumn: Int
    public let closeLine: Int
    public let closeColumn: Int
    public let tokens: ClosedRange<Int>
}

/// A class, interface, object, enum, record, struct, actor, protocol or Swift extension.
public struct TypeDeclaration: Sendable {
    /// The declaration's index in `SourceIndex.declarations`.
    public let id: Int
    /// The simple name (for an extension, the extended type's).
    public let name: String
    /// Names of the enclosing declarations and this one, joined with `.` (for an extension, the
    /// extended type as written).
    public let qualifiedName: String
    /// The Kotlin or Java file's `package`; nil in Swift, which has none.
    public let package: String?
    public let kind: TypeDeclarationKind
    public let language: SourceLanguage
    /// The file, relative to the scanned folder.
    public let file: String
    /// Where the name is (or the keyword, for a Kotlin companion object without a name).
    public let line: Int
    public let column: Int
    /// The direct supertypes (Kotlin `:`, Java `extends`/`implements`, Swift `:`), in order.
    public let supertypes: [TypeReference]
    /// Nil when the declaration has no body (`class Empty`, `data class P(val x: Int)`).
    public let body: BodyExtent?
    /// The innermost enclosing declaration's id.
    public let parent: Int?

    /// The qualified name with the package in front: `com.example.cards.CardDetailsActivity`.
    public var fullName: String { package.map { "\($0).\(qualifiedName)" } ?? qualifiedName }
}

/// A declaration as found in one file, before ids and file are known.
struct FoundDeclaration {
    var name: String
    var qualifiedName: String
    var kind: TypeDeclarationKind
    var line: Int
    var column: Int
    var supertypes: [TypeReference]
    var body: BodyExtent?
    var parent: Int?
}

/// A pattern as policy data gives it: short text in one language, and the caller's tag for it.
///
/// Code patterns are token sequences lexed like the language itself, so a pattern never matches
/// inside a comment or a string. `…` (or `...`) stands for up to `ScanLimits.gapTokens` tokens
/// inside the brackets open at that point (nested groups included, never the group's closing
/// bracket); `…` at either end of a pattern adds nothing. A bracket that closes across a `…`
/// must close the group its partner opened: `f(… x)` finds `f(a, x)`, not `f(g(x), y)`.
///
/// In Kotlin, a setter pattern `setX(args)` (or a bare `setX`) also finds the property form
/// `x = args`, as Kotlin writes Java setters: `setContentSensitivity(… CONTENT_SENSITIVITY_SENSITIVE …)`
/// finds `view.contentSensitivity = View.CONTENT_SENSITIVITY_SENSITIVE`. There the arguments,
/// `…` included, must lie within the assigned value: up to a `;` or `,`, the enclosing closing
/// bracket, or the end of the line (unless the expression visibly goes on: the line ends in an
/// operator or the next starts with `.` or `?`), and within `ScanLimits.assignmentValueTokens`.
/// `==` is never an assignment.
///
/// `xml-attribute` patterns are `name` or `name="value"` (`android:accessibilityDataSensitive="yes"`).
public struct PatternDefinition: Sendable, Hashable {
    public var language: SourceLanguage
    public var text: String
    /// Opaque to the scanner: what an occurrence means to the caller (e.g. `flag-secure:sets`).
    public var tag: String
    /// The Dart or JavaScript package whose API the pattern names: an occurrence counts only in a
    /// file whose nearest `pubspec.yaml` or `package.json` depends on it.
    public var package: String?

    public init(language: SourceLanguage, text: String, tag: String, package: String? = nil) {
        self.language = language
        self.text = text
        self.tag = tag
        self.package = package
    }
}

/// A pattern's place in its `PatternSet`.
public struct PatternID: Sendable, Hashable, Comparable {
    public let index: Int

    public static func < (left: PatternID, right: PatternID) -> Bool { left.index < right.index }
}

/// A pattern that cannot be compiled, and why.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    public let definition: PatternDefinition
    public let reason: String

    public var description: String {
        "\(definition.language.rawValue) pattern `\(definition.text)`: \(reason)"
    }
}

/// Patterns compiled once, given up front to a scan.
public struct PatternSet: Sendable {
    public let definitions: [PatternDefinition]
    let compiled: [CompiledPattern]

    /// An empty set: the scan then only reads declarations and build facts.
    public init() {
        definitions = []
        compiled = []
    }

    /// Compiles every definition, or throws for the first that cannot be compiled.
    public init(_ definitions: [PatternDefinition]) throws(PatternError) {
        self.definitions = definitions
        var compiled: [CompiledPattern] = []
        for (index, definition) in definitions.enumerated() {
            compiled.append(try CompiledPattern(definition, id: PatternID(index: index)))
        }
        self.compiled = compiled
    }

    public subscript(id: PatternID) -> PatternDefinition { definitions[id.index] }

    public var ids: [PatternID] { definitions.indices.map { PatternID(index: $0) } }

    /// The ids of the patterns whose tag is `tag`.
    public func ids(tagged tag: String) -> Set<PatternID> {
        Set(definitions.indices.filter { definitions[$0].tag == tag }.map { PatternID(index: $0) })
    }
}

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
///
/// A pattern with a `scope` counts only inside the body of one of the scope's handlers (see
/// `PatternScope`).
public struct PatternDefinition: Sendable, Hashable {
    public var language: SourceLanguage
    public var text: String
    /// Opaque to the scanner: what an occurrence means to the caller (e.g. `flag-secure:sets`).
    public var tag: String
    public var scope: PatternScope?
    /// The Dart or JavaScript package whose API the pattern names: an occurrence counts only in a
    /// file whose nearest `pubspec.yaml` or `package.json` depends on it.
    public var package: String?

    public init(language: SourceLanguage, text: String, tag: String, scope: PatternScope? = nil, package: String? = nil) {
        self.language = language
        self.text = text
        self.tag = tag
        self.scope = scope
        self.package = package
    }
}

/// Where a scoped pattern counts: in the code that runs when one of `handlers` fires, never at the
/// handler itself (evidence is the call that applies a protection, not the place it could be
/// applied).
///
/// A handler is a code pattern, and its bodies are:
/// - for a pattern that starts with `func` (`func sceneWillResignActive`): the function's body; a
///   declaration without one (a protocol requirement) has none;
/// - for any other pattern (`UIApplication.willResignActiveNotification`, `onChange`): the closures
///   of the calls it is an argument of or that it names (`addObserver(forName: X, …) { … }`,
///   `.onReceive(publisher(for: X)) { … }`, `publisher(for: X).sink { … }`, `using: { … }`), and
///   the body of a method that a `#selector(name)` in those calls names, in the same file.
///
/// A body also reaches the bodies of the methods it calls by name that the same file declares,
/// one call deep. With `testing`, a handler's body counts only when its own code contains one of
/// those patterns (`.background`).
///
/// The pattern text `@State = …` (`PatternScope.stateAssignment`) stands for an assignment, in such
/// a body, to a `var` of the handler's type that the type's `body` reads in an `if` condition
/// (SwiftUI: a flag that shows a cover view).
public struct PatternScope: Sendable, Hashable {
    public var handlers: [String]
    public var testing: [String]

    public init(handlers: [String], testing: [String] = []) {
        self.handlers = handlers
        self.testing = testing
    }

    public static let stateAssignment = "@State = …"
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
    /// The handler and testing patterns of each scope, by scope.
    let scopes: [PatternScope: CompiledScope]

    /// An empty set: the scan then only reads declarations and build facts.
    public init() {
        definitions = []
        compiled = []
        scopes = [:]
    }

    /// Compiles every definition, or throws for the first that cannot be compiled.
    public init(_ definitions: [PatternDefinition]) throws(PatternError) {
        self.definitions = definitions
        var compiled: [CompiledPattern] = []
        var scopes: [PatternScope: CompiledScope] = [:]
        for (index, definition) in definitions.enumerated() {
            compiled.append(try CompiledPattern(definition, id: PatternID(index: index)))
            if let scope = definition.scope, scopes[scope] == nil {
                scopes[scope] = try CompiledScope(scope, language: definition.language, for: definition)
            }
        }
        self.compiled = compiled
        self.scopes = scopes
    }

    public subscript(id: PatternID) -> PatternDefinition { definitions[id.index] }

    public var ids: [PatternID] { definitions.indices.map { PatternID(index: $0) } }

    /// The ids of the patterns whose tag is `tag`.
    public func ids(tagged tag: String) -> Set<PatternID> {
        Set(definitions.indices.filter { definitions[$0].tag == tag }.map { PatternID(index: $0) })
    }
}

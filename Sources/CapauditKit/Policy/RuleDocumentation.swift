import YAML

/// Where a rule's failing example says a finding must point: `↓` before the finding's first
/// character (`↓(case)` for a named case), as SwiftLint's examples mark theirs. One marker per
/// finding; the markers are stripped before the example is checked or shown.
public struct ExampleMarker: Sendable, Hashable, CustomStringConvertible {
    public var caseName: String?
    public var line: Int
    public var column: Int

    public init(caseName: String?, line: Int, column: Int) {
        self.caseName = caseName
        self.line = line
        self.column = column
    }

    public var description: String { "\(caseName.map { "(\($0)) " } ?? "")\(line):\(column)" }

    public static let symbol: Unicode.Scalar = "↓"

    /// The example without its markers, and the markers at their line and column (1-based,
    /// Unicode scalars) in that stripped text.
    public static func strip(_ text: String) -> (text: String, markers: [ExampleMarker]) {
        var output = String.UnicodeScalarView()
        var markers: [ExampleMarker] = []
        var line = 1
        var column = 1
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == symbol {
                var caseName: String?
                if index + 1 < scalars.count, scalars[index + 1] == "(", let close = scalars[(index + 1)...].firstIndex(of: ")") {
                    caseName = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                    index = close
                }
                markers.append(ExampleMarker(caseName: caseName, line: line, column: column))
                index += 1
                continue
            }
            output.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        return (String(output), markers)
    }
}

/// The parts of a rule that only people read: rationale, fix and examples.
public struct RuleDocumentation: Sendable, Equatable {
    public var rationale = ""
    public var fix = ""
    public var failingExample = ""
    public var passingExample = ""
    /// Where the failing example's findings must point.
    public var failingMarkers: [ExampleMarker] = []
    /// The app's code the failing example is checked against (evidence rules), in file order.
    public var failingSource: [SourceText] = []
    /// The passing example's code: `examples.passing-source` when the fix is in the code, else
    /// the failing example's.
    public var passingSource: [SourceText] = []

    static let keys = ["rationale", "fix", "examples"]

    init(
        rationale: String, fix: String, failingExample: String, passingExample: String, failingMarkers: [ExampleMarker] = [],
        failingSource: [SourceText] = [], passingSource: [SourceText] = []
    ) {
        self.rationale = rationale
        self.fix = fix
        self.failingExample = failingExample
        self.passingExample = passingExample
        self.failingMarkers = failingMarkers
        self.failingSource = failingSource
        self.passingSource = passingSource
    }

    /// Reads the documentation keys of a rule file's root mapping.
    init(_ root: YAMLNode) {
        rationale = root["rationale"]?.scalar?.value ?? ""
        fix = root["fix"]?.scalar?.value ?? ""
        (failingExample, failingMarkers) = ExampleMarker.strip(root["examples"]?["failing"]?.scalar?.value ?? "")
        passingExample = root["examples"]?["passing"]?.scalar?.value ?? ""
        failingSource = Self.sourceTexts(root["examples"]?["source"])
        passingSource = root["examples"]?["passing-source"].map(Self.sourceTexts) ?? failingSource
    }

    /// `PLATFORM: {PATH: text}` as source files.
    static func sourceTexts(_ node: YAMLNode?) -> [SourceText] {
        var texts: [SourceText] = []
        for platformPair in node?.mapping ?? [] {
            guard let platform = platformPair.key.scalar.flatMap({ Platform(rawValue: $0.value) }) else { continue }
            for filePair in platformPair.value.mapping ?? [] {
                guard let path = filePair.key.scalar?.value, let text = filePair.value.scalar?.value else { continue }
                texts.append(SourceText(platform: platform, path: path, text: text))
            }
        }
        return texts
    }
}

/// A file of an app's code given as text: a rule example's (`examples.source.PLATFORM.PATH` in
/// a rule file), or a test's.
public struct SourceText: Sendable, Equatable {
    public var platform: Platform
    /// Relative to the platform's source folder.
    public var path: String
    public var text: String

    public init(platform: Platform, path: String, text: String) {
        self.platform = platform
        self.path = path
        self.text = text
    }
}

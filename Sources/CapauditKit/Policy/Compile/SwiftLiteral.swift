import SourceScan
import YAML

/// A value written as the Swift expression that rebuilds it: how `PolicyCompiler` turns the
/// policy read from `Rules/` into code. Collections are written in a fixed order (dictionaries
/// and sets by key), so that the same policy always gives the same file.
protocol SwiftLiteral {
    var swiftLiteral: String { get }
}

/// A value rebuilt by calling its initialiser with labelled arguments: `Name(label: value, ...)`.
protocol SwiftInitializerLiteral: SwiftLiteral {
    static var swiftTypeName: String { get }
    /// The initialiser's arguments, in its order.
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { get }
}

extension SwiftInitializerLiteral {
    static var swiftTypeName: String { String(describing: Self.self) }

    var swiftLiteral: String {
        "\(Self.swiftTypeName)(\(swiftArguments.map { "\($0.key): \($0.value.swiftLiteral)" }.joined(separator: ", ")))"
    }

    /// The call with one argument per line, for the values a reader of the generated file looks for.
    func swiftLiteral(indentedBy indent: String) -> String {
        let arguments = swiftArguments.map { "\(indent)    \($0.key): \($0.value.swiftLiteral)" }
        return "\(Self.swiftTypeName)(\n\(arguments.joined(separator: ",\n")))"
    }
}

extension String: SwiftLiteral {
    /// A one-line string literal; scalars that a reader could not see or that would break the
    /// line are escaped.
    var swiftLiteral: String {
        var literal = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}

extension Int: SwiftLiteral {
    var swiftLiteral: String { String(self) }
}

extension Bool: SwiftLiteral {
    var swiftLiteral: String { self ? "true" : "false" }
}

extension Double: SwiftLiteral {
    /// Swift prints the shortest text that reads back as the same value.
    var swiftLiteral: String { description }
}

extension Optional: SwiftLiteral where Wrapped: SwiftLiteral {
    var swiftLiteral: String { map(\.swiftLiteral) ?? "nil" }
}

extension Array: SwiftLiteral where Element: SwiftLiteral {
    var swiftLiteral: String { "[\(map(\.swiftLiteral).joined(separator: ", "))]" }
}

extension Set: SwiftLiteral where Element: SwiftLiteral & Comparable {
    var swiftLiteral: String { sorted().swiftLiteral }
}

extension Dictionary: SwiftLiteral where Key: SwiftLiteral & Comparable, Value: SwiftLiteral {
    var swiftLiteral: String {
        guard !isEmpty else { return "[:]" }
        return "[\(sorted { $0.key < $1.key }.map { "\($0.key.swiftLiteral): \($0.value.swiftLiteral)" }.joined(separator: ", "))]"
    }
}

/// Enumerations whose raw value is their case name (a generated file that does not compile says otherwise).
protocol CaseNameLiteral: SwiftLiteral, RawRepresentable where RawValue == String {}

extension CaseNameLiteral {
    var swiftLiteral: String { ".\(rawValue)" }
}

extension Platform: CaseNameLiteral {}
extension Risk: CaseNameLiteral {}
extension OnCapture: CaseNameLiteral {}
extension RuleStatus: CaseNameLiteral {}
extension FixApplicability: CaseNameLiteral {}
extension Mechanism.Role: CaseNameLiteral {}
extension Mechanism.Placement: CaseNameLiteral {}

extension SourceLanguage: SwiftLiteral {
    var swiftLiteral: String {
        switch self {
        case .kotlin: return ".kotlin"
        case .java: return ".java"
        case .swift: return ".swift"
        case .dart: return ".dart"
        case .typescript: return ".typescript"
        case .xmlAttribute: return ".xmlAttribute"
        }
    }
}

extension Severity: SwiftLiteral {
    var swiftLiteral: String { ".\(self)" }
}

extension SeveritySetting: SwiftLiteral {
    var swiftLiteral: String {
        switch self {
        case .on(let severity): return ".on(\(severity.swiftLiteral))"
        case .off: return ".off"
        }
    }
}

extension ThreatSet: SwiftLiteral {
    var swiftLiteral: String { "ThreatSet(rawValue: \(rawValue))" }
}

extension OSVersion: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["major": major, "minor": minor] }
}

extension SourcePosition: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["line": line, "column": column] }
}

extension YAMLScalar: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["value": value, "style": style, "tag": tag] }
}

extension YAMLPair: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["key": key, "value": value] }
}

extension YAMLScalar.Style: SwiftLiteral {
    var swiftLiteral: String {
        switch self {
        case .plain: return ".plain"
        case .singleQuoted: return ".singleQuoted"
        case .doubleQuoted: return ".doubleQuoted"
        case .literal: return ".literal"
        case .folded: return ".folded"
        }
    }
}

extension YAMLNode.Content: SwiftLiteral {
    var swiftLiteral: String {
        switch self {
        case .scalar(let scalar): return ".scalar(\(scalar.swiftLiteral))"
        case .sequence(let items): return ".sequence(\(items.swiftLiteral))"
        case .mapping(let pairs): return ".mapping(\(pairs.swiftLiteral))"
        }
    }
}

extension YAMLNode: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["content": content, "start": start, "end": end, "alias": alias] }
}

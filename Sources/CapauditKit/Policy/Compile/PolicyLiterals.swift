import SourceScan

/// The policy's types as Swift expressions, each argument in declaration order (the memberwise
/// initialisers that `CompiledPolicy` calls).
extension Threat: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["id": id, "title": title, "description": description, "bit": bit] }
}

extension DataKind: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["id": id, "category": category, "title": title, "description": description, "hints": hints, "aliases": aliases] }
}

extension Hint: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["language": language, "words": words, "except": except] }
}

extension ActionKind: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["id": id, "risk": risk, "hints": hints] }
}

extension Mechanism: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "id": id, "platform": platform, "role": role, "covers": covers, "minVersion": minVersion, "isFragile": isFragile, "isConditional": isConditional,
            "isAppWide": isAppWide, "appliesTo": appliesTo, "caveat": caveat,
            "description": description, "how": how, "caveatClause": caveatClause, "evidence": evidence,
        ]
    }
}

extension MechanismEvidence: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["sets": sets, "clears": clears, "declaredOnly": declaredOnly] }
}

extension EvidencePattern: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        guard let scope else { return ["language": language, "text": text, "package": package] }
        return ["language": language, "text": text, "scope": scope, "package": package]
    }
}

extension PatternScope: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["handlers": handlers, "testing": testing] }
}

extension Reference: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["id": id, "title": title, "url": url, "note": note] }
}

extension RuleDefinition: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "id": id, "slug": slug, "title": title, "status": status, "replacedBy": replacedBy, "check": check, "parameters": parameters,
            "defaultSetting": defaultSetting, "cases": cases, "caseMessages": caseMessages, "retiredCases": retiredCases, "pointsAt": pointsAt, "message": message,
            "references": references, "securitySeverity": securitySeverity, "fixApplicability": fixApplicability, "fixApplicabilityReason": fixApplicabilityReason, "documentation": documentation, "file": file,
        ]
    }
}

extension RuleDocumentation: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "rationale": rationale, "fix": fix, "failingExample": failingExample, "passingExample": passingExample,
            "failingMarkers": failingMarkers, "failingSource": failingSource, "passingSource": passingSource,
        ]
    }
}

extension ExampleMarker: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["caseName": caseName, "line": line, "column": column] }
}

extension SourceText: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["platform": platform, "path": path, "text": text] }
}

extension ProfileDefinition: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "id": id, "title": title, "description": description, "extends": extends, "ruleSettings": ruleSettings, "coverage": coverage,
            "actionsByKind": actionsByKind, "actionsByRisk": actionsByRisk, "file": file, "position": position, "extendsPosition": extendsPosition,
        ]
    }
}

extension CoverageRequirement: SwiftLiteral {
    /// Its rows are tuples, which cannot conform to a protocol: written here.
    var swiftLiteral: String {
        let rows = severities.map { "(threats: \($0.threats.swiftLiteral), severity: \($0.severity.swiftLiteral))" }
        return "CoverageRequirement(severities: [\(rows.joined(separator: ", "))])"
    }
}

extension ActionRequirement: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> { ["minimum": minimum, "severity": severity] }
}

extension LexiconDefinition.Entry: SwiftInitializerLiteral {
    static var swiftTypeName: String { "LexiconDefinition.Entry" }

    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "match": match, "alternatives": alternatives, "suffixes": suffixes, "gap": gap, "exceptions": exceptions, "suggestion": suggestion,
            "category": category,
        ]
    }
}

extension CorpusMeasurement: SwiftInitializerLiteral {
    var swiftArguments: KeyValuePairs<String, any SwiftLiteral> {
        [
            "part": part, "texts": texts, "neutral": neutral, "alarming": alarming, "tonePrecision": tonePrecision, "toneRecall": toneRecall,
            "rulePrecision": rulePrecision, "ruleRecall": ruleRecall,
        ]
    }
}

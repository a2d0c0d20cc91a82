import Testing
@testable import SourceScan

/// Where the patterns occur in one Kotlin, Java or Swift file.
private func matches(_ language: SourceLanguage, _ patterns: [String], in text: String) throws -> [String] {
    let path = ["kotlin": "A.kt", "java": "A.java", "swift": "A.swift"][language.rawValue] ?? "A.kt"
    let platform: SourcePlatform = language == .swift ? .ios : .android
    return found(index(platform, [path: text], patterns: try patternSet(language, patterns)).occurrences)
}

@Suite struct PatternTests {
    static let flagSecure = "setFlags(… FLAG_SECURE …)"

    @Test func gapMatchesInsideTheSameParentheses() throws {
        let text = """
            window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)
            window.setFlags(flags(FLAG_SECURE), 0)
            window.setFlags(0, 0); val x = FLAG_SECURE
            // window.setFlags(FLAG_SECURE, FLAG_SECURE)
            val s = "window.setFlags(FLAG_SECURE, FLAG_SECURE)"
            """
        #expect(try matches(.kotlin, [Self.flagSecure], in: text) == ["\(Self.flagSecure)@1:8", "\(Self.flagSecure)@2:8"])
    }

    @Test func gapStandsForAtMostTwelveTokens() throws {
        let twelve = "setFlags(a, b, c, d, e, f, FLAG_SECURE)"
        let thirteen = "setFlags(a, b, c, d, e, f, g FLAG_SECURE)"
        #expect(try matches(.java, ["setFlags(... FLAG_SECURE ...)"], in: twelve).count == 1)
        #expect(try matches(.java, ["setFlags(... FLAG_SECURE ...)"], in: thirteen).isEmpty)
    }

    @Test func closingBracketAcrossAGapMustCloseTheSameGroup() throws {
        let pattern = "f(… x)"
        #expect(try matches(.kotlin, [pattern], in: "f(a, x)").count == 1)
        #expect(try matches(.kotlin, [pattern], in: "f(g(x), y)").isEmpty)
        #expect(try matches(.kotlin, [pattern], in: "f(g(x))").isEmpty)
    }

    @Test func kotlinPropertyFormOfASetter() throws {
        let patterns = ["setContentSensitivity(… CONTENT_SENSITIVITY_SENSITIVE …)", "setRecentsScreenshotEnabled(false)", "setAccessibilityDataSensitive"]
        let text = """
            view.contentSensitivity = View.CONTENT_SENSITIVITY_SENSITIVE
            view.contentSensitivity = View.CONTENT_SENSITIVITY_NOT_SENSITIVE
            view.contentSensitivity = mode
            val other = CONTENT_SENSITIVITY_SENSITIVE
            view.contentSensitivity =
                View.CONTENT_SENSITIVITY_SENSITIVE
            recentsScreenshotEnabled = false
            if (recentsScreenshotEnabled == false) { }
            setRecentsScreenshotEnabled(false)
            view.accessibilityDataSensitive = View.ACCESSIBILITY_DATA_SENSITIVE_YES
            """
        let result = try matches(.kotlin, patterns, in: text)
        #expect(result == [
            "\(patterns[0])@1:6", "\(patterns[0])@5:6", "\(patterns[1])@7:1", "\(patterns[1])@9:1", "\(patterns[2])@10:6",
        ])
    }

    @Test func javaHasNoPropertyForm() throws {
        #expect(try matches(.java, ["setRecentsScreenshotEnabled(false)"], in: "recentsScreenshotEnabled = false;").isEmpty)
    }

    @Test func kotlinPropertyNames() {
        func property(_ setter: String) -> String? {
            CompiledPattern.propertyName(ofSetter: Array(setter.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(property("setContentSensitivity") == "contentSensitivity")
        #expect(property("setURLPolicy") == "urlPolicy")
        #expect(property("setURL") == "url")
        #expect(property("settle") == nil)
        #expect(property("set") == nil)
    }

    @Test func qualifiedNamesAndSwiftNames() throws {
        let compose = try matches(.kotlin, ["SecureFlagPolicy.SecureOn"], in: "Dialog(properties = DialogProperties(securePolicy = SecureFlagPolicy.SecureOn))")
        #expect(compose == ["SecureFlagPolicy.SecureOn@1:53"])
        let swiftText = """
            // sceneCaptureState
            let text = "isCaptured"
            if view.window?.windowScene?.traitCollection.sceneCaptureState == .active { }
            """
        #expect(try matches(.swift, ["sceneCaptureState", "isCaptured"], in: swiftText) == ["sceneCaptureState@3:46"])
    }

    @Test func badPatternsAreErrors() {
        #expect(throws: PatternError.self) { try patternSet(.kotlin, ["…"]) }
        #expect(throws: PatternError.self) { try patternSet(.kotlin, ["setFlags(FLAG_SECURE"]) }
        #expect(throws: PatternError.self) { try patternSet(.kotlin, ["FLAG_SECURE)"]) }
        #expect(throws: PatternError.self) { try patternSet(.xmlAttribute, ["android:x y=\"1\""]) }
        #expect(throws: Never.self) { try patternSet(.kotlin, ["… registerContentObserver(… MediaStore …) …"]) }
    }

    @Test func manyGapsStayLinear() throws {
        let pattern = "f(" + String(repeating: "… a ", count: 40) + "… b)"
        let text = "f(" + String(repeating: "a, ", count: 2_000) + "c)"
        #expect(try matches(.kotlin, [pattern], in: text).isEmpty)
    }
}

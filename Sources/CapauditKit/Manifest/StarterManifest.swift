/// The commented manifest `capaudit init` writes: one screen whose sensitive value is covered
/// on every shipped platform, one value shown masked, one risky action handled as the profile
/// asks, detection that drives the iOS redaction, and a neutral capture notice. For each
/// shipped profile and platform choice it passes `capaudit check` without a finding.
public enum StarterManifest {
    /// The screen a profile's starter shows; a profile from a rule pack gets its base's, else the general one.
    struct Screen {
        var id: String
        var title: String
        var covered: (id: String, label: String, kind: String, comment: String)
        var masked: (id: String, label: String, kind: String, comment: String)
        var action: (id: String, label: String, kind: String, onCapture: String, message: String, comment: String)
    }

    static let shownInFull = "Shown in full: the screen's protection covers every capture channel the profile names."

    /// Where the comments of the `app` lines start, so that they line up.
    static let commentColumn = 36

    static func commented(_ line: String, _ comment: String) -> String {
        line + String(repeating: " ", count: max(1, commentColumn - line.count)) + "# " + comment
    }

    /// `      min-sdk: 26    # …`, or, when the build files do not say it readably, the key with
    /// no value and a comment that says why, for the person to fill (MAN002 points at the line
    /// until then): never a guessed number.
    private static func buildValue(_ key: String, _ found: SourceDraft.BuildValue, quoted: Bool, fill: String) -> String {
        let explanation = ControlEscaping.escape(found.explanation)
        guard let value = found.value else { return commented("      \(key):", "\(explanation): fill in \(fill)") }
        return commented("      \(key): \(quoted ? "\"\(value)\"" : value)", explanation)
    }

    static func screen(for lineage: [String]) -> Screen {
        if lineage.contains("banking") {
            return Screen(
                id: "accounts", title: "Accounts",
                covered: ("available-balance", "Available balance", "balance", shownInFull),
                masked: ("account-number", "Account number", "account-number", "Shown masked (\"•• 4821\"): masking covers every threat on every platform."),
                action: ("send-money", "Send money", "fund-transfer", "disable", "Transfers are paused while your screen is shared.",
                         "Money movement pauses while the screen is shared (remote-access scams)."))
        }
        if lineage.contains("health") {
            return Screen(
                id: "patient-details", title: "Patient details",
                covered: ("date-of-birth", "Date of birth", "date-of-birth", shownInFull),
                masked: ("record-number", "Medical record number", "medical-record-number", "Shown masked: masking covers every threat, screenshots on iOS included."),
                action: ("share-records", "Share records", "share-records", "disable", "Sharing records is paused while your screen is shared.",
                         "Records leave the app only when nobody else can watch the screen."))
        }
        return Screen(
            id: "profile", title: "Your profile",
            covered: ("date-of-birth", "Date of birth", "date-of-birth", shownInFull),
            masked: ("card-number", "Card number", "card-number", "Last four digits only: masking covers every threat on every platform."),
            action: ("delete-account", "Delete account", "delete-account", "confirm", "Screen sharing is on. Delete this account anyway?",
                     "Asks again while the screen is shared, so that nobody watching can hurry it."))
    }

    /// The starter manifest for a profile (with its `extends` lineage) and the platforms the app ships on.
    public static func text(profile: String, lineage: [String], platforms: [Platform]) -> String {
        let ios = platforms.contains(.ios)
        let android = platforms.contains(.android)
        let screen = screen(for: lineage)
        var lines: [String] = []
        lines += [
            "# yaml-language-server: $schema=./capaudit.schema.json",
            "# Screen capture manifest for capaudit: which screens show sensitive data, and how the app",
            "# protects them from screenshots, screen recording, mirroring, remote control and the app",
            "# switcher snapshot. `capaudit check` audits it; `capaudit explain FILE:LINE` explains a finding.",
            "# The first line points editors at the JSON Schema (completion and checks as you type);",
            "# write the schema beside this file with: capaudit schema > capaudit.schema.json",
            "capaudit: 1",
            "app:",
            commented("  name: My App", "the app's name as people know it"),
            commented("  profile: \(profile)", "banking | health | general, or a profile from a rule pack"),
            "  platforms:",
        ]
        if ios {
            lines += [
                "    ios:",
                commented("      deployment-target: \"16.0\"", "the oldest iOS the app supports, quoted"),
            ]
        }
        if android {
            lines += [
                "    android:",
                commented("      min-sdk: 28", "the oldest Android API level the app supports"),
                "      target-sdk: 35",
                commented("      permissions: [HIDE_OVERLAY_WINDOWS]", "needed by hide-overlay-windows below"),
            ]
        }
        lines += ["", "capture:"]
        if ios {
            lines += [
                "  # iOS: UITraitCollection.sceneCaptureState (iOS 17) says when the screen is recorded,",
                "  # mirrored or shared, and drives every iOS `redact-on-capture` below; UIScreen.isCaptured",
                "  # (screen-captured-flag) gives the same signal on the iOS 16 devices the app supports.",
                "  detect: [scene-capture-state, screen-captured-flag]",
                "  # iOS: a cover view installed in sceneDidEnterBackground keeps every screen out of the",
                "  # app switcher snapshot.",
                "  protect:",
                "    ios: [cover-on-background]",
            ]
        }
        if android {
            lines += [
                "  # Android: FLAG_SECURE (below) keeps the content out of every capture without detection.",
                "  # To react to a recording as well, add screen-recording-callback (API 35) to `detect` and",
                "  # DETECT_SCREEN_RECORDING to the permissions. Other apps' overlays are hidden on every",
                "  # screen (tapjacking, fake prompts).",
            ]
            if !ios { lines.append("  protect:") }
            lines.append("    android: [hide-overlay-windows]")
        }
        lines += [
            "  # Shown while the screen is captured: calm, and says what is hidden.",
            "  notice:",
            "    style: banner",
            "    text: \"Screen sharing is active. Some details are hidden until it ends.\"",
            "",
            "screens:",
            "  - id: \(screen.id)",
            "    title: \(screen.title)",
        ]
        lines.append("    # The screen's protection applies to each of its fields.")
        if ios { lines.append("    # iOS: redact-on-capture hides the values while the screen is recorded, mirrored or shared.") }
        if android {
            lines.append("    # Android: FLAG_SECURE on this screen's window blocks screenshots, recording, mirroring,")
            lines.append("    # remote control and the app switcher snapshot. A dialog or sheet needs its own.")
        }
        lines.append("    protect:")
        if ios { lines.append("      ios: [redact-on-capture]") }
        if android { lines.append("      android: [flag-secure]") }
        lines += [
            "    fields:",
            "      # \(screen.covered.comment)",
            "      - id: \(screen.covered.id)",
            "        label: \(screen.covered.label)",
            "        kind: \(screen.covered.kind)",
            "      # \(screen.masked.comment)",
            "      - id: \(screen.masked.id)",
            "        label: \(screen.masked.label)",
            "        kind: \(screen.masked.kind)",
            "        display: masked",
            "    actions:",
            "      # \(screen.action.comment)",
            "      - id: \(screen.action.id)",
            "        label: \(screen.action.label)",
            "        kind: \(screen.action.kind)",
            "        on-capture: \(screen.action.onCapture)",
            "        message: \"\(screen.action.message)\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension StarterManifest {
    /// The manifest `capaudit init --from-source` writes from what the code shows: the build
    /// files' versions and permissions, the mechanisms found (each with where), and one screen per
    /// screen type found, with its `code`; fields are left for a person to tag. It passes
    /// MAN001-MAN004 once a version the build files do not say readably is filled in.
    public static func draft(_ draft: SourceDraft, profile: String, sources: [SourceFolder]) -> String {
        let folders = sources.map { ControlEscaping.escape("\($0.path)/") }.joined(separator: " and ")
        var lines = [
            "# yaml-language-server: $schema=./capaudit.schema.json",
            "# Screen capture manifest drafted by `capaudit init --from-source` from \(folders).",
            "# It lists the screens whose code applies a capture mechanism or holds a secure input, with their",
            "# `code` and the mechanisms found there. Review every line: the scan reads code, not intent.",
            "# Then list each screen's fields (id, label, kind), add the screens the scan could not see,",
            "# and run `capaudit check`. The schema for editors: capaudit schema > capaudit.schema.json",
            "capaudit: 1",
            "app:",
            commented("  name: My App", "the app's name as people know it"),
            commented("  profile: \(profile)", "banking | health | general, or a profile from a rule pack"),
            "  platforms:",
        ]
        if draft.platforms.contains(.ios) {
            lines.append("    ios:")
            lines.append(buildValue("deployment-target", draft.deploymentTarget, quoted: true, fill: "the oldest iOS version supported"))
        }
        if draft.platforms.contains(.android) {
            lines.append("    android:")
            lines.append(buildValue("min-sdk", draft.minSDK, quoted: false, fill: "the oldest API level supported"))
            lines.append(buildValue("target-sdk", draft.targetSDK, quoted: false, fill: "the API level targeted"))
            if !draft.permissions.isEmpty {
                lines.append(commented("      permissions:", "as in AndroidManifest.xml"))
                for permission in draft.permissions {
                    if let maxSDK = permission.maxSDK {
                        lines += ["        - name: \(yamlScalar(permission.name))", "          max-sdk: \(maxSDK)"]
                    } else {
                        lines.append("        - \(yamlScalar(permission.name))")
                    }
                }
            }
        }
        if !draft.detect.isEmpty {
            lines += ["", "capture:"]
            lines.append("  detect:                           # detection found in the code (it covers nothing by itself)")
            lines += draft.detect.map { commented("    - \($0.mechanism)", "found at \(ControlEscaping.escape($0.place))") }
        }
        if !draft.protectElsewhere.isEmpty {
            lines.append("")
            lines.append("# Found outside the screens below, so the draft cannot tell which screens they cover: add each")
            lines.append("# to the screen that shows that code (name its file in `code`), or to `capture.protect` if it")
            lines.append("# covers every screen.")
            lines += draft.protectElsewhere.map { "#   \($0.platform.rawValue): \($0.mechanism) at \(ControlEscaping.escape($0.place))" }
        }
        lines += ["", "screens:"]
        if draft.screens.isEmpty {
            lines += [
                "  # No screen type of the source applies a capture mechanism or holds a secure input:",
                "  # describe the app's screens here, each with its `code`.",
                "  - id: first-screen",
                "    title: First screen",
            ]
        }
        for screen in draft.screens {
            lines += ["  - id: \(screen.id)", "    title: \(yamlScalar(screen.title))", "    code:"]
            for platform in Platform.allCases {
                guard let names = screen.code[platform] else { continue }
                lines.append("      \(platform.rawValue): \(Phrases.flowList(names.map(yamlScalar)))")
            }
            let protect = Platform.allCases.compactMap { platform in screen.protect[platform].flatMap { $0.isEmpty ? nil : (platform, $0) } }
            if !protect.isEmpty {
                lines.append("    protect:                        # found in the screen's code")
                lines += protect.map { "      \($0.0.rawValue): \(Phrases.flowList($0.1))" }
            }
            for place in screen.undone {
                lines.append("    # The code also undoes a protection: \(ControlEscaping.escape(place)); remove that call or this claim.")
            }
            lines.append("    # To tag: list the values this screen shows or takes (id, label, kind); the kinds decide")
            lines.append("    # what the profile requires of the screen.")
            if !screen.secureInputs.isEmpty {
                lines.append("    fields:")
                lines.append("      # To tag: a secure input (\(ControlEscaping.escape(screen.secureInputs.joined(separator: "; ")))); give it a kind")
                lines.append("      # (password, pin, one-time-code, ...) and a label.")
                lines += ["      - id: secure-input", "        input: secure"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain scalar when YAML reads it back as the same string, else a double-quoted one in
    /// which every character a reader could not see or YAML would fold (controls, line and
    /// paragraph separators, format characters) is a `\u` escape.
    static func yamlScalar(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/ ".contains($0)) } && text.first?.isLetter == true
            && !text.hasSuffix(" ") && !["true", "false", "null"].contains(text.lowercased())
        guard !plain else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            default:
                if ControlEscaping.needsEscape(scalar, keepNewlines: false) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    quoted += scalar.value > 0xFFFF ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

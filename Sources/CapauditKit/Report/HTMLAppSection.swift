/// One app's part of the HTML report: facts, what is exposed, the matrix, actions, texts,
/// exemptions and findings.
struct HTMLAppSection {
    let app: AppReport
    /// The section's anchor; its parts' ids start with it.
    let id: String

    func render() -> String {
        let keys = app.matrix.mechanismKeys
        var html = """
            <article class="app" id="\(id)" aria-labelledby="\(id)-title">
            <h2 id="\(id)-title">\(e(app.app.name))</h2>
            <p class="file"><code>\(e(app.fileLabel))</code></p>

            """
        html += facts
        html += exposed
        html += matrix(keys)
        html += actions
        html += texts
        html += exemptions
        html += "<section aria-labelledby=\"\(id)-findings\">\n<h3 id=\"\(id)-findings\">Findings</h3>\n"
        html += app.findings.isEmpty ? "<p>No finding.</p>\n" : HTMLFindingTable.render(app.findings, caption: "Every finding of \(app.app.name), suppressed and baselined ones included", showFile: false)
        html += "</section>\n</article>\n"
        return html
    }

    // MARK: Facts

    var facts: String {
        let profile = app.profile
        let lineage = profile.lineage.dropLast()
        let extends = lineage.isEmpty ? "" : ", extends \(lineage.reversed().map { "<code>\(e($0))</code>" }.joined(separator: ", "))"
        var platforms: [String] = []
        if let ios = app.app.ios { platforms.append("iOS \(e(ios.deploymentTarget.description)) and later") }
        if let android = app.app.android {
            platforms.append("Android API \(android.minSDK) and later (target API \(android.targetSDK))")
        }
        let screens = app.matrix.screens.count
        let rows = app.matrix.rows.count
        let fields = "\(rows) in \(screens) \(screens == 1 ? "screen" : "screens")" + (app.otherFieldCount == 0 ? "" : "; \(app.otherFieldCount) other \(app.otherFieldCount == 1 ? "field needs" : "fields need") nothing under this profile")
        return """
            <dl class="facts">
            <dt>Profile</dt><dd>\(e(profile.title)) (<code>\(e(profile.id))</code>\(extends))</dd>
            <dt>Platforms</dt><dd>\(platforms.joined(separator: "; "))</dd>
            <dt>Sensitive fields</dt><dd>\(fields)</dd>
            <dt>Findings</dt><dd>\(e(Counting.bySeverity(app.countedFindings.map(\.finding))))\(Self.uncountedNote(app.uncountedParts))</dd>
            </dl>

            """
    }

    /// " (and 2 suppressed)" after a count of findings, or nothing.
    static func uncountedNote(_ parts: [String]) -> String {
        parts.isEmpty ? "" : " <span class=\"muted\">(and \(parts.joined(separator: ", ")))</span>"
    }

    // MARK: Exposed

    /// The gaps in words, per platform: what a reader who skips the matrix needs.
    var exposed: String {
        var html = "<section aria-labelledby=\"\(id)-exposed\">\n<h3 id=\"\(id)-exposed\">Exposed</h3>\n"
        var items: [String] = []
        for platform in app.matrix.platforms {
            for screen in app.matrix.screens {
                for row in screen.rows {
                    let gaps = row.cells.filter { $0.platform == platform && $0.isGap }
                    guard let first = gaps.first else { continue }
                    let threats = gaps.map { threatTitle($0.threat).lowercased() }
                    let (symbol, word, css) = Self.gapWords(first.state)
                    let worst = gaps.compactMap { cell -> Severity? in
                        if case .missing(let severity) = cell.state { return severity }
                        return nil
                    }.max()
                    let verdict = worst.map { "<span class=\"sev \($0)\">✗ \($0)</span>" } ?? "<span class=\"cell \(css)\">\(symbol) \(word)</span>"
                    let link = first.finding.map { " <a href=\"#\($0.anchor)\">finding \($0.number)</a>" } ?? ""
                    items.append(
                        "<li><b>\(platform.displayName)</b>: \(fieldName(row.field)) on \(e(screenName(screen.screen))) to \(e(Phrases.list(threats))) \(verdict)\(link)</li>")
                }
            }
        }
        if items.isEmpty {
            html += "<p class=\"ok\">✓ Every sensitive field is covered against every threat its profile requires, on every platform.</p>\n"
        } else {
            html += "<ul class=\"exposed\">\n\(items.joined(separator: "\n"))\n</ul>\n"
        }
        return html + "</section>\n"
    }

    static func gapWords(_ state: MatrixCell.State) -> (symbol: String, word: String, css: String) {
        switch state {
        case .covered: return ("✓", "covered", "ok")
        case .missing(let severity): return ("✗", severity.description, "gap \(severity)")
        case .exempt: return ("⊘", "exempt", "exempt")
        case .notRequired: return ("–", "not required", "na")
        }
    }

    // MARK: Matrix

    func matrix(_ keys: [MechanismKey]) -> String {
        let matrix = app.matrix
        var html = "<section aria-labelledby=\"\(id)-matrix\">\n<h3 id=\"\(id)-matrix\">Coverage matrix</h3>\n"
        guard !matrix.screens.isEmpty else {
            return html + "<p>No field of a kind that \(e(app.profile.title)) protects.</p>\n</section>\n"
        }
        let columns = 1 + matrix.platforms.count * matrix.threats.count
        html += """
            <div class="scroll" tabindex="0" role="region" aria-labelledby="\(id)-matrix">
            <table class="matrix" id="\(id)-table">
            <caption>\(e(app.app.name)): sensitive fields by screen (rows) against each platform's threats (columns)</caption>
            <thead>
            <tr><th scope="col" rowspan="2">Field</th>
            """
        for platform in matrix.platforms {
            html += "<th scope=\"colgroup\" colspan=\"\(matrix.threats.count)\" class=\"start\">\(platformHeading(platform))</th>"
        }
        html += "</tr>\n<tr>"
        for _ in matrix.platforms {
            for (index, threat) in matrix.threats.enumerated() {
                html += "<th scope=\"col\"\(index == 0 ? " class=\"start\"" : "")>\(e(threat.title))</th>"
            }
        }
        html += "</tr>\n</thead>\n"
        for screen in matrix.screens {
            html += "<tbody>\n<tr><th scope=\"rowgroup\" colspan=\"\(columns)\"><span>\(e(screenName(screen.screen)))\(screenNote(screen.screen))</span></th></tr>\n"
            for row in screen.rows {
                html += "<tr><th scope=\"row\">\(rowHeader(row.field))</th>"
                for platform in matrix.platforms {
                    for (index, threat) in matrix.threats.enumerated() {
                        guard let cell = row.cell(platform, threat.id) else {
                            html += "<td\(index == 0 ? " class=\"start\"" : "")></td>"
                            continue
                        }
                        html += self.cell(cell, keys: keys, first: index == 0)
                    }
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n</div>\n"
        html += mechanismList(keys)
        return html + "</section>\n"
    }

    func platformHeading(_ platform: Platform) -> String {
        switch platform {
        case .ios: return "iOS" + (app.app.ios.map { " <small>\(e($0.deploymentTarget.description))+</small>" } ?? "")
        case .android: return "Android" + (app.app.android.map { " <small>API \($0.minSDK)+</small>" } ?? "")
        }
    }

    func rowHeader(_ field: Field) -> String {
        let label = "<span class=\"label\">\(e(field.label ?? field.id))</span>"
        var details = [field.kind]
        if field.display != .full { details.append("display \(field.display.rawValue)") }
        if field.reveal == .tap { details.append("reveal on tap") }
        if field.context != .detail { details.append(field.context.rawValue) }
        let id = field.label == nil ? "" : "<code>\(e(field.id))</code> · "
        return "\(label)<small>\(id)\(e(details.joined(separator: " · ")))</small>"
    }

    func screenNote(_ screen: Screen) -> String {
        var notes: [String] = []
        if screen.window != .screen { notes.append("\(screen.window.rawValue) over \(screen.parent ?? "?")") }
        if let optOut = screen.optOut {
            notes.append(optOut.hasReason ? "opted out: \(optOut.reason ?? "")" : "opted out without a reason")
        }
        return notes.isEmpty ? "" : " <small>(\(e(notes.joined(separator: "; "))))</small>"
    }

    func cell(_ cell: MatrixCell, keys: [MechanismKey], first: Bool) -> String {
        let start = first ? " start" : ""
        let place = "\(threatTitle(cell.threat)) on \(cell.platform.displayName)"
        let covers = cell.coveredBy.map(\.name)
        switch cell.state {
        case .covered:
            if let contradiction = cell.contradiction {
                let title = "\(place): claimed by \(Phrases.list(covers)), contradicted by the code (finding \(contradiction.number)\(Self.status(contradiction.finding)))"
                let mark = "<small class=\"evidence\">contradicted</small>"
                return "<td class=\"contradicted\(start)\" title=\"\(e(title))\">\(linked("⚠ \(cell.shortCover(keys))", contradiction))\(mark)</td>"
            }
            let setting = cell.followedSetting.map { _ in "<small class=\"evidence\">\(Self.followsSettingWord)</small>" } ?? ""
            let mark = (cell.evidence.map { "<small class=\"evidence\">\(Self.evidenceWord($0))</small>" } ?? "") + setting
            let title = "\(place): covered by \(Phrases.list(covers))" + (cell.evidence.map { "; \(Self.evidenceNote($0, cell.platform))" } ?? "")
                + (cell.followedSetting.map { "; \(Self.settingNote($0))" } ?? "")
            return "<td class=\"ok\(start)\" title=\"\(e(title))\">✓ \(e(cell.shortCover(keys)))\(mark)</td>"
        case .missing(let severity):
            let reference = cell.finding.map { " (finding \($0.number)\(Self.status($0.finding)))" } ?? ""
            let title = "\(place): missing, \(severity) under \(app.profile.title)\(reference)"
            return "<td class=\"gap \(severity)\(start)\" title=\"\(e(title))\">\(linked("✗ \(severity)", cell.finding))</td>"
        case .exempt(let severity):
            let title = "\(place): missing (\(severity) under \(app.profile.title)), exempt: the screen opted out with a reason"
            return "<td class=\"exempt\(start)\" title=\"\(e(title))\">\(linked("⊘ exempt", cell.finding))</td>"
        case .notRequired:
            let anyway = covers.isEmpty ? "" : "; covered by \(Phrases.list(covers)) all the same"
            return "<td class=\"na\(start)\" title=\"\(e("\(place): not required by \(app.profile.title)\(anyway)"))\"><span aria-hidden=\"true\">–</span><span class=\"vh\">not required</span></td>"
        }
    }

    /// The mark under a covered cell: what the app's code shows of the mechanisms that cover it.
    static func evidenceWord(_ state: EvidenceMarks.State) -> String {
        switch state {
        case .evidenced: return "evidenced"
        case .declaredOnly: return "declared only"
        case .unchecked: return "unchecked"
        }
    }

    /// The mark of a cell whose covering mechanisms the person can turn off (`app.settings`).
    static let followsSettingWord = "follows a setting"

    static func settingNote(_ setting: AppSetting) -> String {
        "follows the app's setting `\(setting.id)` (default \(setting.isOnByDefault ? "on" : "off")): off when the person turns it off"
    }

    static func evidenceNote(_ state: EvidenceMarks.State, _ platform: Platform) -> String {
        switch state {
        case .evidenced(let place): return "evidenced in \(place.file):\(place.position.line)"
        case .declaredOnly: return "declared only: the \(platform.displayName) code does not show it"
        case .unchecked: return "unchecked: no \(platform.displayName) source, or the screen names no code there"
        }
    }

    /// Text linked to its finding, with the finding's number and whether it counts.
    func linked(_ text: String, _ finding: ReportFinding?) -> String {
        guard let finding else { return e(text) }
        let status = Self.status(finding.finding)
        return "<a href=\"#\(finding.anchor)\">\(e(text))<sup>\(finding.number)</sup></a>\(status.isEmpty ? "" : "<br><small>\(e(status.dropFirst(2)))</small>")"
    }

    /// ", suppressed" or ", baselined"; empty when the finding counts.
    static func status(_ finding: Finding) -> String {
        switch finding.suppression {
        case .none: return ""
        case .inline: return ", suppressed"
        case .baseline: return ", baselined"
        }
    }

    func mechanismList(_ keys: [MechanismKey]) -> String {
        guard !keys.isEmpty else { return "" }
        var html = "<dl class=\"keys\" aria-label=\"Mechanisms named in the matrix\">\n"
        for key in keys {
            let parts = key.mechanisms.map { mechanism -> String in
                var text = "\(mechanism.platform.displayName): \(Phrases.list(names(of: mechanism.covers)))"
                if let version = mechanism.minVersion, let minimum = app.app.minimumVersion(on: mechanism.platform), version > minimum {
                    text += " (from \(mechanism.platform.versionName(version)) only; the app supports \(mechanism.platform.versionName(minimum)))"
                }
                return text
            }
            let caveats = key.mechanisms.map(\.caveat).filter { !$0.isEmpty }
            let caveat = caveats.isEmpty ? "" : " <span class=\"muted\">\(e(caveats.joined(separator: " ")))</span>"
            html += "<dt>\(e(key.short))</dt><dd><code>\(e(key.id))</code>: covers \(e(parts.joined(separator: "; "))).\(caveat)</dd>\n"
        }
        return html + "</dl>\n"
    }

    // MARK: Actions

    var actions: String {
        var html = "<section aria-labelledby=\"\(id)-actions\">\n<h3 id=\"\(id)-actions\">Actions during capture</h3>\n"
        guard !app.actions.isEmpty else { return html + "<p>No action.</p>\n</section>\n" }
        html += """
            <div class="scroll" tabindex="0" role="region" aria-labelledby="\(id)-actions">
            <table class="actions">
            <caption>What each action does while the screen is captured, against the \(e(app.profile.title)) action policy (allow &lt; confirm &lt; disable = hide)</caption>
            <thead><tr><th scope="col">Action</th><th scope="col">Screen</th><th scope="col">Kind, risk</th><th scope="col">On capture</th><th scope="col">Policy</th><th scope="col">Verdict</th></tr></thead>
            <tbody>

            """
        for review in app.actions {
            let action = review.action
            let name = action.label.map { "\(e($0)) <code>\(e(action.id))</code>" } ?? "<code>\(e(action.id))</code>"
            let policy = review.requirement.map { "at least \($0.minimum.rawValue)" } ?? "–"
            let verdict: String
            if review.requirement == nil {
                verdict = "<span class=\"na\">– nothing required</span>"
            } else if review.meetsPolicy {
                verdict = "<span class=\"ok\">✓ meets</span>"
            } else {
                let severity = review.finding?.finding.severity ?? review.requirement?.severity ?? .error
                verdict = "<span class=\"sev \(severity)\">\(linked("✗ \(severity)", review.finding))</span>"
            }
            html += """
                <tr><th scope="row">\(name)</th><td>\(e(screenName(review.screen)))</td><td>\(e(action.kind)), \(action.risk.rawValue)</td>\
                <td>\(action.onCapture.rawValue)</td><td>\(policy)</td><td>\(verdict)</td></tr>

                """
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    // MARK: Texts

    var texts: String {
        var html = "<section aria-labelledby=\"\(id)-texts\">\n<h3 id=\"\(id)-texts\">Texts shown to people</h3>\n"
        guard !app.texts.isEmpty else { return html + "<p>No text.</p>\n</section>\n" }
        html += """
            <div class="scroll" tabindex="0" role="region" aria-labelledby="\(id)-texts">
            <table class="texts">
            <caption>Capture notices, texts after a screenshot and action messages, with the findings about their wording</caption>
            <thead><tr><th scope="col">Where</th><th scope="col">Text</th><th scope="col">Wording</th></tr></thead>
            <tbody>

            """
        for review in app.texts {
            var place = review.screen.map { "\(screenName($0)): " } ?? "App-wide: "
            if let action = review.action { place += "message of \(action.label ?? action.id)" } else { place += review.role.rawValue }
            if let style = review.style { place += " (\(style.rawValue))" }
            let several = review.text.entries.count > 1
            let entries = review.text.entries.map { entry -> String in
                let tag = several || entry.language != "en" ? "<span class=\"lang\">\(e(entry.language))</span>" : ""
                let lang = Self.isLanguageTag(entry.language) ? " lang=\"\(entry.language)\"" : ""
                return "<p>\(tag)<q\(lang)>\(e(entry.value))</q></p>"
            }.joined()
            let wording = review.findings.isEmpty
                ? "<span class=\"ok\">✓ no finding</span>"
                : review.findings.map { finding in
                    "<span class=\"sev \(finding.finding.severity)\">\(linked("\(finding.finding.ruleID) \(finding.finding.slug)", finding))</span>"
                }.joined(separator: " ")
            html += "<tr><th scope=\"row\">\(e(place))</th><td>\(entries)</td><td>\(wording)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    static func isLanguageTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    // MARK: Exemptions

    var exemptions: String {
        var html = "<section aria-labelledby=\"\(id)-exemptions\">\n<h3 id=\"\(id)-exemptions\">Exemptions</h3>\n"
        let suppressed = app.suppressed
        let baselined = app.baselined
        guard !app.optOuts.isEmpty || !suppressed.isEmpty || !baselined.isEmpty else {
            return html + "<p>None: no screen opted out, no finding suppressed or baselined.</p>\n</section>\n"
        }
        if !app.optOuts.isEmpty {
            html += """
                <div class="scroll" tabindex="0" role="region" aria-label="Screens opted out">
                <table class="optouts">
                <caption>Screens deliberately left unprotected (<code>opt-out</code>)</caption>
                <thead><tr><th scope="col">Screen</th><th scope="col">Reason</th><th scope="col">Exempts</th></tr></thead>
                <tbody>

                """
            for review in app.optOuts {
                let reason = review.optOut.hasReason
                    ? "<q>\(e(review.optOut.reason ?? ""))</q>"
                    : "<span class=\"sev \(review.finding?.finding.severity ?? .warning)\">✗ no reason given</span>: it exempts nothing"
                let cells = review.exemptedCells == 1 ? "1 cell" : "\(review.exemptedCells) cells"
                let exempts = review.optOut.hasReason ? (review.exemptedCells == 0 ? "nothing at present" : "⊘ \(cells)") : "–"
                let link = review.finding.map { " <a href=\"#\($0.anchor)\">finding \($0.number)</a>" } ?? ""
                html += "<tr><th scope=\"row\">\(e(screenName(review.screen)))</th><td>\(reason)</td><td>\(exempts)\(link)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n</div>\n"
        }
        if !suppressed.isEmpty {
            html += "<p>Suppressed inline:</p>\n<ul>\n"
            for finding in suppressed {
                guard case .inline(let reason, let line) = finding.finding.suppression else { continue }
                let why = reason.isEmpty ? "no reason given" : "“\(e(reason))”"
                html += "<li><a href=\"#\(finding.anchor)\">finding \(finding.number)</a> (\(e(finding.finding.ruleID))), by the comment on line \(line): \(why)</li>\n"
            }
            html += "</ul>\n"
        }
        if !baselined.isEmpty {
            html += "<p>In the baseline: "
            html += baselined.map { "<a href=\"#\($0.anchor)\">finding \($0.number)</a> (\(e($0.finding.ruleID)))" }.joined(separator: ", ")
            html += ".</p>\n"
        }
        return html + "</section>\n"
    }

    // MARK: Names

    func screenName(_ screen: Screen) -> String {
        screen.title.map { "\($0) (\(screen.id))" } ?? screen.id
    }

    func fieldName(_ field: Field) -> String {
        (field.label.map { "\(e($0)) " } ?? "") + "<code>\(e(field.id))</code>"
    }

    func threatTitle(_ id: String) -> String {
        app.matrix.threats.first { $0.id == id }?.title ?? id
    }

    func names(of set: ThreatSet) -> [String] {
        app.matrix.threats.filter { set.contains($0.bit) }.map { $0.title.lowercased() }
    }

    func e(_ text: String) -> String { MarkupEscaping.html(text) }
    func e(_ text: Substring) -> String { MarkupEscaping.html(String(text)) }
}

/// The finding list: one row per finding, its anchor the row's id.
enum HTMLFindingTable {
    static func render(_ findings: [ReportFinding], caption: String, showFile: Bool) -> String {
        head(caption: caption) + findings.map { row($0, showFile: showFile) }.joined() + foot
    }

    static func head(caption: String) -> String {
        """
        <div class="scroll" tabindex="0" role="region" aria-label="\(MarkupEscaping.html(caption))">
        <table class="findings">
        <caption>\(MarkupEscaping.html(caption))</caption>
        <thead><tr><th scope="col">#</th><th scope="col">Severity</th><th scope="col">Rule</th><th scope="col">Where</th><th scope="col">Finding</th></tr></thead>
        <tbody>

        """
    }

    static let foot = "</tbody>\n</table>\n</div>\n"

    static func row(_ item: ReportFinding, showFile: Bool) -> String {
        let finding = item.finding
        let e = MarkupEscaping.html
        let place = (showFile ? "\(finding.file):" : "line ") + "\(finding.start.line):\(finding.start.column)"
        var location = e(place)
        if !finding.path.isEmpty { location += "<br>\(MarkupEscaping.htmlPath(finding.path))" }
        if let platform = finding.platform { location += "<br>\(platform.displayName)" }
        var status = ""
        switch finding.suppression {
        case .none: break
        case .inline(let reason, _): status = "<p><b>Suppressed</b>\(reason.isEmpty ? "" : ": \(e(reason))")</p>"
        case .baseline: status = "<p><b>Baselined</b></p>"
        }
        let fix = finding.help.map { "<p class=\"fix\">Fix: \(MarkupEscaping.htmlWithCode($0))</p>" } ?? ""
        return """
            <tr id="\(item.anchor)"><td>\(item.number)</td><td><span class="sev \(finding.severity)">\(finding.severity)</span></td>\
            <td><b>\(e(finding.ruleID))</b><br><small>\(e(finding.slug))</small></td><td>\(location)</td><td>\(status)<p>\(MarkupEscaping.htmlWithCode(finding.message))</p>\(fix)</td></tr>

            """
    }
}

/// The interactive browser of `capaudit explain`, without a terminal: two tabs (rules and the
/// project's findings), each a filterable list with a selection; the selected item's page
/// shows below the list, or alone when opened. Keys change the state; `render` draws it.
public struct BrowserState: Sendable {
    public enum Tab: Int, Sendable, CaseIterable {
        case rules, findings

        var title: String { self == .rules ? "Rules" : "Findings" }
        var other: Tab { self == .rules ? .findings : .rules }
    }

    public enum Mode: Sendable, Equatable {
        /// Moving through the list, the selection's page previewed below.
        case list
        /// Typing a filter after `/`.
        case filter
        /// The selection's page on the whole screen.
        case detail
    }

    /// One entry of a list: its line in the list, the heading of its page, the text a filter
    /// searches, and its page.
    public struct Item: Sendable {
        public var line: String
        public var heading: String
        public var searchText: String
        /// The page laid out for a number of columns.
        public var page: @Sendable (Int) -> String

        public init(line: String, heading: String, searchText: String, page: @escaping @Sendable (Int) -> String) {
            self.line = line
            self.heading = heading
            self.searchText = searchText.lowercased()
            self.page = page
        }
    }

    struct List: Sendable {
        var items: [Item]
        /// Said in the list area when there are no items at all.
        var emptyNote: String
        var filter = ""
        /// Indices into `items` of the entries that match the filter.
        var matches: [Int]
        var selected = 0
        var top = 0

        init(items: [Item], emptyNote: String) {
            self.items = items
            self.emptyNote = emptyNote
            matches = Array(items.indices)
        }

        var selectedItem: Item? { matches.indices.contains(selected) ? items[matches[selected]] : nil }

        mutating func refilter() {
            let terms = filter.lowercased().split(separator: " ")
            matches = items.indices.filter { index in terms.allSatisfy { items[index].searchText.contains($0) } }
            selected = 0
            top = 0
        }
    }

    public private(set) var tab: Tab = .rules
    public private(set) var mode: Mode = .list
    public private(set) var width: Int
    public private(set) var height: Int
    private var lists: [List]
    private var detailTop = 0

    public init(rules: [Item], findings: [Item], findingsNote: String, width: Int, height: Int) {
        lists = [List(items: rules, emptyNote: "No rules."), List(items: findings, emptyNote: findingsNote)]
        self.width = width
        self.height = height
    }

    var list: List {
        get { lists[tab.rawValue] }
        set { lists[tab.rawValue] = newValue }
    }

    public var filter: String { list.filter }
    public var selectedItem: Item? { list.selectedItem }

    // MARK: Layout

    /// Rows of the list in list and filter modes: two fifths of what the header, the divider and the status line leave.
    var listHeight: Int { max(1, (height - 3) * 2 / 5) }
    var previewHeight: Int { max(0, height - 3 - listHeight) }
    /// Rows of the page when opened.
    var detailHeight: Int { max(1, height - 2) }
    var pageWidth: Int { max(1, width - 2) }

    func pageLines(_ item: Item) -> [String] {
        TextLayout.wrapLines(TextLayout.trimmedEnd(item.page(pageWidth)), to: pageWidth)
    }

    public mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        keepSelectionVisible()
        clampDetail()
    }

    // MARK: Keys

    /// Applies a key; false when the browser should quit.
    public mutating func handle(_ key: BrowserKey) -> Bool {
        if key == .interrupt { return false }
        switch mode {
        case .list: return handleInList(key)
        case .filter: handleInFilter(key)
        case .detail: return handleInDetail(key)
        }
        return true
    }

    private mutating func handleInList(_ key: BrowserKey) -> Bool {
        switch key {
        case .character("q"), .escape: return false
        case .up, .character("k"): moveSelection(by: -1)
        case .down, .character("j"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -listHeight)
        case .pageDown, .character(" "): moveSelection(by: listHeight)
        case .home, .character("g"): moveSelection(by: -list.matches.count)
        case .end, .character("G"): moveSelection(by: list.matches.count)
        case .enter, .right, .character("l"): open()
        case .character("/"): mode = .filter
        case .tab, .backTab: tab = tab.other
        default: break
        }
        return true
    }

    private mutating func handleInFilter(_ key: BrowserKey) {
        switch key {
        case .enter:
            mode = .list
            open()
        case .escape:
            list.filter = ""
            list.refilter()
            mode = .list
        case .backspace:
            if list.filter.isEmpty {
                mode = .list
            } else {
                list.filter.removeLast()
                list.refilter()
            }
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .tab, .backTab:
            mode = .list
            tab = tab.other
        case .character(let character):
            list.filter.append(character)
            list.refilter()
        default: break
        }
    }

    private mutating func handleInDetail(_ key: BrowserKey) -> Bool {
        switch key {
        case .character("q"): return false
        case .escape, .backspace, .left, .character("h"): mode = .list
        case .up, .character("k"): scrollDetail(by: -1)
        case .down, .character("j"), .enter: scrollDetail(by: 1)
        case .pageUp, .character("b"): scrollDetail(by: -(detailHeight - 1))
        case .pageDown, .character(" "): scrollDetail(by: detailHeight - 1)
        case .home, .character("g"): detailTop = 0
        case .end, .character("G"): scrollDetail(by: Int.max / 2)
        case .tab, .backTab:
            mode = .list
            tab = tab.other
        default: break
        }
        return true
    }

    private mutating func open() {
        guard list.selectedItem != nil else { return }
        detailTop = 0
        mode = .detail
    }

    private mutating func moveSelection(by delta: Int) {
        guard !list.matches.isEmpty else { return }
        list.selected = min(max(0, list.selected + delta), list.matches.count - 1)
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        for index in lists.indices {
            if lists[index].selected < lists[index].top { lists[index].top = lists[index].selected }
            if lists[index].selected >= lists[index].top + listHeight { lists[index].top = lists[index].selected - listHeight + 1 }
            lists[index].top = max(0, min(lists[index].top, max(0, lists[index].matches.count - listHeight)))
        }
    }

    private mutating func scrollDetail(by delta: Int) {
        detailTop += delta
        clampDetail()
    }

    private mutating func clampDetail() {
        let lines = list.selectedItem.map { pageLines($0).count } ?? 0
        detailTop = max(0, min(detailTop, lines - detailHeight))
    }

    // MARK: Drawing

    public func render() -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        guard width > 0, height > 0 else { return screen }
        screen.put(header, row: 0, style: .reverse)
        if mode == .detail, let item = list.selectedItem {
            let lines = pageLines(item)
            for (offset, line) in lines.dropFirst(detailTop).prefix(detailHeight).enumerated() {
                screen.put(" " + line, row: 1 + offset)
            }
            let last = min(lines.count, detailTop + detailHeight)
            let position = "lines \(lines.isEmpty ? 0 : detailTop + 1)-\(last) of \(lines.count) "
            screen.put(statusLine(" j/k scroll  Space page  Esc back  Tab \(tab.other.title.lowercased())  q quit", right: position), row: height - 1, style: .reverse)
            return screen
        }
        drawList(into: &screen)
        if let item = list.selectedItem, height > 3 {
            screen.put("── \(item.heading) " + String(repeating: "─", count: width), row: 1 + listHeight, style: .dim)
            for (offset, line) in pageLines(item).prefix(previewHeight).enumerated() {
                screen.put(" " + line, row: 2 + listHeight + offset)
            }
        }
        if height > 1 {
            let status: String
            if mode == .filter {
                status = statusLine(" /\(list.filter)_", right: "Enter open  Esc clear ")
            } else {
                status = statusLine(" j/k move  Enter open  / filter  Tab \(tab.other.title.lowercased())  q quit", right: "")
            }
            screen.put(status, row: height - 1, style: .reverse)
        }
        return screen
    }

    private var header: String {
        let tabs = Tab.allCases.map { candidate in
            let label = "\(candidate.title) \(lists[candidate.rawValue].items.count)"
            return candidate == tab ? "[\(label)]" : " \(label) "
        }.joined(separator: " ")
        let filterText = list.filter.isEmpty ? "" : "filter: \(list.filter) (\(list.matches.count)) "
        return statusLine(" capaudit explain  \(tabs)", right: filterText)
    }

    private func drawList(into screen: inout ScreenBuffer) {
        let current = list
        if current.matches.isEmpty {
            let note = current.items.isEmpty ? current.emptyNote : "Nothing matches `\(current.filter)`; Esc clears the filter."
            screen.put("  " + note, row: 1)
            return
        }
        let visibleRows = min(listHeight, max(0, height - 2))
        for row in 0..<visibleRows {
            let position = current.top + row
            guard current.matches.indices.contains(position) else { break }
            let item = current.items[current.matches[position]]
            screen.put(" " + item.line, row: 1 + row, style: position == current.selected ? .reverse : .plain)
        }
    }

    /// `left` with `right` at the right edge when both fit; `left` alone otherwise.
    private func statusLine(_ left: String, right: String) -> String {
        let gap = width - TextLayout.width(of: left) - TextLayout.width(of: right)
        return gap >= 1 ? left + String(repeating: " ", count: gap) + right : left
    }
}

extension BrowserState {
    /// One item per rule: id, slug and title in the list, the rule's page below.
    public static func ruleItems(_ index: RuleIndex) -> [Item] {
        let slugWidth = index.pages.map { TextLayout.width(of: ControlEscaping.escape($0.rule.slug)) }.max() ?? 0
        return index.pages.map { page in
            let rule = page.rule
            let slug = ControlEscaping.escape(rule.slug)
            let title = ControlEscaping.escape(rule.title)
            return Item(
                line: "\(TextLayout.fit(rule.id, to: 7)) \(TextLayout.fit(slug, to: slugWidth))  \(title)", heading: "\(rule.id) \(slug)",
                searchText: "\(rule.id) \(rule.slug) \(rule.title)", page: { page.text(width: $0) })
        }
    }

    /// One item per finding: rule, severity, suppression state, where, and the message in the
    /// list, the advice below. Severity and state come before anything long and are never cut,
    /// so that a baselined or suppressed finding cannot pass for a live one at any width. The
    /// state column is there only when some finding is suppressed.
    public static func findingItems(_ advice: [FindingAdvice]) -> [Item] {
        let stateWidth = advice.map { TextLayout.width(of: state($0.finding)) }.max() ?? 0
        let severityWidth = Severity.allCases.map { $0.description.count }.max() ?? 0
        return advice.map { entry in
            let finding = entry.finding
            let location = "\(ControlEscaping.escape(finding.file)):\(finding.start.line):\(finding.start.column)"
            let stateColumn = stateWidth == 0 ? "" : TextLayout.fit(state(finding), to: stateWidth) + " "
            return Item(
                line: "\(finding.ruleID) \(TextLayout.fit(finding.severity.description, to: severityWidth)) \(stateColumn) \(location)  \(ControlEscaping.escape(finding.message))",
                heading: "\(finding.ruleID) \(location)",
                searchText: "\(finding.ruleID) \(finding.slug) \(finding.severity) \(state(finding)) \(finding.file):\(finding.start.line) \(finding.message)",
                page: { entry.text(width: $0) })
        }
    }

    /// Whether a finding is live (empty), suppressed by a comment, or recorded in the baseline.
    static func state(_ finding: Finding) -> String {
        switch finding.suppression {
        case nil: return ""
        case .inline: return "suppressed"
        case .baseline: return "baselined"
        }
    }
}

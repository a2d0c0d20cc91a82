import YAML

/// Lowers a fix from manifest edits to edits of the file's text that keep every comment, the key
/// order, indentation, quoting and flow or block style. The edits are applied to a draft of the
/// document that remembers which nodes come from the file; the difference between the draft and
/// the file is then written where a person would write it: an item after the last item of its
/// list, in that list's style; a key after the keys that come before it in MANIFEST.md's order;
/// a scalar in its own quoting unless the new value needs another. Nothing is rewritten through
/// an anchor or an alias (the change would reach every place that repeats it).
struct FixLowering {
    let source: SourceLines
    let tree: YAMLNode
    private let layout: FileLayout
    private let entries = EntryIndex()
    private let positions: BytePositions

    /// `positions`: the file's, shared by the lowerings of its documents.
    init(source: SourceLines, tree: YAMLNode, positions: BytePositions) {
        self.source = source
        self.tree = tree
        self.positions = positions
        layout = FileLayout(source.bytes, tree: tree)
    }

    func lower(_ fix: ManifestFix, applicability: FixApplicability) -> Fix {
        let change = ChangeWords.describe(fix.edits)
        let silences = fix.edits.contains(where: \.isSuppression)
        guard !fix.edits.isEmpty, let edits = try? textEdits(fix.edits), !edits.isEmpty else {
            return Fix(applicability: .display, message: fix.message, change: change, silences: silences)
        }
        // A suppression silences a finding: a person applies it, never `--fix` alone.
        let applicability = silences ? max(fix.applicability ?? applicability, .unsafe) : fix.applicability ?? applicability
        return Fix(applicability: applicability, message: fix.message, change: change, edits: edits, silences: silences)
    }

    /// The edits of the file's text, in file order, or an error when they cannot be written.
    func textEdits(_ edits: [ManifestEdit]) throws(LoweringFailure) -> [TextEdit] {
        var draft = Draft.kept(tree)
        var comments: [(range: Range<Int>, text: String)] = []
        for edit in edits {
            guard let steps = ManifestEditor.steps(edit.path) else { throw LoweringFailure("the path `\(edit.path)` does not parse") }
            if case .suppress(let rule, let reason) = edit.change {
                comments.append(try commentLine(ManifestEdit.suppressionComment(rule: rule, reason: reason), above: steps))
            } else {
                try draft.apply(edit, steps[...], keys: KeyContext(), entries: entries)
            }
        }
        var writer = TextWriter(bytes: source.bytes, layout: layout)
        do {
            try writer.emit(draft)
            // First at their offset: a comment stays above a key that the fix inserts before the node.
            writer.edits.insert(contentsOf: comments, at: 0)
            return try writer.finished(positions)
        } catch {
            throw error as? LoweringFailure ?? LoweringFailure("the change could not be written")
        }
    }

    /// A comment on a line of its own above the line where the node at `steps` starts, at that
    /// line's indentation: above the `- ` of a list entry, above the first key of a block
    /// mapping (where its findings point), after a byte order mark. A comment that another
    /// comment already stands above, or beside, is a second line: each suppression comment
    /// covers the next content line. Through an alias, the node is where the alias stands, as
    /// findings inside it point there.
    private func commentLine(_ comment: String, above steps: [ManifestEditor.Step]) throws(LoweringFailure) -> (range: Range<Int>, text: String) {
        guard !comment.contains(where: \.isNewline) else { throw LoweringFailure("a suppression reason spans lines") }
        var node = tree
        var alias = node.alias
        for step in steps {
            guard let child = node[step.key] else { throw LoweringFailure("there is no `\(step.key)`") }
            node = child
            alias = node.alias ?? alias
            guard let selector = step.selector else { continue }
            let items = node.sequence ?? []
            let position: Int?
            switch selector {
            case .index(let number): position = items.indices.contains(number) ? number : nil
            case .entry(let key, let value): position = entries.position(in: node, key: key, value: value)
            }
            guard let position else { throw LoweringFailure("no entry of `\(step.key)` matches") }
            node = items[position]
            alias = node.alias ?? alias
        }
        let bytes = source.bytes
        var start = source.lineStartOffset(line: (alias ?? node.start).line)
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var indentEnd = start
        while indentEnd < bytes.count, bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09 { indentEnd += 1 }
        return (start..<start, String(decoding: bytes[start..<indentEnd], as: UTF8.self) + comment + layout.lineBreak)
    }
}

/// Why a fix stays a display fix.
struct LoweringFailure: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// How the file is written: its line break, indentation step and list style, so that new lines
/// look like the old ones.
struct FileLayout {
    var lineBreak = "\n"
    var indentStep = 2
    /// Whether a block list under a key is indented past the key (`key:\n  - a`) or not (`key:\n- a`).
    var indentedDashes = true

    init(_ bytes: [UInt8], tree: YAMLNode) {
        if let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            lineBreak = bytes[index] == 0x0A ? "\n" : (index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r")
        }
        var foundStep = false
        var foundDashes = false
        var pending = [tree]
        while let node = pending.popLast(), !(foundStep && foundDashes) {
            for pair in node.mapping ?? [] where !pair.value.layout.contains(.flow) && pair.value.alias == nil {
                if !foundStep, pair.value.mapping != nil, pair.value.start.line > pair.key.start.line {
                    indentStep = max(1, pair.value.start.column - pair.key.start.column)
                    foundStep = true
                }
                if !foundDashes, pair.value.sequence != nil, pair.value.start.line > pair.key.start.line {
                    indentedDashes = pair.value.start.column > pair.key.start.column
                    foundDashes = true
                }
            }
            if !node.layout.contains(.flow), node.alias == nil {
                pending += (node.mapping?.map(\.value) ?? []).reversed()
                pending += (node.sequence ?? []).reversed()
            }
        }
    }
}

// MARK: - The draft

/// The document as the fix changes it: nodes from the file that nothing changed (`kept`),
/// collections from the file whose entries changed, and new values. A list from the file holds
/// only its changes, so that a fix of one screen among thousands costs no copy of the others.
private indirect enum Draft {
    case kept(YAMLNode)
    /// A mapping: from the file (`origin`), or new.
    case mapping(origin: YAMLNode?, pairs: [DraftPair])
    /// A list from the file and what the fix changes in it.
    case list(YAMLNode, ListChanges)
    /// A new list.
    case sequence([Draft])
    case scalar(EditValue)

    init(_ value: EditValue) {
        switch value {
        case .list(let items): self = .sequence(items.map(Draft.init))
        case .mapping(let entries): self = .mapping(origin: nil, pairs: entries.map { DraftPair(key: $0.key, index: nil, value: Draft($0.value)) })
        default: self = .scalar(value)
        }
    }

    /// A node from the file opened for a change; never one that an alias or an anchor shares.
    static func opened(_ node: YAMLNode) throws(LoweringFailure) -> Draft {
        guard node.alias == nil else { throw LoweringFailure("it would change a node that an alias repeats") }
        guard !node.layout.contains(.anchored) else { throw LoweringFailure("it would change an anchored node that aliases repeat") }
        switch node.content {
        case .mapping(let pairs):
            return .mapping(origin: node, pairs: pairs.enumerated().map { DraftPair(key: $1.key.scalar?.value ?? "", index: $0, value: .kept($1.value)) })
        case .sequence:
            return .list(node, ListChanges())
        case .scalar:
            return .kept(node)
        }
    }

    var isNull: Bool {
        if case .kept(let node) = self, let scalar = node.scalar { return scalar.resolved == .null }
        return false
    }

    /// The text of a scalar, to compare values.
    var scalarText: String? {
        switch self {
        case .kept(let node): return node.scalar?.value
        case .scalar(.name(let text)), .scalar(.text(let text)): return text
        case .scalar(.integer(let number)): return String(number)
        case .scalar(.bool(let flag)): return String(flag)
        default: return nil
        }
    }

    mutating func open() throws(LoweringFailure) {
        if case .kept(let node) = self { self = try Draft.opened(node) }
    }

    mutating func apply(_ edit: ManifestEdit, _ steps: ArraySlice<ManifestEditor.Step>, keys: KeyContext, entries: EntryIndex) throws(LoweringFailure) {
        guard let step = steps.first else {
            try change(edit, keys: keys)
            return
        }
        try open()
        if isNull { self = .mapping(origin: nil, pairs: []) }
        guard case .mapping(let origin, var pairs) = self else { throw LoweringFailure("`\(step.key)` is not under a mapping") }
        let index: Int
        if let found = pairs.firstIndex(where: { $0.key == step.key }) {
            index = found
        } else {
            // A missing mapping on the way (`capture`) is made; list entries are never invented.
            guard step.selector == nil else { throw LoweringFailure("there is no `\(step.key)` list") }
            index = KeyOrder.insertionIndex(of: step.key, among: pairs.map(\.key), keys: keys)
            pairs.insert(DraftPair(key: step.key, index: nil, value: .mapping(origin: nil, pairs: [])), at: index)
        }
        var child = pairs[index].value
        if let selector = step.selector {
            try child.open()
            guard case .list(let list, var changes) = child else { throw LoweringFailure("`\(step.key)` is not a list of the file") }
            let items = list.sequence ?? []
            let position: Int?
            switch selector {
            case .index(let number): position = items.indices.contains(number) ? number : nil
            case .entry(let key, let value): position = entries.position(in: list, key: key, value: value)
            }
            guard let position, !changes.removed.contains(position) else { throw LoweringFailure("no entry of `\(step.key)` matches") }
            var item = changes.changed[position] ?? .kept(items[position])
            try item.apply(edit, steps.dropFirst(), keys: keys.entry(of: step.key), entries: entries)
            changes.changed[position] = item
            child = .list(list, changes)
        } else {
            try child.apply(edit, steps.dropFirst(), keys: keys.child(step.key), entries: entries)
        }
        pairs[index].value = child
        self = .mapping(origin: origin, pairs: pairs)
    }

    private mutating func change(_ edit: ManifestEdit, keys: KeyContext) throws(LoweringFailure) {
        try open()
        if edit.key.hasPrefix("["), case .index(let position)? = ManifestEditor.selector(String(edit.key.dropFirst().dropLast())) {
            guard case .list(let list, var changes) = self, (list.sequence ?? []).indices.contains(position) else { throw LoweringFailure("no entry \(edit.key)") }
            switch edit.change {
            case .set(let value):
                var item = changes.changed[position] ?? .kept((list.sequence ?? [])[position])
                try item.assign(value)
                changes.changed[position] = item
            case .remove:
                changes.removed.insert(position)
            case .append:
                throw LoweringFailure("cannot append to a list entry")
            case .suppress:
                throw LoweringFailure("a suppression is a comment, not a change of the tree")
            }
            self = .list(list, changes)
            return
        }
        if isNull { self = .mapping(origin: nil, pairs: []) }
        guard case .mapping(let origin, var pairs) = self else { throw LoweringFailure("the target of `\(edit.key)` is not a mapping") }
        let index = pairs.firstIndex { $0.key == edit.key }
        switch edit.change {
        case .set(let value):
            if let index {
                try pairs[index].value.assign(value)
            } else {
                pairs.insert(DraftPair(key: edit.key, index: nil, value: Draft(value)), at: KeyOrder.insertionIndex(of: edit.key, among: pairs.map(\.key), keys: keys))
            }
        case .remove:
            if let index { pairs.remove(at: index) }
        case .append(let value):
            if let index {
                try pairs[index].value.append(Draft(value), to: edit.key)
            } else {
                pairs.insert(DraftPair(key: edit.key, index: nil, value: .sequence([Draft(value)])), at: KeyOrder.insertionIndex(of: edit.key, among: pairs.map(\.key), keys: keys))
            }
        case .suppress:
            throw LoweringFailure("a suppression is a comment, not a change of the tree")
        }
        self = .mapping(origin: origin, pairs: pairs)
    }

    private mutating func append(_ item: Draft, to key: String) throws(LoweringFailure) {
        try open()
        switch self {
        case .list(let list, var changes):
            changes.appended.append(item)
            self = .list(list, changes)
        case .sequence(let items):
            self = .sequence(items + [item])
        default:
            guard isNull else { throw LoweringFailure("`\(key)` is not a list") }
            self = .sequence([item])
        }
    }

    /// The value set in place: unchanged when it is the same, a list that only grows gets the
    /// new items at its end, a mapping is changed key by key; anything else is replaced.
    mutating func assign(_ value: EditValue) throws(LoweringFailure) {
        switch (self, value) {
        case (.kept(let node), _) where node.scalar != nil:
            if let text = scalarText, Draft(value).scalarText == text { return }
            self = Draft(value)
        case (_, .list(let newItems)):
            try open()
            guard case .list(let list, var changes) = self, changes.isEmpty else {
                self = Draft(value)
                return
            }
            let items = list.sequence ?? []
            guard items.count <= newItems.count, zip(items, newItems).allSatisfy({ old, new in old.scalar != nil && old.scalar?.value == Draft(new).scalarText }) else {
                self = Draft(value)
                return
            }
            changes.appended = newItems.dropFirst(items.count).map(Draft.init)
            self = .list(list, changes)
        case (_, .mapping(let entries)):
            try open()
            guard case .mapping(let origin?, var pairs) = self else {
                self = Draft(value)
                return
            }
            pairs.removeAll { pair in !entries.contains { $0.key == pair.key } }
            for entry in entries {
                if let index = pairs.firstIndex(where: { $0.key == entry.key }) {
                    try pairs[index].value.assign(entry.value)
                } else {
                    pairs.append(DraftPair(key: entry.key, index: nil, value: Draft(entry.value)))
                }
            }
            self = .mapping(origin: origin, pairs: pairs)
        default:
            self = Draft(value)
        }
    }
}

/// What a fix changes in a list of the file, by the position of each item in it.
private struct ListChanges {
    var changed: [Int: Draft] = [:]
    var removed: Set<Int> = []
    var appended: [Draft] = []

    var isEmpty: Bool { changed.isEmpty && removed.isEmpty && appended.isEmpty }
}

private struct DraftPair {
    var key: String
    /// The pair's place among its mapping's pairs in the file; nil for a new pair.
    var index: Int?
    var value: Draft
}

/// The entries of the document's lists by their id (`screens[id=cards]`), indexed on first use
/// and kept for every fix of the document: finding one screen among thousands is one lookup.
final class EntryIndex {
    private var lists: [ListKey: [String: Int]] = [:]

    private struct ListKey: Hashable {
        var offset: Int
        var key: String
    }

    func position(in list: YAMLNode, key: String, value: String) -> Int? {
        let listKey = ListKey(offset: list.startOffset, key: key)
        if let index = lists[listKey] { return index[value] }
        var index: [String: Int] = [:]
        for (position, item) in (list.sequence ?? []).enumerated() {
            if let id = item[key]?.scalar?.value, index[id] == nil { index[id] = position }
        }
        lists[listKey] = index
        return index[value]
    }
}

/// Where a mapping stands, for the order of its keys: its last step (`screens[]` for an entry of
/// `screens`) and how deep it is. A value, so that following a path allocates nothing.
struct KeyContext {
    var last: String?
    var depth = 0

    func child(_ key: String) -> KeyContext { KeyContext(last: key, depth: depth + 1) }
    func entry(of key: String) -> KeyContext { KeyContext(last: key + "[]", depth: depth + 1) }
}

/// Where MANIFEST.md puts each key, so that a new key goes after the keys that come before it.
enum KeyOrder {
    /// The keys of the mapping at `keys`, in MANIFEST.md's order.
    static func order(at keys: KeyContext) -> [String] {
        switch keys.last {
        case nil: return ManifestKeys.root
        case "app": return ManifestKeys.app
        case "platforms": return ManifestKeys.platforms
        case "ios": return keys.depth == 3 ? ManifestKeys.ios : []
        case "android": return keys.depth == 3 ? ManifestKeys.android : []
        case "capture": return ManifestKeys.capture
        case "notice": return ManifestKeys.notice
        case "on-screenshot": return ManifestKeys.onScreenshot
        case "screens[]": return ManifestKeys.screen
        case "fields[]": return ManifestKeys.field
        case "actions[]": return ManifestKeys.action
        case "notices[]": return ManifestKeys.screenNotice
        case "permissions[]": return ManifestKeys.permission
        case "protect": return ManifestKeys.platforms
        default: return []
        }
    }

    /// Where a new key goes among the keys present: after the last one that comes before it in
    /// the order, else before the first that comes after it, else at the end.
    static func insertionIndex(of key: String, among present: [String], keys: KeyContext) -> Int {
        let order = order(at: keys)
        guard let rank = order.firstIndex(of: key) else { return present.count }
        if let before = present.lastIndex(where: { (order.firstIndex(of: $0) ?? .max) < rank }) { return before + 1 }
        if let after = present.firstIndex(where: { (order.firstIndex(of: $0) ?? -1) > rank }) { return after }
        return present.count
    }
}

// MARK: - Writing the difference

/// Writes the difference between the draft and the file as text edits.
private struct TextWriter {
    let bytes: [UInt8]
    let layout: FileLayout
    /// In the order written: at one offset, what is written first comes first in the file.
    var edits: [(range: Range<Int>, text: String)] = []

    init(bytes: [UInt8], layout: FileLayout) {
        self.bytes = bytes
        self.layout = layout
    }

    mutating func emit(_ draft: Draft) throws {
        switch draft {
        case .kept, .scalar:
            return
        case .mapping(let origin?, let pairs):
            try emitMapping(origin, pairs)
        case .list(let list, let changes):
            try emitList(list, changes)
        case .mapping(nil, _), .sequence:
            throw LoweringFailure("a new collection without a place in the file")
        }
    }

    // MARK: Mappings

    private mutating func emitMapping(_ origin: YAMLNode, _ pairs: [DraftPair]) throws {
        let own = origin.mapping ?? []
        // Only what changed costs anything: a fix of one field of a large mapping visits that field.
        var kept = [Bool](repeating: false, count: own.count)
        for pair in pairs {
            guard let index = pair.index, own.indices.contains(index) else { continue }
            kept[index] = true
            if case .kept = pair.value { continue }
            try replaceOrDescend(own[index].value, with: pair.value, keyNode: own[index].key, inFlow: origin.layout.contains(.flow))
        }
        let written = own.indices.filter { own[$0].key.alias == nil && !own[$0].key.layout.contains(.synthetic) }
        for index in written where !kept[index] {
            try removePair(at: index, of: own, in: origin)
        }
        var position = 0
        while position < pairs.count {
            guard pairs[position].index == nil else {
                position += 1
                continue
            }
            var end = position
            while end < pairs.count, pairs[end].index == nil { end += 1 }
            let anchor = pairs[..<position].last { pair in pair.index.map { written.contains($0) } ?? false }?.index
            try insertPairs(Array(pairs[position..<end]), after: anchor, in: origin, written: written)
            position = end
        }
    }

    private mutating func replaceOrDescend(_ original: YAMLNode, with draft: Draft, keyNode: YAMLNode?, inFlow: Bool) throws {
        switch draft {
        case .kept(let node) where node.startOffset == original.startOffset:
            return
        case .mapping(let origin?, _) where origin.startOffset == original.startOffset,
            .list(let origin, _) where origin.startOffset == original.startOffset:
            try emit(draft)
        default:
            try replace(original, with: draft, keyNode: keyNode, inFlow: inFlow)
        }
    }

    /// New pairs after the pair at `anchor` (an index of `mapping`'s own pairs), or first when nil.
    private mutating func insertPairs(_ pairs: [DraftPair], after anchor: Int?, in mapping: YAMLNode, written: [Int]) throws {
        let own = mapping.mapping ?? []
        if mapping.layout.contains(.flow) {
            let text = try pairs.map { pair in "\(FlowYAML.name(pair.key)): \(try flow(pair.value))" }.joined(separator: ", ")
            if let anchor {
                edits.append((own[anchor].value.endOffset..<own[anchor].value.endOffset, ", " + text))
            } else if let first = written.first {
                edits.append((own[first].key.startOffset..<own[first].key.startOffset, text + ", "))
            } else {
                let inside = mapping.startOffset + 1
                edits.append((inside..<inside, text))
            }
            return
        }
        guard let first = written.first.map({ own[$0] }) else { throw LoweringFailure("a block mapping without keys") }
        let indent = first.key.start.column - 1
        let lines = try pairs.flatMap { pair in try blockEntry(pair.key, pair.value, indent: indent) }
        if let anchor {
            insertLines(lines, afterContentEndingAt: max(own[anchor].value.endOffset, own[anchor].key.endOffset))
        } else if onlySpacesBefore(first.key.startOffset) {
            let lineStart = lineStart(of: first.key.startOffset)
            edits.append((lineStart..<lineStart, lines.map { $0 + layout.lineBreak }.joined()))
        } else if let last = written.last.map({ own[$0] }) {
            insertLines(lines, afterContentEndingAt: max(last.value.endOffset, last.key.endOffset))
        }
    }

    private mutating func removePair(at index: Int, of pairs: [YAMLPair], in mapping: YAMLNode) throws {
        let pair = pairs[index]
        if mapping.layout.contains(.flow) {
            removeFlowEntry(start: pair.key.startOffset, end: pair.value.endOffset, previousEnd: index > 0 ? pairs[index - 1].value.endOffset : nil,
                nextStart: index + 1 < pairs.count ? pairs[index + 1].key.startOffset : nil)
            return
        }
        let end = lineEndAfter(max(pair.value.endOffset, pair.key.endOffset)).offset
        if onlySpacesBefore(pair.key.startOffset) {
            let start = lineStart(of: pair.key.startOffset)
            edits.append((start..<end, keptComments(in: start..<end, indent: pair.key.start.column - 1)))
        } else if index + 1 < pairs.count {
            // The first key of a list entry (`- key: value`): the next key moves up to the dash.
            edits.append((pair.key.startOffset..<pairs[index + 1].key.startOffset, ""))
        } else {
            throw LoweringFailure("it would leave a list entry empty")
        }
    }

    // MARK: Sequences

    private mutating func emitList(_ list: YAMLNode, _ changes: ListChanges) throws {
        let original = list.sequence ?? []
        if !original.isEmpty, changes.removed.count == original.count, changes.appended.isEmpty { throw LoweringFailure("it would empty a list") }
        for index in changes.removed.sorted() {
            let item = original[index]
            if list.layout.contains(.flow) {
                removeFlowEntry(start: item.startOffset, end: item.endOffset, previousEnd: index > 0 ? original[index - 1].endOffset : nil,
                    nextStart: index + 1 < original.count ? original[index + 1].startOffset : nil)
            } else {
                guard onlyDashBefore(item.startOffset) else { throw LoweringFailure("a list entry that does not start its line") }
                let start = lineStart(of: item.startOffset)
                let end = lineEndAfter(item.endOffset).offset
                edits.append((start..<end, keptComments(in: start..<end, indent: dashColumn(of: item) ?? 0)))
            }
        }
        for (index, item) in changes.changed.sorted(by: { $0.key < $1.key }) where !changes.removed.contains(index) {
            try replaceOrDescend(original[index], with: item, keyNode: nil, inFlow: list.layout.contains(.flow))
        }
        guard !changes.appended.isEmpty else { return }
        let last = original.indices.last { !changes.removed.contains($0) }.map { original[$0] }
        if list.layout.contains(.flow) {
            let text = try changes.appended.map(flow).joined(separator: ", ")
            if let last {
                edits.append((last.endOffset..<last.endOffset, ", " + text))
            } else {
                let inside = list.startOffset + 1
                edits.append((inside..<inside, text))
            }
            return
        }
        guard let after = last ?? original.last else { throw LoweringFailure("a block list without items") }
        let indent = dashColumn(of: after) ?? (list.start.column - 1)
        let lines = try changes.appended.flatMap { try blockItem($0, indent: indent) }
        insertLines(lines, afterContentEndingAt: after.endOffset)
    }

    // MARK: Replacing a value

    private mutating func replace(_ original: YAMLNode, with draft: Draft, keyNode: YAMLNode?, inFlow: Bool) throws {
        guard original.alias == nil, !original.layout.contains(.anchored) else { throw LoweringFailure("it would rewrite an aliased or anchored node") }
        if original.scalar?.resolved == .null, original.byteRange.isEmpty, let keyNode, isCollection(draft) {
            // `key:` with nothing after it: the new value goes on the lines below the key.
            let indent = keyNode.start.column - 1 + layout.indentStep
            let lines = try blockValue(draft, indent: indent, dashIndent: indent)
            insertLines(lines, afterContentEndingAt: keyNode.endOffset)
            return
        }
        if let scalar = original.scalar, case .scalar(let value) = draft {
            let text = try scalarText(value, like: scalar, inFlow: inFlow)
            edits.append(keepingCommentColumn(replacing: original.byteRange, with: text))
            return
        }
        if original.mapping != nil || original.sequence != nil, !original.layout.contains(.flow), isCollection(draft) {
            let indent = original.start.column - 1
            let lines = try blockValue(draft, indent: indent, dashIndent: indent)
            let text = lines.enumerated().map { $0.offset == 0 ? String($0.element.dropFirst(indent)) : $0.element }.joined(separator: layout.lineBreak)
            edits.append((original.byteRange, text))
            return
        }
        edits.append((original.byteRange, try flow(draft)))
    }

    /// A one-line replacement that keeps a comment after it in its column (`display: masked   #
    /// why` stays aligned with the comments above and below), as long as one space remains.
    private func keepingCommentColumn(replacing range: Range<Int>, with text: String) -> (range: Range<Int>, text: String) {
        var padding = range.upperBound
        while padding < bytes.count, bytes[padding] == 0x20 { padding += 1 }
        guard padding > range.upperBound, padding < bytes.count, bytes[padding] == UInt8(ascii: "#"), !text.contains("\n") else { return (range, text) }
        let oldWidth = String(decoding: bytes[range], as: UTF8.self).unicodeScalars.count
        let spaces = max(1, padding - range.upperBound - (text.unicodeScalars.count - oldWidth))
        return (range.lowerBound..<padding, text + String(repeating: " ", count: spaces))
    }

    // MARK: Rendering new values

    /// `key: value` lines at `indent`, block style: scalars and lists of scalars on the key's
    /// line (`detect: [a, b]`), mappings and lists of mappings below it.
    private func blockEntry(_ key: String, _ value: Draft, indent: Int) throws -> [String] {
        let head = String(repeating: " ", count: indent) + FlowYAML.name(key) + ":"
        guard needsBlock(value) else { return [head + " " + (try flow(value))] }
        let childIndent = indent + layout.indentStep
        let dashIndent = layout.indentedDashes ? childIndent : indent
        return [head] + (try blockValue(value, indent: childIndent, dashIndent: dashIndent))
    }

    /// A collection as block lines: a mapping's entries at `indent`, a list's items at `dashIndent`.
    private func blockValue(_ value: Draft, indent: Int, dashIndent: Int) throws -> [String] {
        switch value {
        case .mapping(_, let pairs) where !pairs.isEmpty:
            return try pairs.flatMap { pair in try blockEntry(pair.key, pair.value, indent: indent) }
        case .sequence(let items) where items.contains(where: needsBlock):
            return try items.flatMap { item in try blockItem(item, indent: dashIndent) }
        default:
            return [String(repeating: " ", count: indent) + (try flow(value))]
        }
    }

    /// `- item` at `indent`; a mapping's first entry on the dash's line, the others below it.
    private func blockItem(_ item: Draft, indent: Int) throws -> [String] {
        let dash = String(repeating: " ", count: indent) + "- "
        guard case .mapping(_, let pairs) = item, !pairs.isEmpty else { return [dash + (try flow(item))] }
        let lines = try pairs.flatMap { pair in try blockEntry(pair.key, pair.value, indent: indent + 2) }
        return lines.enumerated().map { $0.offset == 0 ? dash + $0.element.dropFirst(indent + 2) : $0.element }
    }

    private func needsBlock(_ value: Draft) -> Bool {
        switch value {
        case .mapping(_, let pairs): return !pairs.isEmpty
        case .sequence(let items): return items.contains(where: needsBlock)
        case .kept(let node), .list(let node, _): return node.mapping != nil || node.sequence?.contains { $0.mapping != nil || $0.sequence != nil } == true
        case .scalar: return false
        }
    }

    private func isCollection(_ value: Draft) -> Bool {
        switch value {
        case .mapping, .sequence, .list: return true
        case .kept(let node): return node.scalar == nil
        case .scalar: return false
        }
    }

    /// A value on one line, in flow style.
    private func flow(_ value: Draft) throws -> String {
        switch value {
        case .scalar(let scalar):
            return FlowYAML.value(scalar)
        case .kept(let node):
            guard node.alias == nil else { throw LoweringFailure("it would copy an alias") }
            let text = String(decoding: bytes[node.byteRange], as: UTF8.self)
            guard node.scalar != nil || node.layout.contains(.flow), !text.contains("\n"), !text.contains("\r") else { throw LoweringFailure("it would move a block of the file") }
            return text
        case .sequence(let items):
            return "[" + (try items.map { item in try flow(item) }).joined(separator: ", ") + "]"
        case .list:
            throw LoweringFailure("it would move a changed list of the file")
        case .mapping(_, let pairs):
            return "{" + (try pairs.map { pair in "\(FlowYAML.name(pair.key)): \(try flow(pair.value))" }).joined(separator: ", ") + "}"
        }
    }

    /// A new scalar value written in the quoting of the one it replaces, unless it needs another.
    private func scalarText(_ value: EditValue, like original: YAMLScalar, inFlow: Bool) throws -> String {
        let text: String
        switch value {
        case .name(let name), .text(let name): text = name
        default: return FlowYAML.value(value)
        }
        switch original.style {
        case .plain where ScalarQuoting.isPlainSafe(text, inFlow: inFlow):
            return text
        case .singleQuoted where !text.contains(where: { $0.isNewline }) && text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
            return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        default:
            return FlowYAML.quoted(text)
        }
    }

    // MARK: Places in the text

    private mutating func insertLines(_ lines: [String], afterContentEndingAt offset: Int) {
        let place = lineEndAfter(offset)
        if place.atEndWithoutBreak {
            edits.append((place.offset..<place.offset, lines.map { layout.lineBreak + $0 }.joined()))
        } else {
            edits.append((place.offset..<place.offset, lines.map { $0 + layout.lineBreak }.joined()))
        }
    }

    /// Just past the line break that ends the line holding `offset` (or `offset` itself when it
    /// starts a line, as after a block scalar); the file's end when its last line has no break.
    private func lineEndAfter(_ offset: Int) -> (offset: Int, atEndWithoutBreak: Bool) {
        var index = min(offset, bytes.count)
        if index > 0, bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D { return (index, false) }
        while index < bytes.count {
            if bytes[index] == 0x0A { return (index + 1, false) }
            if bytes[index] == 0x0D { return (index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1, false) }
            index += 1
        }
        return (bytes.count, true)
    }

    private func lineStart(of offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
        return index
    }

    private func onlySpacesBefore(_ offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == 0x20 }
    }

    /// Whether the line holds only indentation and one dash before the list item at `offset`.
    private func onlyDashBefore(_ offset: Int) -> Bool {
        let prefix = bytes[lineStart(of: offset)..<offset].filter { $0 != 0x20 }
        return prefix == [UInt8(ascii: "-")]
    }

    /// The column (0-based) of the dash of a block list item that starts its line.
    private func dashColumn(of item: YAMLNode) -> Int? {
        let start = lineStart(of: item.startOffset)
        guard onlyDashBefore(item.startOffset), let dash = bytes[start..<item.startOffset].firstIndex(of: UInt8(ascii: "-")) else { return nil }
        return dash - start
    }

    /// The comments of lines a fix removes, each on a line of its own at `indent`: a removal
    /// takes the YAML it must and leaves every comment a person wrote.
    private func keptComments(in range: Range<Int>, indent: Int) -> String {
        var kept = ""
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            if let comment = Self.comment(in: bytes[lineStart..<lineEnd]) {
                kept += String(repeating: " ", count: indent) + String(decoding: comment, as: UTF8.self) + layout.lineBreak
            }
            lineStart = lineEnd
            while lineStart < range.upperBound, bytes[lineStart] == 0x0A || bytes[lineStart] == 0x0D { lineStart += 1 }
        }
        return kept
    }

    /// The comment of one line (from its `#` to the line's end), outside quotes.
    static func comment(in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var quote: UInt8?
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            switch quote {
            case UInt8(ascii: "\"")?:
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == quote { quote = nil }
            case UInt8(ascii: "'")?:
                if byte == quote { quote = nil }
            default:
                if byte == UInt8(ascii: "#"), index == line.startIndex || line[index - 1] == 0x20 || line[index - 1] == 0x09 {
                    var end = line.endIndex
                    while end > index, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
                    return line[index..<end]
                }
                if byte == UInt8(ascii: "\""), index == line.startIndex || " \t[{,:-".utf8.contains(line[index - 1]) { quote = byte }
                if byte == UInt8(ascii: "'"), index == line.startIndex || " \t[{,:-".utf8.contains(line[index - 1]) { quote = byte }
            }
            index += 1
        }
        return nil
    }

    private mutating func removeFlowEntry(start: Int, end: Int, previousEnd: Int?, nextStart: Int?) {
        if let previousEnd {
            edits.append((previousEnd..<end, ""))
        } else if let nextStart {
            edits.append((start..<nextStart, ""))
        } else {
            edits.append((start..<end, ""))
        }
    }

    // MARK: The result

    /// The edits in file order, insertions at one place joined in the order written.
    func finished(_ positions: BytePositions) throws -> [TextEdit] {
        // At one offset an insertion goes before a replacement that starts there (a new key above
        // a removed one), so that neither overlaps the other.
        let ordered = edits.enumerated().sorted { first, second in
            (first.element.range.lowerBound, first.element.range.isEmpty ? 0 : 1, first.offset)
                < (second.element.range.lowerBound, second.element.range.isEmpty ? 0 : 1, second.offset)
        }.map(\.element)
        var merged: [(range: Range<Int>, text: String)] = []
        for edit in ordered {
            if let last = merged.last, last.range.isEmpty, edit.range.isEmpty, last.range.lowerBound == edit.range.lowerBound {
                merged[merged.count - 1].text += edit.text
                continue
            }
            if let last = merged.last, edit.range.lowerBound < last.range.upperBound {
                throw LoweringFailure("two changes of the fix overlap")
            }
            merged.append(edit)
        }
        return merged.map { edit in
            TextEdit(range: edit.range, replacement: edit.text, start: positions.position(ofByte: edit.range.lowerBound), end: positions.position(ofByte: edit.range.upperBound))
        }
    }
}

/// When a text can be written as a plain scalar and read back as the same string.
enum ScalarQuoting {
    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first != " ", last != " ", !"-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) else { return false }
        guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && $0.value != 0x85 && $0.value != 0x2028 && $0.value != 0x2029 && $0 != "\u{FEFF}" }) else {
            return false
        }
        guard !text.contains(": "), !text.contains(" #"), !text.hasSuffix(":") else { return false }
        if inFlow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        return ResolvedScalar(YAMLScalar(value: text, style: .plain)) == .string(text)
    }
}

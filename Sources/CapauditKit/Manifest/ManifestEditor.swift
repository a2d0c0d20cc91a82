import JSON
import YAML

/// A manifest document as a tree that edits can change and that can be written back as YAML.
/// It applies fixes (`ManifestEdit`) to a manifest, as the fix tests do with each rule's
/// failing example. The text it writes is flow-style YAML (JSON with YAML's types): comments
/// and layout are not kept, findings' paths are; a suppression comment a fix adds is written
/// above its node, on the line the node's findings point at.
public indirect enum EditableNode: Sendable, Equatable {
    /// A string (written quoted) or another scalar written as it was (`26`, `true`, `null`).
    case scalar(String, isString: Bool)
    case sequence([EditableNode])
    case mapping([(key: String, value: EditableNode)])
    /// A node with comment lines above it (the suppressions a fix adds). Comments are not data:
    /// everywhere but in the written text, the node reads as the one it wraps.
    case commented([String], EditableNode)

    public static func == (lhs: EditableNode, rhs: EditableNode) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, x), .scalar(b, y)): return a == b && x == y
        case let (.sequence(a), .sequence(b)): return a == b
        case let (.mapping(a), .mapping(b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case let (.commented(a, x), .commented(b, y)): return a == b && x == y
        default: return false
        }
    }

    public init(_ node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar):
            if case .string(let text) = scalar.resolved {
                self = .scalar(text, isString: true)
            } else {
                self = .scalar(scalar.value, isString: false)
            }
        case .sequence(let items):
            self = .sequence(items.map(EditableNode.init))
        case .mapping(let pairs):
            self = .mapping(pairs.map { (key: $0.key.scalar?.value ?? "", value: EditableNode($0.value)) })
        }
    }

    public init(_ value: EditValue) {
        switch value {
        case .name(let text), .text(let text): self = .scalar(text, isString: true)
        case .integer(let number): self = .scalar(String(number), isString: false)
        case .bool(let flag): self = .scalar(String(flag), isString: false)
        case .list(let items): self = .sequence(items.map(EditableNode.init))
        case .mapping(let entries): self = .mapping(entries.map { (key: $0.key, value: EditableNode($0.value)) })
        }
    }

    subscript(key: String) -> EditableNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key == key }?.value.content
    }

    /// The node without the comments above it.
    var content: EditableNode {
        if case .commented(_, let node) = self { return node }
        return self
    }

    /// The comment lines above the node.
    var comments: [String] {
        if case .commented(let comments, _) = self { return comments }
        return []
    }

    /// The node changed under its comments, which stay above it.
    mutating func changeContent<Failure: Error>(_ body: (inout EditableNode) throws(Failure) -> Void) throws(Failure) {
        var node = content
        try body(&node)
        self = comments.isEmpty ? node : .commented(comments, node)
    }

    /// The node as YAML text, in block style (a manifest must start with `capaudit:` at the start
    /// of a line to be found), strings double-quoted.
    public var yaml: String {
        var lines: [String] = []
        writeBlock(into: &lines, indent: "")
        return lines.joined(separator: "\n") + "\n"
    }

    private func writeBlock(into lines: inout [String], indent: String) {
        switch self {
        case .commented:
            // A collection's findings point at its first line: the comments go above that line.
            lines += comments.map { indent + $0 }
            content.writeBlock(into: &lines, indent: indent)
        case .mapping(let pairs) where !pairs.isEmpty:
            for pair in pairs {
                let key = Self.key(pair.key)
                if pair.value.isEmptyOrScalar {
                    lines += pair.value.comments.map { indent + $0 }
                    lines.append("\(indent)\(key): \(pair.value.inline)")
                } else {
                    lines.append("\(indent)\(key):")
                    pair.value.writeBlock(into: &lines, indent: indent + "  ")
                }
            }
        case .sequence(let items) where !items.isEmpty:
            for commented in items {
                lines += commented.comments.map { indent + $0 }
                let item = commented.content
                if item.isEmptyOrScalar {
                    lines.append("\(indent)- \(item.inline)")
                } else {
                    var nested: [String] = []
                    item.writeBlock(into: &nested, indent: indent + "  ")
                    if let first = nested.first {
                        lines.append("\(indent)- " + first.dropFirst(indent.count + 2))
                        lines += nested.dropFirst()
                    }
                }
            }
        default:
            lines.append(indent + inline)
        }
    }

    private var isEmptyOrScalar: Bool {
        switch self {
        case .scalar: return true
        case .sequence(let items): return items.isEmpty
        case .mapping(let pairs): return pairs.isEmpty
        case .commented(_, let node): return node.isEmptyOrScalar
        }
    }

    /// A scalar, or an empty list or mapping, on one line.
    private var inline: String {
        switch self {
        case .scalar(let value, let isString):
            guard isString else { return value }
            var quoted = ""
            JSONWriter.quote(value, into: &quoted)
            return quoted
        case .sequence: return "[]"
        case .mapping: return "{}"
        case .commented(_, let node): return node.inline
        }
    }

    private static func key(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        if plain { return text }
        var quoted = ""
        JSONWriter.quote(text, into: &quoted)
        return quoted
    }
}

/// Why an edit could not be applied: its path names nothing in the document.
public struct EditFailure: Error, Sendable, CustomStringConvertible {
    public var edit: ManifestEdit
    public var reason: String

    public var description: String { "cannot apply `\(edit.key)` at `\(edit.path)`: \(reason)" }
}

public enum ManifestEditor {
    /// One step of a path: a key, optionally followed by `[key=value]` (an entry by its id or
    /// name) or `[index]`.
    struct Step {
        var key: String
        var selector: Selector?
    }

    enum Selector {
        case entry(key: String, value: String)
        case index(Int)
    }

    /// `screens[id=a].fields[id=b]` → its steps; nil when it does not parse.
    static func steps(_ path: String) -> [Step]? {
        guard !path.isEmpty else { return [] }
        var steps: [Step] = []
        var rest = Substring(path)
        while !rest.isEmpty {
            let keyEnd = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            var step = Step(key: String(rest[..<keyEnd]), selector: nil)
            rest = rest[keyEnd...]
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                step.selector = selector(String(rest[rest.index(after: rest.startIndex)..<close]))
                guard step.selector != nil else { return nil }
                rest = rest[rest.index(after: close)...]
            }
            if rest.first == "." { rest = rest.dropFirst() }
            steps.append(step)
        }
        return steps
    }

    static func selector(_ text: String) -> Selector? {
        if let number = Int(text) { return .index(number) }
        guard let equals = text.firstIndex(of: "=") else { return nil }
        return .entry(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// The document with every edit applied in order.
    public static func apply(_ edits: [ManifestEdit], to document: EditableNode) throws(EditFailure) -> EditableNode {
        var result = document
        for edit in edits {
            guard let steps = steps(edit.path) else { throw EditFailure(edit: edit, reason: "the path does not parse") }
            try apply(edit, steps[...], to: &result)
        }
        return result
    }

    private static func apply(_ edit: ManifestEdit, _ steps: ArraySlice<Step>, to node: inout EditableNode) throws(EditFailure) {
        guard let step = steps.first else {
            if case .suppress(let rule, let reason) = edit.change {
                node = .commented(node.comments + [ManifestEdit.suppressionComment(rule: rule, reason: reason)], node.content)
            } else {
                try node.changeContent { (target: inout EditableNode) throws(EditFailure) in try change(&target, edit) }
            }
            return
        }
        try node.changeContent { (target: inout EditableNode) throws(EditFailure) in
            guard case .mapping(var pairs) = target else { throw EditFailure(edit: edit, reason: "`\(step.key)` is not under a mapping") }
            let index = pairs.firstIndex { $0.key == step.key } ?? {
                // A missing mapping on the way (`capture`) is made; entries are never invented.
                pairs.append((key: step.key, value: .mapping([])))
                return pairs.count - 1
            }()
            if let selector = step.selector {
                try pairs[index].value.changeContent { (list: inout EditableNode) throws(EditFailure) in
                    guard case .sequence(var items) = list else { throw EditFailure(edit: edit, reason: "`\(step.key)` is not a list") }
                    let position: Int?
                    switch selector {
                    case .index(let number): position = items.indices.contains(number) ? number : nil
                    case .entry(let key, let value): position = items.firstIndex { $0[key] == .scalar(value, isString: true) }
                    }
                    guard let position else { throw EditFailure(edit: edit, reason: "no entry of `\(step.key)` matches") }
                    try apply(edit, steps.dropFirst(), to: &items[position])
                    list = .sequence(items)
                }
            } else {
                try apply(edit, steps.dropFirst(), to: &pairs[index].value)
            }
            target = .mapping(pairs)
        }
    }

    /// A change of the node at the end of the edit's path (not a suppression, which wraps it).
    private static func change(_ node: inout EditableNode, _ edit: ManifestEdit) throws(EditFailure) {
        if case .sequence(var items) = node, case .index(let position)? = selector(String(edit.key.dropFirst().dropLast())),
            edit.key.hasPrefix("["), items.indices.contains(position)
        {
            switch edit.change {
            case .set(let value): items[position] = EditableNode(value)
            case .remove: items.remove(at: position)
            case .append: throw EditFailure(edit: edit, reason: "cannot append to a list entry")
            case .suppress: throw EditFailure(edit: edit, reason: "a suppression is a comment above a node, not a change of a list entry")
            }
            node = .sequence(items)
            return
        }
        guard case .mapping(var pairs) = node else { throw EditFailure(edit: edit, reason: "the target is not a mapping") }
        let index = pairs.firstIndex { $0.key == edit.key }
        switch edit.change {
        case .set(let value):
            if let index { pairs[index].value.changeContent { $0 = EditableNode(value) } } else { pairs.append((key: edit.key, value: EditableNode(value))) }
        case .remove:
            if let index { pairs.remove(at: index) }
        case .append(let value):
            if let index {
                try pairs[index].value.changeContent { (list: inout EditableNode) throws(EditFailure) in
                    guard case .sequence(let items) = list else { throw EditFailure(edit: edit, reason: "`\(edit.key)` is not a list") }
                    list = .sequence(items + [EditableNode(value)])
                }
            } else {
                pairs.append((key: edit.key, value: .sequence([EditableNode(value)])))
            }
        case .suppress:
            throw EditFailure(edit: edit, reason: "a suppression is a comment above a node, not a change of a key")
        }
        node = .mapping(pairs)
    }
}

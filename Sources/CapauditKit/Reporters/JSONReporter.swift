import YAML

/// The machine format: versioned JSON, documented in docs/json-output.md with a JSON Schema.
/// Findings are written file by file as the run goes; suppressed findings, the file list and
/// the notes are spooled to disk until the findings are done, and the summary comes last.
public struct JSONReporter: Reporter {
    public static let name = "json"
    /// 2: `summary` moved after `findings`, so that the output can be written as the run goes.
    /// 3: the help line moved from `fix` to `help`; `fix` is the recommended fix as edits.
    public static let formatVersion = 3

    private let toolVersion: String
    private var findings: JSONStream?
    private var suppressed: Spool?
    private var files: Spool?
    private var notes: Spool?
    private var noteCount = 0
    private var suppressedCount = 0
    private var fileCount = 0

    public init(context: ReportContext) {
        toolVersion = context.toolVersion
    }

    public mutating func begin(_ start: RunStart, into output: OutputSink) {
        suppressed = Spool.create(failingInto: output)
        files = Spool.create(failingInto: output)
        notes = Spool.create(failingInto: output)
        var stream = JSONStream(output)
        stream.beginObject()
        stream.member("version", Self.formatVersion)
        stream.key("tool")
        stream.beginObject()
        stream.member("name", "capaudit")
        stream.member("version", toolVersion)
        stream.endObject()
        stream.key("findings")
        stream.beginArray()
        findings = stream
        for note in start.settingsNotes + start.notes.map(\.text) { addNote(note) }
    }

    public mutating func report(_ file: FileOutcome, into output: OutputSink) {
        var active = 0
        for finding in file.findings {
            if finding.suppression == nil {
                active += 1
                findings?.element()
                Self.write(finding, to: output, indent: 2)
            } else if let spool = suppressed {
                spool.sink.write(suppressedCount == 0 ? "\n    " : ",\n    ")
                suppressedCount += 1
                Self.write(finding, to: spool.sink, indent: 2)
            }
        }
        if let spool = files {
            spool.sink.write(fileCount == 0 ? "\n    " : ",\n    ")
            fileCount += 1
            var entry = JSONStream(spool.sink, indent: 2)
            entry.beginObject()
            entry.member("path", file.file.path)
            entry.key("manifest")
            entry.bool(file.isManifest)
            entry.member("findings", active)
            entry.endObject()
        }
        if let note = file.note { addNote(note) }
    }

    private mutating func addNote(_ note: String) {
        guard let spool = notes else { return }
        spool.sink.write(noteCount == 0 ? "\n    " : ",\n    ")
        noteCount += 1
        spool.sink.writeJSONString(note)
    }

    public mutating func finish(_ summary: RunSummary, into output: OutputSink) {
        guard var stream = findings else { return }
        stream.endArray()
        for (key, spool, count) in [("suppressed", suppressed, suppressedCount), ("files", files, fileCount), ("notes", notes, noteCount)] {
            stream.key(key)
            if count == 0 {
                output.write("[]")
            } else {
                output.write("[")
                spool?.copy(into: output)
                output.write("\n  ]")
            }
        }
        stream.key("summary")
        stream.beginObject()
        stream.member("files", summary.files)
        stream.member("manifests", summary.manifests)
        stream.member("findings", summary.findings)
        stream.member("errors", summary.errors)
        stream.member("warnings", summary.warnings)
        stream.member("infos", summary.infos)
        stream.member("suppressed", summary.suppressed)
        stream.endObject()
        stream.endObject()
        output.write("\n")
        findings = nil
    }

    /// One finding as a JSON object whose own lines sit at `indent` (its members one deeper);
    /// `more` adds members after the finding's own (explain's advice).
    static func write(_ finding: Finding, to output: OutputSink, indent: Int, more: (inout JSONStream) -> Void = { _ in }) {
        var object = JSONStream(output, indent: indent, holdsUntilClosed: true)
        object.beginObject()
        object.member("rule", finding.ruleID)
        object.member("slug", finding.slug)
        object.member("severity", finding.severity.description)
        object.member("message", finding.message)
        object.member("file", finding.file)
        object.member("document", finding.documentIndex)
        object.member("line", finding.start.line)
        object.member("column", finding.start.column)
        if let end = finding.end {
            object.member("endLine", end.line)
            object.member("endColumn", end.column)
        }
        object.member("path", finding.path)
        if let platform = finding.platform { object.member("platform", platform.rawValue) }
        if !finding.missingThreats.isEmpty { object.member("missingThreats", strings: finding.missingThreats) }
        if let help = finding.help { object.member("help", help) }
        if let recommended = finding.fixes.first {
            object.key("fix")
            write(recommended, alternatives: finding.fixes.dropFirst(), into: &object)
        }
        if !finding.related.isEmpty {
            object.key("related")
            object.beginArray()
            for place in finding.related {
                object.element()
                object.beginObject()
                object.member("file", place.file)
                object.member("line", place.position.line)
                object.member("column", place.position.column)
                object.member("message", place.message)
                object.endObject()
            }
            object.endArray()
        }
        object.member("fingerprint", finding.fingerprint)
        switch finding.suppression {
        case .inline(let reason, let line):
            object.key("suppression")
            object.beginObject()
            object.member("kind", "inline")
            object.member("reason", reason)
            object.member("line", line)
            object.endObject()
        case .baseline:
            object.key("suppression")
            object.beginObject()
            object.member("kind", "baseline")
            object.endObject()
        case nil:
            break
        }
        more(&object)
        object.endObject()
    }

    /// A fix as an object: what it does, how far it may be applied, its edits, and after the
    /// recommended fix the other ways, in the same shape.
    static func write(_ fix: Fix, alternatives: ArraySlice<Fix> = [], into object: inout JSONStream) {
        object.beginObject()
        object.member("applicability", fix.applicability.rawValue)
        object.member("message", fix.help)
        object.key("edits")
        object.beginArray()
        for edit in fix.edits {
            object.element()
            object.beginObject()
            writePosition("start", edit.start, offset: edit.range.lowerBound, into: &object)
            writePosition("end", edit.end, offset: edit.range.upperBound, into: &object)
            object.member("replacement", edit.replacement)
            object.endObject()
        }
        object.endArray()
        if !alternatives.isEmpty {
            object.key("alternatives")
            object.beginArray()
            for alternative in alternatives {
                object.element()
                write(alternative, into: &object)
            }
            object.endArray()
        }
        object.endObject()
    }

    private static func writePosition(_ name: String, _ position: SourcePosition, offset: Int, into object: inout JSONStream) {
        object.key(name)
        object.beginObject()
        object.member("line", position.line)
        object.member("column", position.column)
        object.member("offset", offset)
        object.endObject()
    }
}

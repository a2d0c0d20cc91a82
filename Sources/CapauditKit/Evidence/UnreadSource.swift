import SourceScan
import YAML

/// A source file that evidence meant to read and could not (EVD007): a file of a kind the scan
/// reads for its platform, in no skipped folder and not excluded, that is not valid UTF-8, is
/// over `ScanLimits.maxFileBytes`, or cannot be read. Whatever it holds is missing from evidence,
/// so the run says so as a finding, which `--quiet` and every format keep.
public struct UnreadSource: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case notUTF8
        case tooLarge(bytes: Int)
        case unreadable(String)
    }

    /// Relative to the working folder, as findings name files.
    public let file: String
    public let platform: Platform
    /// The first byte that is not UTF-8; else the file's start.
    public let position: SourcePosition
    public let reason: Reason

    init(file: String, platform: Platform, position: SourcePosition = SourcePosition(line: 1, column: 1), reason: Reason) {
        self.file = file
        self.platform = platform
        self.position = position
        self.reason = reason
    }

    /// The unread file a scan's note stands for, named as findings name it; nil for a note about
    /// something left out by design (a link out of the folder, a loop) or about a folder.
    init?(_ note: ScanNote, file: String, platform: Platform) {
        switch note.reason {
        case .notUTF8(let line, let column):
            self.init(file: file, platform: platform, position: SourcePosition(line: line, column: column), reason: .notUTF8)
        case .tooLarge(let bytes):
            self.init(file: file, platform: platform, reason: .tooLarge(bytes: bytes))
        case .unreadable(let why):
            self.init(file: file, platform: platform, reason: .unreadable(why))
        case .symlinkOutside, .symlinkLoop, .brokenSymlink, .unreadableFolder:
            return nil
        }
    }

    /// Why it was not read, as the finding and `init --from-source`'s note say it.
    var why: String {
        switch reason {
        case .notUTF8: return "it is not valid UTF-8 from here on"
        case .tooLarge(let bytes): return "its \(bytes) bytes are over the \(ScanLimits.maxFileBytes / 1024 / 1024) MiB limit for source files"
        case .unreadable(let cause): return "it cannot be read (\(cause))"
        }
    }

    /// What evidence loses with the file.
    private var missed: String {
        switch platform {
        case .android: return "a FLAG_SECURE call or its clearing there is not seen, nor the types, SDK versions and permissions it declares"
        case .ios: return "a protection applied or undone there is not seen, nor the types and deployment target it declares"
        }
    }

    var message: String { "source file not read as evidence: \(why), so \(missed)" }

    var fix: String {
        let exclude = "if it is not the app's code, leave it out with the config's `exclude`"
        switch reason {
        case .notUTF8: return "save the file as UTF-8; \(exclude)"
        case .tooLarge: return "split the file into files under \(ScanLimits.maxFileBytes / 1024 / 1024) MiB; \(exclude)"
        case .unreadable: return "make the file readable by the user that runs capaudit; \(exclude)"
        }
    }

    /// What tells the finding apart in its fingerprint: the kind of failure, never a size or a line.
    var detail: String {
        switch reason {
        case .notUTF8: return "not-utf8"
        case .tooLarge: return "too-large"
        case .unreadable: return "unreadable"
        }
    }

    /// The one-line note `init --from-source` prints, which has no findings.
    public var note: String {
        "\(file):\(position.line):\(position.column): not read as evidence: \(why); \(fix)"
    }
}

extension CodeBase {
    /// EVD007 for each unread source file, by file in path order: judged by the run like the
    /// config's findings (severity, `--select`/`--ignore`, the baseline).
    func unreadFindings(policy: Policy) -> [(file: String, raw: [RawFinding])] {
        unread.map { source in
            var raw = RawFinding(
                policy.definition(of: .sourceUnread), message: source.message, at: source.position, path: "source.\(source.platform.rawValue)",
                help: source.fix, detail: source.detail)
            raw.platform = source.platform
            return (source.file, [raw])
        }
    }
}

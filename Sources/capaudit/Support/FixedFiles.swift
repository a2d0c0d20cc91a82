import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// What `check --fix` and `--diff` do with each fixed file as the run delivers it: write it
/// (atomically, through a symbolic link to its target, only when the file still holds the text
/// that was checked) or print its diff; and the counts the closing line gives.
final class FixedFiles {
    let command: String
    private(set) var fixedFindings = 0
    private(set) var changedFiles = 0
    private(set) var unsafeLeft = 0
    /// Files that could not be written: the run exits 2.
    private(set) var failures = 0

    init(command: String) {
        self.command = command
    }

    /// Counts the file's fixes and says why any allowed fix was not applied.
    private func count(_ outcome: FileOutcome) -> FixedFile? {
        guard let fixed = outcome.fixed else { return nil }
        unsafeLeft += fixed.unsafeLeft
        for refusal in fixed.refusals { Output.err("note: \(ControlEscaping.escape(outcome.file.path)):\(ControlEscaping.escape(refusal))\n") }
        guard fixed.changed else { return nil }
        fixedFindings += fixed.fixedCount
        changedFiles += 1
        return fixed
    }

    /// `--fix`: the fixed text replaces the file.
    func write(_ outcome: FileOutcome) {
        guard let fixed = count(outcome) else { return }
        let path = outcome.file.path
        if let problem = Self.write(fixed, to: outcome.file.fileSystemPath) {
            failures += 1
            fixedFindings -= fixed.fixedCount
            changedFiles -= 1
            Output.err("capaudit \(command): \(ControlEscaping.escape(path)): not fixed: \(problem)\n")
        }
    }

    /// `--diff`: the change, as a unified diff on standard output.
    func printDiff(_ outcome: FileOutcome) {
        guard let fixed = count(outcome) else { return }
        Output.out(UnifiedDiff.render(old: fixed.original, new: fixed.fixed, path: outcome.file.path))
    }

    /// The closing line on standard error: what was (or would be) fixed, and the fixes left for
    /// `--unsafe-fixes`.
    func closingLine(applied: Bool) -> String {
        let findings = fixedFindings == 1 ? "1 finding" : "\(fixedFindings) findings"
        let files = changedFiles == 1 ? "1 file" : "\(changedFiles) files"
        var line = fixedFindings == 0 && changedFiles == 0 ? "no fix to apply" : "\(applied ? "fixed" : "would fix") \(findings) in \(files)"
        if unsafeLeft > 0 {
            line += "; \(unsafeLeft) unsafe fix\(unsafeLeft == 1 ? "" : "es") not applied (add --unsafe-fixes to apply \(unsafeLeft == 1 ? "it" : "them"))"
        }
        return "capaudit \(command): \(line)\n"
    }

    /// Writes the fixed text over the file, or says why not. The file must still hold exactly the
    /// text that was checked, byte for byte: a file changed meanwhile, or one in UTF-16 or UTF-32
    /// (read as its UTF-8 text), is left alone.
    static func write(_ fixed: FixedFile, to path: [UInt8]) -> String? {
        guard let target = FileSystem.realPath(path).map({ String(decoding: $0, as: UTF8.self) }) else {
            return "its path cannot be resolved (\(POSIX.describe(errno)))"
        }
        switch readRaw(target, limit: fixed.original.count + 1) {
        case .failure(let error): return "it cannot be read again (\(error.description))"
        case .success(let bytes) where bytes != fixed.original:
            return "the file is not the UTF-8 text that was checked (it changed during the run, or it is UTF-16 or UTF-32); save it as UTF-8 and run again"
        case .success: break
        }
        switch OutputFile.create(target) {
        case .failure(let failure): return failure.reason
        case .success(let file):
            file.sink.write(bytes: fixed.fixed)
            return file.commit()?.reason
        }
    }

    /// The file's bytes, up to `limit`: enough to tell whether it still holds the text checked.
    private static func readRaw(_ path: String, limit: Int) -> Result<[UInt8], SystemError> {
        switch POSIX.open(path, flags: O_RDONLY | O_CLOEXEC) {
        case .failure(let error): return .failure(error)
        case .success(let descriptor):
            defer { POSIX.close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(code: errno)) }
            return POSIX.readToEnd(descriptor, expectedCount: min(Int(info.st_size), limit), limit: limit)
        }
    }
}

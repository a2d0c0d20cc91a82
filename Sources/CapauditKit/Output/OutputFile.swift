#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

/// A file written whole or not at all: the bytes go to a temporary file in the same folder,
/// which replaces the target only when everything was written, so that a full disk or an
/// interrupted run never leaves a truncated report or destroys the previous baseline. A
/// target that is not a regular file (`/dev/null`, a FIFO, a terminal) is written directly.
/// The temporary file is registered with `TemporaryFiles` for as long as it exists, so that a
/// signal that ends the run deletes it too.
public final class OutputFile {
    public let path: String
    public let sink: OutputSink
    private let descriptor: Int32
    /// The file being written, renamed over `path` by `commit`; nil when writing directly.
    private let temporaryPath: String?
    /// False: `commit` fails rather than replace a file that exists by then.
    private let replaces: Bool
    private let registration: TemporaryFiles.Registration?
    private var isOpen = true

    private init(path: String, descriptor: Int32, temporaryPath: String?, replaces: Bool) {
        self.path = path
        self.descriptor = descriptor
        sink = OutputSink(descriptor: descriptor, place: path)
        self.temporaryPath = temporaryPath
        self.replaces = replaces
        registration = temporaryPath.flatMap(TemporaryFiles.register)
    }

    deinit {
        if isOpen { discard() }
    }

    /// `mode`: the new file's permissions; nil keeps the target's, or 0644 for a new file.
    /// `replacing: false` never overwrites a file (`init`): that is a failure, at once or at `commit`.
    public static func create(_ path: String, mode: mode_t? = nil, replacing: Bool = true) -> Result<OutputFile, OutputFailure> {
        func failure(_ reason: String) -> Result<OutputFile, OutputFailure> { .failure(OutputFailure(place: path, reason: reason)) }
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { return failure("it is a folder; give a file name") }
        if exists, !replacing { return failure("it already exists, and this never overwrites a file") }
        if exists, info.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_TRUNC)
            guard descriptor >= 0 else { return failure(POSIX.describe(errno)) }
            return .success(OutputFile(path: path, descriptor: descriptor, temporaryPath: nil, replaces: true))
        }
        let (folder, name) = split(path)
        var template = Array("\(folder)/.\(name).capaudit-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else {
            let code = errno
            return failure(code == ENOENT ? "the folder \(folder) does not exist" : POSIX.describe(code))
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private; a report or baseline gets the target's mode, or the usual one.
        fchmod(descriptor, mode ?? (exists ? info.st_mode & 0o7777 : 0o644))
        return .success(OutputFile(path: path, descriptor: descriptor, temporaryPath: temporary, replaces: replacing))
    }

    /// Finishes the file: flushes, closes and renames it over the target. Returns the first
    /// failure of any write, the close or the rename; the target is then left as it was.
    public func commit() -> OutputFailure? {
        guard isOpen else { return sink.failure }
        isOpen = false
        sink.flush()
        if let code = POSIX.close(descriptor) { sink.fail(POSIX.describe(code)) }
        guard let temporaryPath else { return sink.failure }
        if sink.failure == nil {
            if replaces {
                if rename(temporaryPath, path) != 0 { sink.fail(POSIX.describe(errno)) }
            } else if link(temporaryPath, path) != 0 {
                // A hard link never replaces a file: one made since `create` wins.
                sink.fail(errno == EEXIST ? "it already exists, and this never overwrites a file" : POSIX.describe(errno))
            }
        }
        if sink.failure != nil || !replaces { unlink(temporaryPath) }
        if let registration { TemporaryFiles.unregister(registration) }
        return sink.failure
    }

    /// Gives up: the target is left as it was.
    public func discard() {
        guard isOpen else { return }
        isOpen = false
        POSIX.close(descriptor)
        if let temporaryPath { unlink(temporaryPath) }
        if let registration { TemporaryFiles.unregister(registration) }
    }

    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// Writes a whole file atomically; returns the failure, if any.
    public static func write(_ text: String, to path: String, mode: mode_t? = nil, replacing: Bool = true) -> OutputFailure? {
        switch create(path, mode: mode, replacing: replacing) {
        case .failure(let failure): return failure
        case .success(let file):
            file.sink.write(text)
            return file.commit()
        }
    }
}

/// Text held on disk until the end of the run: the parts of a report that must come after
/// parts still to be written (a summary first, details streamed), so that memory stays flat.
public final class Spool {
    public let sink: OutputSink
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        sink = OutputSink(descriptor: descriptor, place: "a temporary file")
    }

    deinit {
        POSIX.close(descriptor)
    }

    /// A fresh spool in the temporary folder, already unlinked so that nothing is left behind.
    public static func create() -> Result<Spool, OutputFailure> {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/capaudit-spool-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { return .failure(OutputFailure(place: "a temporary file in \(folder)", reason: POSIX.describe(errno))) }
        template.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { _ = unlink(base) }
        }
        return .success(Spool(descriptor: descriptor))
    }

    /// A fresh spool, or nil after telling `output` why none could be made (its report then fails).
    public static func create(failingInto output: OutputSink) -> Spool? {
        switch create() {
        case .success(let spool): return spool
        case .failure(let failure):
            output.fail(failure.description)
            return nil
        }
    }

    /// Copies everything spooled so far into `output`.
    public func copy(into output: OutputSink) {
        readBack(into: output) { output.write(bytes: $0) }
    }

    /// Hands each spooled line (without its line feed) to `body`; a failure goes to `output`.
    public func lines(failingInto output: OutputSink, _ body: (Substring) -> Void) {
        var pending: [UInt8] = []
        readBack(into: output) { chunk in
            pending.append(contentsOf: chunk)
            var start = 0
            while let end = pending[start...].firstIndex(of: 0x0A) {
                body(Substring(String(decoding: pending[start..<end], as: UTF8.self)))
                start = end + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { body(Substring(String(decoding: pending, as: UTF8.self))) }
    }

    private func readBack(into output: OutputSink, _ body: (ArraySlice<UInt8>) -> Void) {
        sink.flush()
        if let failure = sink.failure {
            output.fail("\(failure.description) (spooled output)")
            return
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            output.fail("cannot read back spooled output: \(POSIX.describe(errno))")
            return
        }
        output.flush()
        var chunk = [UInt8](repeating: 0, count: OutputSink.bufferSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return POSIX.read(descriptor, into: base, count: buffer.count)
            }
            if count < 0 {
                output.fail("cannot read back spooled output: \(POSIX.describe(errno))")
                return
            }
            if count == 0 { return }
            body(chunk[0..<count])
        }
    }
}

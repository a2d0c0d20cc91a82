import CapauditKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// capaudit-compile-rules RULES_FOLDER OUTPUT: writes the shipped policy read from RULES_FOLDER as
/// Swift (`CompiledPolicy`). Run by scripts/embed-rules, which builds it with
/// `-DCAPAUDIT_EMBEDDING` so that it builds whatever the state of the file it writes.
func fail(_ message: String, status: Int32) -> Never {
    let standardError = OutputSink.standardError()
    standardError.write(message + "\n")
    standardError.flush()
    exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let folder = arguments.first, let output = arguments.last else {
    fail("usage: capaudit-compile-rules RULES_FOLDER OUTPUT", status: 2)
}
do throws(PolicyError) {
    if let failure = OutputFile.write(try PolicyCompiler.compile(rulesFolder: folder), to: output) {
        fail("capaudit-compile-rules: \(failure)", status: 2)
    }
} catch {
    fail(error.description, status: 1)
}

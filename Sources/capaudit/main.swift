import CapauditKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemInterface

// A closed pipe or a closed standard output must be a write error that capaudit reports (exit 2),
// not a silent death by signal nor a report written into another file.
signal(SIGPIPE, SIG_IGN)
// An interrupted run leaves no half-written report or baseline beside its target.
TemporaryFiles.deleteOnSignals([SIGINT, SIGTERM, SIGHUP])
POSIX.reserveStandardDescriptors()
exit(Output.settle(CapauditCommand.run(Array(CommandLine.arguments.dropFirst()))))

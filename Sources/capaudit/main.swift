#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(CapauditCommand.run(Array(CommandLine.arguments.dropFirst())))

import Foundation
import SystemInterface
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run ended by SIGINT, SIGTERM or SIGHUP while it writes its outputs leaves no temporary
/// file beside them, keeps the previous targets whole, and still ends killed by that signal.
/// Generated over every signal and every kind of output file.
@Suite struct HostileSignalTests {
    struct Writer: Sendable, CustomTestStringConvertible {
        var name: String
        /// The arguments, given the folder the outputs go to and the folder of manifests.
        var arguments: @Sendable (_ outputs: String, _ manifests: String) -> [String]
        /// The outputs it writes, by file name in that folder.
        var targets: [String]
        var testDescription: String { name }
    }

    /// The writers that stream into their files while the run goes on. A baseline, `init`'s
    /// manifest and the hook are written whole at the end, through the same `OutputFile`, in a
    /// moment too short to signal reliably.
    static let writers = [
        Writer(
            name: "check --format FORMAT=FILE --output FILE",
            arguments: { ["check", "--format", "json=\($0)/report.json", "--format", "sarif", "--output", "\($0)/report.sarif", $1] },
            targets: ["report.json", "report.sarif"]),
        Writer(name: "report --output FILE", arguments: { ["report", "--output", "\($0)/report.html", $1] }, targets: ["report.html"]),
        Writer(name: "report --format markdown --output FILE", arguments: { ["report", "--format", "markdown", "--output", "\($0)/report.md", $1] }, targets: ["report.md"]),
    ]

    static let signals: [(name: String, number: Int32)] = [("SIGINT", SIGINT), ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP)]

    static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") && $0.contains(".capaudit-") }
    }

    @Test(arguments: writers)
    func aSignalMidRunLeavesNoTemporaryFile(_ writer: Writer) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try readText(Paths.packageRoot.appendingPathComponent("Examples/bank/flawed.yml"))
        // Enough manifests that the run is still writing when the signal comes.
        for index in 0..<1000 {
            try write(manifest, to: folder.appendingPathComponent("manifests/app-\(index).yml"))
        }
        let outputs = folder.appendingPathComponent("outputs")
        for (name, number) in Self.signals {
            try? FileManager.default.removeItem(at: outputs)
            for target in writer.targets {
                try write("previous \(target)\n", to: outputs.appendingPathComponent(target))
            }
            let actions = SpawnFileActions()
            actions.open("/dev/null", as: 1, flags: O_WRONLY)
            actions.open("/dev/null", as: 2, flags: O_WRONLY)
            let attributes = SpawnAttributes()
            attributes.resetToDefault(.all)
            attributes.setBlocked(SignalSet([]))
            let program = Paths.capauditBinary.path
            let arguments = [program] + writer.arguments(outputs.path, folder.appendingPathComponent("manifests").path)
            let pid = try Spawn.start(program, arguments: arguments, fileActions: actions, attributes: attributes).get()
            var sawTemporaryFile = false
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, Spawn.exitIfEnded(pid) == nil {
                if try !Self.temporaryFiles(in: outputs).isEmpty {
                    sawTemporaryFile = true
                    break
                }
                usleep(5_000)
            }
            #expect(sawTemporaryFile, "\(writer.name) \(name): no temporary file appeared while it ran")
            // A moment more, so that the run is well into writing.
            usleep(100_000)
            kill(pid, number)
            let exit = Spawn.waitForExit(pid)
            #expect(exit?.code == 128 + number, "\(writer.name) \(name): ends killed by the signal, got \(String(describing: exit?.code))")
            #expect(try Self.temporaryFiles(in: outputs) == [], "\(writer.name) \(name): temporary files left behind")
            for target in writer.targets {
                #expect(try readText(outputs.appendingPathComponent(target)) == "previous \(target)\n", "\(writer.name) \(name): \(target) changed")
            }
        }
    }
}

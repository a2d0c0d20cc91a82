import CapauditKit
import Foundation
import TestSupport
import Testing

/// The run hands each file's findings to the reporters as soon as that file's turn comes, while
/// later files are still to be checked, and the output never depends on how many jobs ran.
@Suite struct StreamingTests {
    static let flawed = """
        capaudit: 1
        app:
          name: Stream
          profile: general
          platforms:
            android: {min-sdk: 35, target-sdk: 35}
        screens:
          - id: login
            fields:
              - id: pin
                kind: pin
                input: plain
                display: masked
                protect: [flag-secure]

        """

    /// Records what reached it, and rewrites the last file the moment the first file arrives.
    struct RewritingConsumer: AuditConsumer {
        let lastFile: URL
        var seen: [String] = []

        mutating func begin(_ start: RunStart) {}

        mutating func consume(_ outcome: FileOutcome) {
            if seen.isEmpty { try? write(StreamingTests.flawed, to: lastFile) }
            seen.append("\(outcome.file.path): \(outcome.isManifest ? outcome.findings.map(\.ruleID).joined(separator: ",") : "not a manifest")")
        }

        mutating func finish(_ summary: RunSummary) {}
    }

    /// The last of 200 files is not a manifest when the run starts; the consumer makes it one when
    /// the first file's findings reach it. Only a run that writes the first file before it reads
    /// the last one can see the last file as a manifest.
    @Test(arguments: [1, 2, 8])
    func theFirstFileIsWrittenBeforeTheLastIsChecked(jobs: Int) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<199 { try write(Self.flawed, to: folder.appendingPathComponent(String(format: "m%03d.yml", index))) }
        let last = folder.appendingPathComponent("m199.yml")
        try write("# not a manifest yet\n", to: last)
        var consumer = RewritingConsumer(lastFile: last)
        let summary = try AuditRun(session: Session(policy: Manifests.policy)).run(
            AuditRequest(inputs: .paths([folder.path]), baseline: .none, jobs: jobs), into: &consumer)
        #expect(consumer.seen.count == 200)
        #expect(consumer.seen.first == "\(folder.path)/m000.yml: CAP002,CAP003")
        #expect(consumer.seen.last == "\(last.path): CAP002,CAP003", "the last file was read before the first was reported")
        #expect(summary.manifests == 200)
        #expect(summary.errors == 200)
    }

    /// The same bytes from every format whatever `--jobs` is.
    @Test func outputIsTheSameForOneTwoAndEightJobs() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<60 {
            let text = index % 3 == 0 ? "capaudit: 1\napp: [\n" : Self.flawed.replacingOccurrences(of: "Stream", with: "App \(index)")
            try write(text, to: folder.appendingPathComponent("apps/\(index % 7)/m\(index).yml"))
        }
        for format in ReporterRegistry.findings.map({ $0.name }) {
            let outputs = try [1, 2, 8].map { jobs in
                try runCapaudit(["check", "apps", "--format", format, "--jobs", String(jobs)], in: folder).stdout
            }
            #expect(outputs[0].count > 1_000, "\(format)")
            #expect(outputs[1] == outputs[0], "\(format): --jobs 2 differs from --jobs 1")
            #expect(outputs[2] == outputs[0], "\(format): --jobs 8 differs from --jobs 1")
        }
    }
}

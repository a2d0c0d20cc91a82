import CapauditKit

/// How a command runs the audit: the library does the work, this only connects it to the
/// command line's outputs and says on standard error why a run could not do its job.
enum ReportRun {
    /// Opens every output first (a target that cannot be written stops the run before it starts),
    /// streams the run into the reporters, then puts each file in place. A run that found no
    /// manifest and may not be empty leaves every output as it was (see `EmptyRun`). Nil: exit 2, already said.
    static func execute(
        _ audit: AuditRequest, session: Session, outputs request: OutputRequest, formats: [any Reporter.Type], command: String, notes: NotePrinter,
        mayBeEmpty: Bool, eachFile: ((FileOutcome) -> Void)? = nil, context: (OutputRequest.Target) -> ReportContext
    ) -> RunSummary? {
        let outputs: OpenOutputs
        switch OpenOutputs.open(request) {
        case .success(let opened): outputs = opened
        case .failure(let failure):
            Output.err("capaudit \(command): \(ControlEscaping.escape(failure.description))\n")
            return nil
        }
        let reporters: [(reporter: any Reporter, output: OutputSink)] = zip(request.targets, outputs.sinks).compactMap { target, sink in
            formats.first { $0.name == target.format }.map { ($0.init(context: context(target)), sink) }
        }
        var writer = ReportWriter(reporters, notes: notes.print)
        writer.eachFile = eachFile
        writer.reportsEmptyRun = mayBeEmpty
        let summary: RunSummary
        do throws(AuditError) {
            summary = try AuditRun(session: session).run(audit, into: &writer)
        } catch {
            outputs.discard()
            say(error, command: command)
            return nil
        }
        if summary.manifests == 0, !mayBeEmpty {
            outputs.discard()
            refuseEmpty(audit.inputs, summary: summary, session: session, command: command)
            return nil
        }
        return Output.report(outputs.commit(), command: command) ? nil : summary
    }

    /// Runs the audit and keeps every file's outcome, for a command that lays them out itself.
    static func collect(_ audit: AuditRequest, session: Session, command: String) -> OutcomeList? {
        var list = OutcomeList()
        do throws(AuditError) {
            _ = try AuditRun(session: session).run(audit, into: &list)
        } catch {
            say(error, command: command)
            return nil
        }
        return list
    }

    static func refuseEmpty(_ inputs: AuditInputs, summary: RunSummary, session: Session, command: String) {
        for line in EmptyRun.refusal(inputs, summary: summary, workingDirectory: session.workingDirectory) {
            Output.err("capaudit \(command): \(line)\n")
        }
    }

    static func say(_ error: AuditError, command: String) {
        for line in error.lines { Output.err("capaudit \(command): \(line)\n") }
    }
}

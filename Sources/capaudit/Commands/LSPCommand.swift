import CapauditKit
import CapauditLSP
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAML

/// `capaudit lsp`: the language server, over standard input and output.
struct LSPCommand: Command {
    static let name = "lsp"
    static let summary = "Run the language server (LSP 3.17 over standard input and output) for editors."
    static let usage = """
        capaudit lsp [--stdio]
          Speaks JSON-RPC with Content-Length framing on standard input and output; logs go to
          standard error or window/logMessage. Each workspace folder is checked with the config
          found from its root upward (its rule packs, baseline, preview setting and source folders).
          Capabilities:
            diagnostics     pushed on open, change and save (pulled with textDocument/diagnostic when
                            the client supports it); the same findings as `capaudit check` on the
                            unsaved text, code = the rule id, codeDescription = the rule's page
            sync            full and incremental; positionEncoding utf-16, utf-8 or utf-32
            code actions    each fix as a quickfix (safe fixes preferred, unsafe ones marked),
                            "Suppress RULE on this line", and source.fixAll.capaudit (the safe fixes)
            hover           a rule id shows its page; a kind or mechanism what the taxonomy says
            completion      kinds, mechanisms, profiles and rule ids of the policy in use
            watched files   .capaudit.yml, rule packs, the baseline and source files re-read
          Exit status: 0 after shutdown and exit, 1 on exit without shutdown or end of input.
        """

    static let options: [OptionSpec] = [
        OptionSpec(name: "stdio", value: nil, help: "Talk over standard input and output (the default and only transport; accepted for clients that pass it)."),
    ]

    /// The largest message read: a manifest at the size limit with every byte escaped, and room for the rest.
    static let maxMessageBytes = YAMLLimits.default.maxFileBytes * 6 + 64 * 1024

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "lsp takes no paths: the editor sends the documents") }
        var loop = ServerLoop(
            server: LanguageServer(serverVersion: CapauditCommand.version), input: STDIN_FILENO, output: STDOUT_FILENO,
            maxBodyBytes: maxMessageBytes)
        return loop.run()
    }
}

import ArgumentParser

struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Run a language server (LSP 3.17) on standard input and output, for editors.",
        discussion: """
            Lints paywall definitions as they are edited, with the config that applies to each \
            file's path, and offers their fixes, suppressions and rule explanations.

            Examples:
              paywall-lint server
            """
    )

    @Option(name: .customLong("debounce-ms"), help: "Milliseconds to wait after an edit before linting.")
    var debounceMilliseconds = 150

    @Option(name: .customLong("max-message-kib"), help: "Larger messages are refused unread.")
    var maxMessageKib = 64 << 10

    func validate() throws {
        guard debounceMilliseconds >= 0 else { throw ValidationError("--debounce-ms must be 0 or more") }
        guard maxMessageKib >= 1 else { throw ValidationError("--max-message-kib must be 1 or more") }
    }

    func run() throws {
        let code = ServerLoop.run(
            debounce: Double(debounceMilliseconds) / 1000, maxMessageBytes: maxMessageKib << 10)
        endProcess(code)
    }
}

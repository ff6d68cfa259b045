import ArgumentParser
import PaywallLint
import PaywallLintSwift
import PaywallLintYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct PaywallLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paywall-lint",
        abstract: "Lint paywall definitions (YAML/JSON) against App Store rules and your app's own rules.",
        discussion: """
            Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage, config or \
            internal error.

            Examples:
              paywall-lint Examples/
              paywall-lint --format sarif --output paywall-lint.sarif paywalls/
              cat paywall.yaml | paywall-lint - --stdin-filename paywalls/paywall.yaml
              paywall-lint explain apple/hardcoded-price
            """,
        version: ToolInfo.version,
        subcommands: [
            LintCommand.self, FixCommand.self, RulesCommand.self, ExplainCommand.self,
            PrintConfigCommand.self,
            InitCommand.self, TestPacksCommand.self, ServerCommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )

    /// Parses and runs, mapping usage errors to exit code 2 (ArgumentParser's default is 64).
    static func main() {
        StandardStream.keepStandardDescriptorsOpen()
        YAMLSupport.enable()
        SwiftSupport.enable()
        do {
            let commandLine = Array(CommandLine.arguments.dropFirst())
            let subcommands = Set(configuration.subcommands.map { $0._commandName } + ["help"])
            if let arguments = QuickLintParser.parse(commandLine, subcommands: subcommands) {
                try arguments.run()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let code as ExitCode {
            // The run's own verdict (findings, or a failure it has already reported): nothing to
            // print. ArgumentParser would build a full error message twice to find that out.
            endProcess(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                StandardStream.error.write(fullMessage(for: error) + "\n")
                exit(withError: Exit.failure)
            }
            exit(withError: error)
        }
    }
}

/// Ends the process, flushing standard output as `exit(3)` does. A report that could not be
/// written to standard output (a full disk, a closed pipe or descriptor) ends it with 2.
func endProcess(_ code: Int32) -> Never {
    let flushed = fflush(nil) == 0
    if let failure = StandardStream.outputFailure ?? (flushed ? nil : FileSystem.describe(errno)) {
        StandardStream.error.write("paywall-lint: error: cannot write to standard output: \(failure)\n")
        exit(Exit.failure.rawValue)
    }
    exit(code)
}

/// Exit codes, as documented.
enum Exit {
    static let clean = ExitCode(0)
    static let findings = ExitCode(1)
    static let failure = ExitCode(2)
}

/// Prints a one-line error to standard error and exits with 2.
func fail(_ message: String) -> ExitCode {
    StandardStream.error.write("paywall-lint: error: \(TerminalText.escaped(message))\n")
    return Exit.failure
}

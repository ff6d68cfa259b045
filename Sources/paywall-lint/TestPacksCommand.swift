import ArgumentParser
import PaywallLint

/// Runs the examples of a project's own packs as tests, as `swift test` runs a package's: each
/// rule's valid examples must not trigger it and its invalid ones must.
struct TestPacksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-packs",
        abstract: "Run the examples of your own packs' rules as tests (exit 1 when one fails).",
        discussion: """
            Without pack names, tests the pack files the configuration extends.
            Examples:
              paywall-lint test-packs
              paywall-lint test-packs acme --config ci/.paywall-lint.yml
            """
    )

    @Argument(help: "Pack names (a pack file's `pack:`, or a built-in pack).")
    var packs: [String] = []

    @Option(help: "Use this configuration file instead of the nearest .paywall-lint.yml.")
    var config: String?

    func run() throws {
        var failures: [ExampleRunner.Failure] = []
        var tested: [(pack: String, rules: Int)] = []
        do {
            let configuration = try ConfigLoader.load(explicit: config)
            let library = try configuration.library()
            let names = packs.isEmpty ? configuration.packFiles.map(\.name) : packs
            guard !names.isEmpty else {
                throw fail("no pack to test: the configuration extends only built-in packs; name one")
            }
            let runner = ExampleRunner(library: library)
            for name in names {
                guard let pack = library.packs[name] else {
                    var message = "unknown pack '\(name)'"
                    if let nearest = Suggestion.nearest(to: name, in: library.order) {
                        message += "; did you mean '\(nearest)'?"
                    }
                    throw fail(message)
                }
                failures += try runner.check(pack: name)
                tested.append((name, pack.rules.count))
            }
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        for failure in failures {
            StandardStream.output.write("FAIL \(TerminalText.escaped(failure.description))\n")
        }
        let rules = tested.map(\.rules).reduce(0, +)
        let packsTested = tested.map { TerminalText.escaped($0.pack) }.joined(separator: ", ")
        if failures.isEmpty {
            StandardStream.output.write("ok: the examples of \(rules) rules pass (\(packsTested))\n")
        } else {
            StandardStream.output.write(
                "\(failures.count) failing examples in \(rules) rules (\(packsTested))\n")
            throw ExitCode(1)
        }
    }
}

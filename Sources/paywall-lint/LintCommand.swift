import ArgumentParser
import PaywallLint

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint files and folders (the default command).",
        discussion: """
            Folders are walked for *.yml, *.yaml and *.json, skipping hidden folders; files found
            there that are not paywall definitions are skipped (--verbose says which). Use - to
            read standard input, with --stdin-filename to name it.

            Examples:
              paywall-lint Examples/
              paywall-lint --fail-on warning --format sarif --output out.sarif paywalls/
              paywall-lint - --stdin-filename variant-b.yaml < variant-b.yaml
            """
    )

    @Argument(help: "Files and folders to lint; - reads standard input.")
    var paths: [String] = ["."]

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Exit with 1 when a finding is at or above this level.")
    var failOn: Severity = .error

    @Option(help: "Colour in text output: auto (only on a terminal, never with NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Print only findings: no summary when clean.")
    var quiet = false

    @Flag(help: "Also say which files were skipped and which rules did not run, and why.")
    var verbose = false

    @Option(help: "The name to report standard input under (its extension picks YAML or JSON).")
    var stdinFilename: String?

    @Option(help: "Read every file as this dialect: paywall/v1, remote-config, revenuecat or generic.")
    var dialect: String?

    @OptionGroup var ruleOptions: RuleOptions

    @Option(help: "Largest file to read, in KiB.")
    var maxFileKib: Int = ReadLimits.default.maxFileBytes >> 10

    @Option(help: "Deepest nesting of mappings and lists.")
    var maxDepth: Int = ReadLimits.default.maxDepth

    @Option(help: "Most nodes YAML aliases may add, counted as if expanded.")
    var maxAliasExpansion: Int = ReadLimits.default.maxAliasExpansion

    @Option(help: "Longest scalar, in KiB.")
    var maxScalarKib: Int = ReadLimits.default.maxScalarBytes >> 10

    func validate() throws {
        for (name, value) in [
            ("--max-file-kib", maxFileKib), ("--max-depth", maxDepth),
            ("--max-alias-expansion", maxAliasExpansion),
            ("--max-scalar-kib", maxScalarKib),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
    }

    func run() throws {
        let ruleSet: RuleSet
        do {
            ruleSet = try ruleOptions.ruleSet()
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        var options = LintOptions()
        if let dialect {
            guard let chosen = Dialect(name: dialect) else {
                let names = Dialect.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("unknown dialect '\(dialect)'; use one of \(names)")
            }
            options.dialect = chosen
        }
        options.limits.maxFileBytes = maxFileKib << 10
        options.limits.maxDepth = maxDepth
        options.limits.maxAliasExpansion = maxAliasExpansion
        options.limits.maxScalarBytes = maxScalarKib << 10
        let linter: Linter
        do {
            linter = try Linter(ruleSet: ruleSet, options: options)
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }

        var collector = InputCollector()
        for path in paths { collector.add(path) }
        var summary = RunSummary()
        summary.notifications = collector.problems

        var reporter = makeReporter()
        var sink = OutputSink(path: output)
        sink.write(reporter.begin(rules: ruleSet.descriptors))
        let runner = LintRunner(linter: linter, stdinFilename: stdinFilename)
        let problems = runner.run(collector.files) { report in
            summary.add(report)
            sink.write(reporter.file(report))
        }
        summary.notifications += problems
        sink.write(reporter.end(summary))
        for problem in summary.notifications {
            let word = problem.level == .error ? "error" : "warning"
            StandardStream.error.write("paywall-lint: \(word): \(TerminalText.escaped(problem.message))\n")
        }
        do {
            try sink.finish()
        } catch {
            throw fail("cannot write \(output ?? "output"): \(error.message)")
        }
        if !summary.executionSuccessful { throw Exit.failure }
        if summary.hasFindings(atOrAbove: failOn) { throw Exit.findings }
    }

    private func makeReporter() -> any Reporter {
        switch format {
        case .text:
            let useColor: Bool
            switch color {
            case .always: useColor = true
            case .never: useColor = false
            case .auto:
                useColor =
                    output == nil && StandardStream.output.isTerminal
                    && environment("NO_COLOR").map(\.isEmpty) ?? true
                    && environment("TERM") != "dumb"
            }
            return TextReporter(color: useColor, verbose: verbose, quiet: quiet)
        case .sarif:
            return SARIFReporter()
        }
    }
}

/// Where a report goes: standard output as it comes, or a file written atomically at the end.
struct OutputSink {
    let path: String?
    private var pending: [UInt8] = []

    init(path: String?) {
        self.path = path == "-" ? nil : path
    }

    mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        if path == nil {
            pending.append(contentsOf: text.utf8)
            if pending.count > 1 << 16 { flush() }
        } else {
            pending.append(contentsOf: text.utf8)
        }
    }

    private mutating func flush() {
        StandardStream.output.write(String(decoding: pending, as: UTF8.self))
        pending.removeAll(keepingCapacity: true)
    }

    mutating func finish() throws(FileSystem.ReadError) {
        if let path {
            try FileSystem.writeAtomically(path, pending)
        } else {
            flush()
        }
    }
}

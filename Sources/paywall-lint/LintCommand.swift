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

    @Option(
        help:
            "Exit with 1 when a finding is at or above this level (default: the config's fail-on, else error)."
    )
    var failOn: Severity?

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

    @Option(help: "StoreKit configuration file (.storekit) with the products' prices, periods and offers.")
    var storekit: String?

    @Flag(help: "Skip files the config excludes even when they are named on the command line.")
    var forceExclude = false

    @Option(help: "Report only findings that are not in this baseline file.")
    var baseline: String?

    @Option(help: "Write the current findings to this baseline file (and exit 0).")
    var writeBaseline: String?

    func run() throws {
        var setup: Setup
        do {
            setup = try Setup(self)
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        var collector = InputCollector()
        for path in paths { collector.add(path) }
        var summary = RunSummary()
        summary.notifications = collector.problems
        let inputs = collector.files.filter { input in
            guard !input.isStandardInput, input.explicitlyNamed ? forceExclude : true else { return true }
            return setup.configuration.includes(
                ConfigLoader.configRelative(input.path, config: setup.configuration))
        }
        if inputs.isEmpty && collector.problems.isEmpty {
            summary.notifications.append(
                ToolNotification(
                    level: .warning, message: "no files to lint (the config's include/exclude left none)"))
        }

        var assigned: [(InputFile, Int)] = []
        do {
            for input in inputs {
                let path = input.isStandardInput ? (stdinFilename ?? "-") : input.path
                assigned.append((input, try setup.linterIndex(for: path)))
            }
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }

        var reporter = makeReporter()
        var sink = OutputSink(path: output)
        var recorded = Baseline()
        sink.write(reporter.begin(rules: setup.descriptors))
        let runner = LintRunner(linters: setup.linters, stdinFilename: stdinFilename)
        let problems = runner.run(assigned) { report in
            let report = setup.baseline.filter(report)
            recorded.record(report)
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
            if let writeBaseline { try FileSystem.writeAtomically(writeBaseline, Array(recorded.json.utf8)) }
        } catch {
            throw fail("cannot write \(writeBaseline ?? output ?? "output"): \(error.message)")
        }
        if !summary.executionSuccessful { throw Exit.failure }
        if writeBaseline != nil { return }
        if summary.hasFindings(atOrAbove: failOn ?? setup.configuration.failOn ?? .error) {
            throw Exit.findings
        }
    }

    /// Everything resolved before linting starts: config, store data, one linter per distinct
    /// set of overrides, the baseline.
    struct Setup {
        let configuration: Configuration
        private(set) var linters: [Linter] = []
        let descriptors: [RuleDescriptor]
        let baseline: Baseline
        private var overrideSets: [[Int]: Int] = [:]
        private let options: LintOptions
        private let ruleOptions: RuleOptions

        init(_ command: LintCommand) throws {
            configuration = try command.ruleOptions.configuration()
            var options = LintOptions()
            options.limits.maxFileBytes = command.maxFileKib << 10
            options.limits.maxDepth = command.maxDepth
            options.limits.maxAliasExpansion = command.maxAliasExpansion
            options.limits.maxScalarBytes = command.maxScalarKib << 10
            options.dialect = configuration.dialect
            if let name = command.dialect {
                guard let chosen = Dialect(name: name) else {
                    let names = Dialect.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigurationError(
                        path: "--dialect", message: "unknown dialect '\(name)'; use one of \(names)")
                }
                options.dialect = chosen
            }
            options.store = try ConfigLoader.store(flag: command.storekit, config: configuration)
            self.options = options
            ruleOptions = command.ruleOptions
            // Config and packs are resolved once; each distinct set of overrides gets its own linter.
            linters.append(
                try Linter(ruleSet: try command.ruleOptions.ruleSet(configuration), options: options))
            overrideSets[[]] = 0
            descriptors = linters[0].ruleSet.descriptors
            if let path = command.baseline {
                do {
                    baseline = try Baseline.read(
                        path: path, bytes: try FileSystem.read(path, limit: 64 << 20))
                } catch let error as FileSystem.ReadError {
                    throw ConfigurationError(
                        path: path, message: "cannot read the baseline: \(error.message)")
                }
            } else {
                baseline = Baseline()
            }
        }

        /// The linter for a file: the one for the exact set of overrides that match it.
        mutating func linterIndex(for path: String) throws -> Int {
            let matching = configuration.overrides(
                for: ConfigLoader.configRelative(path, config: configuration))
            if let index = overrideSets[matching] { return index }
            linters.append(
                try Linter(
                    ruleSet: try ruleOptions.ruleSet(configuration, overrides: matching), options: options))
            overrideSets[matching] = linters.count - 1
            return linters.count - 1
        }
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

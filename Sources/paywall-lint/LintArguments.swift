import PaywallLint
import PaywallLintSwift

/// The lint command's settings as plain values, whichever parser read the command line
/// (`LintCommand`, or `QuickLintParser` for the common command lines), and the run they make.
struct LintArguments: Equatable {
    var paths = ["."]
    /// `--format` and `--output` in command-line order: each `--output` is for the `--format`
    /// before it.
    var reportOptions: [ReportOption] = []
    var syntaxOnly = false
    var fix = false
    var diff = false
    var failOn: Severity?
    var color: ColorChoice = .auto
    var quiet = false
    var verbose = false
    var stdinFilename: String?
    var dialect: String?
    var ruleSelection = RuleSelection()
    var maxFileKib = ReadLimits.default.maxFileBytes >> 10
    var maxDepth = ReadLimits.default.maxDepth
    var maxAliasExpansion = ReadLimits.default.maxAliasExpansion
    var maxScalarKib = ReadLimits.default.maxScalarBytes >> 10
    var maxDocuments = ReadLimits.default.maxDocuments
    var storekit: String?
    var forceExclude = false
    var baseline: String?
    var writeBaseline: String?
    /// Files named on the command line (and standard input) that are not paywall definitions
    /// are skipped with a note, as walked ones are, instead of reported (the pre-commit hook,
    /// which names every YAML and JSON file of a commit).
    var skipNonPaywalls = false
    /// Walked folders' `.swift` files are linted too (`--swift`, or `swift:` in the config).
    var swift = false

    /// The values of a command line without options; `LintCommand` declares the same defaults.
    static let defaults = LintArguments()

    /// A `--format` or an `--output`, in the order given.
    enum ReportOption: Equatable {
        case format(OutputFormat)
        case output(String)
    }

    /// The formats asked for, in order.
    var formats: [OutputFormat] {
        reportOptions.compactMap { option in
            guard case .format(let format) = option else { return nil }
            return format
        }
    }

    /// Each report's format and file (nil: standard output), or why the `--format` and
    /// `--output` options do not say that unambiguously. Each `--output` is for the `--format`
    /// just before it; a `--format` without one goes to standard output; without any
    /// `--format`, one `--output` takes the text report. Two outputs for one format, an output
    /// before the first format, two reports on standard output and one file written twice are
    /// refused: any reading of them would put a report where it was not asked for.
    var reports: Result<[(format: OutputFormat, path: String?)], ReportPairingError> {
        var reports: [(format: OutputFormat, path: String?)] = []
        for (index, option) in reportOptions.enumerated() {
            switch option {
            case .format(let format):
                reports.append((format, nil))
            case .output(let path):
                guard let last = reports.last else {
                    if reportOptions[index...].contains(where: {
                        if case .format = $0 { true } else { false }
                    }) {
                        return .failure(
                            ReportPairingError(
                                "--output \(path) comes before any --format; each --output is for the --format "
                                    + "before it: --format FORMAT --output FILE"))
                    }
                    reports.append((.text, path))
                    continue
                }
                if let earlier = last.path {
                    guard
                        reportOptions[..<index].contains(where: {
                            if case .format = $0 { true } else { false }
                        })
                    else {
                        return .failure(
                            ReportPairingError(
                                "--output \(path) follows --output \(earlier) without a --format between them; each "
                                    + "--output is for the --format just before it: --format FORMAT --output FILE "
                                    + "for each report"))
                    }
                    return .failure(
                        ReportPairingError(
                            "--output \(path) follows --output \(earlier) for the same --format \(last.format.rawValue); "
                                + "each --output is for the --format just before it: give one --format FORMAT "
                                + "--output FILE pair per report"))
                }
                if let named = Self.formatsNamed(by: path), !named.contains(last.format) {
                    return .failure(
                        ReportPairingError(
                            "--output \(path) is for --format \(last.format.rawValue), the --format just before it, but "
                                + "its name says \(named[0].rawValue); put each --output right after its --format: "
                                + "--format \(named[0].rawValue) --output \(path)"))
                }
                reports[reports.count - 1].path = path
            }
        }
        if reports.isEmpty { reports = [(.text, nil)] }
        let onStandardOutput = reports.filter { $0.path == nil || $0.path == "-" }
        if onStandardOutput.count > 1 {
            let names = onStandardOutput.map { "--format \($0.format.rawValue)" }.joined(separator: ", ")
            return .failure(
                ReportPairingError(
                    "\(onStandardOutput.count) reports would go to standard output (\(names)); follow all but one "
                        + "--format with an --output FILE"))
        }
        // Normalised path → the option that names it.
        var written: [String: String] = [:]
        let files =
            reports.compactMap(\.path).filter { $0 != "-" }.map { ($0, "--output \($0)") }
            + [writeBaseline].compactMap { $0 }.map { ($0, "--write-baseline \($0)") }
        for (path, option) in files {
            let key = Self.normalized(path)
            if let earlier = written[key] {
                return .failure(
                    ReportPairingError(
                        "\(option) names the same file as \(earlier); write each report to its own file"))
            }
            written[key] = option
        }
        return .success(reports)
    }

    /// The formats a report file's extension stands for, if it names any: a `.sarif` file given
    /// another report is an order mistake (`--format text --format sarif --output out.sarif`), not a
    /// choice. SARIF is JSON, so `.json` takes either.
    private static func formatsNamed(by path: String) -> [OutputFormat]? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".sarif") { return [.sarif] }
        if name.hasSuffix(".json") { return [.json, .sarif] }
        return nil
    }

    /// A path without `.` components and repeated slashes, to see that two outputs name one file.
    private static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// What is wrong with the values that no single option shows, if anything.
    var invalidity: String? {
        let maxima = ReadLimits.maxima
        for (name, value, maximum) in [
            ("--max-file-kib", maxFileKib, maxima.maxFileBytes >> 10),
            ("--max-depth", maxDepth, maxima.maxDepth),
            ("--max-alias-expansion", maxAliasExpansion, maxima.maxAliasExpansion),
            ("--max-scalar-kib", maxScalarKib, maxima.maxScalarBytes >> 10),
            ("--max-documents", maxDocuments, maxima.maxDocuments),
        ] where value < 1 || value > maximum {
            return "\(name) must be between 1 and \(maximum)"
        }
        if case .failure(let error) = reports { return error.message }
        return nil
    }

    func run() throws {
        let collecting = InputCollection(paths)
        var setup: Setup
        do {
            setup = try Setup(self)
        } catch {
            _ = collecting.collector()
            guard let error = error as? ConfigurationError else { throw error }
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        let collector = collecting.collector()
        var summary = RunSummary()
        summary.notifications = collector.problems
        if verbose {
            for note in collector.passedOver {
                StandardStream.error.write("paywall-lint: note: skipped \(TerminalText.escaped(note))\n")
            }
        }
        let filters = !setup.configuration.include.isEmpty || !setup.configuration.exclude.isEmpty
        var inputs =
            !filters
            ? collector.files
            : collector.files.filter { input in
                guard !input.isStandardInput, input.explicitlyNamed ? forceExclude : true else {
                    return true
                }
                return setup.configuration.includes(
                    ConfigLoader.configRelative(input.path, config: setup.configuration))
            }
        if skipNonPaywalls {
            // Named files are then read as walked ones: a file that is no paywall is skipped.
            inputs = inputs.map { input in
                InputFile(
                    path: input.path, explicitlyNamed: false, isStandardInput: input.isStandardInput,
                    systemPath: input.systemPath)
            }
        }
        if inputs.isEmpty && collector.problems.isEmpty {
            summary.notifications.append(
                ToolNotification(
                    level: .warning, message: "no files to lint (the config's include/exclude left none)"))
        }

        // Each file's linter; a walked folder's files share one unless its config has overrides.
        // By folder, so that this thread does not read the walk's 10,000 files: they are in the
        // other core's cache, and reading them here took a millisecond and a half.
        var linterIndices = [Int](repeating: 0, count: inputs.count)
        do {
            var folders = filters ? [] : collector.walkedFolders[...]
            var index = 0
            while index < inputs.count {
                if let folder = folders.first, folder.lowerBound == index {
                    folders.removeFirst()
                    if let linter = try setup.folderLinterIndex(for: inputs[index].path) {
                        for file in folder { linterIndices[file] = linter }
                        index = folder.upperBound
                        continue
                    }
                }
                let input = inputs[index]
                linterIndices[index] = try setup.linterIndex(
                    for: input.isStandardInput ? (stdinFilename ?? "-") : input.path)
                index += 1
            }
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }

        // A walked folder's Swift files are linted only when asked for (`--swift`, or `swift:`
        // in the file's config); a named one is asked for.
        if inputs.contains(where: { !$0.explicitlyNamed && SwiftSources.isSwift($0.path) }) {
            let kept = inputs.indices.filter { index in
                inputs[index].explicitlyNamed || !SwiftSources.isSwift(inputs[index].path)
                    || setup.linters[linterIndices[index]].options.readsSwift
            }
            if kept.isEmpty, collector.problems.isEmpty {
                summary.notifications.append(
                    ToolNotification(
                        level: .warning,
                        message:
                            "no files to lint but Swift files, which are linted with --swift or `swift: true`"
                    ))
            }
            inputs = kept.map { inputs[$0] }
            linterIndices = kept.map { linterIndices[$0] }
        }

        summary.notifications += setup.configWarnings.map { ToolNotification(level: .warning, message: $0) }
        try refuseOutputsAmongInputs(inputs)
        // `--fix -` prints the fixed text of standard input on standard output, as a formatter
        // does, and the report that would go there on standard error.
        let fixesStandardInput = fix && !diff && inputs.contains(where: \.isStandardInput)
        var outputs = try makeOutputs(standardOutputTaken: fixesStandardInput)
        var recorded = Baseline()
        var fixedCount = 0
        var fixedFiles = 0
        var diffs = ""
        // `--diff` prints the diff alone.
        if !diff { for index in outputs.indices { outputs[index].begin(setup.descriptors) } }
        var runner = LintRunner(linters: setup.linters, stdinFilename: stdinFilename)
        if fix || diff { runner.fixMode = diff ? .diff : .write }
        let problems = runner.run(inputs, linters: linterIndices) { report, fixed in
            if let fixed {
                fixedCount += fixed.count
                if fixed.count > 0 { fixedFiles += 1 }
                diffs += fixed.diff
                if let text = fixed.text { StandardStream.output.write(text) }
                summary.notifications += fixed.refused.map { ToolNotification(level: .warning, message: $0) }
                if let error = fixed.writeError {
                    summary.notifications.append(
                        ToolNotification(
                            level: .error, message: "\(report.file.path): cannot write fixes: \(error)"))
                }
            }
            let report = setup.baseline.filter(report)
            // Only for `--write-baseline`: recording every finding of every run cost a keyed
            // count each (hashing its path, rule and pointer) and kept them to the end.
            if writeBaseline != nil { recorded.record(report) }
            summary.add(report)
            if !diff { for index in outputs.indices { outputs[index].file(report) } }
        }
        summary.notifications += problems
        if diff {
            // Byte for byte for `git apply` and `patch`; escaped on a terminal, where a file's
            // control characters would act.
            let shown =
                StandardStream.output.isTerminal ? TerminalText.escaped(diffs, keepingLines: true) : diffs
            StandardStream.output.write(shown)
        } else {
            for index in outputs.indices { outputs[index].end(summary) }
        }
        if fix || diff {
            let verb = diff ? "would fix" : "fixed"
            StandardStream.error.write(
                "paywall-lint: \(verb) \(fixedCount) problem\(fixedCount == 1 ? "" : "s") in \(fixedFiles) file\(fixedFiles == 1 ? "" : "s")\n"
            )
        }
        for problem in summary.notifications {
            let word = problem.level == .error ? "error" : "warning"
            StandardStream.error.write("paywall-lint: \(word): \(TerminalText.escaped(problem.message))\n")
        }
        // Every report is finished, so none leaves its temporary file, before the first error
        // is reported; each names its file.
        var writeFailure: String?
        for index in outputs.indices where !diff {
            do throws(FileSystem.ReadError) {
                try outputs[index].finish()
            } catch {
                writeFailure =
                    writeFailure
                    ?? "cannot write the report to \(outputs[index].sink.path ?? "-") (--format \(outputs[index].format.rawValue)): \(error.message)"
            }
        }
        if writeFailure == nil, let writeBaseline {
            do throws(FileSystem.ReadError) {
                try FileSystem.writeAtomically(writeBaseline, Array(recorded.json.utf8))
                let count = recorded.findingCount
                StandardStream.error.write(
                    "wrote \(count) finding\(count == 1 ? "" : "s") to the baseline \(writeBaseline)\n")
            } catch {
                writeFailure = "cannot write the baseline \(writeBaseline): \(error.message)"
            }
        }
        if let writeFailure { throw fail(writeFailure) }
        let verdict: Int32
        if !summary.executionSuccessful {
            verdict = Exit.failure.rawValue
        } else if writeBaseline != nil {
            verdict = Exit.clean.rawValue
        } else if diff {
            verdict = (fixedCount > 0 ? Exit.findings : Exit.clean).rawValue
        } else {
            let failLevel = failOn ?? setup.configuration.failOn ?? .error
            verdict = (summary.hasFindings(atOrAbove: failLevel) ? Exit.findings : Exit.clean).rawValue
        }
        // Everything is written: the process ends here, without freeing the run's inputs,
        // linters and caches on the way out of this function (a millisecond on one core after
        // the last report, for 10,000 files).
        endProcess(verdict)
    }

    /// Everything resolved before linting starts: configs (the nearest one to each file, or
    /// `--config` for all), store data, one linter per config and distinct set of overrides, the
    /// baseline. Packs and configs are read once per process.
    struct Setup {
        /// The config for the current folder: its fail-on applies to the run.
        let configuration: Configuration
        private(set) var linters: [Linter] = []
        let baseline: Baseline
        private var options: LintOptions
        private let ruleSelection: RuleSelection
        private let storekitFlag: String?
        private let explicitConfig: Bool
        /// Whether any report shows the rules' descriptions (`OutputFormat.showsRuleDocumentation`).
        private let documented: Bool
        /// Config path ("" for the defaults) → its configuration and store data.
        private var configs: [String: (Configuration, StoreData?)] = [:]
        /// Configs and near-miss names found walking up, by absolute folder.
        private var configSearch = ConfigLoader.ConfigSearch()
        /// The same, by the folder as the input path writes it: the files of a folder all ask,
        /// and resolving each path costs more than linting some files.
        private var nearestByWrittenFolder: [Substring: String] = [:]
        /// Config files with a near-miss name (`paywall-lint.yml` without the dot).
        private(set) var configWarnings: [String] = []
        /// (config path, overrides) → linter index.
        private var linterIndices: [String: Int] = [:]
        /// Config path → linter index, for configs without overrides.
        private var plainLinterIndices: [String: Int] = [:]
        /// The last file's folder (as written) and linter, when its config has no overrides: a
        /// walk gives a folder's files one after another, and each lookup above hashes.
        private var lastPlainFolder: (folder: [UInt8], linter: Int)?

        init(_ arguments: LintArguments) throws {
            ruleSelection = arguments.ruleSelection
            storekitFlag = arguments.storekit
            explicitConfig = arguments.ruleSelection.config != nil
            documented = arguments.formats.contains(where: \.showsRuleDocumentation)
            configuration = try arguments.ruleSelection.configuration()
            var options = LintOptions()
            options.limits.maxFileBytes = arguments.maxFileKib << 10
            options.limits.maxDepth = arguments.maxDepth
            options.limits.maxAliasExpansion = arguments.maxAliasExpansion
            options.limits.maxScalarBytes = arguments.maxScalarKib << 10
            options.limits.maxDocuments = arguments.maxDocuments
            options.syntaxOnly = arguments.syntaxOnly
            options.readsSwift = arguments.swift
            if arguments.swift, !SwiftSupport.isAvailable {
                throw ConfigurationError(
                    path: "--swift",
                    message:
                        "this paywall-lint was built without Swift support; build it with "
                        + "`swift build -c release --traits SwiftSource`")
            }
            if let name = arguments.dialect {
                guard let chosen = Dialect(name: name) else {
                    let names = Dialect.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ConfigurationError(
                        path: "--dialect", message: "unknown dialect '\(name)'; use one of \(names)")
                }
                options.dialect = chosen
            }
            self.options = options
            if let path = arguments.baseline {
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
            // The run's own config is compiled even when no file uses it (its rules head SARIF).
            configs[configuration.path ?? ""] = (
                configuration, try ConfigLoader.store(flag: storekitFlag, config: configuration)
            )
            _ = try linterIndex(config: configuration.path ?? "", overrides: [])
        }

        /// Whether `path` names a file directly in `folder` (as `writtenFolder` gives it), compared
        /// on bytes: every file of a run asks, before the first file is linted. (The string views'
        /// generic searches, and then the library's `withUTF8Bytes`, generic from this module,
        /// cost 1,000 and 570 instructions a file.)
        private static func isDirectly(in folder: [UInt8], _ path: String) -> Bool {
            var path = path
            return path.withUTF8 { path in
                let slash = UInt8(ascii: "/")
                // The folder, then "/" (none for the current folder), then a name without one.
                let nameStart = folder.isEmpty ? 0 : folder.count + 1
                guard path.count > nameStart else { return false }
                if !folder.isEmpty {
                    guard path[folder.count] == slash else { return false }
                    for index in folder.indices where path[index] != folder[index] { return false }
                }
                return !path[nameStart...].contains(slash)
            }
        }

        /// The folder of an input path as written: what comes before its last "/", or "".
        private static func writtenFolder(of path: String) -> Substring {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
        }

        /// The config that applies to a file: `--config`, else the nearest one walking up from
        /// the file's folder, else the one for the current folder (or the defaults).
        private mutating func configPath(for path: String) throws -> String {
            if explicitConfig || path == "-" { return configuration.path ?? "" }
            let written = Self.writtenFolder(of: path)
            if let known = nearestByWrittenFolder[written] { return known }
            let search = configSearch.result(from: ConfigLoader.absoluteDirectory(of: path))
            for warning in search.misnamed where !configWarnings.contains(warning) {
                configWarnings.append(warning)
            }
            let found = search.config.map { ConfigLoader.relative($0, to: FileSystem.currentDirectory()) }
            let key = found ?? (configuration.path ?? "")
            if configs[key] == nil, let found {
                let config = try ConfigLoader.load(explicit: found)
                configs[key] = (config, try ConfigLoader.store(flag: storekitFlag, config: config))
            }
            nearestByWrittenFolder[written] = key
            return key
        }

        /// Whether the config that applies to a file includes it.
        mutating func includes(_ path: String) throws -> Bool {
            let (config, _) = configs[try configPath(for: path)]!
            return config.includes(ConfigLoader.configRelative(path, config: config))
        }

        /// The one linter of every file directly in the folder of `path` (a walked file); nil
        /// when that folder's config has overrides, which may match its files apart.
        mutating func folderLinterIndex(for path: String) throws -> Int? {
            guard configs[try configPath(for: path)]!.0.overrides.isEmpty else { return nil }
            return try linterIndex(for: path)
        }

        /// The linter for a file: its config, with the overrides that match it.
        mutating func linterIndex(for path: String) throws -> Int {
            // Standard input ("-") takes the current folder's config, whatever folder "" finds.
            if path != "-", let last = lastPlainFolder, Self.isDirectly(in: last.folder, path) {
                return last.linter
            }
            let folder = path == "-" ? nil : Self.writtenFolder(of: path)
            let key = try configPath(for: path)
            let (config, _) = configs[key]!
            guard config.overrides.isEmpty else {
                return try linterIndex(
                    config: key,
                    overrides: config.overrides(for: ConfigLoader.configRelative(path, config: config)))
            }
            // Without overrides every file of the config gets one linter.
            let index = try plainLinterIndices[key] ?? linterIndex(config: key, overrides: [])
            plainLinterIndices[key] = index
            if let folder { lastPlainFolder = (Array(folder.utf8), index) }
            return index
        }

        private mutating func linterIndex(config key: String, overrides: [Int]) throws -> Int {
            let id = key + "\u{0}" + overrides.map(String.init).joined(separator: ",")
            if let index = linterIndices[id] { return index }
            let (config, store) = configs[key]!
            var options = self.options
            if options.dialect == nil { options.dialect = config.dialect }
            if let names = config.swift {
                if SwiftSupport.isAvailable {
                    options.swiftNames = names
                    options.readsSwift = true
                } else {
                    let warning =
                        "\(config.path ?? "the configuration") asks for Swift (swift:), which this build does not "
                        + "read: its Swift files are skipped (build with `swift build -c release --traits SwiftSource`)"
                    if !configWarnings.contains(warning) { configWarnings.append(warning) }
                }
            }
            options.store = store
            options.variantOverrides = config.variantOverrides(overrides)
            linters.append(
                try Linter(
                    ruleSet: try ruleSelection.ruleSet(config, overrides: overrides, documented: documented),
                    options: options))
            linterIndices[id] = linters.count - 1
            return linters.count - 1
        }

        /// Every rule any linter of the run uses, for SARIF's rule list.
        var descriptors: [RuleDescriptor] {
            var seen = Set<String>()
            return linters.flatMap(\.ruleSet.descriptors).filter { seen.insert($0.id).inserted }
        }
    }

    /// One reporter and destination per `--format`, paired with `--output` as documented.
    /// A report or baseline written over a file being linted would replace the user's paywall.
    private func refuseOutputsAmongInputs(_ inputs: [InputFile]) throws {
        let outputPaths = reportOptions.compactMap { option -> String? in
            guard case .output(let path) = option else { return nil }
            return path
        }
        let written = (outputPaths + [writeBaseline].compactMap { $0 }).filter { $0 != "-" }
        guard !written.isEmpty else { return }
        for path in written {
            guard let output = FileSystem.identity(of: path) else { continue }
            let name = FileSystem.lastComponent(path)
            for input in inputs where !input.isStandardInput && FileSystem.lastComponent(input.path) == name {
                if FileSystem.identity(of: input.path) == output {
                    throw fail("\(path) is an input of this run; write the report somewhere else")
                }
            }
        }
    }

    /// `standardOutputTaken`: standard output carries fixed text, and the report meant for it goes
    /// to standard error.
    private func makeOutputs(standardOutputTaken: Bool = false) throws -> [Output] {
        // Both parsers refuse what `reports` refuses (`invalidity`); this is for other callers.
        let reports: [(format: OutputFormat, path: String?)]
        switch self.reports {
        case .success(let paired): reports = paired
        case .failure(let error): throw fail(error.message)
        }
        return reports.map { format, destination in
            let stream = standardOutputTaken ? StandardStream.error : .output
            return Output(
                format: format,
                reporter: makeReporter(
                    format, toTerminal: destination == nil || destination == "-", stream: stream),
                sink: OutputSink(path: destination, stream: stream))
        }
    }

    private func makeReporter(_ format: OutputFormat, toTerminal: Bool, stream: StandardStream)
        -> any Reporter
    {
        switch format {
        case .text:
            let useColor: Bool
            switch color {
            case .always: useColor = true
            case .never: useColor = false
            case .auto:
                useColor =
                    toTerminal && stream.isTerminal
                    && environment("NO_COLOR").map(\.isEmpty) ?? true
                    && environment("TERM") != "dumb"
            }
            return TextReporter(color: useColor, verbose: verbose, quiet: quiet)
        case .sarif: return SARIFReporter()
        case .json: return JSONReporter()
        case .github: return GitHubReporter()
        }
    }
}

/// Why `--format` and `--output` do not pair unambiguously (`LintArguments.reports`).
struct ReportPairingError: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

/// A reporter with its destination.
struct Output {
    var format: OutputFormat
    var reporter: any Reporter
    var sink: OutputSink

    mutating func begin(_ rules: [RuleDescriptor]) { sink.write(reporter.begin(rules: rules)) }
    mutating func file(_ report: FileReport) {
        sink.append { reporter.file(report, appendingTo: &$0) }
    }
    mutating func end(_ summary: RunSummary) { sink.write(reporter.end(summary)) }
    mutating func finish() throws(FileSystem.ReadError) { try sink.finish() }
}

/// Where a report goes, as it comes: standard output, or a file written atomically (a
/// temporary file beside it, renamed over it at the end). The file is not synced to the disk
/// before the rename: a report is made again by running again, and the sync waited for the disk
/// (3.5 ms for the 10,000 files' 5 MB of SARIF, after the last file).
struct OutputSink {
    let path: String?
    /// Where a report without a file goes: standard output, or standard error when standard
    /// output carries the fixed text of standard input (`--fix -`).
    let stream: StandardStream
    private var pending: [UInt8] = []
    private var file: FileSystem.AtomicFile?
    /// The first error writing the file, reported by `finish`; nothing more is written.
    private var failure: FileSystem.ReadError?

    init(path: String?, stream: StandardStream = .output) {
        self.path = path == "-" ? nil : path
        self.stream = stream
    }

    mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        append { $0.append(contentsOf: text.utf8) }
    }

    /// Output that `write` appends to the pending bytes itself.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&pending)
        if pending.count > 1 << 16 { flush() }
    }

    private mutating func flush() {
        defer { pending.removeAll(keepingCapacity: true) }
        guard let path else {
            stream.write(pending)
            return
        }
        guard failure == nil else { return }
        do {
            if file == nil { file = try FileSystem.AtomicFile(path) }
            try file?.write(pending)
        } catch {
            failure = error
            file?.abandon()
            file = nil
        }
    }

    mutating func finish() throws(FileSystem.ReadError) {
        flush()
        if let failure { throw failure }
        defer { file = nil }
        try file?.commit(durable: false)
    }
}

import ArgumentParser
import PaywallLint
import Synchronization

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint files and folders (the default command).",
        discussion: """
            Folders are walked for *.yml, *.yaml and *.json, skipping hidden folders; files found \
            there that are not paywall definitions are skipped (--verbose says which). Use - to \
            read standard input, with --stdin-filename to name it.

            Examples:
              paywall-lint Examples/
              paywall-lint --fail-on warning --format sarif --output out.sarif paywalls/
              paywall-lint - --stdin-filename variant-b.yaml < variant-b.yaml
              paywall-lint --diff paywalls/ | git apply
              paywall-lint --format sarif --output out.sarif --format text paywalls/
            """
    )

    @Argument(help: "Files and folders to lint; - reads standard input.")
    var paths: [String] = LintArguments.defaults.paths

    @Option(
        help: ArgumentHelp(
            "Output format: text, sarif, json or github. Repeatable; each report goes to standard output unless an "
                + "--output follows its --format."))
    var format: [InOrder<OutputFormat>] = []

    @Option(
        help: ArgumentHelp(
            "Write the report of the --format just before it to this file (atomically; - for standard output); "
                + "without --format, the text report. Two --output for one --format, two reports on standard "
                + "output or one file twice are usage errors."))
    var output: [InOrder<String>] = []

    @Flag(help: "Only check that the files read as YAML/JSON: parse errors, duplicate keys, limits.")
    var syntaxOnly = false

    @Flag(
        help: ArgumentHelp(
            "Apply safe fixes to the files (as the fix command does). On standard input (-), print the fixed text "
                + "on standard output; the report goes to standard error."))
    var fix = false

    @Flag(
        help: ArgumentHelp(
            "Show the fixes as a unified diff (for git apply or patch -p1) instead of writing them; for standard "
                + "input, a diff of the file --stdin-filename names."))
    var diff = false

    @Option(
        help:
            "Exit with 1 when a finding is at or above this level (default: the config's fail-on, else error)."
    )
    var failOn: Severity?

    @Option(help: "Colour in text output: auto (only on a terminal, never with NO_COLOR), always or never.")
    var color: ColorChoice = LintArguments.defaults.color

    @Flag(help: "Print only findings: no summary when clean.")
    var quiet = false

    @Flag(help: "Also say which files were skipped and which rules did not run, and why.")
    var verbose = false

    @Option(help: "The name to report standard input under (its extension picks YAML or JSON).")
    var stdinFilename: String?

    @Option(
        help:
            "Read every file as this dialect: paywall/v1, remote-config, revenuecat, revenuecat-v2 or generic."
    )
    var dialect: String?

    @OptionGroup var ruleOptions: RuleOptions

    @Option(help: "Largest file to read, in KiB.")
    var maxFileKib: Int = LintArguments.defaults.maxFileKib

    @Option(help: "Deepest nesting of mappings and lists.")
    var maxDepth: Int = LintArguments.defaults.maxDepth

    @Option(help: "Most nodes YAML aliases may add, counted as if expanded.")
    var maxAliasExpansion: Int = LintArguments.defaults.maxAliasExpansion

    @Option(help: "Longest scalar, in KiB.")
    var maxScalarKib: Int = LintArguments.defaults.maxScalarKib

    @Option(help: "Most documents in one YAML stream.")
    var maxDocuments: Int = LintArguments.defaults.maxDocuments

    func validate() throws {
        if let invalidity = arguments.invalidity { throw ValidationError(invalidity) }
    }

    @Option(help: "StoreKit configuration file (.storekit) with the products' prices, periods and offers.")
    var storekit: String?

    @Flag(help: "Skip files the config excludes even when they are named on the command line.")
    var forceExclude = false

    @Flag(
        help: ArgumentHelp(
            "Skip named files that are not paywall definitions (with a note under --verbose), as walked ones are, "
                + "instead of reporting core/unknown-dialect: for hooks that name every YAML and JSON file."))
    var skipNonPaywalls = false

    @Flag(
        help: ArgumentHelp(
            "Also lint the Swift files of walked folders: paywall literals, SwiftUI presentations of paywall "
                + "views, prices and savings in paywall types (the config's `swift: true` does the same)."))
    var swift = false

    @Option(help: "Report only findings that are not in this baseline file.")
    var baseline: String?

    @Option(help: "Write the current findings to this baseline file (and exit 0).")
    var writeBaseline: String?

    /// The parsed options as plain values.
    var arguments: LintArguments {
        LintArguments(
            paths: paths, reportOptions: reportOptions,
            syntaxOnly: syntaxOnly, fix: fix, diff: diff,
            failOn: failOn, color: color, quiet: quiet, verbose: verbose, stdinFilename: stdinFilename,
            dialect: dialect, ruleSelection: ruleOptions.selection, maxFileKib: maxFileKib,
            maxDepth: maxDepth,
            maxAliasExpansion: maxAliasExpansion, maxScalarKib: maxScalarKib,
            maxDocuments: maxDocuments, storekit: storekit,
            forceExclude: forceExclude, baseline: baseline, writeBaseline: writeBaseline,
            skipNonPaywalls: skipNonPaywalls, swift: swift)
    }

    /// `--format` and `--output` as given, in order.
    private var reportOptions: [LintArguments.ReportOption] {
        let formats = format.map { (place: $0.place, option: LintArguments.ReportOption.format($0.value)) }
        let outputs = output.map { (place: $0.place, option: LintArguments.ReportOption.output($0.value)) }
        return (formats + outputs).sorted { $0.place < $1.place }.map(\.option)
    }

    func run() throws {
        try arguments.run()
    }
}

/// An option's value with its place among the values of `InOrder` options on the command line:
/// ArgumentParser keeps each option's values apart, and each `--output` is for the `--format`
/// before it. ArgumentParser reads values in command-line order, each once per parse, through
/// `init(argument:)`, which numbers them.
struct InOrder<Value: ExpressibleByArgument>: ExpressibleByArgument {
    let value: Value
    let place: Int

    init?(argument: String) {
        guard let value = Value(argument: argument) else { return nil }
        self.value = value
        place = inOrderPlaces.add(1, ordering: .relaxed).oldValue
    }

    static var allValueStrings: [String] { Value.allValueStrings }
    static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }
}

/// The places `InOrder` gives, rising through the process.
private let inOrderPlaces = Atomic<Int>(0)

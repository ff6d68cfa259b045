import ArgumentParser
import Testing

@testable import paywall_lint

/// The quick parser reads the common command lines without ArgumentParser; whatever it reads must
/// be what ArgumentParser reads, and whatever it is unsure of must go to ArgumentParser.
@Suite("Quick command-line parser", .yaml)
struct QuickLintParserTests {
    static let subcommands = Set(
        PaywallLintCommand.configuration.subcommands.map { $0._commandName } + ["help"])

    static let agreeing: [[String]] = [
        [],
        ["Examples/"],
        ["lint", "a.yaml", "b.json"],
        ["lint", "rules"],
        ["a.yaml", "--quiet", "b.yaml"],
        ["--format", "sarif", "--output", "out.sarif", "paywalls"],
        ["--format=json", "--format=text", "--output=report.txt", "x.yaml"],
        ["--format", "github", "--output=-"],
        ["--fail-on", "warning", "x.yaml"],
        ["--fail-on=note"],
        ["--color", "never"],
        ["--color=always", "--verbose"],
        ["--syntax-only"],
        ["--fix", "--diff"],
        ["--force-exclude", "a.yaml"],
        ["--swift", "App/"],
        ["-", "--stdin-filename", "variant-b.yaml"],
        ["-"],
        ["--dialect", "generic"],
        ["--dialect", "no-such-dialect"],
        ["--config", "c.yml", "--pack", "sketchy", "--pack=apple", "--rule", "apple/min-period=off"],
        ["--rule=sketchy/calm-tone=error"],
        ["--storekit", "Products.storekit", "--baseline", "b.json", "--write-baseline", "w.json"],
        ["--max-file-kib", "10", "--max-depth", "5", "--max-alias-expansion", "7", "--max-scalar-kib=2"],
        ["--max-documents", "3"],
        [""],
        ["--config", "", "--stdin-filename", ""],
        ["ünïcödé.yaml", "with space.json"],
        ["-", "-"],
        ["—format", "sarif"],
        ["--format", "sarif", "--output", "a.sarif", "--format", "json", "--output", "b.json"],
        ["--format", "sarif", "--output", "out.sarif", "--format", "text", "x.yaml"],
        ["--format=text", "--format", "json", "--output=r.json"],
        ["--output", "report.txt", "x.yaml"],
        ["--skip-non-paywalls", "--force-exclude", "a.yaml", "package.json"],
        ["--max-depth", "+5", "--max-scalar-kib", "007"],
        ["--verbose", "--quiet", "--rule", "a=b=c", "--pack", "sketchy,apple"],
    ]

    static let declined: [[String]] = [
        ["--help"], ["-h"], ["help"], ["--version"], ["rules"], ["a.yaml", "explain"], ["lint", "--help"],
        ["--format", "xml"], ["--fail-on", "fatal"], ["--color", "blue"], ["--max-depth", "0"],
        ["--max-depth", "deep"], ["--max-depth", "-1"], ["--quiet", "--quiet"],
        ["--fail-on", "note", "--fail-on", "error"], ["--output", "-"], ["--", "-odd.yaml"],
        ["--no-such-option"], ["--quiet=yes"], ["--format"], ["-q"], ["--"], ["--config="],
        ["--stdin-filename=", "x.yaml"], ["a.yaml", "--", "b.yaml"], ["--output", "--format"], ["-5"],
        ["---format", "sarif"], ["--Format", "sarif"], ["--fail-on", "Warning"],
        ["--format", "text", "lint"],
        // Ambiguous or duplicate outputs: ArgumentParser reports them (exit 2).
        ["--format", "sarif", "--format", "json", "--output", "a.sarif", "--output", "b.json"],
        ["--output", "a", "--output", "a"], ["--format", "json", "--format", "text"],
        ["--output", "a.sarif", "--format", "sarif"],
        ["--format", "json", "--output", "a", "--format", "sarif", "--output", "./a"],
    ]

    @Test("reads what ArgumentParser reads", arguments: agreeing)
    func agrees(_ commandLine: [String]) throws {
        let quick = try #require(QuickLintParser.parse(commandLine, subcommands: Self.subcommands))
        let full = try #require(try PaywallLintCommand.parseAsRoot(commandLine) as? LintCommand)
        #expect(quick == full.arguments)
    }

    @Test("leaves help, errors and unusual forms to ArgumentParser", arguments: declined)
    func declines(_ commandLine: [String]) {
        #expect(QuickLintParser.parse(commandLine, subcommands: Self.subcommands) == nil)
    }

    @Test(
        "ArgumentParser refuses the outputs the quick parser leaves to it as ambiguous",
        arguments: [
            ["--format", "sarif", "--format", "json", "--output", "a.sarif", "--output", "b.json"],
            ["--output", "a", "--output", "a"], ["--format", "json", "--format", "text"],
        ])
    func refusesAmbiguousOutputs(_ commandLine: [String]) {
        #expect(throws: (any Error).self) { try PaywallLintCommand.parseAsRoot(commandLine) }
    }

    @Test("each --output follows its --format, whichever parser reads them")
    func keepsOrder() throws {
        let commandLine = ["--format", "sarif", "--output", "out.sarif", "--format", "text", "x.yaml"]
        let expected: [LintArguments.ReportOption] = [.format(.sarif), .output("out.sarif"), .format(.text)]
        let quick = try #require(QuickLintParser.parse(commandLine, subcommands: Self.subcommands))
        let full = try #require(try PaywallLintCommand.parseAsRoot(commandLine) as? LintCommand)
        #expect(quick.reportOptions == expected)
        #expect(full.arguments.reportOptions == expected)
        #expect(try full.arguments.reports.get().map(\.path) == ["out.sarif", nil])
    }

    @Test("knows every option of the lint command")
    func coversEveryOption() throws {
        let help = LintCommand.helpMessage(columns: 500)
        let declared = Set(help.matches(of: /--([a-z][a-z-]*)/).map { String($0.output.1) })
            .subtracting(["help", "version"])
        let exercised = Set(
            Self.agreeing.joined().compactMap { word -> String? in
                guard word.hasPrefix("--") else { return nil }
                return String(word.dropFirst(2).prefix { $0 != "=" })
            })
        #expect(declared.count > 20)
        #expect(declared.subtracting(exercised).isEmpty)
    }
}

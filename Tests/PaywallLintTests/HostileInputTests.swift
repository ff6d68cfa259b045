import Foundation
import Testing

@testable import PaywallLint

/// Files and configs from other people cannot make a run take minutes, gigabytes or forever.
/// Time bounds are generous (a debug build on a loaded machine passes them many times over);
/// what they catch is a cost that grows faster than the input.
@Suite("Hostile inputs", .yaml)
struct HostileInputTests {
    /// Runs the CLI under `timeout`, so a regression that waits forever fails instead of hanging.
    func runBounded(_ arguments: [String], in folder: URL) throws -> (
        status: Int32, output: String, error: String
    ) {
        try runProcess("/usr/bin/timeout", ["60", cliPath] + arguments, currentDirectory: folder)
    }

    /// Minified JSON (one line) with thousands of findings: the text report decodes that line
    /// once, not once per finding.
    @Test func aOneLineFileWithThousandsOfFindingsReportsInLinearTime() throws {
        let products = (0..<3_000).map { #"{"id":"p\#($0)","label":"Plan \#($0) for $3.99"}"# }
        let text =
            #"{"paywall":1,"id":"x","headline":"Pro","products":["# + products.joined(separator: ",") + "]}"
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let report = linter.lint(SourceFile(path: "min.json", text: text))
        #expect(report.findings.count >= 3_000)
        var reporter = TextReporter()
        let clock = ContinuousClock()
        var output = ""
        let elapsed = clock.measure { output = reporter.file(report) }
        #expect(elapsed < .seconds(5), "\(elapsed)")
        // Each excerpt is a window of the line, not the line.
        let longest = output.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 400, "\(longest)")
    }

    /// Thousands of `{{ ` in one text are a few findings, not one each.
    @Test func aTextOfUnclosedPlaceholdersIsAFewFindings() throws {
        let bullet = String(repeating: "{{ ", count: 5_000)
        let text = "paywall: 1\nbullets:\n" + String(repeating: "  - \"\(bullet)\"\n", count: 16)
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let malformed = linter.lint(SourceFile(path: "b.yaml", text: text)).findings.filter {
            $0.ruleID == CoreRuleID.malformedVariable
        }
        #expect(malformed.count == 16 * ModelReader.maxProblemsPerText)
        #expect(malformed.last?.message.contains("more in this text") == true)
    }

    /// A stream of many tiny documents stops at the document limit, with bounded memory.
    @Test func aStreamOfManyDocumentsStopsAtTheLimit() throws {
        let folder = try makeScratchDirectory("paywall-lint-hostile")
        defer { removeScratchDirectory(folder) }
        let stream = (0..<290_000).map { "---\na: \($0)\n" }.joined()
        try Data(stream.utf8).write(to: folder.appendingPathComponent("many.yaml"))
        // Through a parent of its own, whose children's peak is this run's alone (kilobytes on
        // Linux); this process's children include other tests' runs.
        let measure = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:]).returncode
            print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(status)
            """
        let result = try runProcess(
            "/usr/bin/env",
            ["python3", "-c", measure, "/usr/bin/timeout", "60", cliPath, "--format", "sarif", "many.yaml"],
            currentDirectory: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("more than 1000 documents"))
        let peak = Int(result.error.split(separator: "\n").last ?? "") ?? .max
        #expect(peak < 200 * 1024, "\(peak) KB")
        let raised = try runBounded(["--max-documents", "100001", "many.yaml"], in: folder)
        #expect(raised.status == 2 && raised.error.contains("--max-documents must be between 1 and 100000"))
    }

    /// Store data, configs and baselines are read only from regular files: a FIFO is refused at
    /// once, and a config that is there but cannot be read is an error, not the defaults.
    @Test func specialFilesAreRefusedNotWaitedOn() throws {
        let folder = try makeScratchDirectory("paywall-lint-hostile")
        defer { removeScratchDirectory(folder) }
        try Data("paywall: 1\n".utf8).write(to: folder.appendingPathComponent("p.yaml"))
        #expect(mkfifo(folder.appendingPathComponent("f.json").path, 0o600) == 0)
        for flag in ["--storekit", "--config", "--baseline"] {
            let result = try runBounded([flag, "f.json", "p.yaml"], in: folder)
            #expect(result.status == 2, "\(flag)")
            #expect(
                result.error.contains("f.json") && result.error.contains("not a regular file"),
                "\(result.error)")
        }
        let config = folder.appendingPathComponent(".paywall-lint.yml")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: false)
        var result = try runBounded(["p.yaml"], in: folder)
        #expect(
            result.status == 2 && result.error.contains(".paywall-lint.yml")
                && result.error.contains("directory"))
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: "nowhere")
        result = try runBounded(["p.yaml"], in: folder)
        #expect(result.status == 2 && result.error.contains(".paywall-lint.yml"), "\(result.error)")
    }

    /// Nesting at the highest depth a limit can be raised to reads without exhausting a worker's
    /// stack, and a limit cannot be raised past its maximum.
    @Test func deepNestingAtTheMaximumDepthIsRead() throws {
        let folder = try makeScratchDirectory("paywall-lint-hostile")
        defer { removeScratchDirectory(folder) }
        let depth = ReadLimits.maxima.maxDepth
        try Data(("[" * depth + "]" * depth).utf8).write(to: folder.appendingPathComponent("deep.json"))
        try Data(("paywall: 1\nx: " + "[" * depth + "]" * depth + "\n").utf8).write(
            to: folder.appendingPathComponent("deep.yaml"))
        for name in ["deep.json", "deep.yaml"] {
            let result = try runBounded(["--max-depth", "\(depth)", name], in: folder)
            #expect(result.status == 1, "\(name): \(result.error)")
            let limited = try runBounded([name], in: folder)
            #expect(limited.output.contains("core/limits"), "\(name)")
        }
        let tooDeep = try runBounded(["--max-depth", "10000000", "deep.json"], in: folder)
        #expect(tooDeep.status == 2 && tooDeep.error.contains("--max-depth must be between 1 and \(depth)"))
    }

    /// A walk does not follow links out of the folder it was given; naming the link follows it.
    @Test func walkedLinksOutOfTheTreeArePassedOver() throws {
        let folder = try makeScratchDirectory("paywall-lint-hostile")
        defer { removeScratchDirectory(folder) }
        let repository = folder.appendingPathComponent("repo")
        let outside = folder.appendingPathComponent("outside")
        for child in [repository.appendingPathComponent("sub"), outside] {
            try FileManager.default.createDirectory(at: child, withIntermediateDirectories: true)
        }
        try Data("paywall: 1\ncta: Buy for $3.99\n".utf8).write(to: outside.appendingPathComponent("o.yaml"))
        try Data("paywall: 1\n".utf8).write(to: repository.appendingPathComponent("sub/in.yaml"))
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: repository.appendingPathComponent("leak.yaml").path, withDestinationPath: "/etc/passwd")
        try manager.createSymbolicLink(
            atPath: repository.appendingPathComponent("ext").path, withDestinationPath: "../outside")
        try manager.createSymbolicLink(
            atPath: repository.appendingPathComponent("inside.yaml").path, withDestinationPath: "sub/in.yaml")
        let walked = try runBounded(["--verbose", "."], in: repository)
        #expect(!walked.output.contains("root:"), "\(walked.output)")
        #expect(!walked.output.contains("o.yaml"))
        #expect(walked.output.contains("inside.yaml:"))
        #expect(walked.error.contains("leak.yaml: a link to /etc/passwd, outside ."), "\(walked.error)")
        let named = try runBounded(["ext/o.yaml"], in: repository)
        #expect(named.output.contains("apple/hardcoded-price"))
    }
}

extension String {
    fileprivate static func * (text: String, count: Int) -> String { String(repeating: text, count: count) }
}

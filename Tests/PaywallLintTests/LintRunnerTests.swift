import Foundation
import PaywallLint
import Testing

@testable import paywall_lint

/// The CLI's runner hands reports over in input order whatever the number of workers and however
/// far ahead of the writing they may lint.
@Suite("Lint runner", .yaml)
struct LintRunnerTests {
    /// 300 files: every example under a numbered name, and every 50th one missing.
    static func inputs(in directory: URL) throws -> [(InputFile, Int)] {
        let examples = try FileManager.default.subpathsOfDirectory(atPath: Paths.examples.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        var inputs: [(InputFile, Int)] = []
        for index in 0..<300 {
            let example = examples[index % examples.count]
            let path = directory.appendingPathComponent(
                String(format: "%03d-", index) + example.replacingOccurrences(of: "/", with: "-")
            ).path
            if index % 50 != 49 {
                try FileManager.default.copyItem(
                    atPath: Paths.examples.appendingPathComponent(example).path, toPath: path)
            }
            inputs.append((InputFile(path: path, explicitlyNamed: false, isStandardInput: false), 0))
        }
        return inputs
    }

    static func run(_ inputs: [(InputFile, Int)], workers: Int, window: Int) throws -> [String] {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let runner = LintRunner(linters: [linter], stdinFilename: nil, workerCount: workers, window: window)
        var lines: [String] = []
        let problems = runner.run(inputs.map(\.0), linters: inputs.map(\.1)) { report, _ in
            lines.append(report.file.path)
            lines += report.findings.map { "  \($0.ruleID) \($0.span.start) \($0.message)" }
        }
        return lines + problems.map(\.message)
    }

    @Test("reports come in input order, the same with one worker or three, any window")
    func inputOrder() throws {
        let directory = try makeScratchDirectory("runner")
        defer { removeScratchDirectory(directory) }
        let inputs = try Self.inputs(in: directory)
        let alone = try Self.run(inputs, workers: 1, window: 512)
        let reported = alone.filter { !$0.hasPrefix("  ") && !$0.contains("cannot read") }
        #expect(reported == inputs.map(\.0.path).enumerated().filter { $0.offset % 50 != 49 }.map(\.element))
        #expect(alone.filter { $0.contains("cannot read") }.count == 6)
        #expect(alone.contains { $0.hasPrefix("  apple/") })
        for (workers, window) in [(3, 1), (3, 4), (2, 33), (3, 512)] {
            #expect(
                try Self.run(inputs, workers: workers, window: window) == alone,
                "\(workers) workers, window \(window)")
        }
    }
}

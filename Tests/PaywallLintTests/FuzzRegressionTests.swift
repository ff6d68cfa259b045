import Foundation
import Testing

@testable import PaywallLint

/// Inputs the fuzzer (Tests/Fuzz) crashed on, replayed through the whole pipeline: read, every
/// rule of the sketchy pack, every reporter, the fixer. Each must end with a diagnostic, not a
/// crash.
@Suite("Fuzz regressions", .yaml)
struct FuzzRegressionTests {
    static let folder = Paths.fixtures.appendingPathComponent("fuzz")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["sketchy"], library: try PackLibrary.builtIn()),
            options: LintOptions())
        let report = linter.lint(SourceFile(path: name, bytes: bytes), explicitlyNamed: true)
        var summary = RunSummary()
        summary.add(report)
        var sarif = SARIFReporter()
        var text = TextReporter(color: false)
        let output =
            sarif.begin(rules: linter.ruleSet.descriptors) + sarif.file(report) + sarif.end(summary)
            + text.begin(rules: []) + text.file(report) + text.end(summary)
        #expect(!output.isEmpty)
        _ = Fixer.apply(report.findings, to: report.file)
        // Every position lies inside the file: at most one past the end of an existing line.
        let lines = LineIndex(bytes)
        for finding in report.findings {
            for position in [finding.span.start, finding.span.end] {
                let length = String(decoding: lines.lineBytes(position.line), as: UTF8.self).unicodeScalars
                    .count
                #expect(position.line <= lines.lineCount && position.column <= length + 2, "\(finding)")
            }
        }
        #expect(
            report.findings.contains { $0.ruleID == CoreRuleID.parseError }, "\(name) is reported as broken")
    }

    /// The fuzzer's first timeout: 50 KB of CSS in a CTA, read with the generic dialect, where
    /// `apple/trial-terms` paired every "free" with every period word (5.7 s in a release build).
    /// The second, a mutation of it (59 KB), was the fuzzer starved of CPU: 1.1 s under the
    /// address sanitizer, 40 ms in a release build.
    @Test(arguments: ["timeout-css-in-cta.json", "timeout-css-in-cta-2.json"])
    func aLongCopyTextIsLintedInLinearTime(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        var options = LintOptions()
        options.dialect = .generic
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["sketchy"], library: try PackLibrary.builtIn()), options: options)
        let clock = ContinuousClock()
        var report: FileReport?
        let elapsed = clock.measure {
            report = linter.lint(
                SourceFile(path: name, bytes: bytes), explicitlyNamed: true)
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(report?.findings.contains { $0.ruleID == "sketchy/calm-tone" } == true)
    }

    @Test func theFirstFuzzFindingIsReplayed() {
        #expect(Self.inputs.contains("json-string-ends-in-backslash.json"))
    }

    /// The string's position, not one past the end of the file.
    @Test func aStringEndingInABackslashIsNeverClosed() throws {
        let bytes = Array("{\"a\": \"x\\\\\\".utf8)
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["core"], library: try PackLibrary.builtIn()), options: LintOptions())
        let report = linter.lint(SourceFile(path: "t.json", bytes: bytes), explicitlyNamed: true)
        let messages = report.findings.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" }
        #expect(messages.contains("1:12 the string that starts at 1:7 is never closed"), "\(messages)")
    }
}

import Foundation
import Testing

@testable import PaywallLint
@testable import paywall_lint

/// A run never ends with 0 for a file it did not lint, and what it prints is what it found.
@Suite("Run integrity", .yaml)
struct RunIntegrityTests {
    let broken = Paths.examples.appendingPathComponent("sketchy/weekly-broken.yaml")

    func scratch(_ files: [String: String]) throws -> URL {
        let folder = try makeScratchDirectory("paywall-lint-integrity")
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("reading failures cannot be suppressed by a comment, a config or the command line")
    func readingFailures() throws {
        let text = try String(contentsOf: broken, encoding: .utf8)
        let folder = try scratch([
            "a.yaml": text + "# paywall-lint: disable core/limits -- x\nx: *nope\n",
            "off.yml": "rules:\n  core/parse-error: off\n",
        ])
        defer { removeScratchDirectory(folder) }
        let commented = try runCLI(["--format", "sarif", "a.yaml"], in: folder)
        #expect(commented.status == 1)
        #expect(commented.output.contains("core/limits"))
        let sarif = try JSONSerialization.jsonObject(with: Data(commented.output.utf8)) as? [String: Any]
        let run = (sarif?["runs"] as? [[String: Any]])?.first
        let limits = (run?["results"] as? [[String: Any]] ?? []).filter {
            $0["ruleId"] as? String == "core/limits"
        }
        #expect(!limits.isEmpty)
        #expect(limits.allSatisfy { ($0["suppressions"] as? [Any] ?? []).isEmpty })
        let config = try runCLI(["--config", "off.yml", "a.yaml"], in: folder)
        #expect(config.status == 2)
        #expect(config.error.contains("off.yml:2:3") && config.error.contains("cannot be turned off"))
        let flag = try runCLI(["--rule", "core/parse-error=note", "a.yaml"], in: folder)
        #expect(flag.status == 2)
    }

    @Test("a suppression that names no rule, an unknown rule or a reading failure suppresses nothing")
    func invalidSuppressions() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        func rules(_ text: String, _ name: String = "p.yaml") -> [String] {
            linter.lint(SourceFile(path: name, text: text)).findings.map(\.ruleID)
        }
        let noRule = rules("# paywall-lint: disable-file -- legacy\nfoo: 1\n")
        #expect(noRule.contains(CoreRuleID.invalidSuppression))
        #expect(noRule.contains(CoreRuleID.unknownDialect))
        let json = rules("{\"foo\": 1, \"x-paywall-lint\": {\"disable\": [{\"reason\": \"x\"}]}}", "p.json")
        #expect(json.contains(CoreRuleID.invalidSuppression) && json.contains(CoreRuleID.unknownDialect))
        let misspelled = linter.lint(
            SourceFile(
                path: "p.yaml",
                text:
                    "paywall: 1\n# paywall-lint: disable-next-line apple/hardcoded-prise -- ok\ncta: $3.99\n")
        )
        #expect(misspelled.findings.contains { $0.message.contains("did you mean 'apple/hardcoded-price'") })
        #expect(misspelled.findings.contains { $0.ruleID == "apple/hardcoded-price" })
        let jsonReason = rules(
            "{\"paywall\": 1, \"hedline\": 1, \"x-paywall-lint\": {\"disable\": [{\"rule\": \"core/unknown-key\"}]}}",
            "p.json")
        #expect(jsonReason.contains(CoreRuleID.suppressionWithoutReason))
    }

    @Test("folders the walk cannot use are errors; links to nothing and FIFOs are named under --verbose")
    func walk() throws {
        let text = try String(contentsOf: broken, encoding: .utf8)
        let folder = try scratch(["ok.yaml": text])
        defer { removeScratchDirectory(folder) }
        symlink("nowhere", folder.appendingPathComponent("dangling.yaml").path)
        mkfifo(folder.appendingPathComponent("fifo.yaml").path, 0o644)
        let verbose = try runCLI(["--verbose", "."], in: folder)
        #expect(verbose.status == 1)
        #expect(verbose.error.contains("dangling.yaml: a symlink to nothing"))
        #expect(verbose.error.contains("fifo.yaml: not a regular file"))
        symlink("loop.yaml", folder.appendingPathComponent("loop.yaml").path)
        let loop = try runCLI(["."], in: folder)
        #expect(loop.status == 2)
        #expect(loop.error.contains("loop.yaml: too many levels of symbolic links"))
    }

    @Test("a file whose name is not UTF-8 is linted, its name shown escaped, and never fixed")
    func nonUTF8Name() throws {
        let folder = try makeScratchDirectory("paywall-lint-names")
        defer { removeScratchDirectory(folder) }
        let bytes = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF]
        let inner = bytes + Array("/p".utf8) + [0xFE] + Array(".yaml".utf8)
        let text = Array("paywall: 1\npresentation: sheet\n".utf8)
        _ = FileSystem.withSystemPath(bytes) { mkdir($0, 0o755) }
        FileSystem.withSystemPath(inner) { path in
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
            _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let result = try runCLI(["."], in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("bad\\xFF/p\\xFE.yaml:2:15"))
        let fix = try runCLI(["fix", "."], in: folder)
        #expect(fix.error.contains("not fixed: its name is not UTF-8"))
        let after = try FileSystem.withSystemPath(inner) {
            try FileSystem.readWithSize(systemPath: $0, limit: 100)
        }
        #expect(after.bytes == text)
        _ = FileSystem.withSystemPath(inner) { unlink($0) }
        _ = FileSystem.withSystemPath(bytes) { rmdir($0) }
    }

    @Test("a report that cannot be written to standard output ends the run with 2")
    func standardOutput() throws {
        let full = try runProcess(
            "/bin/sh", ["-c", "'\(cliPath)' --format sarif '\(broken.path)' > /dev/full"])
        #expect(full.status == 2)
        #expect(full.error.contains("cannot write to standard output"))
        let folder = try makeScratchDirectory("paywall-lint-closed")
        defer { removeScratchDirectory(folder) }
        let closed = try runProcess(
            "/bin/sh",
            ["-c", "'\(cliPath)' --format sarif --output out.sarif --format text '\(broken.path)' >&-"],
            currentDirectory: folder)
        #expect(closed.status == 2)
        let sarif = try String(contentsOf: folder.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(sarif.hasPrefix("{"))
    }

    @Test("limits out of range are usage errors", arguments: ["9223372036854775807", "0", "-1"])
    func limitsOutOfRange(value: String) throws {
        for option in ["--max-file-kib", "--max-depth", "--max-alias-expansion", "--max-scalar-kib"] {
            let result = try runCLI(["\(option)=\(value)", broken.path])
            #expect(result.status == 2, "\(option) \(value)")
            #expect(result.error.contains("must be between 1 and"))
        }
    }

    @Test("a lone surrogate escape, high or low, is a parse error")
    func loneSurrogates() {
        for escaped in ["a\\ud800b", "a\\ud800", "\\ud800\\ud800\\udc00", "x\\udc00", "\\ud800\\n"] {
            let result = read("{\"headline\": \"\(escaped)\"}", name: "s.json")
            #expect(result.findings.contains { $0.ruleID == CoreRuleID.parseError }, "\(escaped)")
        }
        #expect(read("{\"headline\": \"\\ud83d\\ude00\"}", name: "s.json").findings.isEmpty)
    }

    @Test("rule IDs and summaries from packs reach the terminal escaped; bad IDs are refused")
    func packText() throws {
        let folder = try scratch([
            ".paywall-lint.yml": "extends: [recommended, acme.yml]\n",
            "acme.yml":
                "pack: acme\nrules:\n  - id: acme/x\n    severity: error\n    summary: \"s \\e[2J \\u061C\"\n    check: required\n    field: headline\n",
        ])
        defer { removeScratchDirectory(folder) }
        let rules = try runCLI(["rules"], in: folder)
        #expect(rules.output.contains("s \\u{1B}[2J \\u{61C}"))
        #expect(!rules.output.contains("\u{1B}"))
        try Data(
            "pack: acme\nrules:\n  - id: \"acme/x\\e]0;pwn\\a\"\n    severity: error\n    summary: s\n    check: required\n    field: headline\n"
                .utf8
        ).write(to: folder.appendingPathComponent("acme.yml"))
        let bad = try runCLI(["rules"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.error.contains("acme.yml:3:9") && !bad.error.contains("\u{1B}"))
    }

    @Test("a GitHub annotation never names an escaped path that does not exist")
    func githubPath() {
        var reporter = GitHubReporter()
        let report = FileReport(
            file: SourceFile(path: "a\u{1B}b.yaml", text: ""),
            findings: [Finding(ruleID: "r/x", severity: .error, message: "m", span: .fileStart)])
        let out = reporter.file(report)
        #expect(!out.contains("file="))
        #expect(out.contains("a\\u{1B}b.yaml:1:1: m"))
    }

    @Test("baselines: version, field types and counts are checked, overflow is an error")
    func baselines() throws {
        for (text, message) in [
            ("{\"version\": 2, \"findings\": []}", "version is not 1"),
            (
                "{\"version\": 1, \"findings\": [{\"file\": \"a\", \"rule\": \"x\", \"count\": \"abc\"}]}",
                "whole number"
            ),
            ("{\"version\": 1, \"findings\": [{\"file\": 1, \"rule\": \"x\"}]}", "file is a string"),
            (
                "{\"version\": 1, \"findings\": [{\"file\": \"a\", \"rule\": \"x\", \"count\": 9223372036854775807}, {\"file\": \"a\", \"rule\": \"x\", \"count\": 1}]}",
                "add up"
            ),
        ] {
            #expect {
                _ = try Baseline.read(path: "b.json", bytes: Array(text.utf8))
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        #expect(SubscriptionPeriod(iso: "P9223372036854775807W") == nil)
        #expect(SubscriptionPeriod(iso: "P2W")?.minimumDays == 14)
    }

    @Test("keys equal under Unicode normalisation are duplicates")
    func normalisedKeys() {
        let findings = read("paywall: 1\ncaf\u{E9}: 1\ncafe\u{301}: 2\n").findings
        #expect(findings.map(\.ruleID) == [CoreRuleID.duplicateKey])
        #expect(read("paywall: 1\ncaf\u{E9}: 1\ncafe: 2\nnaïve: 3\n").findings.isEmpty)
    }
}

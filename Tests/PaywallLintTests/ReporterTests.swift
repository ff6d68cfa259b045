import Foundation
import Testing

@testable import PaywallLint

@Suite("Reporters")
struct ReporterTests {
    func reports() throws -> [FileReport] {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["core"], library: PackLibrary.builtIn()))
        return try ["control.yaml", "duplicate.yaml", "trailing-comma.json"].map { name in
            let url = Paths.fixtures.appendingPathComponent("reporters").appendingPathComponent(name)
            let bytes = Array(try Data(contentsOf: url))
            return linter.lint(SourceFile(path: "Fixtures/reporters/" + name, bytes: bytes))
        }
    }

    func render(_ reporter: inout some Reporter, rules: [RuleDescriptor]) throws -> String {
        var summary = RunSummary()
        var out = reporter.begin(rules: rules)
        for report in try reports() {
            summary.add(report)
            out += reporter.file(report)
        }
        return out + reporter.end(summary)
    }

    @Test("text output: location line, source line with underline, summary")
    func textGolden() throws {
        var reporter = TextReporter()
        let out = try render(&reporter, rules: [])
        try expectGolden(out, "reporters.txt")
        #expect(out.contains("Fixtures/reporters/duplicate.yaml:3:1: error: duplicate key \"headline\""))
        #expect(out.hasSuffix("4 errors in 3 files; 3 files checked\n"))
    }

    @Test("text output escapes control characters from file content")
    func escaping() throws {
        var reporter = TextReporter(color: false)
        let out = try render(&reporter, rules: [])
        #expect(!out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(out.contains("headline: Go \\u{1B}]0;pwned\\u{7} Pro"))
        #expect(TerminalText.escaped("a\u{1B}[2Jb\u{202E}c") == "a\\u{1B}[2Jb\\u{202E}c")
        var path = TextReporter()
        let report = FileReport(
            file: SourceFile(path: "evil\u{1B}[31m.yaml", text: "a: 1"),
            findings: [Finding(ruleID: "core/x", severity: .error, message: "m", span: .fileStart)])
        #expect(!path.file(report).contains("\u{1B}"))
    }

    @Test("colour only when asked")
    func colour() throws {
        var plain = TextReporter(color: false)
        #expect(!(try render(&plain, rules: [])).contains("\u{1B}["))
        var coloured = TextReporter(color: true)
        #expect(try render(&coloured, rules: []).contains("\u{1B}[1;31merror:"))
    }

    @Test("SARIF output matches its golden file and passes the SARIF validator")
    func sarifGolden() throws {
        var reporter = SARIFReporter()
        let rules = try RuleSet(packs: ["core"], library: PackLibrary.builtIn()).descriptors
        let out = try render(&reporter, rules: rules)
        try expectGolden(out, "reporters.sarif")
        let validation = try validateSARIF(out)
        #expect(validation.status == 0, "\(validation.summary)")
        #expect(validation.summary == "1 passed, 0 failed")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [Any])?.count == rules.count)
    }

    @Test("SARIF fingerprints do not change when lines move")
    func stableFingerprints() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["core"], library: PackLibrary.builtIn()))
        func fingerprint(_ text: String) throws -> String {
            var reporter = SARIFReporter()
            _ = reporter.begin(rules: [])
            let out = reporter.file(linter.lint(SourceFile(path: "p.yaml", text: text)))
            let range = try #require(out.range(of: "\"paywallLint/v1\": \""))
            return String(out[range.upperBound...].prefix(18))
        }
        let before = try fingerprint("paywall: 1\nheadline: a\nheadline: b\n")
        let after = try fingerprint("# moved\n\npaywall: 1\ncta: x\nheadline: a\nheadline: b\n")
        #expect(before == after)
        #expect(try fingerprint("paywall: 1\nsubhead: a\nsubhead: b\n") != before)
    }

    @Test("SARIF URIs percent-encode every byte outside the unreserved set and the slash")
    func percentEncodedURIs() {
        #expect(SARIFReporter.percentEncoded("dir/ä b#c~_-.yaml") == "dir/%C3%A4%20b%23c~_-.yaml")
        #expect(SARIFReporter.percentEncoded("日/%\u{7F}") == "%E6%97%A5/%25%7F")
    }

    @Test("JSON strings escape quotes, backslashes and control bytes wherever they fall")
    func escapedJSONStrings() {
        for offset in 0...17 {
            let prefix = String(repeating: "a", count: offset)
            for (raw, escaped) in [
                ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1}", "\\u0001"), ("\u{1F}", "\\u001f"),
            ] {
                #expect(
                    JSONText.quoted(prefix + raw + "é") == "\"" + prefix + escaped + "é\"", "offset \(offset)"
                )
            }
            #expect(JSONText.quoted(prefix + "é\u{7F}") == "\"" + prefix + "é\u{7F}\"")
        }
    }
}

import Foundation
import Testing

@testable import PaywallLint

@Suite("Reporters", .yaml)
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
        #expect(
            TerminalText.escaped("é\u{85}\u{7F}\u{2028}\u{2066}ü 今") == "é\\u{85}\\u{7F}\\u{2028}\\u{2066}ü 今"
        )
        // The byte check in front of the slow path finds exactly the scalars that need an escape,
        // at the end of a text and inside one.
        for value in Array(0..<0x3000) + [0xFEFF, 0x1F600, 0x10FFFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let needs = TerminalText.needsEscape(scalar)
            for text in ["x" + String(scalar), "x" + String(scalar) + "y"] {
                #expect(text.withUTF8Bytes(TerminalText.containsEscapes) == needs, "U+\(value)")
                #expect((TerminalText.escaped(text) != text) == needs, "U+\(value)")
            }
        }
        var path = TextReporter()
        let report = FileReport(
            file: SourceFile(path: "evil\u{1B}[31m.yaml", text: "a: 1"),
            findings: [Finding(ruleID: "core/x", severity: .error, message: "m", span: .fileStart)])
        #expect(!path.file(report).contains("\u{1B}"))
    }

    /// The source line under each finding: tabs as spaces, wide characters two columns, marks
    /// none, control and bidirectional characters escaped, long lines windowed around the span, a
    /// span past the end of its line marked after it. The expected text was reviewed by eye.
    @Test func sourceSnippets() {
        let cases: [(String, Int, Int, Int)] = [
            ("headline: Save 40% today", 11, 0, 19),
            ("cta:\tStart\tnow", 6, 0, 11),
            ("title: 今だけ 半額 offer", 8, 0, 11),
            ("x: cafe\u{301} au lait", 4, 0, 9),
            ("a: bell\u{7} esc\u{1B}[2J end", 4, 0, 20),
            ("b: \u{202E}reversed\u{202C} ok", 4, 0, 12),
            (
                "k: " + String(repeating: "x", count: 150) + " TARGET " + String(repeating: "y", count: 100),
                160, 0, 166
            ),
            ("k: " + String(repeating: "z", count: 200), 5, 0, 7),
            ("short", 9, 0, 12),
            ("multi: line start", 8, 1, 3),
            ("empty span", 3, 0, 3),
            ("wide: ＄３.９９ now", 7, 0, 12),
        ]
        let expected: [String] = [
            "p.yaml:1:11: warning: m [core/x]\n 1 | headline: Save 40% today\n   |           ^~~~~~~~\n",
            "p.yaml:1:6: warning: m [core/x]\n 1 | cta: Start now\n   |      ^~~~~\n",
            "p.yaml:1:8: warning: m [core/x]\n 1 | title: 今だけ 半額 offer\n   |        ^^~~~~\n",
            "p.yaml:1:4: warning: m [core/x]\n 1 | x: café au lait\n   |    ^~~~\n",
            "p.yaml:1:4: warning: m [core/x]\n 1 | a: bell\\u{7} esc\\u{1B}[2J end\n   |    ^~~~~~~~~~~~~~~~~~~~~~~~~\n",
            "p.yaml:1:4: warning: m [core/x]\n 1 | b: \\u{202E}reversed\\u{202C} ok\n   |    ^^^^^^^^~~~~~~~\n",
            "p.yaml:1:160: warning: m [core/x]\n 1 | …xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx TARGET yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…\n   |                                          ^~~~~~\n",
            "p.yaml:1:5: warning: m [core/x]\n 1 | k: zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…\n   |     ^~\n",
            "p.yaml:1:9: warning: m [core/x]\n 1 | short\n   |      ^\n",
            "p.yaml:1:8: warning: m [core/x]\n 1 | multi: line start\n   |        ^~~~~~~~~~\n",
            "p.yaml:1:3: warning: m [core/x]\n 1 | empty span\n   |   ^\n",
            "p.yaml:1:7: warning: m [core/x]\n 1 | wide: ＄３.９９ now\n   |       ^^~~~~~~~\n",
        ]
        for ((text, start, lines, end), expected) in zip(cases, expected) {
            let span = SourceSpan(
                start: SourcePosition(line: 1, column: start),
                end: SourcePosition(line: 1 + lines, column: end))
            let report = FileReport(
                file: SourceFile(path: "p.yaml", text: text + "\nsecond line\n"),
                findings: [Finding(ruleID: "core/x", severity: .warning, message: "m", span: span)])
            var reporter = TextReporter(color: false)
            #expect(reporter.file(report) == expected)
        }
        var coloured = TextReporter(color: true)
        let report = FileReport(
            file: SourceFile(path: "p.yaml", text: "title: 今だけ 半額 offer\n"),
            findings: [
                Finding(
                    ruleID: "core/x", severity: .warning, message: "m",
                    span: SourceSpan(
                        start: SourcePosition(line: 1, column: 8), end: SourcePosition(line: 1, column: 11)))
            ])
        #expect(
            coloured.file(report)
                == "\u{1B}[1mp.yaml:1:8:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m m \u{1B}[2m[core/x]\u{1B}[0m\n\u{1B}[2m 1 | \u{1B}[0mtitle: 今だけ 半額 offer\n\u{1B}[2m   | \u{1B}[0m\u{1B}[1;33m       ^^~~~~\u{1B}[0m\n"
        )
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
        if let validation = try validateSARIF(out) {
            #expect(validation.status == 0, "\(validation.summary)")
            #expect(validation.summary == "1 passed, 0 failed")
        }
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

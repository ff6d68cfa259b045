import Testing

@testable import PaywallLint

@Suite("Suppressions", .yaml)
struct SuppressionTests {
    func lint(_ text: String, name: String = "p.yaml") throws -> [String] {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["core"], library: PackLibrary.builtIn()))
        return linter.lint(SourceFile(path: name, text: text)).findings.map {
            "\($0.span.start) \($0.ruleID)"
        }
    }

    @Test("disable-next-line skips blank and comment lines; disable-line covers its own line")
    func lines() throws {
        #expect(
            try lint(
                """
                paywall: 1
                # paywall-lint: disable-next-line core/unknown-key -- read by app v2

                # another comment
                legacy: x
                other: y  # paywall-lint: disable-line core/unknown-key -- read by app v3

                """
            ).isEmpty)
    }

    @Test("disable … enable ranges and disable-file")
    func ranges() throws {
        let findings = try lint(
            """
            paywall: 1
            # paywall-lint: disable core/unknown-key -- legacy block
            a: 1
            b: 2
            # paywall-lint: enable core/unknown-key
            c: 3

            """)
        #expect(findings == ["6:1 core/unknown-key"])
        #expect(
            try lint("# paywall-lint: disable-file core/unknown-key -- generated file\npaywall: 1\nz: 1\n")
                .isEmpty)
        // Naming no rule suppresses nothing.
        #expect(
            try lint("# paywall-lint: disable-file -- generated file\npaywall: 1\nz: 1\n") == [
                "1:1 core/invalid-suppression", "3:1 core/unknown-key",
            ])
    }

    @Test("a suppression without a reason, and one that suppresses nothing, are findings")
    func reasonAndUnused() throws {
        #expect(
            try lint("paywall: 1\n# paywall-lint: disable-next-line core/unknown-key\nlegacy: x\n") == [
                "2:1 core/suppression-without-reason"
            ])
        #expect(
            try lint("paywall: 1\n# paywall-lint: disable-next-line core/unknown-key -- old\nheadline: x\n")
                == [
                    "2:1 core/unused-suppression"
                ])
    }

    @Test("a # inside a quoted scalar is not a comment")
    func insideScalar() throws {
        #expect(
            try lint("paywall: 1\nheadline: \"a # paywall-lint: disable-file -- x\"\nz: 1\n") == [
                "3:1 core/unknown-key"
            ])
    }

    @Test("JSON: x-paywall-lint entries by JSON pointer, each with a reason")
    func json() throws {
        let text = """
            {"paywall": 1, "legacy": 1, "other": 2,
             "x-paywall-lint": {"disable": [
               {"rule": "core/unknown-key", "pointer": "/legacy", "reason": "read by app v2"},
               {"rule": "core/unknown-key", "pointer": "/gone", "reason": "stale"}]}}
            """
        #expect(try lint(text, name: "p.json") == ["1:29 core/unknown-key", "4:4 core/unused-suppression"])
    }
}

import Foundation
import Testing

@testable import PaywallLint

/// What a new user meets in the first hour: configs, starters, packs of their own, store data.
@Suite("First-hour edges", .yaml)
struct FirstHourEdgesTests {
    func scratch(_ files: [String: String]) throws -> URL {
        let folder = try makeScratchDirectory("paywall-lint-first-hour")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test("an empty or comment-only YAML file fails, as an empty JSON file does")
    func emptyFiles() throws {
        let folder = try scratch(["empty.yaml": "", "comments.yml": "# merged away\n", "empty.json": ""])
        defer { removeScratchDirectory(folder) }
        for name in ["empty.yaml", "comments.yml", "empty.json"] {
            let result = try runCLI([name], in: folder)
            #expect(result.status == 1, "\(name)")
            #expect(result.output.contains("core/parse-error"), "\(name): \(result.output)")
        }
        let walked = try runCLI(["."], in: folder)
        #expect(walked.status == 1)
    }

    @Test("every preset's starter passes that preset", arguments: PackLibrary.builtInNames)
    func starters(pack: String) throws {
        let folder = try makeScratchDirectory("paywall-lint-init")
        defer { removeScratchDirectory(folder) }
        let written = try runCLI(["init", ".", "--pack", pack], in: folder)
        #expect(written.status == 0, "\(written.error)")
        let linted = try runCLI(["."], in: folder)
        #expect(linted.status == 0, "\(pack): \(linted.output)")
    }

    @Test("--storekit refuses JSON that is not a StoreKit configuration")
    func storeKitShape() throws {
        let folder = try scratch(["p.yaml": "paywall: 1\n", "package.json": "{\"name\": \"app\"}\n"])
        defer { removeScratchDirectory(folder) }
        let result = try runCLI(["--storekit", "package.json", "p.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.error.contains("package.json:1:1") && result.error.contains("not a StoreKit configuration")
        )
    }

    static let pack = """
        pack: acme
        extends: [recommended]
        rules:
          - id: acme/no-hype
            severity: warning
            summary: No hype words in the headline.
            check: pattern
            field: headline
            with: {forbid: "(?i)revolutionary"}
            examples:
              valid:
                - headline: Do more
              invalid:
                - headline: A revolutionary app

        """

    @Test("explain and rules see the config's own packs; a pack's examples run as tests")
    func ownPacks() throws {
        let folder = try scratch([
            "acme.yml": Self.pack, ".paywall-lint.yml": "extends: [./acme.yml]\n",
        ])
        defer { removeScratchDirectory(folder) }
        let explained = try runCLI(["explain", "acme/no-hype"], in: folder)
        #expect(explained.status == 0, "\(explained.error)")
        #expect(explained.output.contains("No hype words"))
        #expect(try runCLI(["rules"], in: folder).output.contains("acme/no-hype"))
        let unqualified = try runCLI(["explain", "hardcoded-price"], in: folder)
        #expect(unqualified.status == 2 && unqualified.error.contains("did you mean 'apple/hardcoded-price'"))
        let tested = try runCLI(["test-packs"], in: folder)
        #expect(tested.status == 0, "\(tested.output)\(tested.error)")
        #expect(tested.output.contains("ok: the examples of 1 rules pass (acme)"))
        try Data(Self.pack.replacingOccurrences(of: "A revolutionary app", with: "A calm app").utf8).write(
            to: folder.appendingPathComponent("acme.yml"))
        let failing = try runCLI(["test-packs"], in: folder)
        #expect(failing.status == 1)
        #expect(failing.output.contains("FAIL acme/no-hype: invalid example 1 does not trigger it"))
        let unknown = try runCLI(["test-packs", "acmee"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("did you mean 'acme'"))
    }

    @Test("a config's option mistakes are reported at the user's lines, all at once, by every command")
    func configErrorsAtTheirPlace() throws {
        let folder = try scratch([
            "p.yaml": "paywall: 1\n",
            ".paywall-lint.yml": """
            rules:
              apple/close-delay: {with: {maxx: 3}}
              recommended/legible-text: {with: {min-size: twelve}}

            """,
        ])
        defer { removeScratchDirectory(folder) }
        for command in [["p.yaml"], ["rules"], ["print-config", "p.yaml"]] {
            let result = try runCLI(command, in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(result.error.contains(".paywall-lint.yml:2:"), "\(command): \(result.error)")
            #expect(result.error.contains("did you mean 'max'"), "\(command): \(result.error)")
            #expect(result.error.contains(".paywall-lint.yml:3:"), "\(command): \(result.error)")
            #expect(!result.error.contains("Rules/"), "\(command): \(result.error)")
        }
    }

    @Test("an unknown check or field in a pack points at the value")
    func packMistakesAtTheValue() throws {
        for (from, to, place, suggestion) in [
            ("check: pattern", "check: patern", "acme.yml:7:12", "did you mean 'pattern'"),
            ("field: headline", "field: hedline", "acme.yml:8:12", "did you mean 'headline'"),
        ] {
            var library = try PackLibrary.builtIn()
            try library.add(
                try PackReader.read(
                    path: "acme.yml", text: Self.pack.replacingOccurrences(of: from, with: to)))
            let ruleSet = try RuleSet(packs: ["acme"], library: library)
            #expect {
                _ = try Linter(ruleSet: ruleSet)
            } throws: { error in
                "\(error)".contains(place) && "\(error)".contains(suggestion)
            }
        }
    }

    @Test("SARIF names every source in full, links each rule's documentation, and has no '..' in paths")
    func sarifForOutsiders() throws {
        let folder = try scratch(["pw/bad.yaml": "paywall: 1\ncta: Buy for $3.99\n", "run/.keep": ""])
        defer { removeScratchDirectory(folder) }
        let result = try runCLI(
            ["--format", "sarif", "../pw/bad.yaml"], in: folder.appendingPathComponent("run"))
        #expect(
            result.output.contains(
                "App Store Review Guidelines (https://developer.apple.com/app-store/review/guidelines/)"))
        #expect(
            result.output.contains(
                "\"helpUri\": \"https://github.com/paywall-lint/paywall-lint/blob/main/docs/rules.md#applehardcoded-price\""
            ))
        #expect(!result.output.contains("\"uri\": \"../"))
        #expect(result.output.contains("pw/bad.yaml\" }"))
        if let validation = try validateSARIF(result.output) {
            #expect(validation.status == 0, "\(validation.summary)")
        }
        let explained = try runCLI(["explain", "apple/hardcoded-price"])
        #expect(explained.output.contains("- Subs: Apple, Auto-renewable subscriptions (https://"))
    }

    @Test("smaller edges: baselines say what they wrote, synonyms are suggested, remote-config names")
    func smallerEdges() throws {
        let folder = try scratch([
            "p.yaml": "paywall: 1\ntriggers:\n  - on: session_closed\n",
            "r.json":
                #"{"headline": "Pro", "productIDs": ["a"], "highlightedProductID": "b", "ctaTitle": "Go"}"#,
        ])
        defer { removeScratchDirectory(folder) }
        let written = try runCLI(["--write-baseline", "b.json", "p.yaml"], in: folder)
        #expect(written.status == 0)
        #expect(
            written.error.contains("wrote ") && written.error.contains("to the baseline b.json"),
            "\(written.error)")
        let linted = try runCLI(["p.yaml", "r.json"], in: folder)
        #expect(linted.output.contains("unknown key 'on' in triggers[0]; did you mean 'event'?"))
        #expect(
            linted.output.contains("highlightedProductID \"b\" is not one of productIDs (a)"),
            "\(linted.output)")
    }

    @Test("the documents of a YAML stream are named, so baselines and fingerprints tell them apart")
    func streamDocuments() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let report = linter.lint(
            SourceFile(
                path: "s.yaml", text: "paywall: 1\ncta: Buy for $3.99\n---\npaywall: 1\ncta: Buy for $3.99\n")
        )
        let prices = report.findings.filter { $0.ruleID == "apple/hardcoded-price" }
        #expect(prices.map(\.variant) == ["document 1", "document 2"])
        var baseline = Baseline()
        baseline.record(report)
        #expect(baseline.json.contains("\"variant\": \"document 2\""))
    }

    @Test("a finding in a folded or literal block points at its characters, not at the indicator")
    func blockScalarPositions() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let text =
            "paywall: 1\ncta: >\n  Buy for $3.99 now\n  and more\nheadline: |\n  Big news\n  Save 50% today\n"
        for newline in ["\n", "\r\n"] {
            let report = linter.lint(
                SourceFile(path: "b.yaml", text: text.replacingOccurrences(of: "\n", with: newline)))
            let price = try #require(report.findings.first { $0.ruleID == "apple/hardcoded-price" })
            #expect(
                price.span == SourceSpan(start: .init(line: 3, column: 11), end: .init(line: 3, column: 16)))
            let savings = try #require(report.findings.first { $0.ruleID == "apple/hardcoded-savings" })
            #expect(savings.span.start == SourcePosition(line: 7, column: 3))
        }
        // A block whose lines do not align with its value (more-indented lines) keeps the indicator.
        let odd = linter.lint(SourceFile(path: "o.yaml", text: "paywall: 1\ncta: |2\n    Buy for $3.99\n"))
        #expect(odd.findings.contains { $0.ruleID == "apple/hardcoded-price" })
    }
}

import Foundation
import Testing

/// The examples are the product's showcase: their text and SARIF output are reviewed golden files.
@Suite("Examples", .yaml)
struct ExampleTests {
    static let folders = [
        "feature-gate", "firebase", "remote-config", "revenuecat", "revenuecat-v2", "sketchy", "syntax",
    ]

    @Test("text and SARIF output of every example folder match their golden files", arguments: folders)
    func golden(folder: String) throws {
        let text = try runCLI(["--color", "never", "Examples/\(folder)"])
        #expect(text.status == 1)
        try expectGolden(text.output, "examples-\(folder).txt")
        let sarif = try runCLI(["--format", "sarif", "Examples/\(folder)"])
        try expectGolden(sarif.output, "examples-\(folder).sarif")
        if let validation = try validateSARIF(sarif.output) {
            #expect(validation.summary == "1 passed, 0 failed")
        }
    }

    @Test("the compliant Sketchy paywall is clean under the sketchy pack, with its store data")
    func compliantSketchy() throws {
        let result = try runCLI(["--verbose", "Examples/sketchy/weekly.yaml"])
        #expect(result.status == 0)
        #expect(result.output.contains("No problems found; 1 file checked"))
        #expect(!result.output.contains("need store data"))
    }

    @Test("the broken Sketchy variant reports each planted problem at its position")
    func brokenSketchy() throws {
        let result = try runCLI(["Examples/sketchy/weekly-broken.yaml"])
        let found = Set(
            result.output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("Examples/sketchy/weekly-broken.yaml:"),
                    let open = line.lastIndex(of: "[")
                else {
                    return nil
                }
                let location = line.dropFirst("Examples/sketchy/weekly-broken.yaml:".count).prefix {
                    $0 != " "
                }
                return "\(location.dropLast()) \(line[line.index(after: open)...].dropLast())"
            })
        let planted = [
            "4:5 recommended/variant-id", "7:15 recommended/full-screen", "8:11 apple/fake-urgency",
            "8:11 sketchy/calm-tone", "9:48 sketchy/calm-tone", "11:3 sketchy/benefits",
            "13:3 sketchy/weekly-plan",
            "15:12 apple/hardcoded-savings", "16:9 recommended/store-product-exists",
            "19:17 sketchy/first-week-not-free", "19:31 apple/hardcoded-price",
            "22:18 apple/close-delay", "23:21 recommended/confirmshaming",
            "24:16 sketchy/dismiss-destination",
            "26:10 apple/terms-link", "29:9 apple/disclosure-present", "29:9 sketchy/disclosure-wording",
            "29:10 apple/hardcoded-price", "31:14 recommended/legible-text", "32:10 recommended/legible-text",
            "34:9 apple/billed-amount-prominent", "37:11 apple/fake-urgency", "41:12 sketchy/triggers",
            "43:14 sketchy/daily-limit", "3:1 apple/restore-button",
        ]
        for problem in planted { #expect(found.contains(problem), "not reported: \(problem)") }
        // One problem, one finding: the "free week" CTA is the first-week rule's alone.
        #expect(!found.contains("19:17 sketchy/cta-no-free"))
        #expect(!found.contains("19:17 apple/trial-terms"))
    }
}

@Suite("Output formats and packaging", .yaml)
struct OutputFormatTests {
    @Test("json and github output of the broken Sketchy example match their golden files")
    func goldenJSONAndGitHub() throws {
        let json = try runCLI(["--format", "json", "Examples/sketchy/weekly-broken.yaml"])
        try expectGolden(json.output, "weekly-broken.json")
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let findings = try #require(parsed["findings"] as? [[String: Any]])
        #expect(findings.count > 20)
        #expect(findings.allSatisfy { ($0["rule"] as? String) != nil && ($0["pointer"] as? String) != nil })
        #expect(findings.contains { ($0["fix"] as? [String: Any])?["edits"] != nil })
        let github = try runCLI(["--format", "github", "Examples/sketchy/weekly-broken.yaml"])
        try expectGolden(github.output, "weekly-broken.github.txt")
        #expect(
            github.output.contains(
                "::error file=Examples/sketchy/weekly-broken.yaml,line=22,col=18,endLine=22,endColumn=19,title=apple/close-delay::"
            ))
    }

    @Test("several --format/--output pairs in one run")
    func severalOutputs() throws {
        let directory = try makeScratchDirectory("pl-out")
        defer { removeScratchDirectory(directory) }
        let sarif = directory.appendingPathComponent("out.sarif").path
        let result = try runCLI([
            "--format", "text", "--format", "sarif", "--output", sarif, "Examples/syntax",
        ])
        #expect(result.output.contains("[core/duplicate-key]"))
        #expect(
            try String(contentsOfFile: sarif, encoding: .utf8).contains("\"ruleId\": \"core/duplicate-key\""))
        let mismatch = try runCLI([
            "--format", "text", "--format", "sarif", "--format", "json", "--output", sarif, "Examples",
        ])
        #expect(mismatch.status == 2)
    }

    @Test("the binary copied alone to another folder still has every built-in pack")
    func binaryAlone() throws {
        let directory = try makeScratchDirectory("pl-alone")
        defer { removeScratchDirectory(directory) }
        let copy = directory.appendingPathComponent("paywall-lint")
        try FileManager.default.copyItem(atPath: cliPath, toPath: copy.path)
        let result = try runProcess(
            copy.path, ["rules", "--pack", "sketchy", "--pack", "revenuecat"], currentDirectory: directory)
        #expect(result.status == 0)
        for id in [
            "core/parse-error", "apple/hardcoded-price", "recommended/full-screen", "sketchy/weekly-plan",
            "revenuecat/variables",
        ] {
            #expect(result.output.contains(id))
        }
    }

    @Test("a config file with a near-miss name is reported, not silently ignored")
    func misnamedConfig() throws {
        let directory = try makeScratchDirectory("pl-miss")
        defer { removeScratchDirectory(directory) }
        try "extends: [sketchy]\n".write(
            to: directory.appendingPathComponent("paywall-lint.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Paths.examples.appendingPathComponent("sketchy/weekly.yaml"),
            to: directory.appendingPathComponent("p.yaml"))
        let result = try runCLI(["p.yaml"], in: directory)
        #expect(
            result.error.contains(
                "paywall-lint.yml is not read: the configuration file is named .paywall-lint.yml"))
    }

    @Test("init writes a starter config and paywall that pass, and refuses to overwrite")
    func initCommand() throws {
        let directory = try makeScratchDirectory("pl-init")
        defer { removeScratchDirectory(directory) }
        #expect(try runCLI(["init"], in: directory).status == 0)
        let lint = try runCLI(["."], in: directory)
        #expect(lint.status == 0, "\(lint.output)")
        #expect(lint.output.contains("No problems found; 1 file checked"))
        #expect(try runCLI(["init"], in: directory).status == 2)
    }

    @Test("every command and the root have help with examples, and their prose wraps cleanly")
    func help() throws {
        for command in ["", "lint", "fix", "rules", "explain", "print-config", "init"] {
            let help = try runCLI(command.isEmpty ? ["--help"] : [command, "--help"])
            #expect(help.output.contains("Examples:"), "\(command)")
            // Prose is one line per paragraph in the source: ArgumentParser wraps it at 80
            // columns, and a hard break of ours inside it would leave a one-word line.
            let prose = help.output.components(separatedBy: "Examples:")[0].split(separator: "\n")
            for (line, next) in zip(prose, prose.dropFirst())
            where !line.hasSuffix(".") && !line.hasSuffix(":") {
                #expect(line.count > 40, "\(command): '\(line)' then '\(next)'")
            }
        }
    }
}

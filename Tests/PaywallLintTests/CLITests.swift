import Foundation
import PaywallLint
import Testing

@Suite("Command line", .yaml)
struct CLITests {
    @Test("exit 1 and an editor-style line for a broken file; 0 for --fail-on above it")
    func exitCodes() throws {
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        try "paywall: 1\nheadline: a\nheadline: b\n".write(
            to: directory.appendingPathComponent("dup.yaml"), atomically: true, encoding: .utf8)
        let result = try runCLI(["--pack", "core", "dup.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("dup.yaml:3:1: error: duplicate key \"headline\""))
        let quietClean = try runCLI(
            ["--pack", "core", "--rule", "core/duplicate-key=warning", "dup.yaml"], in: directory)
        #expect(quietClean.status == 0)
        #expect(quietClean.output.contains("1 warning in 1 file; 1 file checked"))
        let failOnWarning = try runCLI(
            ["--pack", "core", "--rule", "core/duplicate-key=warning", "--fail-on", "warning", "dup.yaml"],
            in: directory)
        #expect(failOnWarning.status == 1)
    }

    /// A file of thousands of locales has its rules run on two threads and its model freed on a
    /// queue of its own; what the command writes is still every finding, in order, as the library
    /// finds them, and the file after it is reported whole.
    @Test("a file of thousands of locales is reported whole, as the library lints it")
    func largeFile() throws {
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        var big = "paywall: 1\nheadline: Go Pro\ncta: Start free trial\nlocalizations:\n"
        let planted = [
            "Only $3.99 a week", "Save 40% today only", "Offer ends tonight", "Go further with Pro",
        ]
        for k in 0..<800 {
            big += "  x-\(k):\n    headline: \(planted[k % planted.count]) (\(k))\n"
            big += "    subhead: Upgrade (\(k))\n    cta: Subscribe now (\(k))\n"
        }
        let small = "paywall: 1\nheadline: a\nheadline: b\n"
        try big.write(to: directory.appendingPathComponent("a-big.yaml"), atomically: true, encoding: .utf8)
        try small.write(
            to: directory.appendingPathComponent("b-small.yaml"), atomically: true, encoding: .utf8)
        let result = try runCLI(["--pack", "recommended", "--format", "json", "."], in: directory)
        #expect(result.status == 1)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let written = try #require(json["findings"] as? [[String: Any]]).map { finding in
            let start = finding["start"] as? [String: Int] ?? [:]
            return
                "\(finding["file"] ?? "") \(finding["rule"] ?? "") \(start["line"] ?? 0):\(start["column"] ?? 0)"
        }
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        var expected: [String] = []
        for (name, text) in [("a-big.yaml", big), ("b-small.yaml", small)] {
            let report = linter.lint(SourceFile(path: name, text: text))
            if name == "a-big.yaml" { #expect(report.paywalls.first?.isLarge == true) }
            expected += report.findings.map {
                "\(name) \($0.ruleID) \($0.span.start.line):\($0.span.start.column)"
            }
        }
        #expect(written.count > 800)
        #expect(written == expected)
    }

    @Test("exit 2 with a one-line message for a missing path, a bad flag, an unknown rule")
    func usageErrors() throws {
        let missing = try runCLI(["no/such/file.yaml"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("no/such/file.yaml: no such file or folder"))
        #expect(missing.output == "No findings; 0 files checked; 1 file error, reported on standard error\n")
        let badFlag = try runCLI(["--format", "xml", "Examples"])
        #expect(badFlag.status == 2)
        let unknownRule = try runCLI(["--rule", "core/dupliate-key=off", "Examples"])
        #expect(unknownRule.status == 2)
        #expect(unknownRule.error.contains("did you mean 'core/duplicate-key'?"))
    }

    @Test("an unreadable file is never a clean run")
    func unreadable() throws {
        guard getuid() != 0 else { return }  // root reads every file
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        let file = directory.appendingPathComponent("secret.yaml")
        try "a: 1\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0)
        #expect(try runCLI(["secret.yaml"], in: directory).status == 2)
    }

    @Test("a directory named like a file is walked, not read")
    func directoryNamedLikeFile() throws {
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        let folder = directory.appendingPathComponent("looks.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "paywall: 1\nheadline: a\nheadline: b\n".write(
            to: folder.appendingPathComponent("x.yml"), atomically: true, encoding: .utf8)
        let result = try runCLI(["--pack", "core", "looks.yaml"], in: directory)
        #expect(result.output.contains("looks.yaml/x.yml:3:1"))
    }

    @Test(
        "folders are walked in byte order for .yml/.yaml/.json in any case, skipping hidden folders; symlink loops end"
    )
    func walking() throws {
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        for name in ["b.yaml", "a.json", "sub/c.yml", ".hidden/d.yaml", "notes.txt", "E.YML", "f.yaml.txt"] {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try
                (name.hasSuffix("json")
                ? "{\"paywall\": 1, \"headline\": \"a\", \"headline\": \"b\"}"
                : "paywall: 1\nheadline: a\nheadline: b\n").write(
                    to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("sub/loop").path, withDestinationPath: directory.path)
        let result = try runCLI(["--pack", "core", "."], in: directory)
        let files = result.output.split(separator: "\n").filter { $0.contains(": error:") }.map {
            String($0.prefix { $0 != ":" })
        }
        #expect(files == ["E.YML", "a.json", "b.yaml", "sub/c.yml"])
    }

    @Test("standard input with --stdin-filename picks the format and the name")
    func standardInput() throws {
        let result = try runCLI(
            ["--pack", "core", "-", "--stdin-filename", "x.json"], input: "{\"paywall\": 1,}")
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("x.json:1:14: error: trailing comma"))
    }

    @Test("--output writes the report to a file")
    func outputFile() throws {
        let directory = try makeScratchDirectory("paywall-lint")
        defer { removeScratchDirectory(directory) }
        try "paywall: 1\nheadline: a\nheadline: b\n".write(
            to: directory.appendingPathComponent("dup.yaml"), atomically: true, encoding: .utf8)
        let result = try runCLI(
            ["--pack", "core", "--format", "sarif", "--output", "out.sarif", "dup.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        let sarif = try String(contentsOf: directory.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\": \"core/duplicate-key\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("SARIF of all of Examples/ passes the validator")
    func examplesSARIF() throws {
        let result = try runCLI(["--format", "sarif", "Examples"])
        #expect(result.status != 2)
        if let validation = try validateSARIF(result.output) {
            #expect(validation.status == 0, "\(validation.summary)")
            #expect(validation.summary == "1 passed, 0 failed")
        }
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        #expect(try runCLI(["--version"]).output == "0.1.0\n")
        let help = try runCLI(["lint", "--help"])
        #expect(help.output.contains("--stdin-filename"))
        #expect(help.output.contains("Examples:"))
        // Common command lines are read by the quick parser (start-up); help and errors must
        // still be ArgumentParser's.
        for flag in ["--help", "-h"] {
            let rootHelp = try runCLI([flag])
            #expect(rootHelp.output.contains("USAGE: paywall-lint <subcommand>"), "\(flag)")
            #expect(rootHelp.output.contains("SUBCOMMANDS:"), "\(flag)")
        }
        for arguments in [["--bogus", "Examples"], ["lint", "--bogus", "Examples"]] {
            let unknown = try runCLI(arguments)
            #expect(unknown.status == 2)
            #expect(unknown.error.contains("Error: Unknown option '--bogus'"))
            #expect(unknown.error.contains("Usage: paywall-lint lint [<options>] [<paths> ...]"))
        }
        #expect(try runCLI(["lint", "--help"]).output.contains("USAGE: paywall-lint lint [<options>]"))
    }
}

@Suite("Writing files safely", .yaml)
struct WritingTests {
    @Test("--output to a device writes through it; to a symlink writes its target; modes are kept")
    func specialTargets() throws {
        let directory = try makeScratchDirectory("pl-write")
        defer { removeScratchDirectory(directory) }
        try "paywall: 1\nheadline: a\nheadline: b\n".write(
            to: directory.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        _ = try runCLI(["--pack", "core", "--output", "/dev/null", "p.yaml"], in: directory)
        var info = stat()
        #expect(
            stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null must stay a device")
        try "".write(to: directory.appendingPathComponent("real.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.txt").path, withDestinationPath: "real.txt")
        _ = try runCLI(["--pack", "core", "--output", "link.txt", "p.yaml"], in: directory)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("link.txt").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let written = try String(contentsOf: directory.appendingPathComponent("real.txt"), encoding: .utf8)
        #expect(written.contains("duplicate key"))
    }

    @Test("a report file is written as it comes and renamed into place; an unwritable one leaves nothing")
    func streamedReportFile() throws {
        let directory = try makeScratchDirectory("pl-stream")
        defer { removeScratchDirectory(directory) }
        // 300 files: a report of several times the 64 KB that are written at a time.
        let text = "paywall: 1\nheadline: a\nheadline: b\npresentation: sheet\n"
        for index in 0..<300 {
            try text.write(
                to: directory.appendingPathComponent("p\(index).yaml"), atomically: true, encoding: .utf8)
        }
        try "old".write(to: directory.appendingPathComponent("out.sarif"), atomically: true, encoding: .utf8)
        let toStandardOutput = try runCLI(["--format", "sarif", "."], in: directory)
        let toFile = try runCLI(["--format", "sarif", "--output", "out.sarif", "."], in: directory)
        #expect(toFile.status == toStandardOutput.status)
        let written = try String(contentsOf: directory.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(written.utf8.count > 4 << 16)
        #expect(written == toStandardOutput.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "no temporary file is left: \(names)")

        let unwritable = try runCLI(
            ["--format", "sarif", "--output", "missing/out.sarif", "."], in: directory)
        #expect(unwritable.status == 2)
        #expect(unwritable.error.contains("cannot write the report"))
        let diff = try runCLI(
            ["fix", "--diff", "--format", "sarif", "--output", "diff.sarif", "."], in: directory)
        #expect(!diff.output.contains("\"$schema\""), "--diff prints the diff alone")
        let after = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!after.contains { $0.hasSuffix(".tmp") || $0 == "diff.sarif" }, "\(after)")
    }

    @Test("fix edits in place, keeps comments and formatting, is idempotent; --diff writes nothing")
    func fix() throws {
        let directory = try makeScratchDirectory("pl-fix")
        defer { removeScratchDirectory(directory) }
        let original = try String(
            contentsOf: Paths.examples.appendingPathComponent("sketchy/weekly-broken.yaml"), encoding: .utf8)
        let file = directory.appendingPathComponent("variant.yaml")
        try original.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Paths.examples.appendingPathComponent("sketchy/Sketchy.storekit"),
            to: directory.appendingPathComponent("Sketchy.storekit"))
        let diff = try runCLI(
            ["fix", "--diff", "--storekit", "Sketchy.storekit", "variant.yaml"], in: directory)
        #expect(diff.status == 1)
        #expect(
            diff.output.contains(
                "-presentation: sheet                   # swipe-to-dismiss skips the disclosure"))
        #expect(
            diff.output.contains(
                "+presentation: full_screen                   # swipe-to-dismiss skips the disclosure"))
        #expect(try String(contentsOf: file, encoding: .utf8) == original, "--diff must not write")

        let fixed = try runCLI(["fix", "--storekit", "Sketchy.storekit", "variant.yaml"], in: directory)
        #expect(fixed.error.contains("fixed 4 problems in 1 file"))
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(
            after.contains(
                "presentation: full_screen                   # swipe-to-dismiss skips the disclosure"))
        #expect(after.contains("  delay_seconds: 0                    # close button fades in after 3 s"))
        #expect(
            after.contains("    badge: \"Save {{ savings_percent }}\"                   # hard-coded savings")
        )
        // Only a literal equal to the store price becomes {{ price }}; the intro price $0.99 stays.
        #expect(
            after.contains("  text: \"$0.99 for the first week, then {{ price }} per week. Cancel anytime.\"")
        )
        #expect(after.hasPrefix("# A variant someone pushed from the dashboard"))
        let again = try runCLI(["fix", "--storekit", "Sketchy.storekit", "variant.yaml"], in: directory)
        #expect(again.error.contains("fixed 0 problems in 0 files"))
        #expect(try String(contentsOf: file, encoding: .utf8) == after)
    }

    @Test("linting never writes to the files it lints")
    func lintIsReadOnly() throws {
        let directory = try makeScratchDirectory("pl-ro")
        defer { removeScratchDirectory(directory) }
        let file = directory.appendingPathComponent("p.yaml")
        try "paywall: 1\npresentation: sheet\n".write(to: file, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let run = try runCLI(
            ["p.yaml", "--format", "json", "--output", "-", "--format", "sarif", "--output", "out.sarif"],
            in: directory)
        #expect(run.status == 1, "\(run.error)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.sarif").path))
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(before == after)
        #expect(try String(contentsOf: file, encoding: .utf8) == "paywall: 1\npresentation: sheet\n")
    }
}

@Suite("Syntax only", .yaml)
struct SyntaxOnlyTests {
    @Test("--syntax-only reports reading problems and nothing from the rules")
    func syntaxOnly() throws {
        let result = try runCLI(["--syntax-only", "Examples/sketchy/weekly-broken.yaml", "Examples/syntax"])
        #expect(result.output.contains("[core/duplicate-key]"))
        #expect(result.output.contains("[core/parse-error]"))
        #expect(!result.output.contains("[apple/"))
        #expect(!result.output.contains("[recommended/"))
    }
}

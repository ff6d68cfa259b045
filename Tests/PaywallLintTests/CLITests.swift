import Foundation
import Testing

@Suite("Command line")
struct CLITests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "paywall-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("exit 1 and an editor-style line for a broken file; 0 for --fail-on above it")
    func exitCodes() throws {
        let directory = try temporaryDirectory()
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

    @Test("exit 2 with a one-line message for a missing path, a bad flag, an unknown rule")
    func usageErrors() throws {
        let missing = try runCLI(["no/such/file.yaml"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("no/such/file.yaml: no such file or folder"))
        let badFlag = try runCLI(["--format", "xml", "Examples"])
        #expect(badFlag.status == 2)
        let unknownRule = try runCLI(["--rule", "core/dupliate-key=off", "Examples"])
        #expect(unknownRule.status == 2)
        #expect(unknownRule.error.contains("did you mean 'core/duplicate-key'?"))
    }

    @Test("an unreadable file is never a clean run")
    func unreadable() throws {
        guard getuid() != 0 else { return }  // root reads every file
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("secret.yaml")
        try "a: 1\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0)
        #expect(try runCLI(["secret.yaml"], in: directory).status == 2)
    }

    @Test("a directory named like a file is walked, not read")
    func directoryNamedLikeFile() throws {
        let directory = try temporaryDirectory()
        let folder = directory.appendingPathComponent("looks.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "paywall: 1\nheadline: a\nheadline: b\n".write(
            to: folder.appendingPathComponent("x.yml"), atomically: true, encoding: .utf8)
        let result = try runCLI(["--pack", "core", "looks.yaml"], in: directory)
        #expect(result.output.contains("looks.yaml/x.yml:3:1"))
    }

    @Test("folders are walked in sorted order, skipping hidden folders; symlink loops end")
    func walking() throws {
        let directory = try temporaryDirectory()
        for name in ["b.yaml", "a.json", "sub/c.yml", ".hidden/d.yaml", "notes.txt"] {
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
        #expect(files == ["a.json", "b.yaml", "sub/c.yml"])
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
        let directory = try temporaryDirectory()
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
        let validation = try validateSARIF(result.output)
        #expect(validation.status == 0, "\(validation.summary)")
        #expect(validation.summary == "1 passed, 0 failed")
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        #expect(try runCLI(["--version"]).output == "0.1.0\n")
        let help = try runCLI(["lint", "--help"])
        #expect(help.output.contains("--stdin-filename"))
        #expect(help.output.contains("Examples:"))
    }
}

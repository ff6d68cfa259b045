import Foundation
import Testing

@testable import PaywallLint

/// What a new user meets in the first hour (issue #51): the pre-commit hook in a repository full
/// of YAML and JSON that are not paywalls, reports that go where `--format`/`--output` say,
/// `--diff` patches that `git apply` and `patch -p1` take, and `--fix`/`--diff` on standard input.
@Suite("First hour", .yaml)
struct FirstHourTests {
    // MARK: - Helpers

    /// Writes `files` (relative path → text) under `folder`, making folders as needed.
    private static func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Runs git in `folder`, failing the test when it fails.
    @discardableResult
    private static func git(_ arguments: [String], in folder: URL, input: String? = nil) throws -> (
        status: Int32, output: String, error: String
    ) {
        try runProcess(
            "/usr/bin/env",
            ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.autocrlf=false"]
                + arguments,
            input: input.map { Data($0.utf8) }, currentDirectory: folder)
    }

    /// A git repository holding `files`, committed.
    private static func repository(_ prefix: String, _ files: [String: String]) throws -> URL {
        let folder = try makeScratchDirectory(prefix)
        try write(files, in: folder)
        try git(["init", "-q"], in: folder)
        try git(["add", "-A"], in: folder)
        try git(["commit", "-qm", "files"], in: folder)
        return folder
    }

    /// Checks that `patch` applies to the committed files with `git apply --check` and
    /// `patch -p1 --dry-run`, then applies it with git and returns the files it changed.
    private static func expectApplies(
        _ patch: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let check = try git(["apply", "--check", "-"], in: folder, input: patch)
        #expect(
            check.status == 0, "git apply --check: \(check.error)\n\(patch)", sourceLocation: sourceLocation)
        let dryRun = try runProcess(
            "/usr/bin/env", ["patch", "-p1", "--dry-run", "--batch", "--silent"], input: Data(patch.utf8),
            currentDirectory: folder)
        #expect(
            dryRun.status == 0, "patch -p1: \(dryRun.output)\(dryRun.error)\n\(patch)",
            sourceLocation: sourceLocation)
        let apply = try git(["apply", "-"], in: folder, input: patch)
        #expect(apply.status == 0, "git apply: \(apply.error)", sourceLocation: sourceLocation)
    }

    private static let goodPaywall = try! String(
        contentsOf: Paths.repository.appendingPathComponent("Examples/sketchy/weekly.yaml"), encoding: .utf8)
    private static let brokenPaywall = try! String(
        contentsOf: Paths.repository.appendingPathComponent("Examples/sketchy/weekly-broken.yaml"),
        encoding: .utf8)

    /// The YAML and JSON a repository holds besides its paywalls, all named by pre-commit.
    private static let nonPaywalls = [
        ".github/workflows/ci.yml":
            "name: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
            + "    steps:\n      - uses: actions/checkout@v4\n",
        "package.json": "{\"name\": \"app\", \"version\": \"1.0.0\", \"scripts\": {\"test\": \"jest\"}}\n",
        ".pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: x\n        name: x\n"
            + "        entry: 'true'\n        language: system\n",
    ]

    // MARK: - 1. pre-commit

    @Test(
        "the hook's arguments pass a clean repository of non-paywall YAML and JSON, and fail a broken paywall"
    )
    func hookArgumentsSkipNonPaywalls() throws {
        let folder = try makeScratchDirectory("pl-hook")
        defer { removeScratchDirectory(folder) }
        try Self.write(
            Self.nonPaywalls.merging(["paywalls/weekly.yaml": Self.goodPaywall]) { $1 }, in: folder)
        let named = Self.nonPaywalls.keys.sorted() + ["paywalls/weekly.yaml"]
        let hook = try #require(
            try String(
                contentsOf: Paths.repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8
            ))
        let entry = try #require(hook.split(separator: "\n").first { $0.contains("entry:") })
        let arguments = entry.split(separator: " ").dropFirst(2).map(String.init)
        #expect(arguments.contains("--skip-non-paywalls"))
        #expect(hook.contains("require_serial: true"), "pre-commit would run batches, each with a summary")

        let clean = try runCLI(arguments + named, in: folder)
        #expect(clean.status == 0, "\(clean.output)\(clean.error)")
        #expect(!clean.output.contains("core/unknown-dialect"))
        #expect(clean.output.contains("1 file checked, 3 skipped"), "\(clean.output)")
        let verbose = try runCLI(arguments + ["--verbose"] + named, in: folder)
        #expect(
            verbose.output.contains("package.json: skipped: not a paywall definition"), "\(verbose.output)")

        try Self.write(["paywalls/weekly.yaml": Self.brokenPaywall], in: folder)
        let broken = try runCLI(arguments + named, in: folder)
        #expect(broken.status == 1)
        #expect(broken.output.contains("[apple/close-delay]"))
        #expect(!broken.output.contains("core/unknown-dialect"))

        // Without the flag a named non-paywall is still an error, as documented.
        let plain = try runCLI(["package.json"], in: folder)
        #expect(plain.status == 1)
        #expect(plain.output.contains("[core/unknown-dialect]"))
        // A named file that does not read is still reported: skipping is for what is no paywall.
        try Self.write(["bad.json": "{\"a\": 1,}\n"], in: folder)
        let unreadable = try runCLI(["--skip-non-paywalls", "bad.json"], in: folder)
        #expect(unreadable.status == 1)
        #expect(unreadable.output.contains("[core/parse-error]"))
        // Standard input too.
        let standardInput = try runCLI(
            ["--skip-non-paywalls", "-", "--stdin-filename", "package.json"],
            input: Self.nonPaywalls["package.json"], in: folder)
        #expect(standardInput.status == 0, "\(standardInput.output)")
    }

    // MARK: - 2. --format / --output

    @Test("each --output takes the --format before it; a format without one goes to standard output")
    func outputPairsWithFormatBefore() throws {
        let folder = try makeScratchDirectory("pl-pair")
        defer { removeScratchDirectory(folder) }
        try Self.write(["p.yaml": Self.brokenPaywall], in: folder)
        let result = try runCLI(
            ["--format", "sarif", "--output", "out.sarif", "--format", "text", "p.yaml"], in: folder)
        #expect(result.status == 1)
        let sarif = try String(contentsOf: folder.appendingPathComponent("out.sarif"), encoding: .utf8)
        let json = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
        #expect(json?["version"] as? String == "2.1.0", "out.sarif is not SARIF: \(sarif.prefix(200))")
        #expect(result.output.contains("p.yaml:22:18: error:"), "text goes to standard output")
        #expect(!result.output.contains("$schema"))

        // Two pairs, in either order of formats; `-` is standard output.
        let pairs = try runCLI(
            ["--format", "json", "--output", "out.json", "--format", "github", "--output", "-", "p.yaml"],
            in: folder)
        #expect(pairs.output.hasPrefix("::error "), "\(pairs.output.prefix(100))")
        let written = try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8)
        #expect(written.hasPrefix("{") && written.contains("\"findings\""))

        // Without --format, --output takes the text report.
        let text = try runCLI(["--output", "out.txt", "p.yaml"], in: folder)
        #expect(text.output.isEmpty)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("out.txt"), encoding: .utf8).contains(
                "[apple/"))
    }

    @Test(
        "ambiguous or duplicate outputs are usage errors (exit 2)",
        arguments: [
            (["--output", "a", "--output", "a"], "--output a follows --output a"),
            (
                ["--format", "sarif", "--output", "a", "--format", "json", "--output", "./a"],
                "names the same file"
            ),
            (
                ["--format", "sarif", "--format", "json", "--output", "a", "--output", "b"],
                "for the same --format json"
            ),
            (["--format", "sarif", "--format", "json"], "2 reports would go to standard output"),
            (
                ["--format", "sarif", "--output", "-", "--format", "text"],
                "2 reports would go to standard output"
            ),
            (["--output", "a.sarif", "--format", "sarif"], "comes before any --format"),
            (
                ["--format", "json", "--output", "b.json", "--write-baseline", "b.json"],
                "names the same file"
            ),
            // The old reading (the Nth --output for the Nth --format) fails loudly, not into the wrong file.
            (["--format", "sarif", "--format", "text", "--output", "out.sarif"], "its name says sarif"),
            (["--format", "text", "--output", "report.json", "--format", "sarif"], "its name says json"),
        ])
    func ambiguousOutputs(_ options: [String], _ message: String) throws {
        let folder = try makeScratchDirectory("pl-ambiguous")
        defer { removeScratchDirectory(folder) }
        try Self.write(["p.yaml": Self.brokenPaywall], in: folder)
        let result = try runCLI(options + ["p.yaml"], in: folder)
        #expect(result.status == 2, "\(options): \(result.output)")
        #expect(result.error.contains(message), "\(options): \(result.error)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["p.yaml"], "nothing is written: \(left)")
    }

    @Test("a report that cannot be written names its file")
    func unwritableReportNamesPath() throws {
        let folder = try makeScratchDirectory("pl-unwritable")
        defer { removeScratchDirectory(folder) }
        try Self.write(["p.yaml": Self.goodPaywall], in: folder)
        let result = try runCLI(
            ["--format", "text", "--format", "sarif", "--output", "missing/out.sarif", "p.yaml"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.error.contains("cannot write the report to missing/out.sarif (--format sarif):"),
            "\(result.error)")
    }

    // MARK: - 3. --diff

    @Test("the diff of a 4-line file without a final newline is exact")
    func diffOfShortFile() {
        let old = "paywall: 1\nid: x\npresentation: sheet\nclose: {visible: true, delay_seconds: 3}"
        let new = "paywall: 1\nid: x\npresentation: full_screen\nclose: {visible: true, delay_seconds: 0}"
        #expect(
            Fixer.unifiedDiff(path: "p.yaml", old: Array(old.utf8), new: Array(new.utf8)) == """
                --- a/p.yaml
                +++ b/p.yaml
                @@ -1,4 +1,4 @@
                 paywall: 1
                 id: x
                -presentation: sheet
                -close: {visible: true, delay_seconds: 3}
                \\ No newline at end of file
                +presentation: full_screen
                +close: {visible: true, delay_seconds: 0}
                \\ No newline at end of file

                """)
        #expect(Fixer.unifiedDiff(path: "p.yaml", old: Array(old.utf8), new: Array(old.utf8)) == "")
        // Far-apart changes make two hunks with three lines of context; a lone line is `-5`.
        let lines = (1...20).map { "line \($0)\n" }
        var changed = lines
        changed[4] = "five\n"
        changed[15] = "sixteen\n"
        #expect(
            Fixer.unifiedDiff(path: "f", old: Array(lines.joined().utf8), new: Array(changed.joined().utf8))
                == """
                --- a/f
                +++ b/f
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +five
                 line 6
                 line 7
                 line 8
                @@ -13,7 +13,7 @@
                 line 13
                 line 14
                 line 15
                -line 16
                +sixteen
                 line 17
                 line 18
                 line 19

                """)
        let one = Fixer.unifiedDiff(path: "f", old: Array("a\n".utf8), new: Array("b\n".utf8))
        #expect(one.contains("@@ -1 +1 @@\n-a\n+b\n"), "\(one)")
    }

    @Test("diffs of inserted, removed and changed lines apply with git apply and patch -p1")
    func diffsApply() throws {
        // Seeded: the same cases on every run.
        var generator = SeededGenerator(seed: 51)
        var files: [String: (old: String, new: String)] = [
            "empty-to-text.yaml": ("", "a\nb\n"),
            "text-to-empty.yaml": ("a\nb\n", ""),
            "newline-added.yaml": ("a\nb", "a\nb\n"),
            "newline-removed.yaml": ("a\nb\n", "a\nb"),
            "crlf.yaml": ("a: 1\r\nb: 2\r\nc: 3\r\n", "a: 1\r\nb: 3\r\nc: 3\r\n"),
            "first-line.yaml": ("x\n2\n3\n4\n5\n6\n7\n8\n", "y\n2\n3\n4\n5\n6\n7\n8\n"),
            "last-line.yaml": ("1\n2\n3\n4\n5\n6\n7\nx", "1\n2\n3\n4\n5\n6\n7\ny"),
            "repeated.yaml": ("a\na\na\nb\na\na\n", "a\nb\na\na\nb\na\n"),
        ]
        for index in 0..<40 {
            let count = Int.random(in: 0...30, using: &generator)
            let old = (0..<count).map { _ in "l\(Int.random(in: 0...6, using: &generator))" }
            var new = old
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: new.insert("n\(Int.random(in: 0...6, using: &generator))", at: position)
                case 1 where position < new.count: new.remove(at: position)
                default: if position < new.count { new[position] = "c\(index)" }
                }
            }
            let ending = Bool.random(using: &generator) ? "\n" : ""
            files["random-\(index).txt"] = (
                old.joined(separator: "\n") + (old.isEmpty ? "" : ending),
                new.joined(separator: "\n") + (new.isEmpty ? "" : ending)
            )
        }
        let folder = try Self.repository("pl-diff", files.mapValues(\.old))
        defer { removeScratchDirectory(folder) }
        let patch = files.keys.sorted().map { name in
            Fixer.unifiedDiff(
                path: name, old: Array(files[name]!.old.utf8), new: Array(files[name]!.new.utf8))
        }.joined()
        try Self.expectApplies(patch, in: folder)
        for (name, texts) in files {
            let now = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(now == Data(texts.new.utf8), "\(name): the applied patch did not give the new text")
        }
    }

    @Test("--diff of every fixable case in Examples/ and of fixable test texts applies")
    func cliDiffApplies() throws {
        var files: [String: String] = [:]
        for example in [
            "sketchy/weekly-broken.yaml", "sketchy/Sketchy.storekit", "feature-gate/collections.yaml",
        ] {
            files["Examples/" + example] = try String(
                contentsOf: Paths.repository.appendingPathComponent("Examples/" + example), encoding: .utf8)
        }
        files["four-lines.yaml"] =
            "paywall: 1\nid: x\npresentation: sheet\nclose: {visible: true, delay_seconds: 3}"
        files["crlf.yaml"] =
            "paywall: 1\r\nid: x\r\npresentation: sheet\r\nclose: {visible: true, delay_seconds: 3}\r\n"
        files["one-line.json"] = "{\"paywall\": 1, \"presentation\": \"sheet\"}"
        files["with space.yaml"] = "paywall: 1\npresentation: sheet\n"
        files["first.yaml"] = "presentation: sheet\npaywall: 1\n"
        let folder = try Self.repository("pl-cli-diff", files)
        defer { removeScratchDirectory(folder) }
        let names = files.keys.filter { !$0.hasSuffix(".storekit") }.sorted()
        let arguments = ["--diff", "--storekit", "Examples/sketchy/Sketchy.storekit"] + names
        let diff = try runCLI(arguments, in: folder)
        #expect(diff.status == 1, "\(diff.error)")
        for name in names {
            #expect(diff.output.contains("+++ b/\(name)"), "no fix shown for \(name)")
        }
        try Self.expectApplies(diff.output, in: folder)
        // The applied patch is what --fix writes: nothing is left for --diff to show.
        let again = try runCLI(arguments, in: folder)
        #expect(again.output.isEmpty && again.status == 0, "\(again.output)")
    }

    // MARK: - 8. standard input

    @Test("--fix - prints the fixed text, the report going to standard error")
    func fixStandardInput() throws {
        let folder = try makeScratchDirectory("pl-stdin-fix")
        defer { removeScratchDirectory(folder) }
        try Self.write(["p.yaml": Self.brokenPaywall], in: folder)
        let fixed = try runCLI(
            ["--fix", "-", "--stdin-filename", "p.yaml"], input: Self.brokenPaywall, in: folder)
        // What `fix p.yaml` writes.
        let inPlace = try runCLI(["fix", "p.yaml"], in: folder)
        let written = try String(contentsOf: folder.appendingPathComponent("p.yaml"), encoding: .utf8)
        #expect(written != Self.brokenPaywall)
        #expect(fixed.output == written)
        #expect(fixed.status == inPlace.status)
        #expect(fixed.error.contains("p.yaml:"), "the remaining findings go to standard error")
        #expect(fixed.error.contains("fixed 3 problems in 1 file"), "\(fixed.error)")
        // Nothing to fix: the input comes back as it was, so an editor can always take the output.
        let clean = try runCLI(
            ["fix", "-", "--stdin-filename", "p.yaml"], input: Self.goodPaywall, in: folder)
        #expect(clean.output == Self.goodPaywall)
        #expect(clean.status == 0)
        // A report with its own file still goes there.
        let json = try runCLI(
            ["--fix", "-", "--stdin-filename", "p.yaml", "--format", "json", "--output", "r.json"],
            input: Self.brokenPaywall, in: folder)
        #expect(json.output == written)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8).contains(
                "\"findings\""))
    }

    @Test("--diff - prints a diff that applies to the file --stdin-filename names")
    func diffStandardInput() throws {
        let folder = try Self.repository("pl-stdin-diff", ["paywalls/p.yaml": Self.brokenPaywall])
        defer { removeScratchDirectory(folder) }
        let diff = try runCLI(
            ["--diff", "-", "--stdin-filename", "paywalls/p.yaml"], input: Self.brokenPaywall, in: folder)
        #expect(diff.status == 1)
        #expect(diff.output.hasPrefix("--- a/paywalls/p.yaml\n+++ b/paywalls/p.yaml\n@@ "), "\(diff.output)")
        #expect(diff.error.contains("would fix 3 problems in 1 file"), "\(diff.error)")
        try Self.expectApplies(diff.output, in: folder)
        let clean = try runCLI(
            ["--diff", "-", "--stdin-filename", "p.yaml"], input: Self.goodPaywall, in: folder)
        #expect(clean.output.isEmpty && clean.status == 0)
    }
}

/// A small deterministic generator (SplitMix64), so that generated cases are the same each run.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import Foundation
import Testing

@testable import PaywallLint

@Suite("Configuration, baseline and the CLI around them", .yaml)
struct ConfigTests {
    /// The built-in packs are compiled in as JSON with their vocabularies apart (embed-rule-packs),
    /// and read at start-up: together they must be exactly what reading Rules/*.yml whole gives.
    @Test func builtInPacksEqualTheirFilesReadWhole() throws {
        let library = try PackLibrary.builtIn()
        let folder = Paths.repository.appendingPathComponent("Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".yml")
        }
        #expect(files.count == library.order.count)
        var words = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let whole = try PackReader.read(path: "Rules/" + file, text: text)
            let builtIn = try #require(library.packs[whole.name], "\(file)")
            #expect(builtIn.vocabularies == whole.vocabularies, "\(file)")
            #expect(builtIn.rules.map(\.descriptor) == whole.rules.map(\.descriptor), "\(file)")
            #expect(builtIn.rules.map(\.options) == whole.rules.map(\.options), "\(file)")
            #expect(builtIn.rules.map(\.check) == whole.rules.map(\.check), "\(file)")
            #expect(builtIn.rules.map(\.field) == whole.rules.map(\.field), "\(file)")
            #expect(
                builtIn.rules.map(\.examples.invalid.count) == whole.rules.map(\.examples.invalid.count),
                "\(file)")
            #expect(builtIn.extends == whole.extends && builtIn.summary == whole.summary, "\(file)")
            words += whole.vocabularies.values.map(\.count).reduce(0, +)
        }
        #expect(words > 4_000)
    }

    /// The packs a lint without rule documentation reads are the documented ones without
    /// descriptions and examples: every other field is the same.
    @Test func undocumentedPacksDifferOnlyInDocumentation() throws {
        let documented = try PackLibrary.builtIn()
        let undocumented = try PackLibrary.builtIn(documented: false)
        #expect(undocumented.order == documented.order)
        var described = 0
        for name in documented.order {
            let full = try #require(documented.packs[name])
            let lean = try #require(undocumented.packs[name])
            #expect(
                lean.vocabularies == full.vocabularies && lean.overrides.keys == full.overrides.keys,
                "\(name)")
            #expect(lean.rules.count == full.rules.count, "\(name)")
            for (a, b) in zip(lean.rules, full.rules) {
                var expected = b.descriptor
                expected.description = ""
                #expect(a.descriptor == expected, "\(b.descriptor.id)")
                #expect(a.options == b.options && a.check == b.check, "\(b.descriptor.id)")
                #expect(a.dialects == b.dialects && a.supersedes == b.supersedes, "\(b.descriptor.id)")
                #expect(
                    a.defaultLocaleOnly == b.defaultLocaleOnly && a.field == b.field, "\(b.descriptor.id)")
                #expect(a.examples.valid.isEmpty && a.examples.invalid.isEmpty, "\(b.descriptor.id)")
                if !b.descriptor.description.isEmpty { described += 1 }
            }
        }
        #expect(described > 50)
    }

    /// A scratch folder holding the given files; the caller removes it.
    func project(_ files: [String: String]) throws -> URL {
        let root = try makeScratchDirectory("pl-config")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    var sketchy: String {
        get throws {
            try String(
                contentsOf: Paths.examples.appendingPathComponent("sketchy/weekly.yaml"), encoding: .utf8)
        }
    }

    @Test("the nearest config applies: extends, rule settings, per-folder overrides, exclude")
    func overrides() throws {
        let delayed = try sketchy.replacingOccurrences(of: "delay_seconds: 0", with: "delay_seconds: 3")
        let root = try project([
            ".paywall-lint.yml": """
            extends: [sketchy]
            rules: {sketchy/benefits: off}
            exclude: ["**/skip/**"]
            overrides:
              - files: ["paywalls/legacy/**"]
                rules: {apple/close-delay: warning}

            """,
            "paywalls/legacy/old.yaml": delayed, "paywalls/new.yaml": delayed,
            "paywalls/skip/x.yaml": delayed,
        ])
        defer { removeScratchDirectory(root) }
        let result = try runCLI(["."], in: root.appendingPathComponent("paywalls"))
        let lines = result.output.split(separator: "\n").filter { $0.contains("[apple/close-delay]") }
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("legacy/old.yaml:24:18: warning:") })
        #expect(lines.contains { $0.hasPrefix("new.yaml:24:18: error:") })
        #expect(result.status == 1)
        // Excluded files are skipped when walked, and with --force-exclude also when named.
        #expect(try runCLI(["skip/x.yaml"], in: root.appendingPathComponent("paywalls")).status == 1)
        let forced = try runCLI(
            ["--force-exclude", "skip/x.yaml"], in: root.appendingPathComponent("paywalls"))
        #expect(forced.status == 0)
        #expect(forced.error.contains("no files to lint"))
    }

    @Test("a folder's files after a subfolder with a config of its own keep the folder's config")
    func configBySubfolderRuns() throws {
        let delayed = try sketchy.replacingOccurrences(of: "delay_seconds: 0", with: "delay_seconds: 3")
        let root = try project([
            ".paywall-lint.yml": "extends: [sketchy]\nrules: {apple/close-delay: warning}\n",
            "m/.paywall-lint.yml": "extends: [sketchy]\n",
            "a.yaml": delayed, "m/b.yaml": delayed, "z.yaml": delayed,
        ])
        defer { removeScratchDirectory(root) }
        // The walk lists a.yaml, then m/b.yaml, then z.yaml: the root folder's files come in two runs.
        let lines = try runCLI(["."], in: root).output.split(separator: "\n").filter {
            $0.contains("[apple/close-delay]")
        }
        #expect(
            lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "a.yaml:24:18: warning:", "m/b.yaml:24:18: error:", "z.yaml:24:18: warning:",
            ])
    }

    @Test("folders sharing parents: each finds its nearest config, and each near-miss name is reported once")
    func nestedSearch() throws {
        let broken = try String(
            contentsOf: Paths.examples.appendingPathComponent("sketchy/weekly-broken.yaml"), encoding: .utf8)
        let root = try project([
            "paywall-lint.yml": "extends: [sketchy]\n", "app/.paywall-lint.yml": "extends: [sketchy]\n",
            "app/a/paywall-lint.json": "{}\n", "app/a/x/p.yaml": broken, "app/a/y/p.yaml": broken,
            "app/b/p.yaml": broken, "other/p.yaml": broken,
        ])
        defer { removeScratchDirectory(root) }
        let result = try runCLI(["."], in: root)
        let sketchyFiles = Set(
            result.output.split(separator: "\n").filter { $0.contains("[sketchy/weekly-plan]") }.map {
                $0.prefix { $0 != ":" }
            })
        // `other/` passes the near-miss at the root on its way up and finds no config.
        #expect(sketchyFiles == ["app/a/x/p.yaml", "app/a/y/p.yaml", "app/b/p.yaml"])
        let warnings = result.error.split(separator: "\n").filter { $0.contains("is not read") }
        #expect(
            warnings == [
                "paywall-lint: warning: app/a/paywall-lint.json is not read: the configuration file is named .paywall-lint.yml (or .yaml, .json)",
                "paywall-lint: warning: paywall-lint.yml is not read: the configuration file is named .paywall-lint.yml (or .yaml, .json)",
            ])
    }

    @Test("config errors: unknown key or rule ID with a suggestion, exit 2")
    func errors() throws {
        let unknownKey = try project([".paywall-lint.yml": "extend: [sketchy]\n"])
        defer { removeScratchDirectory(unknownKey) }
        let result = try runCLI(["."], in: unknownKey)
        #expect(result.status == 2)
        #expect(
            result.error.contains(
                ".paywall-lint.yml:1:1: error: unknown key 'extend' in the configuration; did you mean 'extends'?"
            ))
        let unknownRule = try project([".paywall-lint.yml": "rules:\n  apple/close-buton: off\n"])
        defer { removeScratchDirectory(unknownRule) }
        let rule = try runCLI(["."], in: unknownRule)
        #expect(rule.status == 2)
        #expect(
            rule.error.contains(
                "2:3: error: unknown rule 'apple/close-buton'; did you mean 'apple/close-button'?"))
        let unknownPack = try project([".paywall-lint.yml": "extends: [skechy]\n"])
        defer { removeScratchDirectory(unknownPack) }
        #expect(try runCLI(["."], in: unknownPack).error.contains("did you mean 'sketchy'?"))
    }

    @Test("a user pack file extends a built-in pack and adds a rule; a bad one is an error with its position")
    func userPack() throws {
        let root = try project([
            ".paywall-lint.yml": "extends: [packs/acme.yml]\n",
            "packs/acme.yml": """
            pack: acme
            extends: [recommended]
            rules:
              - id: acme/app-name
                severity: error
                summary: The app is called Acme.
                check: one-of
                field: app
                with: {values: [Acme]}
                examples: {valid: [{app: Acme}], invalid: [{app: Sketchy}]}

            """,
            "p.yaml": try sketchy,
        ])
        defer { removeScratchDirectory(root) }
        let result = try runCLI(["p.yaml"], in: root)
        #expect(
            result.output.contains("p.yaml:6:6: error: app is \"Sketchy\"; expected Acme [acme/app-name]"))
        let broken = try project([
            ".paywall-lint.yml": "extends: [acme.yml]\n",
            "acme.yml":
                "pack: acme\nrules:\n  - id: acme/x\n    severity: error\n    summary: x\n    check: one-off\n    field: app\n",
            "p.yaml": try sketchy,
        ])
        defer { removeScratchDirectory(broken) }
        let error = try runCLI(["p.yaml"], in: broken)
        #expect(error.status == 2)
        #expect(
            error.error.contains(
                "acme.yml:6:12: error: rule acme/x: unknown check 'one-off'; did you mean 'one-of'?"))
    }

    @Test("--rule and --pack on the command line override the config; print-config shows the result")
    func commandLine() throws {
        let root = try project([".paywall-lint.yml": "extends: [sketchy]\nfail-on: warning\n"])
        defer { removeScratchDirectory(root) }
        let printed = try runCLI(["print-config", "--rule", "sketchy/benefits=off"], in: root)
        #expect(printed.output.contains("extends: [sketchy]"))
        #expect(printed.output.contains("fail-on: warning"))
        #expect(printed.output.contains("  sketchy/benefits: off"))
        #expect(
            printed.output.contains(
                "  recommended/legible-text: {severity: error, with: {min-contrast: \"4.5\", min-size: \"11\"}}"
            ))
        let rules = try runCLI(["rules", "--pack", "apple", "--format", "json"], in: root)
        #expect(!rules.output.contains("sketchy/"))
        #expect(rules.output.contains("\"id\": \"apple/close-button\""))
    }

    @Test("a baseline keyed by rule and JSON pointer survives inserted lines")
    func baseline() throws {
        let delayed = try sketchy.replacingOccurrences(of: "delay_seconds: 0", with: "delay_seconds: 3")
        let root = try project(["p.yaml": delayed])
        defer { removeScratchDirectory(root) }
        let written = try runCLI(["--write-baseline", "baseline.json", "p.yaml"], in: root)
        #expect(written.status == 0)
        let json = try String(contentsOf: root.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(
            json.contains(
                "\"rule\": \"apple/close-delay\", \"pointer\": \"/close/delay_seconds\", \"count\": 1"))
        // Lines inserted above: the baseline still covers the finding.
        try ("# moved down\n\n" + delayed).write(
            to: root.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        let again = try runCLI(["--baseline", "baseline.json", "p.yaml"], in: root)
        #expect(again.status == 0)
        #expect(again.output.contains("No problems found"))
        // A new problem is still reported.
        let worse = ("# moved down\n\n" + delayed).replacingOccurrences(
            of: "presentation: full_screen", with: "presentation: sheet")
        try worse.write(to: root.appendingPathComponent("p.yaml"), atomically: true, encoding: .utf8)
        let newFinding = try runCLI(["--baseline", "baseline.json", "p.yaml"], in: root)
        #expect(newFinding.status == 1)
        #expect(newFinding.output.contains("[recommended/full-screen]"))
        #expect(!newFinding.output.contains("[apple/close-delay]"))
    }

    /// Globs that a backtracking or brace-expanding matcher needs minutes or gigabytes for: each
    /// is matched in linear time. The bound is generous, so that a loaded machine cannot fail it.
    @Test("hostile globs match in linear time, and over-long ones are refused")
    func hostileGlobs() throws {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let braces = try Glob(String(repeating: "{a,b}", count: 24))
            #expect(braces.matches(String(repeating: "ab", count: 12)))
            #expect(!braces.matches(String(repeating: "ab", count: 12) + "c"))
            let stars = try Glob("*a*a*a*a*a*a*a*a*b")
            #expect(!stars.matches(String(repeating: "a", count: 2_000)))
            let deep = try Glob("**/**/**/**/**/**/**/**/c")
            #expect(!deep.matches(Array(repeating: "d", count: 500).joined(separator: "/")))
            #expect(deep.matches(Array(repeating: "d", count: 500).joined(separator: "/") + "/c"))
        }
        #expect(elapsed < .seconds(5), "\(elapsed)")
        #expect(throws: Glob.Invalid.self) { try Glob(String(repeating: "a", count: Glob.maxScalars + 1)) }
        #expect(try Glob("{a,{b,c}}.yaml").matches("x/c.yaml"))
        #expect(try Glob("literal{brace.yaml").matches("literal{brace.yaml"))
        #expect(try Glob("/top/*.yaml").matches("top/a.yaml"))
    }

    @Test("globs")
    func globs() throws {
        #expect(try Glob("**/legacy/**").matches("paywalls/legacy/a.yaml"))
        #expect(try Glob("paywalls/*.yaml").matches("paywalls/a.yaml"))
        #expect(!(try Glob("paywalls/*.yaml")).matches("paywalls/x/a.yaml"))
        #expect(try Glob("*.json").matches("deep/down/a.json"))
        #expect(try Glob("p/**/*.{yml,yaml}").matches("p/a.yml"))
        #expect(try Glob("p/**/*.{yml,yaml}").matches("p/q/r/a.yaml"))
        #expect(!(try Glob("p/?.yaml")).matches("p/ab.yaml"))
    }
}

@Suite("Editors", .yaml)
struct EditorTests {
    @Test("--stdin-filename lints a buffer with the config and dialect its path would get")
    func stdinUsesTheNearestConfig() throws {
        let text = try String(
            contentsOf: Paths.examples.appendingPathComponent("sketchy/weekly.yaml"), encoding: .utf8
        )
        .replacingOccurrences(of: "app: Sketchy", with: "app: Sketchy Pro")
        // Under Examples/sketchy the sketchy pack applies (its .paywall-lint.yml): app-name fires.
        let inSketchy = try runCLI(["-", "--stdin-filename", "Examples/sketchy/buffer.yaml"], input: text)
        #expect(inSketchy.output.contains("Examples/sketchy/buffer.yaml:6:6: error:"))
        #expect(inSketchy.output.contains("[sketchy/app-name]"))
        // Elsewhere the default preset applies, which has no app-name rule.
        let elsewhere = try runCLI(["-", "--stdin-filename", "Examples/buffer.yaml"], input: text)
        #expect(!elsewhere.output.contains("[sketchy/app-name]"))
    }
}

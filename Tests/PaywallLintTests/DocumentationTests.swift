import Foundation
import PaywallLint
import Testing

/// The documentation holds what the code does: the generated rule reference is current, the
/// schema the starter paywall names is in the repository, relative links lead to files, and the
/// library example of docs/integrations.md works.
@Suite(.yaml) struct DocumentationTests {
    static let rulesCommand = ["rules", "--format", "markdown", "--pack", "sketchy", "--pack", "revenuecat"]
    static let regenerate =
        "swift build && .build/debug/paywall-lint rules --format markdown --pack sketchy --pack revenuecat > docs/rules.md"

    static func read(_ path: String) throws -> String {
        try String(contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("docs/rules.md is what `paywall-lint rules --format markdown` prints")
    func rulesPageIsCurrent() throws {
        let result = try runCLI(Self.rulesCommand)
        #expect(result.status == 0, "\(result.error)")
        let page = try Self.read("docs/rules.md")
        guard page != result.output else { return }
        let pageLines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let outputLines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(pageLines, outputLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(pageLines.count, outputLines.count)
        Issue.record(
            """
            docs/rules.md is stale (first difference at line \(first + 1)); regenerate it at the \
            repository's root with:
              \(Self.regenerate)
            """)
    }

    @Test("every rule of the built-in packs has an entry in docs/rules.md, with its source's full reference")
    func rulesPageCoversEveryRule() throws {
        let page = try Self.read("docs/rules.md")
        let ruleSet = try RuleSet(
            packs: ["sketchy", "revenuecat"], library: PackLibrary.builtIn())
        for rule in ruleSet.rules {
            #expect(page.contains("### `\(rule.descriptor.id)`"), "\(rule.descriptor.id)")
        }
        for name in ["core", "apple", "recommended", "sketchy", "revenuecat"] {
            #expect(page.contains("## Pack `\(name)`"), "\(name)")
        }
        #expect(page.contains("https://developer.apple.com/app-store/review/guidelines/"))
    }

    @Test("the schema init's starter paywall names is a file of the repository, and is the schema's $id")
    func starterSchemaExists() throws {
        let directory = try makeScratchDirectory("pl-docs-init")
        defer { removeScratchDirectory(directory) }
        #expect(try runCLI(["init"], in: directory).status == 0)
        let starter = try String(
            contentsOf: directory.appendingPathComponent("paywall.yaml"), encoding: .utf8)
        let marker = "# yaml-language-server: $schema="
        let line = starter.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix(marker), "the starter's first line names its schema: \(line)")
        let url = String(line.dropFirst(marker.count))
        let prefix = "https://raw.githubusercontent.com/paywall-lint/paywall-lint/main/"
        #expect(url.hasPrefix(prefix), "\(url) is not a raw URL of the repository's main branch")
        let path = String(url.dropFirst(prefix.count))
        #expect(
            FileManager.default.fileExists(atPath: Paths.repository.appendingPathComponent(path).path),
            "\(path) is not in the repository")
        let schema = try JSONSerialization.jsonObject(with: Data(try Self.read(path).utf8)) as? [String: Any]
        #expect(schema?["$id"] as? String == url, "the schema's $id is the URL the starter names")
    }

    @Test("the starter config's link leads to a section of the README")
    func starterConfigLink() throws {
        let directory = try makeScratchDirectory("pl-docs-config")
        defer { removeScratchDirectory(directory) }
        #expect(try runCLI(["init"], in: directory).status == 0)
        let config = try String(
            contentsOf: directory.appendingPathComponent(".paywall-lint.yml"), encoding: .utf8)
        let link = config.split(separator: " ").first { $0.hasPrefix("https://") }.map(String.init) ?? ""
        let prefix = "https://github.com/paywall-lint/paywall-lint#"
        #expect(link.hasPrefix(prefix), "\(link)")
        let anchor = link.dropFirst(prefix.count).split(separator: "\n").first.map(String.init) ?? ""
        let readme = try Self.read("README.md")
        let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") || $0.hasPrefix("### ") }
            .map {
                $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                    .replacingOccurrences(of: " ", with: "-")
            }
        #expect(headings.contains(anchor), "README.md has no heading for #\(anchor)")
    }

    @Test("relative links in README.md and docs/ lead to files that exist")
    func relativeLinks() throws {
        let pages =
            ["README.md", "Rules/README.md"]
            + [
                "configuration", "dialects", "development", "integrations", "performance", "robustness",
                "rules",
            ]
            .map { "docs/\($0).md" }
        for page in pages {
            let text = try Self.read(page)
            let folder = Paths.repository.appendingPathComponent(page).deletingLastPathComponent()
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path),
                    "\(page) links to \(target), which does not exist")
            }
        }
    }

    @Test("README.md stays under 300 lines and the docs tell no history")
    func shortAndCurrent() throws {
        let readme = try Self.read("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 300)
        let ordinals = ["first", "second", "third", "tenth", "twentieth", "thirtieth", "fortieth"]
        for page in ["README.md"]
            + ["configuration", "dialects", "development", "integrations", "performance", "robustness"].map({
                "docs/\($0).md"
            })
        {
            let text = try Self.read(page).lowercased()
            #expect(!text.contains("th stop"), "\(page) tells the history of the work")
            for ordinal in ordinals {
                #expect(!text.contains("\(ordinal) stop"), "\(page) tells the history of the work")
            }
        }
    }

    /// The example of docs/integrations.md ("The library"), word for word.
    /// The example of docs/integrations.md, as written there.
    func problems(in json: String, store: StoreData? = nil) throws -> [String] {
        let validator = try PaywallValidator(packs: ["recommended"])
        let result = validator.validate(json: json, dialect: .remoteConfig, store: store)
        return result.findings.filter { $0.severity == .error }.map {
            "\($0.span.start): \($0.message) [\($0.ruleID)]"
        }
    }

    @Test("the library example of docs/integrations.md works as shown")
    func libraryExample() throws {
        let page = try Self.read("docs/integrations.md")
        for line in [
            "let validator = try PaywallValidator(packs: [\"recommended\"])",
            "let result = validator.validate(json: json, dialect: .remoteConfig, store: store)",
            "return result.findings.filter { $0.severity == .error }.map {",
            "\"\\($0.span.start): \\($0.message) [\\($0.ruleID)]\"",
        ] {
            #expect(page.contains(line), "docs/integrations.md no longer shows: \(line)")
        }
        let broken = try problems(
            in: "{\"headline\": \"Go Pro\", \"productIDs\": [\"a.b\"], \"ctaTitle\": \"Buy\",}")
        #expect(broken.contains { $0.hasSuffix("[core/parse-error]") }, "\(broken)")
        let clean = try Self.read("Examples/remote-config/fallback.json")
        #expect(try problems(in: clean).allSatisfy { !$0.hasSuffix("[core/parse-error]") })
    }

}

/// The packs the core compiles in are Rules/*.yml as they are now.
@Suite("Embedded packs", .yaml)
struct EmbeddedPacksTests {
    @Test("Sources/PaywallLint/Engine/EmbeddedRulePacks.swift is what embed-rule-packs writes from Rules/")
    func embeddedPacksAreCurrent() throws {
        let generator = URL(fileURLWithPath: cliPath).deletingLastPathComponent()
            .appendingPathComponent("embed-rule-packs").path
        let folder = try makeScratchDirectory("paywall-lint-packs")
        defer { removeScratchDirectory(folder) }
        let output = folder.appendingPathComponent("EmbeddedRulePacks.swift").path
        let rules = try FileManager.default.contentsOfDirectory(
            atPath: Paths.repository.appendingPathComponent("Rules").path
        ).filter { $0.hasSuffix(".yml") }.map { Paths.repository.appendingPathComponent("Rules/" + $0).path }
        let result = try runProcess(generator, [output] + rules)
        #expect(result.status == 0, "\(result.error)")
        let fresh = try String(contentsOfFile: output, encoding: .utf8)
        let checkedIn = try String(
            contentsOf: Paths.repository.appendingPathComponent(
                "Sources/PaywallLint/Engine/EmbeddedRulePacks.swift"),
            encoding: .utf8)
        #expect(fresh == checkedIn, "stale: run `swift run embed-rule-packs` and commit the file")
    }
}

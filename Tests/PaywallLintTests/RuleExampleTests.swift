import Testing

@testable import PaywallLint

@Suite("Rule examples", .yaml)
struct RuleExampleTests {
    @Test(
        "every valid example passes its rule and every invalid one triggers it",
        arguments: PackLibrary.builtInNames)
    func examples(pack: String) throws {
        let failures = try ExampleRunner(library: PackLibrary.builtIn()).check(pack: pack)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test("a rule without both kinds of examples fails")
    func missingExamples() throws {
        var library = try PackLibrary.builtIn()
        let pack = try PackReader.read(
            path: "custom.yml",
            text: """
                pack: custom
                extends: [recommended]
                rules:
                  - id: custom/app
                    severity: error
                    summary: App is set.
                    check: required
                    field: app
                    examples:
                      valid: [{app: Sketchy}]

                """)
        try library.add(pack)
        let failures = try ExampleRunner(library: library).check(pack: "custom")
        #expect(failures.map(\.message) == ["needs both valid and invalid examples"])
    }
}

@Suite("Rule documentation", .yaml)
struct RuleDocumentationTests {
    @Test("every rule of every built-in pack is documented, and explain prints each")
    func catalogue() throws {
        let library = try PackLibrary.builtIn()
        for name in PackLibrary.builtInNames {
            for rule in library.packs[name]!.rules {
                let markdown = RuleDocumentation.markdown(for: rule)
                #expect(markdown.contains("## Triggers") && markdown.contains("## Does not trigger"))
                #expect(!rule.descriptor.description.isEmpty, "\(rule.descriptor.id) has no description")
            }
        }
    }
}

@Suite("Catalogue against the spec", .yaml, .needsShared)
struct SpecCatalogueTests {
    @Test("every rule ID of the spec's RULES.md is a rule of a built-in pack")
    func everySpecRuleExists() throws {
        let spec = try String(
            contentsOf: Paths.shared.appendingPathComponent("spec/RULES.md"), encoding: .utf8)
        let ids = Set(
            spec.matches(of: /`((?:core|apple|recommended|sketchy|revenuecat)\/[a-z0-9-]+)`/).map {
                String($0.output.1)
            })
        #expect(ids.count >= 55)
        let library = try PackLibrary.builtIn()
        let defined = Set(library.packs.values.flatMap { $0.rules.map(\.descriptor.id) })
        #expect(ids.subtracting(defined).isEmpty, "missing: \(ids.subtracting(defined).sorted())")
    }
}

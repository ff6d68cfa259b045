import ArgumentParser
import PaywallLint

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule of the effective configuration.",
        discussion: """
            Examples:
              paywall-lint rules
              paywall-lint rules --pack sketchy --format json
              paywall-lint rules --format markdown --pack sketchy > rules.md
            """
    )

    enum ListFormat: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
        /// The rule reference page: every rule in full, with its sources and examples.
        case markdown
    }

    @Option(help: "Output format (markdown: the rule reference page, docs/rules.md).")
    var format: ListFormat = .text

    @OptionGroup var ruleOptions: RuleOptions

    func run() throws {
        let ruleSet: RuleSet
        do {
            let selection = ruleOptions.selection
            ruleSet = try selection.ruleSet(try selection.configuration())
            // What lint would reject (an option a check does not take, a bad value) is rejected here too.
            _ = try Linter(ruleSet: ruleSet)
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        var out = ""
        switch format {
        case .text:
            let width = ruleSet.descriptors.map(\.id.count).max() ?? 0
            for rule in ruleSet.descriptors {
                let id = rule.id + String(repeating: " ", count: width - rule.id.count)
                let severity =
                    rule.severity.name + String(repeating: " ", count: 7 - rule.severity.name.count)
                out += "\(TerminalText.escaped(id))  \(severity)  \(TerminalText.escaped(rule.summary))\n"
            }
        case .json:
            out = "[\n"
            for (index, rule) in ruleSet.descriptors.enumerated() {
                out +=
                    "  {\"id\": \(JSONText.quoted(rule.id)), \"severity\": \(JSONText.quoted(rule.severity.name)), "
                out +=
                    "\"pack\": \(JSONText.quoted(rule.pack)), \"summary\": \(JSONText.quoted(rule.summary))}"
                out += index + 1 < ruleSet.descriptors.count ? ",\n" : "\n"
            }
            out += "]\n"
        case .markdown:
            var summaries: [String: String] = [:]
            if let library = try? PackLibrary.builtIn() {
                for (name, pack) in library.packs { summaries[name] = pack.summary }
            }
            out = RulesMarkdown.page(ruleSet, packSummaries: summaries)
        }
        StandardStream.output.write(out)
    }
}

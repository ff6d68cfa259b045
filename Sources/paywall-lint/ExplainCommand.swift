import ArgumentParser
import PaywallLint

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print a rule's description, rationale, source and examples.",
        discussion: """
            Examples:
              paywall-lint explain apple/hardcoded-price
              paywall-lint explain sketchy/cta-no-free --pack sketchy
            """
    )

    @Argument(help: "The rule ID, e.g. apple/restore-button.")
    var ruleID: String

    @OptionGroup var ruleOptions: RuleOptions

    func run() throws {
        let ruleSet: RuleSet
        do {
            var options = ruleOptions.selection
            let configuration = try options.configuration()
            // Every built-in rule, and the config's own packs' rules.
            if options.packs.isEmpty {
                options.packs =
                    PackLibrary.builtInNames
                    + configuration.extends.filter {
                        !PackLibrary.builtInNames.contains($0)
                    }
            }
            ruleSet = try options.ruleSet(configuration)
            _ = try Linter(ruleSet: ruleSet)
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        guard let rule = ruleSet.rule(ruleID) else {
            var message = "unknown rule '\(ruleID)'"
            // `hardcoded-price` for `apple/hardcoded-price`: the ID without its pack.
            let unqualified = ruleSet.knownRuleIDs.filter {
                $0.split(separator: "/").last.map(String.init) == ruleID
            }
            if let nearest = unqualified.first ?? Suggestion.nearest(to: ruleID, in: ruleSet.knownRuleIDs) {
                message += "; did you mean '\(nearest)'?"
            }
            throw fail(message)
        }
        StandardStream.output.write(
            TerminalText.escaped(RuleDocumentation.markdown(for: rule), keepingLines: true))
    }
}

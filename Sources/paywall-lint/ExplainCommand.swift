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
            if options.packs.isEmpty { options.packs = PackLibrary.builtInNames }
            ruleSet = try options.ruleSet(try options.configuration())
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
        guard let rule = ruleSet.rule(ruleID) else {
            var message = "unknown rule '\(ruleID)'"
            if let nearest = Suggestion.nearest(to: ruleID, in: ruleSet.knownRuleIDs) {
                message += "; did you mean '\(nearest)'?"
            }
            throw fail(message)
        }
        StandardStream.output.write(
            TerminalText.escaped(RuleDocumentation.markdown(for: rule), keepingLines: true))
    }
}

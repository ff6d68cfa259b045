import ArgumentParser

struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Apply safe fixes in place, then report what is left.",
        discussion: """
            Safe fixes edit the YAML/JSON text at the finding's span, so comments, order and \
            formatting survive: presentation sheet → full_screen, close delay → 0, a literal price \
            equal to the highlighted product's store price → {{ price }} (needs --storekit), a \
            hard-coded savings percentage → {{ savings_percent }}. Files are written atomically.

            Examples:
              paywall-lint fix paywalls/
              paywall-lint fix --diff --storekit Products.storekit paywalls/variant-b.yaml
            """
    )

    @OptionGroup var lint: LintCommand

    func run() throws {
        var arguments = lint.arguments
        arguments.fix = true
        try arguments.run()
    }
}

import ArgumentParser
import PaywallLint

struct PrintConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-config",
        abstract: "Print the effective configuration for a file (packs, rules with severities and options).",
        discussion: """
            Examples:
              paywall-lint print-config
              paywall-lint print-config paywalls/legacy/old.yaml
            """
    )

    @Argument(help: "The file whose configuration to print (overrides depend on its path).")
    var path: String?

    @OptionGroup var ruleOptions: RuleOptions

    func run() throws {
        let selection = ruleOptions.selection
        do {
            let config = try selection.configuration()
            let relative = path.map { ConfigLoader.configRelative($0, config: config) }
            let overrides = relative.map { config.overrides(for: $0) } ?? []
            let ruleSet = try selection.ruleSet(config, overrides: overrides)
            _ = try Linter(ruleSet: ruleSet)  // rejects what lint rejects
            var out = "# effective configuration" + (path.map { " for \($0)" } ?? "") + "\n"
            out += "config: \(config.path.map(JSONText.quoted) ?? "null  # none found: defaults")\n"
            out +=
                "extends: [\((selection.packs.isEmpty ? config.extends : selection.packs).joined(separator: ", "))]\n"
            out += "fail-on: \((config.failOn ?? .error).name)\n"
            if let storekit = config.storekit { out += "storekit: \(JSONText.quoted(storekit))\n" }
            if let dialect = config.dialect { out += "dialect: \(dialect.rawValue)\n" }
            if !config.include.isEmpty {
                out +=
                    "include: [\(config.include.map { JSONText.quoted($0.pattern) }.joined(separator: ", "))]\n"
            }
            if !config.exclude.isEmpty {
                out +=
                    "exclude: [\(config.exclude.map { JSONText.quoted($0.pattern) }.joined(separator: ", "))]\n"
            }
            if let relative {
                out += "included: \(config.includes(relative))\n"
                out += "overrides applied: [\(overrides.map(String.init).joined(separator: ", "))]\n"
            }
            out += "rules:\n"
            for rule in ruleSet.rules {
                out += "  \(rule.descriptor.id): "
                let options = rule.options.keys.sorted().filter { $0 != "message" }
                if options.isEmpty {
                    out += rule.descriptor.severity.name + "\n"
                } else {
                    let with = options.map { "\($0): \(ExampleText.inline(rule.options[$0]!))" }.joined(
                        separator: ", ")
                    out += "{severity: \(rule.descriptor.severity.name), with: {\(with)}}\n"
                }
            }
            let off = ruleSet.knownRuleIDs.filter { ruleSet.severity(of: $0) == nil }
            for id in off { out += "  \(id): off\n" }
            StandardStream.output.write(out)
        } catch let error as ConfigurationError {
            StandardStream.error.write("\(error)\n")
            throw Exit.failure
        }
    }
}

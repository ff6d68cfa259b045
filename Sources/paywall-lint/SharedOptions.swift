import ArgumentParser
import PaywallLint

extension Severity: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["error", "warning", "note"] }
}

extension OutputFormat: ExpressibleByArgument {}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case always
    case never
}

/// Options that choose the rules: the same for `lint`, `rules`, `explain` and `print-config`.
struct RuleOptions: ParsableArguments {
    @Option(help: "Use this configuration file instead of the nearest .paywall-lint.yml.")
    var config: String?

    @Option(
        name: .customLong("pack"),
        help:
            "A built-in pack (core, apple, recommended, sketchy, revenuecat) instead of the config's extends. Repeatable."
    )
    var packs: [String] = []

    @Option(
        name: .customLong("rule"),
        help: ArgumentHelp("Set one rule: ID=off|error|warning|note. Repeatable.", valueName: "id=level"))
    var rules: [String] = []

    /// The choice as plain values.
    var selection: RuleSelection { RuleSelection(config: config, packs: packs, rules: rules) }
}

/// Which rules apply: `--config`, `--pack` and `--rule`, as plain values (whichever parser read
/// them).
struct RuleSelection: Equatable {
    var config: String?
    var packs: [String] = []
    var rules: [String] = []

    /// The `--rule` flags as settings.
    func settings() throws -> [RuleSet.Setting] {
        try rules.map { setting in
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ConfigurationError(
                    path: "--rule", message: "'\(setting)' is not ID=off|error|warning|note")
            }
            var override = RuleOverride(location: .fileStart)
            if parts[1] == "off" {
                override.off = true
            } else if let severity = Severity(name: parts[1]) {
                override.severity = severity
            } else {
                throw ConfigurationError(
                    path: "--rule", message: "'\(parts[1])' is not off, error, warning or note")
            }
            return RuleSet.Setting(ruleID: parts[0], override: override, origin: "--rule \(setting)")
        }
    }

    func configuration() throws -> Configuration {
        try ConfigLoader.load(explicit: config)
    }

    /// The rule set for a file with the given overrides (none: the project-wide rules);
    /// `documented`: with the rules' descriptions and examples.
    func ruleSet(_ configuration: Configuration, overrides: [Int] = [], documented: Bool = true) throws
        -> RuleSet
    {
        try configuration.ruleSet(
            overrides: overrides, packs: packs.isEmpty ? nil : packs, extra: try settings(),
            documented: documented)
    }
}

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

/// Options that choose the rules: the same for `lint`, `rules` and `explain`.
struct RuleOptions: ParsableArguments {
    @Option(
        name: .customLong("pack"),
        help:
            "A built-in pack (core, apple, recommended, sketchy, revenuecat) to use instead of the default preset. Repeatable."
    )
    var packs: [String] = []

    @Option(
        name: .customLong("rule"),
        help: ArgumentHelp("Set one rule: ID=off|error|warning|note. Repeatable.", valueName: "id=level"))
    var rules: [String] = []

    func ruleSet() throws -> RuleSet {
        let library = try PackLibrary.builtIn()
        var settings: [RuleSet.Setting] = []
        for setting in rules {
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
            settings.append(
                RuleSet.Setting(ruleID: parts[0], override: override, origin: "--rule \(setting)"))
        }
        return try RuleSet(
            packs: packs.isEmpty ? ["recommended"] : packs, library: library, settings: settings)
    }
}

/// The rules a run uses: the packs it extends, resolved, with overrides applied and rules that
/// are off left out (they are never run).
package struct RuleSet: Sendable {
    /// Enabled rules in pack order, each with its effective severity and options.
    package private(set) var rules: [RuleDefinition] = []
    /// Every vocabulary of the packs, later packs adding to earlier ones.
    package private(set) var vocabularies: [String: [String]] = [:]
    private var severities: [String: Severity] = [:]
    /// Every rule ID the packs define, enabled or not (for checking overrides).
    package private(set) var knownRuleIDs: [String] = []

    package var descriptors: [RuleDescriptor] { rules.map(\.descriptor) }

    /// The effective severity of an enabled rule, nil when it is off or unknown.
    package func severity(of ruleID: String) -> Severity? { severities[ruleID] }

    /// Rules the readers report with a fixed severity, which the rule set's severity replaces.
    /// Checks already report at their rule's effective severity (or a deliberate other one).
    package private(set) var readerRules: Set<String> = []

    package func rule(_ id: String) -> RuleDefinition? { rules.first { $0.descriptor.id == id } }

    /// A setting for one rule, from a config file or the command line.
    package struct Setting: Sendable {
        package var ruleID: String
        package var override: RuleOverride
        /// Where it was written (a config path, or "command line").
        package var origin: String

        package init(ruleID: String, override: RuleOverride, origin: String) {
            self.ruleID = ruleID
            self.override = override
            self.origin = origin
        }
    }

    /// A rule set with just one rule, for running its examples.
    init(only rule: RuleDefinition, vocabularies: [String: [String]]) {
        self.rules = [rule]
        self.vocabularies = vocabularies
        self.severities = [rule.descriptor.id: rule.descriptor.severity]
        self.knownRuleIDs = [rule.descriptor.id]
        self.readerRules = rule.check == "reader" ? [rule.descriptor.id] : []
    }

    /// Resolves `packs` (with everything they extend; `core` and, for its dialect, `revenuecat`
    /// always come along) and applies `settings` after the packs' own overrides.
    package init(packs names: [String], library: PackLibrary, settings: [Setting] = []) throws {
        var wanted = ["core"] + names
        if library.packs["revenuecat"] != nil { wanted.append("revenuecat") }
        let packs = try library.closure(of: wanted)
        var definitions: [RuleDefinition] = []
        var index: [String: Int] = [:]
        var off = Set<String>()
        func apply(_ override: RuleOverride, to id: String, path: String) throws {
            guard let position = index[id] else {
                var message = "unknown rule '\(id)'"
                if let nearest = Suggestion.nearest(to: id, in: Array(index.keys).sorted()) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw ConfigurationError(path: path, span: override.location, message: message)
            }
            if CoreRuleID.unsuppressible.contains(id),
                override.off || (override.severity.map { $0 != .error } ?? false)
            {
                throw ConfigurationError(
                    path: path, span: override.location,
                    message: "\(id) cannot be turned off or lowered: a file that was not read was not linted")
            }
            if override.off {
                off.insert(id)
            } else {
                off.remove(id)
            }
            if let severity = override.severity { definitions[position].descriptor.severity = severity }
            for (key, value) in override.options {
                definitions[position].options[key] = value
                definitions[position].optionLocations[key] =
                    override.optionLocations[key] ?? override.location
                definitions[position].optionPaths[key] = path
            }
        }
        for pack in packs {
            for rule in pack.rules {
                if index[rule.descriptor.id] != nil {
                    throw ConfigurationError(
                        path: pack.path, span: rule.location,
                        message: "rule \(rule.descriptor.id) is already defined by another pack")
                }
                index[rule.descriptor.id] = definitions.count
                definitions.append(rule)
            }
            for (name, words) in pack.vocabularies { vocabularies[name, default: []] += words }
            for (id, override) in pack.overrides.sorted(by: { $0.key < $1.key }) {
                try apply(override, to: id, path: pack.path)
            }
        }
        for setting in settings { try apply(setting.override, to: setting.ruleID, path: setting.origin) }
        knownRuleIDs = definitions.map(\.descriptor.id)
        rules = definitions.filter { !off.contains($0.descriptor.id) }
        for rule in rules { severities[rule.descriptor.id] = rule.descriptor.severity }
        readerRules = Set(definitions.filter { $0.check == "reader" }.map(\.descriptor.id))
    }
}

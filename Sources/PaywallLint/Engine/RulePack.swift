/// One rule as a pack defines it: metadata, the check it runs and that check's options.
package struct RuleDefinition: Sendable {
    package var descriptor: RuleDescriptor
    /// The built-in check (Swift) that finds the problem; `reader` for rules the readers and
    /// dialects report themselves.
    package var check: String
    package var field: String?
    /// The check's options, as the pack wrote them (checked against the check's option list).
    package var options: [String: OptionValue]
    /// Where the rule was written, for errors.
    package var location: SourceSpan
    /// Where each option was written, and in which file when not in the pack (a config's
    /// `rules:` setting), so a mistake is reported where the user wrote it.
    package var optionLocations: [String: SourceSpan] = [:]
    package var optionPaths: [String: String] = [:]
    /// Where `check:` and `field:` were written, for errors about them.
    package var checkLocation: SourceSpan?
    package var fieldLocation: SourceSpan?
    package var packPath: String = ""
    package var examples: RuleExamples
    /// Copy rules that look at the default locale only (`locale: default`).
    package var defaultLocaleOnly = false
    /// Dialects the rule applies to (empty: all that can express its field).
    package var dialects: [Dialect] = []
    /// Rules this one speaks for on the same span (`revenuecat/restore-hidden` over
    /// `apple/restore-button`): their findings there are dropped.
    package var supersedes: [String] = []
}

/// Examples a rule carries: its documentation and its tests.
package struct RuleExamples: Sendable {
    package var valid: [RuleExample] = []
    package var invalid: [RuleExample] = []
}

package enum RuleExample: Sendable {
    /// A fragment of a canonical paywall, laid over the pack's example base (`null` removes a key).
    case fragment(OptionValue)
    /// A whole file, in YAML or JSON.
    case file(text: String, format: SourceFormat)
}

/// A value of a check option (and of example fragments): plain data from the pack's YAML.
package indirect enum OptionValue: Sendable, Hashable {
    case text(String)
    case list([OptionValue])
    case map([(String, OptionValue)])
    case null

    package static func == (lhs: OptionValue, rhs: OptionValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.null, .null): true
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .text(let text): hasher.combine(text)
        case .list(let items): hasher.combine(items)
        case .map(let pairs):
            for (key, value) in pairs {
                hasher.combine(key)
                hasher.combine(value)
            }
        case .null: hasher.combine(0)
        }
    }

    package var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    package subscript(key: String) -> OptionValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.last { $0.0 == key }?.1
    }

    /// Builds a value from a document node (scalars stay text: the check decides their type).
    init(_ document: Document, _ node: NodeID) {
        let item = document[node]
        switch item.kind {
        case .scalar: self = document.isNull(node) ? .null : .text(document.text(of: node))
        case .sequence: self = .list(document.items(of: node).map { OptionValue(document, $0) })
        case .mapping:
            self = .map(
                document.pairs(of: node).map { (document.text(of: $0.key), OptionValue(document, $0.value)) })
        }
    }
}

/// A per-rule change a pack or config makes to a rule defined elsewhere.
package struct RuleOverride: Sendable {
    package var severity: Severity?
    package var off = false
    package var options: [String: OptionValue] = [:]
    package var location: SourceSpan
    /// Where each option's value was written.
    package var optionLocations: [String: SourceSpan] = [:]

    package init(location: SourceSpan) {
        self.location = location
    }
}

/// A rule pack file: rules, vocabularies, the packs it extends and overrides of their rules.
package struct RulePack: Sendable {
    package var name: String
    package var path: String
    package var summary: String
    package var extends: [String]
    package var vocabularies: [String: [String]]
    package var rules: [RuleDefinition]
    package var overrides: [String: RuleOverride]
    /// The paywall that fragment examples are laid over (canonical dialect).
    package var exampleBase: OptionValue?
}

/// One rule as a pack defines it: metadata, the check it runs and that check's options.
public struct RuleDefinition: Sendable {
    public var descriptor: RuleDescriptor
    /// The built-in check (Swift) that finds the problem; `reader` for rules the readers and
    /// dialects report themselves.
    public var check: String
    public var field: String?
    /// The check's options, as the pack wrote them (checked against the check's option list).
    public var options: [String: OptionValue]
    /// Where the rule was written, for errors.
    public var location: SourceSpan
    /// Where each option was written, and in which file when not in the pack (a config's
    /// `rules:` setting), so a mistake is reported where the user wrote it.
    public var optionLocations: [String: SourceSpan] = [:]
    public var optionPaths: [String: String] = [:]
    /// Where `check:` and `field:` were written, for errors about them.
    public var checkLocation: SourceSpan?
    public var fieldLocation: SourceSpan?
    public var packPath: String = ""
    public var examples: RuleExamples
    /// Copy rules that look at the default locale only (`locale: default`).
    public var defaultLocaleOnly = false
    /// Dialects the rule applies to (empty: all that can express its field).
    public var dialects: [Dialect] = []
    /// Rules this one speaks for on the same span (`revenuecat/restore-hidden` over
    /// `apple/restore-button`): their findings there are dropped.
    public var supersedes: [String] = []
}

/// Examples a rule carries: its documentation and its tests.
public struct RuleExamples: Sendable {
    public var valid: [RuleExample] = []
    public var invalid: [RuleExample] = []
}

public enum RuleExample: Sendable {
    /// A fragment of a canonical paywall, laid over the pack's example base (`null` removes a key).
    case fragment(OptionValue)
    /// A whole file, in YAML or JSON.
    case file(text: String, format: SourceFormat)
}

/// A value of a check option (and of example fragments): plain data from the pack's YAML.
public indirect enum OptionValue: Sendable, Hashable {
    case text(String)
    case list([OptionValue])
    case map([(String, OptionValue)])
    case null

    public static func == (lhs: OptionValue, rhs: OptionValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
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

    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    public subscript(key: String) -> OptionValue? {
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
public struct RuleOverride: Sendable {
    public var severity: Severity?
    public var off = false
    public var options: [String: OptionValue] = [:]
    public var location: SourceSpan
    /// Where each option's value was written.
    public var optionLocations: [String: SourceSpan] = [:]

    public init(location: SourceSpan) {
        self.location = location
    }
}

/// A rule pack file: rules, vocabularies, the packs it extends and overrides of their rules.
public struct RulePack: Sendable {
    public var name: String
    public var path: String
    public var summary: String
    public var extends: [String]
    public var vocabularies: [String: [String]]
    public var rules: [RuleDefinition]
    public var overrides: [String: RuleOverride]
    /// The paywall that fragment examples are laid over (canonical dialect).
    public var exampleBase: OptionValue?
}

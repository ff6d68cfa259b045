/// Turns findings into output text. Reporters stream: `begin` once, `file` per file in input
/// order, `end` once; the caller writes each returned piece as it comes.
public protocol Reporter {
    mutating func begin(rules: [RuleDescriptor]) -> String
    mutating func file(_ report: FileReport) -> String
    mutating func end(_ summary: RunSummary) -> String
}

/// The output formats the CLI offers.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text
    case sarif
    case json
    case github
}

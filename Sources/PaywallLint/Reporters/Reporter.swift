/// Turns findings into output text. Reporters stream: `begin` once, `file` per file in input
/// order, `end` once; the caller writes each returned piece as it comes.
package protocol Reporter {
    mutating func begin(rules: [RuleDescriptor]) -> String
    mutating func file(_ report: FileReport) -> String
    /// `file(report)` as UTF-8, appended to `output`: a reporter that builds bytes hands them on
    /// without making a string of them.
    mutating func file(_ report: FileReport, appendingTo output: inout [UInt8])
    mutating func end(_ summary: RunSummary) -> String
}

extension Reporter {
    package mutating func file(_ report: FileReport, appendingTo output: inout [UInt8]) {
        output.append(contentsOf: file(report).utf8)
    }
}

extension [UInt8] {
    /// A number's decimal digits, as `String(number)` writes them, without a string for them:
    /// reports write several numbers a finding.
    mutating func appendDecimal(_ number: Int) {
        guard number >= 10 else {
            if number >= 0 { append(UInt8(ascii: "0") + UInt8(number)) } else { self += String(number).utf8 }
            return
        }
        appendDecimal(number / 10)
        append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}

/// The output formats the CLI offers.
package enum OutputFormat: String, CaseIterable, Sendable {
    case text
    case sarif
    case json
    case github

    /// Whether the report shows the rules' descriptions (SARIF's rule metadata does); a run that
    /// writes no such report reads the built-in packs without them.
    package var showsRuleDocumentation: Bool { self == .sarif }
}

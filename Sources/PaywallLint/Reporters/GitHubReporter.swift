/// `--format github`: GitHub Actions workflow commands, so findings show inline on pull requests:
/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=rule-id::message`.
package struct GitHubReporter: Reporter {
    package init() {}

    package mutating func begin(rules: [RuleDescriptor]) -> String { "" }

    package mutating func file(_ report: FileReport) -> String {
        var out = ""
        var path = Substring(report.file.path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        for finding in report.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let end = finding.span.end < finding.span.start ? finding.span.start : finding.span.end
            guard TerminalText.escaped(String(path)) == path else {
                // A path with control characters cannot be named exactly in a command: the
                // annotation goes on the run, with the path shown escaped in its message.
                out += "::\(command) title=\(Self.property(finding.ruleID))::"
                out +=
                    Self.data(
                        "\(TerminalText.escaped(String(path))):\(finding.span.start): \(finding.message)")
                    + "\n"
                continue
            }
            out += "::\(command) file=\(Self.property(String(path))),line=\(finding.span.start.line),"
            out += "col=\(finding.span.start.column),endLine=\(end.line),endColumn=\(end.column),"
            let title = finding.variant.map { "\(finding.ruleID) (\($0))" } ?? finding.ruleID
            out += "title=\(Self.property(title))::\(Self.data(finding.message))\n"
        }
        return out
    }

    package mutating func end(_ summary: RunSummary) -> String { "" }

    /// Escaping of a command's message, as the runner expects.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                // Control characters from file content never reach the log raw.
                if TerminalText.needsEscape(scalar) {
                    out += TerminalText.escaped(String(scalar))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Escaping of a property value: also `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(":", "%3A").replacingOccurrences(",", "%2C")
    }
}

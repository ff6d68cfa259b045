/// The default output: `path:line:column: severity: message [rule-id]` (the form Xcode and
/// editors parse), the source line with the span underlined, then a summary line.
package struct TextReporter: Reporter {
    package var color: Bool
    package var showSource: Bool
    package var verbose: Bool
    /// Print nothing for clean files and no summary when nothing was found.
    package var quiet: Bool

    package init(color: Bool = false, showSource: Bool = true, verbose: Bool = false, quiet: Bool = false) {
        self.color = color
        self.showSource = showSource
        self.verbose = verbose
        self.quiet = quiet
    }

    package mutating func begin(rules: [RuleDescriptor]) -> String { "" }

    package mutating func file(_ report: FileReport) -> String {
        var out: [UInt8] = []
        file(report, appendingTo: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The report as bytes, appended piece by piece: built as a string, then copied out as
    /// bytes, it cost 14,000 instructions a file of the benchmark's corpus.
    package mutating func file(_ report: FileReport, appendingTo out: inout [UInt8]) {
        let path = TerminalText.escaped(report.file.path)
        if verbose {
            for note in report.notes {
                open(Style.dim, &out)
                out += path.utf8
                out += ": ".utf8
                out += TerminalText.escaped(note).utf8
                close(&out)
                out.append(UInt8(ascii: "\n"))
            }
        }
        guard !report.findings.isEmpty else { return }
        let lastLine = report.findings.lazy.map(\.span.start.line).max() ?? 0
        let lines = showSource ? LineIndex(report.file.bytes, throughLine: lastLine) : nil
        // Findings come in order, so those on one long line (minified JSON) share one decoding of it.
        var decoded = DecodedLine()
        for finding in report.findings {
            open(Style.bold, &out)
            out += path.utf8
            out.append(UInt8(ascii: ":"))
            position(finding.span.start, &out)
            out.append(UInt8(ascii: ":"))
            close(&out)
            out.append(UInt8(ascii: " "))
            open(style(finding.severity), &out)
            out += finding.severity.name.utf8
            out.append(UInt8(ascii: ":"))
            close(&out)
            out.append(UInt8(ascii: " "))
            out += TerminalText.escaped(finding.message).utf8
            if let variant = finding.variant {
                out += " (variant \(TerminalText.escaped(variant)))".utf8
            }
            out.append(UInt8(ascii: " "))
            open(Style.dim, &out)
            out.append(UInt8(ascii: "["))
            out += TerminalText.escaped(finding.ruleID).utf8
            out.append(UInt8(ascii: "]"))
            close(&out)
            out.append(UInt8(ascii: "\n"))
            if let lines {
                snippet(finding.span, lines: lines, severity: finding.severity, decoded: &decoded, to: &out)
            }
            if let fix = finding.fix {
                out += "  ".utf8
                open(Style.cyan, &out)
                out += "fix:".utf8
                close(&out)
                out.append(UInt8(ascii: " "))
                out += TerminalText.escaped(fix.description).utf8
                out.append(UInt8(ascii: "\n"))
            }
            for related in finding.related {
                out += path.utf8
                out.append(UInt8(ascii: ":"))
                position(related.span.start, &out)
                out += ": note: ".utf8
                out += TerminalText.escaped(related.message).utf8
                out.append(UInt8(ascii: "\n"))
            }
        }
    }

    package mutating func end(_ summary: RunSummary) -> String {
        if quiet && summary.errors + summary.warnings + summary.notes == 0 { return "" }
        var parts: [String] = []
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if summary.errors > 0 { parts.append(count(summary.errors, "error")) }
        if summary.warnings > 0 { parts.append(count(summary.warnings, "warning")) }
        if summary.notes > 0 { parts.append(count(summary.notes, "note")) }
        // A path that could not be read is not a clean run: the summary must not say so.
        let fileErrors = summary.notifications.count { $0.level == .error }
        var line: String
        if parts.isEmpty {
            line = fileErrors > 0 ? "No findings" : "No problems found"
        } else {
            line = parts.joined(separator: ", ") + " in " + count(summary.filesWithFindings, "file")
        }
        line += "; " + count(summary.filesChecked, "file") + " checked"
        if summary.filesSkipped > 0 { line += ", \(summary.filesSkipped) skipped (not paywall definitions)" }
        if fileErrors > 0 { line += "; " + count(fileErrors, "file error") + ", reported on standard error" }
        var out: [UInt8] = []
        open(Style.bold, &out)
        out += line.utf8
        close(&out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The source line of the span's start, with `^~~~` under the span (to the end of the line
    /// when the span goes on).
    private func snippet(
        _ span: SourceSpan, lines: LineIndex, severity: Severity, decoded: inout DecodedLine,
        to out: inout [UInt8]
    ) {
        guard span.start.line <= lines.lineCount else { return }
        // Built as bytes: a `String` per scalar cost 24,000 instructions a finding.
        var shown: [UInt8] = []
        var marker: [UInt8] = []
        let endColumn =
            span.end.line == span.start.line ? max(span.end.column, span.start.column + 1) : Int.max
        let line = lines.lineBytes(span.start.line)
        if span.start.column >= 1, line.count <= Self.maxLineScalars,
            line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 })
        {
            // Printable ASCII (most lines): a byte is a column.
            shown = line.map { $0 == 0x09 ? UInt8(ascii: " ") : $0 }
            let spanStart = min(span.start.column, line.count + 1)
            let spanEnd = min(endColumn, line.count + 1)
            marker = Array(repeating: UInt8(ascii: " "), count: spanStart - 1)
            marker.append(UInt8(ascii: "^"))
            if spanEnd > spanStart + 1 {
                marker += repeatElement(UInt8(ascii: "~"), count: spanEnd - spanStart - 1)
            }
        } else {
            if decoded.line != span.start.line {
                decoded = DecodedLine(
                    line: span.start.line,
                    scalars: Array(String(decoding: line, as: UTF8.self).unicodeScalars))
            }
            fillSnippet(decoded.scalars, span: span, endColumn: endColumn, shown: &shown, marker: &marker)
        }
        open(Style.dim, &out)
        out.append(UInt8(ascii: " "))
        let numberStart = out.count
        out.appendDecimal(span.start.line)
        let digits = out.count - numberStart
        out += " | ".utf8
        close(&out)
        out += shown
        out.append(UInt8(ascii: "\n"))
        open(Style.dim, &out)
        out += repeatElement(UInt8(ascii: " "), count: digits + 1)
        out += " | ".utf8
        close(&out)
        open(style(severity), &out)
        out += marker
        close(&out)
        out.append(UInt8(ascii: "\n"))
    }

    /// The shown line and its marker scalar by scalar: escapes, wide characters, marks, and a
    /// window around the span of a long line (minified JSON, base64).
    private func fillSnippet(
        _ scalars: [Unicode.Scalar], span: SourceSpan, endColumn: Int, shown: inout [UInt8],
        marker: inout [UInt8]
    ) {
        var first = 0
        var last = scalars.count
        if scalars.count > Self.maxLineScalars {
            first = max(
                0, min(span.start.column - 1 - Self.maxLineScalars / 3, scalars.count - Self.maxLineScalars))
            last = first + Self.maxLineScalars
        }
        if first > 0 {
            shown += Self.ellipsis
            marker.append(UInt8(ascii: " "))
        }
        var column = first + 1
        for scalar in scalars[first..<last] {
            let width: Int
            if scalar == "\t" {
                shown.append(UInt8(ascii: " "))
                width = 1
            } else if TerminalText.needsEscape(scalar) {
                let piece = TerminalText.escaped(String(scalar))
                shown += piece.utf8
                width = piece.count
            } else {
                UTF8.encode(scalar) { shown.append($0) }
                width = TerminalText.displayWidth(scalar)
            }
            let inSpan = column >= span.start.column && column < endColumn
            let mark = UInt8(ascii: !inSpan ? " " : column == span.start.column ? "^" : "~")
            marker.append(contentsOf: repeatElement(mark, count: width))
            column += 1
        }
        if last < scalars.count { shown += Self.ellipsis }
        if span.start.column >= column && last == scalars.count { marker.append(UInt8(ascii: "^")) }
        while marker.last == UInt8(ascii: " ") { marker.removeLast() }
    }

    /// The scalars of the last line shown scalar by scalar.
    private struct DecodedLine {
        var line = 0
        var scalars: [Unicode.Scalar] = []
    }

    static let maxLineScalars = 120
    private static let ellipsis = Array("…".utf8)

    private enum Style {
        static let bold = "1"
        static let dim = "2"
        static let red = "1;31"
        static let yellow = "1;33"
        static let cyan = "1;36"
    }

    private func style(_ severity: Severity) -> String {
        switch severity {
        case .error: Style.red
        case .warning: Style.yellow
        case .note: Style.cyan
        }
    }

    /// Starts and ends text in `style`, when coloured.
    private func open(_ style: String, _ out: inout [UInt8]) {
        guard color else { return }
        out += "\u{1B}[".utf8
        out += style.utf8
        out.append(UInt8(ascii: "m"))
    }

    private func close(_ out: inout [UInt8]) {
        if color { out += "\u{1B}[0m".utf8 }
    }

    /// `line:column`.
    private func position(_ position: SourcePosition, _ out: inout [UInt8]) {
        out.appendDecimal(position.line)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(position.column)
    }
}

/// What linting one file found.
package struct FileReport: Sendable {
    package let file: SourceFile
    /// Findings in report order (position, then rule).
    package var findings: [Finding]
    /// Lines for `--verbose`: the dialect chosen, rules skipped and why.
    package var notes: [String]
    /// True when the file was found by walking a folder and is not a paywall definition.
    package var skipped: Bool
    /// The paywalls read from the file (one per document).
    package var paywalls: [Paywall] = []

    package init(file: SourceFile, findings: [Finding] = [], notes: [String] = [], skipped: Bool = false) {
        self.file = file
        self.findings = findings
        self.notes = notes
        self.skipped = skipped
    }
}

/// A problem of the tool itself (an unreadable file, a bad path), not of a file's content.
package struct ToolNotification: Sendable, Hashable {
    package var level: Severity
    package var message: String
    package var path: String?

    package init(level: Severity, message: String, path: String? = nil) {
        self.level = level
        self.message = message
        self.path = path
    }
}

/// Totals of a run, for summaries and exit codes.
package struct RunSummary: Sendable {
    package var filesChecked = 0
    package var filesSkipped = 0
    package var filesWithFindings = 0
    package var errors = 0
    package var warnings = 0
    package var notes = 0
    package var notifications: [ToolNotification] = []

    package init() {}

    package mutating func add(_ report: FileReport) {
        if report.skipped {
            filesSkipped += 1
            return
        }
        filesChecked += 1
        if !report.findings.isEmpty { filesWithFindings += 1 }
        for finding in report.findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }

    /// Whether any finding is at or above `level`.
    package func hasFindings(atOrAbove level: Severity) -> Bool {
        switch level {
        case .error: errors > 0
        case .warning: errors + warnings > 0
        case .note: errors + warnings + notes > 0
        }
    }

    /// The tool could not do all it was asked (a file could not be read).
    package var executionSuccessful: Bool { !notifications.contains { $0.level == .error } }
}

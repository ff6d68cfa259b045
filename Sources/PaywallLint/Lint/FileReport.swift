/// What linting one file found.
public struct FileReport: Sendable {
    public let file: SourceFile
    /// Findings in report order (position, then rule).
    public var findings: [Finding]
    /// Lines for `--verbose`: the dialect chosen, rules skipped and why.
    public var notes: [String]
    /// True when the file was found by walking a folder and is not a paywall definition.
    public var skipped: Bool
    /// The paywalls read from the file (one per document).
    public var paywalls: [Paywall] = []

    public init(file: SourceFile, findings: [Finding] = [], notes: [String] = [], skipped: Bool = false) {
        self.file = file
        self.findings = findings
        self.notes = notes
        self.skipped = skipped
    }
}

/// A problem of the tool itself (an unreadable file, a bad path), not of a file's content.
public struct ToolNotification: Sendable, Hashable {
    public var level: Severity
    public var message: String
    public var path: String?

    public init(level: Severity, message: String, path: String? = nil) {
        self.level = level
        self.message = message
        self.path = path
    }
}

/// Totals of a run, for summaries and exit codes.
public struct RunSummary: Sendable {
    public var filesChecked = 0
    public var filesSkipped = 0
    public var filesWithFindings = 0
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    public var notifications: [ToolNotification] = []

    public init() {}

    public mutating func add(_ report: FileReport) {
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
    public func hasFindings(atOrAbove level: Severity) -> Bool {
        switch level {
        case .error: errors > 0
        case .warning: errors + warnings > 0
        case .note: errors + warnings + notes > 0
        }
    }

    /// The tool could not do all it was asked (a file could not be read).
    public var executionSuccessful: Bool { !notifications.contains { $0.level == .error } }
}

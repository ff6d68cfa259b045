/// Options that shape how files are read and linted.
public struct LintOptions: Sendable {
    public var limits = ReadLimits.default

    public init() {}
}

/// Lints files: bytes → documents → (dialect → model → rules) → findings. Built once per run
/// (packs and config are resolved up front) and safe to use from many threads at once.
public struct Linter: Sendable {
    public let ruleSet: RuleSet
    public let options: LintOptions

    public init(ruleSet: RuleSet, options: LintOptions = LintOptions()) {
        self.ruleSet = ruleSet
        self.options = options
    }

    /// Lints one file. `explicitlyNamed` is false for files found by walking a folder: those that
    /// are not paywall definitions are skipped instead of reported.
    public func lint(_ file: SourceFile, explicitlyNamed: Bool = true) -> FileReport {
        let read = DocumentReader.read(file, limits: options.limits)
        var report = FileReport(file: file, findings: read.findings)
        report.findings = settle(report.findings)
        return report
    }

    /// Applies configured severities, drops findings of rules that are off, and sorts.
    func settle(_ findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        result.reserveCapacity(findings.count)
        for var finding in findings {
            guard let severity = ruleSet.severity(of: finding.ruleID) else { continue }
            finding.severity = severity
            result.append(finding)
        }
        result.sort(by: Finding.reportOrder)
        return result
    }
}

extension Linter {
    /// The report for a file over the size limit, made without reading it.
    public func oversizedReport(path: String, size: Int) -> FileReport {
        let limit = options.limits.maxFileBytes
        let finding = Finding(
            ruleID: CoreRuleID.limits, severity: .error,
            message:
                "the file is \(size >> 10) KiB, over the limit of \(limit >> 10) KiB (raise it with --max-file-kib)",
            span: .fileStart)
        return FileReport(file: SourceFile(path: path, bytes: []), findings: settle([finding]))
    }
}

import Atomics

/// Options that shape how files are read and linted.
package struct LintOptions: Sendable {
    package var limits = ReadLimits.default
    /// Read every file as this dialect instead of detecting it (`--dialect`).
    package var dialect: Dialect?
    /// Store data (`--storekit`) for the rules that need it.
    package var store: StoreData?
    /// Only read the files: parse errors, duplicate keys and limits; no dialect, no rules.
    package var syntaxOnly = false
    /// Severities for some variants of containers (a config's `overrides` with `variants`).
    package var variantOverrides: [VariantOverride] = []
    /// Whether walked folders' Swift files are linted (`--swift`, `swift:` in the configuration),
    /// and the names that mark Swift code as a paywall's.
    package var readsSwift = false
    package var swiftNames = SwiftNames()

    package init() {}
}

/// Rule severities for the variants whose names match `variants`; nil turns a rule off.
package struct VariantOverride: Sendable {
    package var variants: [Glob]
    package var severities: [String: Severity?]

    package init(variants: [Glob], severities: [String: Severity?]) {
        self.variants = variants
        self.severities = severities
    }
}

/// Lints files: bytes → documents → (dialect → model → rules) → findings. Built once per run
/// (packs and config are resolved up front) and safe to use from many threads at once.
package struct Linter: Sendable {
    /// One object: a worker copies the linter for every file, and copying a struct of rule set,
    /// options and engine retained each of their many parts, the same ones on every worker.
    private final class Parts: Sendable {
        let ruleSet: RuleSet
        let options: LintOptions
        let engine: RuleEngine
        /// Made by the first Swift file: YAML and JSON runs never build them.
        let swiftDetectors = ManagedAtomicLazyReference<SwiftLiteralDetectors>()

        init(ruleSet: RuleSet, options: LintOptions, engine: RuleEngine) {
            self.ruleSet = ruleSet
            self.options = options
            self.engine = engine
        }
    }

    private let parts: Parts
    package var ruleSet: RuleSet { parts.ruleSet }
    package var options: LintOptions { parts.options }
    var engine: RuleEngine { parts.engine }

    /// Compiles the rules; a rule whose check, field or options are wrong throws a
    /// `ConfigurationError` pointing at it.
    package init(ruleSet: RuleSet, options: LintOptions = LintOptions()) throws {
        parts = Parts(ruleSet: ruleSet, options: options, engine: try RuleEngine(ruleSet: ruleSet))
    }

    /// The same compiled rules with other options (a dialect, store data): nothing is compiled again.
    func with(options: LintOptions) -> Linter {
        Linter(parts: Parts(ruleSet: parts.ruleSet, options: options, engine: parts.engine))
    }

    private init(parts: Parts) {
        self.parts = parts
    }

    var literalDetectors: SwiftLiteralDetectors {
        if let made = parts.swiftDetectors.load() { return made }
        return parts.swiftDetectors.storeIfNilThenLoad(
            SwiftLiteralDetectors(vocabularies: ruleSet.vocabularies))
    }

    /// Lints one file. `explicitlyNamed` is false for files found by walking a folder: those that
    /// are not paywall definitions are skipped instead of reported. A thread that lints many
    /// files passes the same `templates` to each, so copy they repeat is read once.
    package func lint(
        _ file: SourceFile, explicitlyNamed: Bool = true, templates: TemplateCache = TemplateCache()
    )
        -> FileReport
    {
        if SwiftSources.isSwift(file.path) { return lintSwift(file, templates: templates) }
        let read = DocumentReader.read(file, limits: parts.options.limits, strings: templates.strings)
        var report = FileReport(file: file, findings: read.findings)
        // A paywall emptied by a bad merge is not a clean one.
        if read.documents.isEmpty, read.findings.isEmpty {
            report.findings.append(
                Finding(
                    ruleID: CoreRuleID.parseError, severity: .error,
                    message: "the file holds no document: it is empty or only comments", span: .fileStart))
        }
        if parts.options.syntaxOnly {
            report.findings = settle(report.findings)
            return report
        }
        var skippedDocuments = 0
        for (index, document) in read.documents.enumerated() {
            guard let root = document.root else { continue }
            // In a stream of several documents, each is named, so a baseline or a fingerprint
            // tells them apart.
            let documentName = read.documents.count > 1 ? "document \(index + 1)" : nil
            if parts.options.dialect == nil,
                let container = OfferingsContainer.paywalls(in: document, root: root)
            {
                report.notes.append(
                    "read as a RevenueCat offerings response (\(container.paywalls.count) paywalls)")
                report.findings += container.findings
                for embedded in container.paywalls {
                    let (dialect, _) = Dialect.detect(document, root: embedded.root)
                    lintPaywall(
                        document, root: embedded.root, as: dialect ?? .revenueCat, variant: embedded.variant,
                        format: file.format, templates: templates, report: &report)
                }
                continue
            }
            if let values = RemoteConfigTemplateContainer.values(in: document, root: root) {
                report.notes.append("read as a Firebase Remote Config template (\(values.count) values)")
                let lines = LineIndex(file.bytes)
                for value in values {
                    lintEmbedded(
                        value, of: document, in: file, lines: lines, templates: templates, report: &report)
                }
                continue
            }
            if let adapty = AdaptyFallbackContainer.contents(in: document, root: root) {
                lintAdapty(
                    adapty, of: document, in: file, explicitlyNamed: explicitlyNamed, templates: templates,
                    report: &report)
                continue
            }
            switch chooseDialect(document, root: root, explicitlyNamed: explicitlyNamed, report: &report) {
            case .none:
                skippedDocuments += 1
            case .some(let dialect):
                lintPaywall(
                    document, root: root, as: dialect, variant: documentName, format: file.format,
                    templates: templates,
                    report: &report)
            }
        }
        if skippedDocuments > 0, skippedDocuments == read.documents.count, read.findings.isEmpty,
            !explicitlyNamed
        {
            report.skipped = true
        }
        report.findings = settle(report.findings)
        var suppressions = Suppressions(file: file, documents: read.documents)
        if !suppressions.isEmpty {
            report.findings = settle(
                suppressions.apply(to: report.findings, knownRules: parts.ruleSet.knownRuleIDs))
        }
        return report
    }

    /// Reads one paywall (a document's, or a variant inside a container) and runs the rules on it.
    func lintPaywall(
        _ document: Document, root: NodeID, as dialect: Dialect, variant: String?, format: SourceFormat,
        templates: TemplateCache, report: inout FileReport
    ) {
        var (paywall, findings) = DialectReader.read(
            document, root: root, format: format, as: dialect, templates: templates)
        paywall.trimCopyRoom()
        findings += parts.engine.run(on: &paywall, store: parts.options.store, notes: &report.notes)
        if dialect == .remoteConfig {
            for index in findings.indices {
                findings[index].message = RemoteConfigDialect.inFileNames(findings[index].message)
            }
        }
        if let variant {
            for index in findings.indices { findings[index].variant = variant }
        }
        report.findings += findings
        report.paywalls.append(consume paywall)
    }

    /// Lints Adapty's paywalls: each remote config, and Paywall Builder layouts under a chosen
    /// dialect. A file with builder layouts and nothing else to read is not passed in silence.
    private func lintAdapty(
        _ adapty: AdaptyFallbackContainer.Contents, of document: Document, in file: SourceFile,
        explicitlyNamed: Bool, templates: TemplateCache, report: inout FileReport
    ) {
        report.notes.append("read as Adapty paywalls (\(adapty.remoteConfigs.count) remote configs)")
        let lines = LineIndex(file.bytes)
        for value in adapty.remoteConfigs {
            lintEmbedded(value, of: document, in: file, lines: lines, templates: templates, report: &report)
        }
        if let dialect = parts.options.dialect {
            for builder in adapty.builders {
                lintPaywall(
                    document, root: builder.root, as: dialect, variant: builder.variant, format: file.format,
                    templates: templates, report: &report)
            }
        } else if !adapty.builders.isEmpty, report.paywalls.isEmpty {
            let message =
                "an Adapty Paywall Builder layout, a format paywall-lint does not read; check its copy with "
                + "--dialect generic"
            if explicitlyNamed {
                report.findings.append(
                    Finding(
                        ruleID: CoreRuleID.unknownDialect, severity: .error, message: message,
                        span: SourceSpan(at: document[adapty.builders[0].root].start),
                        pointer: document.pointer(of: adapty.builders[0].root)))
            } else {
                report.notes.append("skipped: \(message)")
            }
        }
    }

    /// Lints a paywall held as JSON in a template's string value, as one variant of the file: its
    /// findings are placed at the characters of the string that hold what they point at.
    private func lintEmbedded(
        _ value: EmbeddedJSON, of document: Document, in file: SourceFile,
        lines: LineIndex, templates: TemplateCache, report: inout FileReport
    ) {
        let node = document[value.node]
        let text = document.text(of: value.node)
        let inner = SourceFile(path: file.path, bytes: Array(text.utf8), format: .json)
        let read = DocumentReader.read(inner, limits: parts.options.limits, strings: templates.strings)
        let isPaywall = read.documents.contains { document in
            document.root.map { Dialect.detect(document, root: $0).dialect != nil } ?? false
        }
        let isObject = read.documents.contains { document in
            document.root.map { document[$0].isMapping } ?? false
        }
        if read.findings.isEmpty {
            guard isPaywall || (parts.options.dialect != nil && isObject) else {
                report.notes.append("\(value.variant): skipped, not a paywall")
                return
            }
        } else if !isPaywall, !value.isMeantAsPaywall(text) {
            report.notes.append("\(value.variant): skipped, not JSON")
            return
        }
        var innerReport = FileReport(file: inner, findings: read.findings)
        for innerDocument in read.documents {
            guard let root = innerDocument.root,
                let dialect = parts.options.dialect ?? Dialect.detect(innerDocument, root: root).dialect
            else { continue }
            lintPaywall(
                innerDocument, root: root, as: dialect, variant: nil, format: .json, templates: templates,
                report: &innerReport)
        }
        var suppressions = Suppressions(file: inner, documents: read.documents)
        if !suppressions.isEmpty {
            innerReport.findings = suppressions.apply(
                to: innerReport.findings, knownRules: parts.ruleSet.knownRuleIDs)
        }
        let start = lines.offset(of: node.start)
        let end = lines.offset(of: node.end)
        let embedded =
            file.format == .json && node.style == .doubleQuoted && node.start.line == node.end.line
                && start < end - 1
            ? EmbeddedText(content: file.bytes[start + 1..<end - 1], text: text, quote: node.start) : nil
        for finding in innerReport.findings {
            if let embedded {
                report.findings.append(embedded.place(finding, variant: value.variant))
            } else {
                var placed = finding
                placed.span = node.span
                placed.related = []
                placed.fix = nil
                placed.variant = value.variant
                report.findings.append(placed)
            }
        }
        report.paywalls += innerReport.paywalls
    }

    /// The document's dialect: `--dialect`, a top-level `dialect:` key, or its shape. Nil when it is
    /// none: a `core/unknown-dialect` error for a file named explicitly, a note otherwise.
    private func chooseDialect(
        _ document: Document, root: NodeID, explicitlyNamed: Bool, report: inout FileReport
    )
        -> Dialect?
    {
        if let forced = parts.options.dialect { return forced }
        let (detected, declared) = Dialect.detect(document)
        if let declared, detected == nil {
            let names = Dialect.allCases.map(\.rawValue).joined(separator: ", ")
            report.findings.append(
                Finding(
                    ruleID: CoreRuleID.unknownDialect, severity: .error,
                    message: "unknown dialect '\(document.text(of: declared))'; use one of \(names)",
                    span: document[declared].span, pointer: "/dialect"))
            return nil
        }
        if let detected {
            report.notes.append(detected.readAsNote)
            return detected
        }
        if explicitlyNamed {
            report.findings.append(
                Finding(
                    ruleID: CoreRuleID.unknownDialect, severity: .error,
                    message:
                        "not a paywall definition paywall-lint knows (no `paywall: 1`, no remote-config or RevenueCat "
                        + "keys); for another vendor's paywall use --dialect generic",
                    span: SourceSpan(start: document[root].start, end: document[root].start)))
        } else {
            report.notes.append(
                "skipped: not a paywall definition (lint it with --dialect generic to check its copy)")
        }
        return nil
    }

    /// Applies configured severities, drops findings of rules that are off, and sorts.
    func settle(_ findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        result.reserveCapacity(findings.count)
        for var finding in findings {
            guard let severity = parts.ruleSet.severity(of: finding.ruleID) else {
                if CoreRuleID.unsuppressible.contains(finding.ruleID) { result.append(finding) }
                continue
            }
            if parts.ruleSet.readerRules.contains(finding.ruleID) { finding.severity = severity }
            if let variant = finding.variant, !CoreRuleID.unsuppressible.contains(finding.ruleID),
                let setting = parts.options.variantOverrides.last(where: { override in
                    override.severities[finding.ruleID] != nil
                        && override.variants.contains { $0.matches(variant) }
                })?.severities[finding.ruleID]
            {
                guard let chosen = setting else { continue }
                finding.severity = chosen
            }
            result.append(finding)
        }
        result.sort(by: Finding.reportOrder)
        return result
    }
}

extension Linter {
    /// The report for a file over the size limit, made without reading it.
    package func oversizedReport(path: String, size: Int) -> FileReport {
        let limit = parts.options.limits.maxFileBytes
        let finding = Finding(
            ruleID: CoreRuleID.limits, severity: .error,
            message:
                "the file is \(size >> 10) KiB, over the limit of \(limit >> 10) KiB (raise it with --max-file-kib)",
            span: .fileStart)
        return FileReport(file: SourceFile(path: path, bytes: []), findings: settle([finding]))
    }
}

import Atomics

/// The detectors that Swift string literals are checked with, made on the first Swift file.
final class SwiftLiteralDetectors: Sendable {
    let prices: PriceDetector
    let savings: SavingsDetector

    init(vocabularies: [String: [String]]) {
        prices = PriceDetector(vocabularies: vocabularies)
        savings = SavingsDetector(vocabularies: vocabularies)
    }
}

extension Linter {
    static let fullScreenRule = "recommended/full-screen"
    static let priceRule = "apple/hardcoded-price"
    static let savingsRule = "apple/hardcoded-savings"

    /// Lints a Swift file: its paywall literals as remote-config paywalls, its presentations of
    /// paywall views, and the string literals of its paywall types.
    func lintSwift(_ file: SourceFile, templates: TemplateCache) -> FileReport {
        var report = FileReport(file: file)
        guard let reader = SwiftSources.reader.load()?.reader else {
            report.findings.append(
                Finding(
                    ruleID: CoreRuleID.parseError, severity: .error,
                    message:
                        "this build does not read Swift: build paywall-lint with the SwiftSource trait "
                        + "(swift build -c release --traits SwiftSource)",
                    span: .fileStart))
            report.findings = settle(report.findings)
            return report
        }
        let source = reader.read(file, names: options.swiftNames, limits: options.limits)
        report.findings = source.findings
        report.notes = source.notes
        guard !options.syntaxOnly else {
            report.findings = settle(report.findings)
            return report
        }
        for paywall in source.paywalls {
            var inner = FileReport(file: file)
            lintPaywall(
                paywall.document, root: paywall.root, as: .remoteConfig, variant: paywall.name, format: .json,
                templates: templates, report: &inner)
            for var finding in inner.findings
            where !paywall.computed.contains(where: { label in
                finding.pointer == "/" + label || finding.pointer.hasPrefix("/" + label + "/")
            }) {
                // The edits are written for YAML and JSON scalars, not Swift literals.
                finding.fix = finding.fix.map { Fix($0.description) }
                report.findings.append(finding)
            }
            report.paywalls += inner.paywalls
        }
        report.findings += presentationFindings(source.presentations)
        report.findings += literalFindings(source.literals)
        if source.paywalls.isEmpty, source.presentations.isEmpty, source.literals.isEmpty,
            report.findings.isEmpty
        {
            report.notes.append("no paywall literal, paywall presentation or paywall type in this Swift file")
        }
        report.findings = settle(report.findings)
        var suppressions = Suppressions(swiftComments: source.comments)
        if !suppressions.isEmpty {
            report.findings = settle(
                suppressions.apply(to: report.findings, knownRules: ruleSet.knownRuleIDs))
        }
        return report
    }

    /// `.sheet` and `.popover` that present a paywall view: `recommended/full-screen`, at the
    /// modifier's name, renamed to `.fullScreenCover` by the fix where the arguments allow.
    /// `.interactiveDismissDisabled()` blocks the swipe, but the paywall is still not full screen,
    /// which the rule asks, so it is reported too.
    private func presentationFindings(_ presentations: [SwiftSource.Presentation]) -> [Finding] {
        guard let severity = ruleSet.severity(of: Self.fullScreenRule) else { return [] }
        return presentations.filter { $0.modifier != "fullScreenCover" }.map { presentation in
            let message =
                presentation.dismissDisabled
                ? ".\(presentation.modifier) presents \(presentation.view): .interactiveDismissDisabled() blocks "
                    + "the swipe, but the paywall is still not full screen; present it with .fullScreenCover"
                : ".\(presentation.modifier) presents \(presentation.view), which a swipe dismisses before the "
                    + "disclosure is read; present it with .fullScreenCover"
            let fix =
                presentation.renamable
                ? Fix(
                    "write fullScreenCover",
                    edits: [TextEdit(span: presentation.nameSpan, replacement: "fullScreenCover")])
                : Fix("present \(presentation.view) with .fullScreenCover")
            return Finding(
                ruleID: Self.fullScreenRule, severity: severity, message: message,
                span: presentation.nameSpan,
                fix: fix)
        }
    }

    /// Literal prices and savings in the string literals of paywall types. A price inside a
    /// saving ("Was $59.99, now $29.99") is the saving's finding.
    private func literalFindings(_ literals: [SwiftSource.Literal]) -> [Finding] {
        let priceSeverity = ruleSet.severity(of: Self.priceRule)
        let savingsSeverity = ruleSet.severity(of: Self.savingsRule)
        guard !literals.isEmpty, priceSeverity != nil || savingsSeverity != nil else { return [] }
        let detectors = literalDetectors
        var findings: [Finding] = []
        for literal in literals {
            let scalars = Array(literal.text.unicodeScalars)
            let normalized = NormalizedText(scalars)
            let savings = detectors.savings.matches(in: scalars, normalized: normalized)
            func span(_ match: DetectorMatch) -> SourceSpan {
                SourceSpan(
                    start: SourcePosition(
                        line: literal.start.line, column: literal.start.column + match.range.lowerBound),
                    end: SourcePosition(
                        line: literal.start.line, column: literal.start.column + match.range.upperBound))
            }
            if let savingsSeverity {
                for match in savings {
                    findings.append(
                        Finding(
                            ruleID: Self.savingsRule, severity: savingsSeverity,
                            message:
                                "hard-coded saving \"\(match.text)\" in a string of \(literal.type); compute it from "
                                + "the store's prices", span: span(match)))
                }
            }
            if let priceSeverity {
                for match in detectors.prices.matches(in: scalars, normalized: normalized)
                where !savings.contains(where: { $0.range.overlaps(match.range) }) {
                    findings.append(
                        Finding(
                            ruleID: Self.priceRule, severity: priceSeverity,
                            message:
                                "hard-coded price \"\(match.text)\" in a string of \(literal.type); show the "
                                + "store's price (Product.displayPrice)", span: span(match)))
                }
            }
        }
        return findings
    }
}

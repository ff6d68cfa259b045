/// `urgency`: no fake urgency: countdown and timer elements (reported at `element-severity`,
/// default error) and urgency wording in copy (at the rule's severity).
struct UrgencyCheck: Check {
    static let name = "urgency"
    static let options = [
        OptionSpec("element-types", .texts, "element types that count down (default countdown, timer)"),
        OptionSpec("element-severity", .text, "severity for those elements (default error)"),
        CopySelection.option,
    ]

    let detector: UrgencyDetector
    let elementTypes: [String]
    let elementSeverity: Severity
    let selection: CopySelection

    init(_ setup: CheckSetup) throws {
        detector = UrgencyDetector(vocabularies: setup.vocabularies)
        elementTypes = try setup.texts("element-types") ?? ["countdown", "timer"]
        guard let severity = Severity(name: setup.text("element-severity") ?? "error") else {
            throw setup.error("element-severity is error, warning or note")
        }
        elementSeverity = severity
        selection = try CopySelection(setup)
    }

    func run(_ context: inout RuleContext) {
        for (index, element) in (context.paywall.elements?.value ?? []).enumerated() {
            guard let type = element.type, elementTypes.contains(type.value) else { continue }
            context.report(
                "elements[\(index)] is a \(type.value): countdowns pressure people into buying (App Review 5.6)",
                at: type.span, node: type.node, severity: max(elementSeverity, context.severity))
        }
        for (copy, matches) in context.matched(
            selection.copies(context), { detector.matches(in: $0, normalized: $1) })
        {
            for match in matches {
                context.report(
                    "urgency wording \"\(match.text)\" in \(copy.label); say what the offer is without pressure",
                    in: copy, plainRange: match.range)
            }
        }
    }
}

struct ConfirmshamingCheck: Check {
    static let name = "confirmshaming"
    static let field = FieldUse.optional
    static let options = [CopySelection.option]

    let detector: ConfirmshamingDetector
    let selection: CopySelection

    init(_ setup: CheckSetup) throws {
        detector = ConfirmshamingDetector(vocabularies: setup.vocabularies)
        selection = try CopySelection(setup)
    }

    func run(_ context: inout RuleContext) {
        for (copy, matches) in context.matched(
            selection.copies(context), { detector.matches(in: $0, normalized: $1) })
        {
            let match = matches[0]
            let message =
                match.byElimination
                ? "\(copy.label) \"\(copy.text)\" says more than a neutral decline (\"\(match.text)\"), which may shame people for declining; use a label such as \"Not now\", or add yours to the neutral-declines vocabulary"
                : "\(copy.label) \"\(copy.text)\" shames people for declining (\"\(match.text)\"); use a neutral label such as \"Not now\""
            context.report(message, in: copy, plainRange: match.range)
        }
    }
}

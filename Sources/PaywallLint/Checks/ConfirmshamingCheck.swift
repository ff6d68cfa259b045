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
        for copy in selection.copies(context) {
            guard let match = context.matches(of: copy, detector.matches(in:normalized:)).first else {
                continue
            }
            context.report(
                "\(copy.label) \"\(copy.text)\" shames people for declining (\"\(match.text)\"); use a neutral label such as \"Not now\"",
                in: copy, plainRange: match.range)
        }
    }
}

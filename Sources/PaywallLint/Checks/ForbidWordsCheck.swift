struct ForbidWordsCheck: Check {
    static let name = "forbid-words"
    static let field = FieldUse.optional
    static let options =
        TextDetector.options + [CopySelection.option, CopySelection.introOfferOption, MessageTemplate.option]

    let detector: TextDetector
    let selection: CopySelection
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        detector = try TextDetector.from(setup)
        selection = try CopySelection(setup)
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        for (copy, matches) in context.matched(selection.copies(context), detector.find) {
            for match in matches {
                context.report(
                    message.render("\"\(match.text)\" in \(copy.label)", path: copy.label, value: match.text),
                    in: copy, plainRange: match.range)
            }
        }
    }
}

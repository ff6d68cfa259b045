struct RequireWordsCheck: Check {
    static let name = "require-words"
    static let field = FieldUse.optional
    static let options =
        TextDetector.options + [
            CopySelection.option, OptionSpec("scope", .text, "each (default) or any"), MessageTemplate.option,
        ]

    let detector: TextDetector
    let selection: CopySelection
    let any: Bool
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        detector = try TextDetector.from(setup)
        selection = try CopySelection(setup)
        switch setup.text("scope") ?? "each" {
        case "each": any = false
        case "any": any = true
        default: throw setup.error("scope is each or any")
        }
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        let copies = selection.copies(context)
        let missing = copies.filter { context.matches(of: $0, detector.find).isEmpty }
        if any {
            guard missing.count == copies.count else { return }
            let place = context.paywall.place
            let anchor = copies.first
            context.report(
                message.render("no copy says it (\(detector.name))", path: anchor?.label ?? "copy"),
                at: anchor?.span ?? SourceSpan(at: place.span.start), node: anchor?.node ?? place.node)
            return
        }
        for copy in missing {
            context.report(
                message.render(
                    "\(copy.label) \"\(copy.text)\" has no \(detector.name) wording", path: copy.label,
                    value: copy.text),
                at: copy.span, node: copy.node)
        }
    }
}

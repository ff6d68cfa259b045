/// `references`: the field's value is one of the values of another field (`to`).
struct ReferencesCheck: Check {
    static let name = "references"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("to", .field, required: true, "the field whose values are allowed, e.g. products[*].id"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let target: FieldSelector
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        target = try setup.selector("to")!
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        let values = context.values(selector)
        // Nothing to look up (the field is missing): the target is not read.
        guard values.contains(where: { !$0.isMissing }) else { return }
        let targets = context.values(target, everyLocale: true)
        var allowed: [String] = []
        allowed.reserveCapacity(targets.count)
        for target in targets {
            if let text = target.text { allowed.append(text) }
        }
        for value in values {
            guard let text = value.text, !allowed.contains(text) else { continue }
            var fallback = "\(value.path) \(MessageTemplate.quoted(text)) is not one of \(target.name)"
            fallback += allowed.isEmpty ? " (there are none)" : " (\(allowed.joined(separator: ", ")))"
            context.report(
                message.render(
                    fallback, path: value.path, value: text, expected: allowed.joined(separator: ", ")),
                at: value)
        }
    }
}

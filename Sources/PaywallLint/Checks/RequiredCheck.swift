/// `required`: the field is present and, for text and lists, not empty.
struct RequiredCheck: Check {
    static let name = "required"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("allow-empty", .bool, "accept present but empty text or lists (default false)"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let allowEmpty: Bool
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        allowEmpty = try setup.bool("allow-empty") ?? false
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            if value.isMissing {
                context.report(message.render("missing \(value.path)", path: value.path), at: value)
                continue
            }
            guard !allowEmpty else { continue }
            let empty: Bool
            switch value.value {
            // By scalar: a Character is found by grapheme breaking, and only whitespace matters.
            case .text(let text): empty = text.unicodeScalars.allSatisfy(Scalars.isSpace)
            case .copy(let copy): empty = copy.text.unicodeScalars.allSatisfy(Scalars.isSpace)
            case .collection(let count): empty = count == 0
            default: empty = false
            }
            if empty { context.report(message.render("\(value.path) is empty", path: value.path), at: value) }
        }
    }
}

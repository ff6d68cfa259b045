/// `one-of`: the field's value is one of `values`; `none-of`: it is none of them. A missing field
/// is left to `required` rules unless `required: true`. `fix` names a safe replacement value.
struct OneOfCheck: Check {
    static let name = "one-of"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("values", .texts, required: true, "the allowed values"),
        OptionSpec("required", .bool, "also report the field when it is missing"),
        OptionSpec("fix", .text, "a value `paywall-lint fix` may write instead"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let values: [String]
    /// The values as a message lists them, joined once rather than for every file.
    let expected: String
    let required: Bool
    let fix: String?
    let message: MessageTemplate
    var allowed = true

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        values = try setup.texts("values") ?? []
        expected = values.joined(separator: ", ")
        required = try setup.bool("required") ?? false
        fix = setup.text("fix")
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let text = value.text else {
                if value.isMissing && required {
                    context.report(
                        message.render(
                            "missing \(value.path) (expected \(expected))", path: value.path,
                            expected: expected),
                        at: value)
                }
                continue
            }
            guard values.contains(text) != allowed else { continue }
            let fallback =
                allowed
                ? "\(value.path) is \(MessageTemplate.quoted(text)); expected \(expected)"
                : "\(value.path) must not be \(MessageTemplate.quoted(text))"
            var edit: Fix?
            if let fix, let change = context.valueEdit(value, fix) {
                edit = Fix("write \(fix)", edits: [change])
            }
            context.report(
                message.render(fallback, path: value.path, value: text, expected: expected), at: value,
                fix: edit)
        }
    }
}

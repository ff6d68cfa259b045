/// `equals`: several fields each have a given value (`values: {gate.free_uses: 1, …}`); a missing
/// field is reported where it belongs.
struct EqualsCheck: Check {
    static let name = "equals"
    static let options = [
        OptionSpec("values", .fieldValues, required: true, "a mapping of fields to the value each must have"),
        MessageTemplate.option,
    ]

    let expectations: [(FieldSelector, String)]
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        guard case .map(let pairs) = setup.rule.options["values"] ?? .null else {
            throw setup.error("option 'values' must map fields to values")
        }
        expectations = try pairs.map { name, value in
            guard let selector = FieldSelector.compile(name) else {
                var message = "unknown field '\(name)' in 'values'"
                if let nearest = Suggestion.nearest(to: name, in: FieldSelector.names) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw setup.error(message)
            }
            guard let text = value.text else { throw setup.error("the value for '\(name)' must be a scalar") }
            return (selector, text)
        }
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        for (selector, expected) in expectations
        where context.paywall.capabilities.isSuperset(of: selector.needs) {
            for value in context.values(selector) {
                if value.isMissing {
                    context.report(
                        message.render(
                            "missing \(value.path) (it must be \(expected))", path: value.path,
                            expected: expected),
                        at: value)
                } else if let text = value.text, text != expected,
                    Double(text) != Double(expected) || Double(text) == nil
                {
                    context.report(
                        message.render(
                            "\(value.path) is \(text); it must be \(expected)", path: value.path, value: text,
                            expected: expected),
                        at: value)
                }
            }
        }
    }
}

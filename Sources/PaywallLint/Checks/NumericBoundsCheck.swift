/// `numeric-bounds`: a number between `min` and `max`. With `autofix`, `fix` clamps it.
struct NumericBoundsCheck: Check {
    static let name = "numeric-bounds"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("min", .number, "the smallest allowed value"),
        OptionSpec("max", .number, "the largest allowed value"),
        OptionSpec("required", .bool, "also report the field when it is missing"),
        OptionSpec("autofix", .bool, "`paywall-lint fix` may clamp the value into the bounds"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let min: Double?
    let max: Double?
    let required: Bool
    let autofix: Bool
    let message: MessageTemplate
    /// The bounds as a message states them, described once rather than for every file.
    let expected: String

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        min = try setup.number("min")
        max = try setup.number("max")
        required = try setup.bool("required") ?? false
        autofix = try setup.bool("autofix") ?? false
        message = MessageTemplate(setup)
        if min == nil && max == nil { throw setup.error("numeric-bounds needs 'min' or 'max'") }
        expected = Self.describe(min: min, max: max)
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let number = value.number else {
                if value.isMissing && required {
                    context.report(
                        "missing \(value.path) (\(expected))",
                        at: value)
                }
                continue
            }
            var target: Double?
            if let min, number < min { target = min }
            if let max, number > max { target = max }
            guard let target else { continue }
            let text = value.text ?? String(number)
            let fix =
                autofix
                ? context.valueEdit(value, Self.format(target)).map {
                    Fix("write \(Self.format(target))", edits: [$0])
                }
                : nil
            context.report(
                message.render(
                    "\(value.path) is \(text); \(expected)", path: value.path, value: text, expected: expected
                ),
                at: value, fix: fix)
        }
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func describe(min: Double?, max: Double?) -> String {
        switch (min, max) {
        case (let low?, let high?) where low == high: "it must be \(format(low))"
        case (let low?, let high?): "it must be between \(format(low)) and \(format(high))"
        case (let low?, nil): "it must be at least \(format(low))"
        case (nil, let high?): "it must be at most \(format(high))"
        default: ""
        }
    }
}

/// `count`: a list has between `min` and `max` items (in the default locale); with `max-length`,
/// each item of `items` is at most that many characters.
struct CountCheck: Check {
    static let name = "count"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("min", .number, "the fewest items"),
        OptionSpec("max", .number, "the most items"),
        OptionSpec("items", .field, "the list's items, for max-length (e.g. bullets[*])"),
        OptionSpec("max-length", .number, "the longest item, in characters"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let min: Int?
    let max: Int?
    let items: FieldSelector?
    let maxLength: Int?
    let message: MessageTemplate
    /// The bounds as a message states them, described once rather than for every file.
    let expected: String

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        min = try setup.number("min").map { Int($0) }
        max = try setup.number("max").map { Int($0) }
        items = try setup.selector("items")
        maxLength = try setup.number("max-length").map { Int($0) }
        message = MessageTemplate(setup)
        expected = NumericBoundsCheck.describe(min: min.map(Double.init), max: max.map(Double.init))
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            let count: Int
            switch value.value {
            case .collection(let n): count = n
            case .none: count = 0
            default: continue
            }
            if let min, count < min {
                let text = value.isMissing ? "\(value.path) is missing" : "\(value.path) has \(count)"
                context.report(
                    message.render("\(text); \(expected)", path: value.path, expected: expected), at: value)
            } else if let max, count > max {
                context.report(
                    message.render(
                        "\(value.path) has \(count); \(expected)", path: value.path, expected: expected),
                    at: value)
            }
        }
        guard let items, let maxLength else { return }
        for item in context.values(items) {
            // No more bytes than the limit is no more characters: most copy is not counted.
            guard let text = item.text, text.utf8.count > maxLength, text.count > maxLength else { continue }
            context.report(
                "\(item.path) is \(text.count) characters long; keep it to \(maxLength) or fewer", at: item)
        }
    }
}

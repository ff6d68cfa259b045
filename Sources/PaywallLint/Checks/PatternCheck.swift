/// `pattern`: the field's text matches `require` and does not match `forbid` (regular expressions).
struct PatternCheck: Check {
    static let name = "pattern"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("require", .text, "a regular expression the whole value must match"),
        OptionSpec("forbid", .text, "a regular expression no part of the value may match"),
        OptionSpec("required", .bool, "also report the field when it is missing"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let require: String?
    let forbid: String?
    let required: Bool
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        require = setup.text("require")
        forbid = setup.text("forbid")
        required = try setup.bool("required") ?? false
        message = MessageTemplate(setup)
        for pattern in [require, forbid].compactMap({ $0 }) {
            do {
                _ = try Regex(pattern)
            } catch {
                throw setup.error("'\(pattern)' is not a valid regular expression")
            }
        }
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let text = value.text else {
                if value.isMissing && required {
                    context.report("missing \(value.path)", at: value)
                }
                continue
            }
            // Compiled per use: Regex is not Sendable, and these rules run on short identifiers.
            if let require, let regex = try? Regex(require), (try? regex.wholeMatch(in: text)) == nil {
                context.report(
                    message.render(
                        "\(value.path) \(MessageTemplate.quoted(text)) does not match \(require)",
                        path: value.path,
                        value: text, expected: require), at: value)
            } else if let forbid, let regex = try? Regex(forbid), (try? regex.firstMatch(in: text)) != nil {
                context.report(
                    message.render(
                        "\(value.path) \(MessageTemplate.quoted(text)) matches \(forbid)", path: value.path,
                        value: text,
                        expected: forbid), at: value)
            }
        }
    }
}

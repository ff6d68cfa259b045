/// `url`: the field is an absolute URL with an allowed scheme (https by default) and a host.
struct URLCheck: Check {
    static let name = "url"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("schemes", .texts, "allowed schemes (default: https)"),
        OptionSpec("required", .bool, "also report the field when it is missing (default true)"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let schemes: [String]
    let required: Bool
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        schemes = try setup.texts("schemes") ?? ["https"]
        required = try setup.bool("required") ?? true
        message = MessageTemplate(setup)
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let text = value.text else {
                if value.isMissing && required {
                    context.report("missing \(value.path)", at: value)
                }
                continue
            }
            if let problem = Self.problem(text, schemes: schemes) {
                context.report(
                    message.render(
                        "\(value.path) \(MessageTemplate.quoted(text)) \(problem)", path: value.path,
                        value: text),
                    at: value)
            }
        }
    }

    /// Why `text` is not an absolute URL with one of `schemes`, or nil.
    static func problem(_ text: String, schemes: [String]) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return "is not an absolute URL" }
        let scheme = text[..<colon].lowercased()
        guard schemes.contains(scheme) else {
            return
                "must use \(schemes.joined(separator: " or ")), not \(scheme.isEmpty ? "no scheme" : scheme)"
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return "is not an absolute URL" }
        let host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard host.contains("." as Character), !host.contains(" " as Character), host.first != ".",
            host.last != "."
        else {
            return "has no valid host"
        }
        if text.contains(" " as Character) { return "contains spaces" }
        return nil
    }
}

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
        // On UTF-8 bytes: every delimiter is ASCII, and Character-wise string walking costs
        // grapheme breaking for every URL of every file.
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "is not an absolute URL" }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard schemes.contains(scheme) else {
            return
                "must use \(schemes.joined(separator: " or ")), not \(scheme.isEmpty ? "no scheme" : scheme)"
        }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else {
            return "is not an absolute URL"
        }
        let host = rest.dropFirst(2).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        guard host.contains(UInt8(ascii: ".")), !host.contains(UInt8(ascii: " ")),
            host.first != UInt8(ascii: "."), host.last != UInt8(ascii: ".")
        else {
            return "has no valid host"
        }
        if bytes.contains(UInt8(ascii: " ")) { return "contains spaces" }
        return nil
    }
}

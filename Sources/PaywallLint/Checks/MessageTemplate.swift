/// A rule's own message (`with: {message: "…"}`), with `{path}`, `{value}` and `{expected}` filled in.
struct MessageTemplate: Sendable {
    let text: String?

    init(_ setup: CheckSetup) {
        text = setup.text("message")
    }

    static let option = OptionSpec(
        "message", .text, "the finding's message; {path}, {value} and {expected} are filled in")

    func render(_ fallback: String, path: String, value: String? = nil, expected: String? = nil) -> String {
        guard let text else { return fallback }
        return
            text
            .replacingOccurrences("{path}", path)
            // A rule that also reports the field missing reads "presentation is missing: …".
            .replacingOccurrences("{value}", value ?? "missing")
            .replacingOccurrences("{expected}", expected ?? "")
    }

    static func quoted(_ text: String) -> String { "\"" + text + "\"" }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return replacing(target, with: replacement)
    }
}

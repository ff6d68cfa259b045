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
    /// Every `target` replaced, compared as UTF-8 bytes (a valid UTF-8 target only matches at
    /// scalar boundaries). The standard library's `replacing` compares characters through the
    /// regex engine, at several thousand instructions a message.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        let target = Array(target.utf8)
        guard let first = target.first else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        var copied = 0
        var from = 0
        while let match = bytes[from...].firstIndex(of: first), match + target.count <= bytes.count {
            guard bytes[match..<match + target.count].elementsEqual(target) else {
                from = match + 1
                continue
            }
            result += bytes[copied..<match]
            result += replacement.utf8
            copied = match + target.count
            from = copied
        }
        guard copied > 0 else { return self }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}

/// A rule's own message (`with: {message: "…"}`), with `{path}`, `{value}` and `{expected}` filled in.
struct MessageTemplate: Sendable {
    /// The message cut at its placeholders once per rule, not searched three times per finding;
    /// nil when the rule has no message of its own. What is filled in is not searched again: a
    /// path holding `{value}` stays as it is.
    private let parts: [Part]?

    private enum Part: Sendable {
        case literal(String)
        case path, value, expected
    }

    init(_ setup: CheckSetup) {
        self.init(text: setup.text("message"))
    }

    init(text: String?) {
        parts = text.map(Self.parts(of:))
    }

    static let option = OptionSpec(
        "message", .text, "the finding's message; {path}, {value} and {expected} are filled in")

    func render(_ fallback: String, path: String, value: String? = nil, expected: String? = nil) -> String {
        guard let parts else { return fallback }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let literal): result += literal
            case .path: result += path
            // A rule that also reports the field missing reads "presentation is missing: …".
            case .value: result += value ?? "missing"
            case .expected: result += expected ?? ""
            }
        }
        return result
    }

    private static func parts(of text: String) -> [Part] {
        let placeholders: [(name: [UInt8], part: Part)] = [
            (Array("{path}".utf8), .path), (Array("{value}".utf8), .value),
            (Array("{expected}".utf8), .expected),
        ]
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var literalStart = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{"),
                let found = placeholders.first(where: { bytes[i...].starts(with: $0.name) })
            else {
                i += 1
                continue
            }
            if literalStart < i {
                parts.append(.literal(String(decoding: bytes[literalStart..<i], as: UTF8.self)))
            }
            parts.append(found.part)
            i += found.name.count
            literalStart = i
        }
        if literalStart < bytes.count {
            parts.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        return parts
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

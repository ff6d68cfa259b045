/// A rule's documentation as Markdown: what `explain` prints and what the rule docs are made of.
package enum RuleDocumentation {
    package static func markdown(for rule: RuleDefinition) -> String {
        let descriptor = rule.descriptor
        var out = "# \(descriptor.id)\n\n"
        out += "**\(descriptor.summary)**\n\n"
        out += "Severity: \(descriptor.severity.name) · Pack: \(descriptor.pack) · Check: \(rule.check)"
        if let field = rule.field { out += " · Field: `\(field)`" }
        out += "\n\n"
        if !descriptor.description.isEmpty {
            out += descriptor.description.trimmingTrailingNewlines() + "\n\n"
        }
        if !descriptor.source.isEmpty {
            out += "Source: \(descriptor.source)\n\n"
            let references = RuleSources.plainReferences(in: descriptor.source)
            if !references.isEmpty { out += references.map { "- \($0)\n" }.joined() + "\n" }
        }
        func render(_ examples: [RuleExample], title: String) {
            guard !examples.isEmpty else { return }
            out += "## \(title)\n\n"
            for example in examples {
                switch example {
                case .fragment(let value):
                    out += "```yaml\n" + ExampleText.yaml(value) + "```\n\n"
                case .file(let text, let format):
                    out += "```\(format.rawValue)\n" + text.trimmingTrailingNewlines() + "\n```\n\n"
                }
            }
        }
        render(rule.examples.invalid, title: "Triggers")
        render(rule.examples.valid, title: "Does not trigger")
        return out
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// Writes example fragments back as YAML / JSON text. `plainText` writes text plain where YAML
/// reads it back as the same text (`true`, numbers, simple words), as a page for people does;
/// otherwise every text is quoted.
package enum ExampleText {
    package static func yaml(_ value: OptionValue, indent: String = "", plainText: Bool = false) -> String {
        switch value {
        case .map(let pairs):
            var out = ""
            for (key, item) in pairs {
                switch item {
                case .map(let inner) where !inner.isEmpty:
                    out += "\(indent)\(key):\n" + yaml(item, indent: indent + "  ", plainText: plainText)
                case .list(let items) where !items.isEmpty:
                    out += "\(indent)\(key):\n" + yaml(item, indent: indent + "  ", plainText: plainText)
                default:
                    out += "\(indent)\(key): \(inline(item, plainText: plainText))\n"
                }
            }
            return out
        case .list(let items):
            var out = ""
            for item in items {
                switch item {
                case .map(let pairs) where !pairs.isEmpty:
                    let body = yaml(item, indent: indent + "  ", plainText: plainText)
                    out += indent + "- " + body.dropFirst(indent.count + 2)
                default:
                    out += "\(indent)- \(inline(item, plainText: plainText))\n"
                }
            }
            return out
        default:
            return indent + inline(value, plainText: plainText) + "\n"
        }
    }

    package static func inline(_ value: OptionValue, plainText: Bool = false) -> String {
        switch value {
        case .null: return "null"
        case .text(let text): return plainText && isPlain(text) ? text : JSONText.quoted(text)
        case .list(let items):
            return "[" + items.map { inline($0, plainText: plainText) }.joined(separator: ", ") + "]"
        case .map(let pairs):
            return "{"
                + pairs.map { "\($0.0): \(inline($0.1, plainText: plainText))" }.joined(separator: ", ") + "}"
        }
    }

    /// Whether `text` written plain reads back as the runner reads it: booleans, numbers, and
    /// words that no YAML reader takes for anything but text.
    static func isPlain(_ text: String) -> Bool {
        if text == "true" || text == "false" || isNumber(text) { return true }
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " " else {
            return false
        }
        if ["yes", "no", "on", "off", "y", "n", "null"].contains(text.lowercased()) { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._/-")
        return text.allSatisfy { allowed.contains($0) }
    }

    /// A JSON number: `-`, digits without a leading zero, a fraction, an exponent.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leadingZero = bytes.first == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

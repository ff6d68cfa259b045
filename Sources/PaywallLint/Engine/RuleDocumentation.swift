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

/// Writes example fragments back as YAML / JSON text.
package enum ExampleText {
    package static func yaml(_ value: OptionValue, indent: String = "") -> String {
        switch value {
        case .map(let pairs):
            var out = ""
            for (key, item) in pairs {
                switch item {
                case .map(let inner) where !inner.isEmpty:
                    out += "\(indent)\(key):\n" + yaml(item, indent: indent + "  ")
                case .list(let items) where !items.isEmpty:
                    out += "\(indent)\(key):\n" + yaml(item, indent: indent + "  ")
                default:
                    out += "\(indent)\(key): \(inline(item))\n"
                }
            }
            return out
        case .list(let items):
            var out = ""
            for item in items {
                switch item {
                case .map(let pairs) where !pairs.isEmpty:
                    let body = yaml(item, indent: indent + "  ")
                    out += indent + "- " + body.dropFirst(indent.count + 2)
                default:
                    out += "\(indent)- \(inline(item))\n"
                }
            }
            return out
        default:
            return indent + inline(value) + "\n"
        }
    }

    package static func inline(_ value: OptionValue) -> String {
        switch value {
        case .null: return "null"
        case .text(let text): return JSONText.quoted(text)
        case .list(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .map(let pairs):
            return "{" + pairs.map { "\($0.0): \(inline($0.1))" }.joined(separator: ", ") + "}"
        }
    }
}

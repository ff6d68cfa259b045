/// What a rule is, for reporters and `explain`: its ID, default severity and texts.
package struct RuleDescriptor: Sendable, Hashable {
    package var id: String
    package var pack: String
    package var severity: Severity
    package var summary: String
    /// Markdown: what is wrong, why it matters, how to fix it.
    package var description: String
    package var source: String

    package init(
        id: String, pack: String, severity: Severity, summary: String, description: String, source: String
    ) {
        self.id = id
        self.pack = pack
        self.severity = severity
        self.summary = summary
        self.description = description
        self.source = source
    }

    /// The rule's name in UpperCamelCase, from its ID (`apple/close-button` → `CloseButton`).
    package var name: String {
        let last = id.split(separator: "/").last.map(String.init) ?? id
        // An ASCII ID (every built-in one) on its bytes: SARIF names every rule of the run,
        // and the words' strings cost 18,000 instructions a rule.
        if last.utf8.allSatisfy({ $0 < 0x80 }) {
            var name: [UInt8] = []
            var startsWord = true
            for byte in last.utf8 {
                if byte == UInt8(ascii: "-") {
                    startsWord = true
                    continue
                }
                let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                name.append(startsWord && isLower ? byte - 0x20 : byte)
                startsWord = false
            }
            return String(decoding: name, as: UTF8.self)
        }
        return last.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

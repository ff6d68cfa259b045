/// Reads any other vendor's paywall (Adapty, Qonversion, Superwall, home-grown component trees)
/// for the copy rules only. Every string value is copy, except values of keys that name
/// identifiers, URLs, colours, images, styles or layout, and values that look like them.
/// Base64 or HTML inside a string is not copy (it is not decoded).
enum GenericDialect {
    /// Words in a key (split at `_`, `-` and camelCase) that make its value not copy.
    static let nonCopyKeyWords: Set<String> = [
        "id", "ids", "identifier", "key", "uuid", "sku", "url", "urls", "uri", "href", "link", "links", "src",
        "source",
        "image", "images", "img", "icon", "icons", "asset", "assets", "thumbnail", "logo", "video",
        "animation", "lottie",
        "color", "colors", "colour", "colours", "background", "foreground", "tint", "gradient", "font",
        "fonts",
        "style", "styles", "css", "class", "layout", "align", "alignment", "padding", "margin", "width",
        "height",
        "size", "position", "offset", "radius", "border", "shadow", "opacity", "axis", "spacing", "frame",
        "type", "kind", "format", "locale", "lang", "language", "currency", "code", "version", "hash",
        "token",
        "secret", "event", "events", "action", "actions", "path", "file", "mime", "method", "status", "tag",
        "tags",
        "variant", "template", "placement", "platform", "store", "vendor", "experiment", "revision", "mode",
        "state",
        "html", "base64", "json", "data", "payload", "js", "script", "handler", "target", "trigger",
        "triggers",
    ]

    static func read(_ document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache)
        -> (Paywall, [Finding])
    {
        var reader = ModelReader(document: document, format: format, dialect: .generic, templates: templates)
        var paywall = Paywall(
            dialect: .generic, capabilities: [], place: reader.place(root), document: document,
            defaultLocale: "default")
        // An explicit stack: vendor trees can be deep, and recursion must stay bounded.
        var stack: [(node: NodeID, key: String?)] = [(root, nil)]
        var visited = Set<NodeID>()
        while let (node, key) = stack.popLast() {
            let item = document[node]
            switch item.kind {
            case .mapping:
                guard visited.insert(node).inserted else { continue }
                for pair in document.pairs(of: node).reversed() {
                    let name = document.text(of: pair.key)
                    if name == "dialect" || name.hasPrefix("x-paywall-lint") { continue }
                    stack.append((pair.value, name))
                }
            case .sequence:
                guard visited.insert(node).inserted else { continue }
                for child in document.items(of: node).reversed() { stack.append((child, key)) }
            case .scalar:
                guard item.style != .plain || format == .yaml, isCopy(document.text(of: node), key: key)
                else { continue }
                let pointer = document.pointer(of: node)
                if let copy = reader.copy(
                    node, field: "copy", path: pointer, locale: "default", isDefault: true)
                {
                    paywall.copy.append(copy)
                }
            }
        }
        // Variables in other vendors' copy follow their own syntax: only the copy rules run.
        let findings = reader.findings.filter {
            $0.ruleID != CoreRuleID.unknownVariable && $0.ruleID != CoreRuleID.malformedVariable
        }
        return (paywall, findings)
    }

    static func isCopy(_ value: String, key: String?) -> Bool {
        if let key, keyWords(key).contains(where: nonCopyKeyWords.contains) { return false }
        let scalars = value.unicodeScalars
        guard scalars.contains(where: { $0.properties.isAlphabetic }) else { return false }
        if value.hasPrefix("http://") || value.hasPrefix("https://") || value.hasPrefix("data:") {
            return false
        }
        if value.hasPrefix("#") && scalars.count <= 9 && !value.contains(" " as Character) { return false }
        // HTML (even indented, as in Qonversion's no-code screens) is markup, not copy.
        let trimmed = value.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<") && value.contains(">" as Character) { return false }
        let hasSpace = scalars.contains { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{3000}" }
        if !hasSpace {
            // One token: identifiers (com.app.pro, snake_case), base64 blobs; short words stay copy.
            if scalars.count > 40 { return false }
            if value.contains("." as Character) || value.contains("_" as Character)
                || value.contains("/" as Character)
            {
                return false
            }
            if value.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" })
                && value.contains("-" as Character)
            {
                return false
            }
        }
        return true
    }

    /// `ctaTitle` → [cta, title]; `tos_url` → [tos, url].
    static func keyWords(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in key {
            if character == "_" || character == "-" || character == "." || character == " " {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase && previousLower {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

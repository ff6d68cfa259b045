/// Reads the remote-config `PaywallConfig` shape (`id, headline, subhead, bullets, productIDs,
/// highlightedProductID, ctaTitle, footnote`). Its renderer owns close, restore and links, so
/// rules about those stay silent; the footnote is where the disclosure goes.
enum RemoteConfigDialect {
    static let keys: KnownKeys = [
        "dialect", "id", "headline", "subhead", "bullets", "productIDs", "highlightedProductID", "ctaTitle",
        "footnote",
    ]

    static func read(_ document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache)
        -> (Paywall, [Finding])
    {
        var reader = ModelReader(
            document: document, format: format, dialect: .remoteConfig, templates: templates)
        let locale = "en"
        var paywall = Paywall(
            dialect: .remoteConfig, capabilities: Dialect.remoteConfig.capabilities.union(.disclosure),
            place: reader.place(root), document: document, defaultLocale: locale)
        guard let f = reader.fields(root, known: keys, field: "", ignoring: { $0.hasPrefix("x-") }) else {
            return (paywall, reader.findings)
        }
        func copy(_ key: String, _ field: String) -> Copy? {
            reader.copy(f[key], field: field, path: key, locale: locale, isDefault: true)
        }
        paywall.id = reader.text(f["id"], field: "id")
        paywall.headline = copy("headline", "headline")
        paywall.subhead = copy("subhead", "subhead")
        if let node = f["bullets"], let items = reader.list(node, field: "bullets") {
            let bullets = items.enumerated().compactMap { index, item in
                reader.copy(
                    item, field: "bullets", path: "bullets[\(index)]", locale: locale, isDefault: true)
            }
            paywall.bullets = Field(bullets, node: node, span: document[node].span)
        }
        if let node = f["productIDs"], let items = reader.list(node, field: "productIDs") {
            let products = items.enumerated().map { index, item in
                Product(
                    id: reader.text(item, field: "productIDs[\(index)]"), kind: nil, label: nil, badge: nil,
                    place: reader.place(item))
            }
            paywall.products = Field(products, node: node, span: document[node].span)
        }
        paywall.highlightedProduct = reader.text(f["highlightedProductID"], field: "highlightedProductID")
        if let node = f["ctaTitle"] {
            paywall.cta = CallToAction(
                text: copy("ctaTitle", "cta"), fontSize: nil, place: reader.place(node))
        }
        if let node = f["footnote"] {
            paywall.disclosure = Disclosure(
                text: copy("footnote", "disclosure.text"), placement: nil, fontSize: nil, color: nil,
                place: reader.place(node))
        }
        paywall.copy = [paywall.headline, paywall.subhead, paywall.cta?.text, paywall.disclosure?.text]
            .compactMap { $0 }
        paywall.copy.insert(contentsOf: paywall.bullets?.value ?? [], at: min(2, paywall.copy.count))
        return (paywall, reader.findings)
    }
}

extension RemoteConfigDialect {
    /// The model's field names that rules' messages use, as a remote-config file names them.
    static let fieldNames: [(model: String, file: String)] = [
        ("highlighted_product", "highlightedProductID"), ("products[*].id", "productIDs"),
    ]

    /// A message in the file's own field names (`highlightedProductID`, not `highlighted_product`).
    static func inFileNames(_ message: String) -> String {
        // Most messages name neither: a byte scan, not `String.contains`, which costs more than
        // the rest of a small file's lint.
        guard fieldNames.contains(where: { contains(message.utf8, $0.model.utf8) }) else { return message }
        var result = message
        for (model, file) in fieldNames {
            result = result.split(separator: model, omittingEmptySubsequences: false).joined(separator: file)
        }
        return result
    }

    private static func contains(_ text: String.UTF8View, _ part: String.UTF8View) -> Bool {
        guard let first = part.first, text.count >= part.count else { return false }
        var index = text.startIndex
        while let found = text[index...].firstIndex(of: first) {
            if text[found...].starts(with: part) { return true }
            index = text.index(after: found)
        }
        return false
    }
}

/// Reads RevenueCat Paywalls V2 ("components"): a tree of components under `components_config`,
/// whose `text` components name their strings by ID in `components_localizations[locale]`.
/// Texts become copy in every locale (placed at the localized string), a `purchase_button` the
/// call to action, `package`s the products, `button` actions the close, restore and legal
/// controls, `timeline` and `countdown` elements. RevenueCat presents the paywall itself, so
/// presentation rules stay silent.
enum RevenueCatV2Dialect {
    static let topLevelKeys: KnownKeys = [
        "dialect", "id", "template_name", "components_config", "components_localizations", "default_locale",
        "revision", "asset_base_url", "zero_decimal_place_countries", "zeroDecimalPlaceCountries",
        "exit_offers",
    ]

    /// The component types that hold other components, and the keys they hold them under.
    static let childKeys: Set<String> = [
        "components", "stack", "tabs", "pages", "items", "control", "sticky_footer",
    ]

    /// One text component met in the tree, with where it stands.
    private struct Text {
        var component: NodeID
        var lid: Field<String>
        /// The model field its copy feeds.
        var field: String
        var path: String
        /// Shown only to people eligible for the introductory offer (an `intro_offer` override).
        var introOffer: Bool
    }

    /// What encloses a component: the innermost purchase button, package, button and sticky footer.
    private struct Context {
        var field = "text"
        var path: String?
        var packageID: String?
        var inStickyFooter = false
        /// The control whose label this is (`restore`, `links`), for its size and colour.
        var control: String?
    }

    /// RevenueCat's named font sizes, in points (purchases-ios `FontSize`).
    static let namedFontSizes: [String: Double] = [
        "heading_xxl": 40, "heading_xl": 34, "heading_l": 28, "heading_m": 24, "heading_s": 20,
        "heading_xs": 16, "body_xl": 18, "body_l": 17, "body_m": 15, "body_s": 13,
    ]

    static func read(_ document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache)
        -> (Paywall, [Finding])
    {
        var reader = ModelReader(
            document: document, format: format, dialect: .revenueCatV2, templates: templates)
        reader.unknownVariableRule = "revenuecat/variables"
        var paywall = Paywall(
            dialect: .revenueCatV2, capabilities: Dialect.revenueCatV2.capabilities,
            place: reader.place(root),
            document: document, defaultLocale: "en_US")
        guard let f = reader.fields(root, known: topLevelKeys, field: "", ignoring: { $0.hasPrefix("x-") })
        else {
            return (paywall, reader.findings)
        }
        // Strings by locale, then by ID.
        var locales: [(locale: Field<String>, strings: [String: NodeID], node: NodeID)] = []
        if let node = f["components_localizations"] {
            if document[node].isMapping {
                for pair in document.pairs(of: node) {
                    var strings: [String: NodeID] = [:]
                    if document[pair.value].isMapping {
                        for string in document.pairs(of: pair.value) {
                            strings[document.text(of: string.key)] = string.value
                        }
                    } else {
                        reader.wrongType(
                            pair.value, expected: "a mapping of string IDs",
                            field: "components_localizations.\(document.text(of: pair.key))")
                    }
                    let locale = Field(
                        document.text(of: pair.key), node: pair.key, span: document[pair.key].span)
                    locales.append((locale, strings, pair.value))
                }
            } else if !document.isNull(node), !(document[node].isSequence && document.items(of: node).isEmpty)
            {
                // An empty list is read as no strings, as RevenueCat's decoders read it.
                reader.wrongType(node, expected: "a mapping of locales", field: "components_localizations")
            }
        }
        if let declared = reader.text(f["default_locale"], field: "default_locale") {
            paywall.defaultLocale = declared.value
        } else if let first = locales.first {
            paywall.defaultLocale = first.locale.value
        }
        let defaultStrings = locales.first { $0.locale.value == paywall.defaultLocale }?.strings ?? [:]
        func defaultString(_ lid: String) -> Field<String>? {
            guard let node = defaultStrings[lid], document[node].isScalar else { return nil }
            return Field(document.text(of: node), node: node, span: document[node].span)
        }

        // The tree, depth first in document order, without recursion.
        var texts: [Text] = []
        var products: [Product] = []
        var elements: [Element] = []
        var stack: [(node: NodeID, context: Context)] = []
        // The first label of each control: its size and light-mode colour.
        var labelStyles: [String: (size: Field<Double>?, color: Field<String>?)] = [:]
        if let config = f["components_config"], document[config].isMapping {
            for pair in document.pairs(of: config).reversed() {
                stack.append((pair.value, Context()))
            }
        }
        while let (node, outer) = stack.popLast() {
            var context = outer
            if document[node].isSequence {
                for item in document.items(of: node).reversed() { stack.append((item, context)) }
                continue
            }
            guard document[node].isMapping else { continue }
            let type = document.value(of: node, key: "type").map { document.text(of: $0) }
            let id = document.value(of: node, key: "id").map { document.text(of: $0) } ?? ""
            switch type {
            case "text":
                if let control = context.control, labelStyles[control] == nil {
                    labelStyles[control] = (
                        fontSize(of: node, in: document), lightColor(of: node, in: document)
                    )
                }
                if let lid = reader.text(document.value(of: node, key: "text_lid"), field: "text_lid") {
                    let path = context.path ?? "text[\(id)]"
                    let overrides = overrideLids(of: node, in: document)
                    // A plain text with an intro-offer override is what people without the
                    // offer read instead: RevenueCat V1's offer details.
                    let base =
                        context.path == nil && overrides.contains(where: \.1) ? path + ".ineligible" : path
                    texts.append(
                        Text(component: node, lid: lid, field: context.field, path: base, introOffer: false))
                    for (lid, intro) in overrides {
                        texts.append(
                            Text(
                                component: node, lid: lid, field: context.field,
                                path: path + (intro ? ".intro_offer" : ".override"), introOffer: intro))
                    }
                }
            case "purchase_button":
                context.field = "cta"
                context.path = "cta"
            case "package":
                if let packageID = reader.text(
                    document.value(of: node, key: "package_id"), field: "package_id")
                {
                    context.packageID = packageID.value
                    context.field = "products.label"
                    context.path = "products[\(packageID.value)].label"
                    products.append(
                        Product(id: packageID, kind: nil, label: nil, badge: nil, place: reader.place(node)))
                    if let selected = document.value(of: node, key: "is_selected_by_default"),
                        document.text(of: selected) == "true"
                    {
                        paywall.highlightedProduct = packageID
                    }
                }
            case "button":
                readAction(of: node, context: &context, paywall: &paywall, defaultString: defaultString)
            case "timeline":
                elements.append(
                    Element(
                        type: Field("trial_timeline", node: node, span: document[node].span), text: nil,
                        fontSize: nil, place: reader.place(node)))
            case "countdown":
                elements.append(
                    Element(
                        type: Field("countdown", node: node, span: document[node].span), text: nil,
                        fontSize: nil,
                        place: reader.place(node)))
            default:
                break
            }
            for pair in document.pairs(of: node).reversed() {
                let key = document.text(of: pair.key)
                guard childKeys.contains(key) else { continue }
                var inner = context
                // What the sticky footer holds stays on screen without scrolling.
                if key == "sticky_footer" { inner.inStickyFooter = true }
                stack.append((pair.value, inner))
            }
        }

        // Copy: the default locale first, then each other locale's strings for the same texts.
        for text in texts where defaultString(text.lid.value) == nil {
            reader.report(
                "revenuecat/missing-string", .error,
                "text_lid \(text.lid.value) has no string in the default locale \(paywall.defaultLocale); "
                    + "RevenueCat shows nothing there",
                at: text.lid.node)
        }
        for (locale, strings, place) in locales {
            let isDefault = locale.value == paywall.defaultLocale
            var copies: [Copy] = []
            for text in texts {
                guard let node = strings[text.lid.value],
                    var copy = reader.copy(
                        node, field: text.field, path: text.path, locale: locale.value, isDefault: isDefault)
                else { continue }
                copy.isIntroOfferOnly = text.introOffer
                copy.component = text.component
                copies.append(copy)
            }
            let range = paywall.copy.count..<(paywall.copy.count + copies.count)
            paywall.copy += copies
            if !isDefault {
                paywall.localizations.append(
                    Localization(locale: locale, copies: range, place: reader.place(place)))
            }
        }
        let defaultCopy = paywall.copy.filter(\.isDefaultLocale)
        for index in products.indices {
            let id = products[index].id?.value ?? ""
            products[index].label = defaultCopy.first { $0.path == "products[\(id)].label" }
        }
        if let cta = defaultCopy.first(where: { $0.path == "cta" }) {
            paywall.cta = CallToAction(text: cta, fontSize: nil, place: Place(node: cta.node, span: cta.span))
        }
        if paywall.close != nil, let label = defaultCopy.first(where: { $0.path == "close.label" }) {
            paywall.close?.label = label
        }
        if paywall.restore != nil, let label = defaultCopy.first(where: { $0.path == "restore.label" }) {
            paywall.restore?.label = label
        }
        if let style = labelStyles["restore"] {
            paywall.restore?.fontSize = style.size
            paywall.restore?.color = style.color
        }
        if let style = labelStyles["links"] {
            paywall.links?.fontSize = style.size
            paywall.links?.color = style.color
        }
        if let config = f["components_config"], let base = document.value(of: config, key: "base"),
            let background = document.value(of: base, key: "background"),
            let color = lightColor(of: background, in: document, key: "value")
        {
            paywall.theme = Theme(background: color, text: nil, place: reader.place(background))
        }
        if let config = f["components_config"] {
            paywall.products = Field(products, node: config, span: document[config].span)
            paywall.elements = Field(elements, node: config, span: document[config].span)
        }
        return (paywall, reader.findings)
    }

    /// The string IDs an override shows instead, each with whether it is shown for the
    /// introductory offer (`intro_offer`, `multiple_intro_offers`). Other conditions (selected,
    /// orientation, screen size) show the same words in another state.
    private static func overrideLids(of node: NodeID, in document: Document) -> [(Field<String>, Bool)] {
        guard let overrides = document.value(of: node, key: "overrides"), document[overrides].isSequence
        else {
            return []
        }
        var result: [(Field<String>, Bool)] = []
        for item in document.items(of: overrides) where document[item].isMapping {
            guard let properties = document.value(of: item, key: "properties"),
                let lid = document.value(of: properties, key: "text_lid"), document[lid].isScalar
            else { continue }
            let conditions = document.value(of: item, key: "conditions").map { document.items(of: $0) } ?? []
            let intro = conditions.contains { isIntroOffer($0, in: document) }
            result.append((Field(document.text(of: lid), node: lid, span: document[lid].span), intro))
        }
        return result
    }

    /// A text's `font_size`: points, or one of RevenueCat's named sizes.
    private static func fontSize(of node: NodeID, in document: Document) -> Field<Double>? {
        guard let size = document.value(of: node, key: "font_size"), document[size].isScalar else {
            return nil
        }
        let text = document.text(of: size)
        guard let points = Double(text) ?? namedFontSizes[text] else { return nil }
        return Field(points, node: size, span: document[size].span)
    }

    /// The light-mode hex colour under `key` (`{"light": {"type": "hex", "value": "#RRGGBBAA"}}`).
    private static func lightColor(of node: NodeID, in document: Document, key: String = "color") -> Field<
        String
    >? {
        guard let color = document.value(of: node, key: key), document[color].isMapping,
            let light = document.value(of: color, key: "light"),
            let type = document.value(of: light, key: "type"), document.text(of: type) == "hex",
            let value = document.value(of: light, key: "value"), document[value].isScalar
        else { return nil }
        return Field(document.text(of: value), node: value, span: document[value].span)
    }

    /// Whether a condition holds only for people eligible for the introductory offer:
    /// `intro_offer`, `multiple_intro_offers`, or `intro_offer_condition` asking for it.
    private static func isIntroOffer(_ condition: NodeID, in document: Document) -> Bool {
        guard let type = document.value(of: condition, key: "type").map({ document.text(of: $0) }) else {
            return false
        }
        switch type {
        case "intro_offer", "multiple_intro_offers": return true
        case "intro_offer_condition":
            let equals = document.value(of: condition, key: "operator").map { document.text(of: $0) } != "!="
            let value = document.value(of: condition, key: "value").map { document.text(of: $0) } == "true"
            return equals == value
        default: return false
        }
    }

    /// Reads a button's action: `navigate_back` closes, `restore_purchases` restores,
    /// `navigate_to` the terms or privacy policy links (their URL in the default locale).
    private static func readAction(
        of node: NodeID, context: inout Context, paywall: inout Paywall,
        defaultString: (String) -> Field<String>?
    ) {
        let document = paywall.document
        guard let action = document.value(of: node, key: "action"), document[action].isMapping,
            let type = document.value(of: action, key: "type")
        else { return }
        let place = Place(node: node, span: document[node].span)
        let visible = Field(true, node: node, span: document[node].span)
        switch document.text(of: type) {
        case "navigate_back":
            paywall.close = CloseControl(
                visible: visible, delaySeconds: nil, label: nil, destination: nil, place: place)
            context.field = "close.label"
            context.path = "close.label"
        case "restore_purchases":
            paywall.restore = RestoreControl(
                visible: visible, aboveFold: context.inStickyFooter ? visible : nil, label: nil,
                fontSize: nil,
                color: nil, place: place)
            context.field = "restore.label"
            context.path = "restore.label"
            context.control = "restore"
        case "navigate_to":
            let destination = document.value(of: action, key: "destination").map { document.text(of: $0) }
            guard destination == "terms" || destination == "privacy_policy" else { return }
            context.control = "links"
            var url: Field<String>?
            if let target = document.value(of: action, key: "url"),
                let lid = document.value(of: target, key: "url_lid")
            {
                url = defaultString(document.text(of: lid))
            }
            var links =
                paywall.links ?? Links(terms: nil, privacy: nil, fontSize: nil, color: nil, place: place)
            if destination == "terms" {
                links.terms = url ?? links.terms
            } else {
                links.privacy = url ?? links.privacy
            }
            paywall.links = links
        default:
            break
        }
    }
}

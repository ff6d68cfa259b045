/// Reads RevenueCat paywall data (V1 templates): `template_name`, `localized_strings` per locale
/// (or `localized_strings_by_tier`), and `config` with packages, restore and legal links.
/// RevenueCat renders close and presentation itself, so rules about those stay silent.
enum RevenueCatDialect {
    static let topLevelKeys: KnownKeys = [
        "dialect", "id", "template_name", "localized_strings", "localized_strings_by_tier", "default_locale",
        "config",
        "asset_base_url", "revision", "exit_offers", "zero_decimal_place_countries",
    ]
    static let configKeys: KnownKeys = [
        "packages", "default_package", "tiers", "images", "images_heic", "images_heic_low_res", "images_webp",
        "images_webp_low_res",
        "images_by_tier",
        "blurred_background_image", "display_restore_purchases", "tos_url", "privacy_url", "colors",
        "colors_by_tier",
    ]
    static let stringKeys: KnownKeys = [
        "title", "subtitle", "call_to_action", "call_to_action_with_intro_offer",
        "call_to_action_with_multiple_intro_offers", "offer_details", "offer_details_with_intro_offer",
        "offer_details_with_multiple_intro_offers", "offer_name", "features", "tier_name",
    ]
    static let tierKeys: KnownKeys = ["id", "packages", "default_package"]
    static let featureKeys: KnownKeys = ["title", "content", "icon_id"]
    /// The model field each string feeds.
    static let modelField = [
        "title": "headline", "subtitle": "subhead", "call_to_action": "cta",
        "call_to_action_with_intro_offer": "cta",
        "call_to_action_with_multiple_intro_offers": "cta", "offer_details": "price.text",
        "offer_details_with_intro_offer": "price.text",
        "offer_details_with_multiple_intro_offers": "price.text",
        "offer_name": "products.label", "tier_name": "products.label",
    ]
    static let templates = ["1", "2", "3", "4", "5", "7"]

    static func read(_ document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache)
        -> (Paywall, [Finding])
    {
        var reader = ModelReader(
            document: document, format: format, dialect: .revenueCat, templates: templates)
        reader.unknownVariableRule = "revenuecat/variables"
        reader.requireCanonicalSpacing = true
        var paywall = Paywall(
            dialect: .revenueCat, capabilities: Dialect.revenueCat.capabilities, place: reader.place(root),
            document: document, defaultLocale: "en_US")
        var rc = RevenueCatPaywall()
        guard let f = reader.fields(root, known: topLevelKeys, field: "", ignoring: { $0.hasPrefix("x-") })
        else {
            return (paywall, reader.findings)
        }
        rc.templateName = reader.text(f["template_name"], field: "template_name")
        if let name = f["template_name"], document[name].isScalar, document[name].style == .plain {
            // RevenueCat writes template names as strings ("1"); a JSON number decodes differently.
            rc.templateName = Field(document.text(of: name), node: name, span: document[name].span)
        }

        // Config first: the default locale may depend on nothing in it, but packages and links do.
        if let config = f["config"], let c = reader.fields(config, known: configKeys, field: "config") {
            rc.configPlace = reader.place(config)
            rc.packages = readPackages(c["packages"], reader: &reader)
            rc.defaultPackage = reader.text(c["default_package"], field: "config.default_package")
            if let tiers = reader.list(c["tiers"], field: "config.tiers") {
                for (index, tier) in tiers.enumerated() {
                    guard
                        let t = reader.fields(
                            tier, known: tierKeys,
                            field: "config.tiers[\(index)]")
                    else { continue }
                    rc.packages += readPackages(t["packages"], reader: &reader)
                }
            }
            rc.displayRestorePurchases = reader.bool(
                c["display_restore_purchases"], field: "config.display_restore_purchases")
            let visible = rc.displayRestorePurchases
            paywall.restore = RestoreControl(
                visible: visible, aboveFold: nil, label: nil, fontSize: nil, color: nil,
                place: reader.place(config))
            paywall.links = Links(
                terms: reader.text(c["tos_url"], field: "config.tos_url"),
                privacy: reader.text(c["privacy_url"], field: "config.privacy_url"), fontSize: nil,
                color: nil,
                place: reader.place(config))
            paywall.products = Field(
                rc.packages.map {
                    Product(
                        id: $0, kind: nil, label: nil, badge: nil, place: Place(node: $0.node, span: $0.span))
                }, node: config, span: document[config].span)
            paywall.highlightedProduct = rc.defaultPackage
        }

        // RevenueCat shows Restore unless display_restore_purchases is false (its default is true).
        if paywall.restore == nil {
            paywall.restore = RestoreControl(
                visible: nil, aboveFold: nil, label: nil, fontSize: nil, color: nil, place: reader.place(root)
            )
        }

        // Strings per locale (or per locale and tier).
        var perLocale: [(locale: Field<String>, strings: NodeID, tier: String?)] = []
        if let strings = f["localized_strings"] {
            rc.localizedStrings = reader.place(strings)
            if document[strings].isMapping {
                for pair in document.pairs(of: strings) {
                    perLocale.append(
                        (
                            Field(document.text(of: pair.key), node: pair.key, span: document[pair.key].span),
                            pair.value, nil
                        ))
                }
            } else if !document.isNull(strings) {
                reader.wrongType(strings, expected: "a mapping of locales", field: "localized_strings")
            }
        }
        if let byTier = f["localized_strings_by_tier"], document[byTier].isMapping {
            rc.localizedStrings = reader.place(byTier)
            for pair in document.pairs(of: byTier) where document[pair.value].isMapping {
                let locale = Field(document.text(of: pair.key), node: pair.key, span: document[pair.key].span)
                for tier in document.pairs(of: pair.value) {
                    perLocale.append((locale, tier.value, document.text(of: tier.key)))
                }
            }
        }
        let locales = perLocale.map(\.locale.value)
        if let declared = reader.text(f["default_locale"], field: "default_locale") {
            paywall.defaultLocale = declared.value
        } else if locales.contains("en_US") {
            paywall.defaultLocale = "en_US"
        } else if let first = locales.first {
            paywall.defaultLocale = first
        }

        var seenLocales = Set<String>()
        for entry in perLocale {
            let isDefault = entry.locale.value == paywall.defaultLocale
            let context =
                entry.tier.map { "localized_strings_by_tier.\(entry.locale.value).\($0)" }
                ?? "localized_strings.\(entry.locale.value)"
            guard let s = reader.fields(entry.strings, known: stringKeys, field: context) else { continue }
            var copy: [Copy] = []
            for key in stringKeys.names where key != "features" {
                guard let node = s[key] else { continue }
                let path = entry.tier.map { "\($0).\(key)" } ?? key
                guard
                    let item = reader.copy(
                        node, field: modelField[key] ?? key, path: path, locale: entry.locale.value,
                        isDefault: isDefault)
                else { continue }
                // RevenueCat reads blank strings as absent (its es_ES sample has " ").
                if item.text.allSatisfy(\.isWhitespace) { continue }
                copy.append(item)
                if isDefault && entry.tier == nil || isDefault && paywall.headline == nil {
                    switch key {
                    case "title": paywall.headline = item
                    case "subtitle": paywall.subhead = item
                    case "call_to_action":
                        paywall.cta = CallToAction(text: item, fontSize: nil, place: reader.place(node))
                    case "offer_details":
                        paywall.price = PriceDisplay(text: item, fontSize: nil, place: reader.place(node))
                    default: break
                    }
                }
            }
            if let features = reader.list(s["features"], field: "\(context).features") {
                var bullets: [Copy] = []
                for (index, feature) in features.enumerated() {
                    guard
                        let g = reader.fields(
                            feature, known: featureKeys, field: "features[\(index)]")
                    else { continue }
                    let prefix = (entry.tier.map { "\($0)." } ?? "") + "features[\(index)]"
                    for key in ["title", "content"] {
                        if let item = reader.copy(
                            g[key], field: "bullets", path: "\(prefix).\(key)", locale: entry.locale.value,
                            isDefault: isDefault)
                        {
                            copy.append(item)
                            if key == "title" { bullets.append(item) }
                        }
                    }
                }
                if isDefault, paywall.bullets == nil, let node = s["features"] {
                    paywall.bullets = Field(bullets, node: node, span: document[node].span)
                }
            }
            let copies = paywall.copy.count..<(paywall.copy.count + copy.count)
            paywall.copy += copy
            if !copy.isEmpty, seenLocales.insert(entry.locale.value).inserted {
                rc.locales.append(entry.locale)
            }
            if !isDefault, entry.tier == nil {
                paywall.localizations.append(
                    Localization(locale: entry.locale, copies: copies, place: reader.place(entry.strings)))
            }
        }
        paywall.revenueCat = rc
        return (paywall, reader.findings)
    }

    private static func readPackages(_ node: NodeID?, reader: inout ModelReader) -> [Field<String>] {
        guard let items = reader.list(node, field: "packages") else { return [] }
        return items.enumerated().compactMap { index, item in reader.text(item, field: "packages[\(index)]") }
    }
}

/// The shapes of paywall definition paywall-lint reads, all onto one `Paywall` model.
public enum Dialect: String, Sendable, CaseIterable {
    /// FORMAT.md's canonical format.
    case canonical = "paywall/v1"
    /// The camelCase `PaywallConfig` of a remote-config paywall.
    case remoteConfig = "remote-config"
    /// RevenueCat paywall data (V1 templates).
    case revenueCat = "revenuecat"
    /// Any other vendor's paywall: every string that is not an identifier, URL, colour, image,
    /// style or layout value is copy. Chosen only on request.
    case generic

    public init?(name: String) {
        switch name {
        case "paywall/v1", "canonical", "v1": self = .canonical
        case "remote-config", "remote_config": self = .remoteConfig
        case "revenuecat", "revenue-cat": self = .revenueCat
        case "generic": self = .generic
        default: return nil
        }
    }

    public var variables: VariableCatalog {
        self == .revenueCat ? .revenueCat : .canonical
    }

    /// What a file of this dialect can express; rules about the rest stay silent.
    public var capabilities: Capabilities {
        switch self {
        case .canonical: .all
        case .remoteConfig: [.structure, .variantID, .headline, .bullets, .products, .cta]
        case .revenueCat:
            [.structure, .headline, .bullets, .products, .cta, .restore, .links, .localizations]
        case .generic: []
        }
    }

    /// Picks the dialect of a document: a top-level `dialect:` key, else its shape (FORMAT.md).
    /// Nil when it is none of them (generic is never guessed).
    static func detect(_ document: Document) -> (dialect: Dialect?, declared: NodeID?) {
        guard let root = document.root, document[root].isMapping else { return (nil, nil) }
        var keys = Set<String>()
        var declared: NodeID?
        for pair in document.pairs(of: root) {
            let key = document[pair.key].text
            keys.insert(key)
            if key == "dialect" { declared = pair.value }
        }
        if let declared {
            return (Dialect(name: document[declared].text), declared)
        }
        if keys.contains("paywall") { return (.canonical, nil) }
        if keys.isSuperset(of: ["headline", "productIDs", "ctaTitle"]) { return (.remoteConfig, nil) }
        if keys.contains("template_name") || keys.contains("localized_strings_by_tier")
            || (keys.contains("localized_strings") && keys.contains("config"))
        {
            return (.revenueCat, nil)
        }
        let canonicalOnly: Set<String> = [
            "products", "highlighted_product", "cta", "close", "restore", "links", "disclosure",
            "presentation",
        ]
        if keys.intersection(canonicalOnly).count >= 3 { return (.canonical, nil) }
        return (nil, nil)
    }
}

/// The shapes of paywall definition paywall-lint reads, all onto one `Paywall` model.
public enum Dialect: String, Sendable, CaseIterable {
    /// FORMAT.md's canonical format.
    case canonical = "paywall/v1"
    /// The camelCase `PaywallConfig` of a remote-config paywall.
    case remoteConfig = "remote-config"
    /// RevenueCat paywall data (V1 templates).
    case revenueCat = "revenuecat"
    /// RevenueCat Paywalls V2: a tree of components with localized strings by ID.
    case revenueCatV2 = "revenuecat-v2"
    /// Any other vendor's paywall: every string that is not an identifier, URL, colour, image,
    /// style or layout value is copy. Chosen only on request.
    case generic

    /// The note a file read as this dialect gets, as a literal: an interpolation built it again
    /// for every file.
    var readAsNote: String {
        switch self {
        case .canonical: "read as paywall/v1"
        case .remoteConfig: "read as remote-config"
        case .revenueCat: "read as revenuecat"
        case .revenueCatV2: "read as revenuecat-v2"
        case .generic: "read as generic"
        }
    }

    /// The dialect a name means: its raw value or an alias (`canonical`, `v1`, `remote_config`,
    /// `revenue-cat`, `revenuecat_v2`, `components`); nil for any other name.
    public init?(name: String) {
        switch name {
        case "paywall/v1", "canonical", "v1": self = .canonical
        case "remote-config", "remote_config": self = .remoteConfig
        case "revenuecat", "revenue-cat": self = .revenueCat
        case "revenuecat-v2", "revenuecat_v2", "components": self = .revenueCatV2
        case "generic": self = .generic
        default: return nil
        }
    }

    package var variables: VariableCatalog {
        switch self {
        case .revenueCat: .revenueCat
        case .revenueCatV2: .revenueCatV2
        default: .canonical
        }
    }

    /// What a file of this dialect can express; rules about the rest stay silent.
    package var capabilities: Capabilities {
        switch self {
        case .canonical: .all
        case .remoteConfig: [.structure, .variantID, .headline, .bullets, .products, .cta]
        case .revenueCat:
            [.structure, .headline, .bullets, .products, .cta, .restore, .links, .localizations]
        case .revenueCatV2:
            [.structure, .products, .cta, .close, .restore, .links, .localizations, .elements]
        case .generic: []
        }
    }

    /// Picks the dialect of a document: a top-level `dialect:` key, else its shape (FORMAT.md).
    /// Nil when it is none of them (generic is never guessed).
    static func detect(_ document: Document) -> (dialect: Dialect?, declared: NodeID?) {
        guard let root = document.root else { return (nil, nil) }
        return detect(document, root: root)
    }

    /// The dialect of the paywall at `root`: a document's root, or a paywall inside a container.
    static func detect(_ document: Document, root: NodeID) -> (dialect: Dialect?, declared: NodeID?) {
        guard document[root].isMapping else { return (nil, nil) }
        var keys: ShapeKeys = []
        var declared: NodeID?
        for pair in document.pairs(of: root) {
            let key = document.text(of: pair.key)
            keys.formUnion(ShapeKeys.of(key))
            if key == "dialect" { declared = pair.value }
        }
        if let declared {
            return (Dialect(name: document.text(of: declared)), declared)
        }
        if keys.contains(.paywall) { return (.canonical, nil) }
        if keys.isSuperset(of: [.componentsConfig, .componentsLocalizations])
            || isComponentsTemplate(document, root: root)
        {
            return (.revenueCatV2, nil)
        }
        if keys.isSuperset(of: [.headline, .productIDs, .ctaTitle]) { return (.remoteConfig, nil) }
        if !keys.isDisjoint(with: [.templateName, .localizedStringsByTier])
            || keys.isSuperset(of: [.localizedStrings, .config])
        {
            return (.revenueCat, nil)
        }
        if (keys.rawValue & ShapeKeys.canonicalOnly.rawValue).nonzeroBitCount >= 3 {
            return (.canonical, nil)
        }
        return (nil, nil)
    }

    /// `template_name: components`: a V2 paywall, whatever else it has.
    private static func isComponentsTemplate(_ document: Document, root: NodeID) -> Bool {
        guard let name = document.value(of: root, key: "template_name") else {
            return false
        }
        return document[name].isScalar && document.text(of: name) == "components"
    }
}

/// The top-level keys that tell the dialects apart, as bits: every file is detected, and a
/// set of its keys' strings would hash each twice.
private struct ShapeKeys: OptionSet {
    let rawValue: UInt32

    static let paywall = ShapeKeys(rawValue: 1 << 0)
    static let headline = ShapeKeys(rawValue: 1 << 1)
    static let productIDs = ShapeKeys(rawValue: 1 << 2)
    static let ctaTitle = ShapeKeys(rawValue: 1 << 3)
    static let templateName = ShapeKeys(rawValue: 1 << 4)
    static let localizedStringsByTier = ShapeKeys(rawValue: 1 << 5)
    static let localizedStrings = ShapeKeys(rawValue: 1 << 6)
    static let config = ShapeKeys(rawValue: 1 << 7)
    static let componentsConfig = ShapeKeys(rawValue: 1 << 16)
    static let componentsLocalizations = ShapeKeys(rawValue: 1 << 17)
    /// Keys only the canonical dialect has; three of them make a canonical paywall.
    static let canonicalOnly = ShapeKeys(rawValue: 0xFF << 8)

    /// The bits of a top-level key: its digest (length and first bytes, `DocumentBuilder.keyDigest`)
    /// looked for among the names', and the text compared only where a digest agrees, so most
    /// keys cost a few integer comparisons rather than hashing a string.
    static func of(_ key: String) -> ShapeKeys {
        let digest = DocumentBuilder.keyDigest(key)
        for (name, nameDigest, bits) in byDigest where nameDigest == digest && name == key { return bits }
        return []
    }

    private static let byDigest = [
        ("paywall", .paywall), ("headline", .headline), ("productIDs", .productIDs), ("ctaTitle", .ctaTitle),
        ("template_name", .templateName), ("localized_strings_by_tier", .localizedStringsByTier),
        ("localized_strings", .localizedStrings), ("config", .config),
        ("products", ShapeKeys(rawValue: 1 << 8)), ("highlighted_product", ShapeKeys(rawValue: 1 << 9)),
        ("cta", ShapeKeys(rawValue: 1 << 10)), ("close", ShapeKeys(rawValue: 1 << 11)),
        ("restore", ShapeKeys(rawValue: 1 << 12)), ("links", ShapeKeys(rawValue: 1 << 13)),
        ("disclosure", ShapeKeys(rawValue: 1 << 14)), ("presentation", ShapeKeys(rawValue: 1 << 15)),
        ("components_config", .componentsConfig), ("components_localizations", .componentsLocalizations),
    ].map { (name: String, bits: ShapeKeys) in (name, DocumentBuilder.keyDigest(name), bits) }
}

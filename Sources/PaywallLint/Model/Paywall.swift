/// One paywall variant, whatever dialect it was written in. Every field keeps the node it came
/// from; a field that is nil is missing (rules report it at `place`), and a part the dialect
/// cannot express at all is left out of `capabilities` (rules about it stay silent).
public struct Paywall: Sendable {
    public var dialect: Dialect
    public var capabilities: Capabilities
    /// The top-level mapping: where missing top-level fields belong.
    public var place: Place
    public var document: Document
    public var defaultLocale: String

    public var id: Field<String>?
    public var app: Field<String>?
    public var locale: Field<String>?
    public var presentation: Field<String>?
    public var headline: Copy?
    public var subhead: Copy?
    public var bullets: Field<[Copy]>?
    public var products: Field<[Product]>?
    public var highlightedProduct: Field<String>?
    public var cta: CallToAction?
    public var close: CloseControl?
    public var restore: RestoreControl?
    public var links: Links?
    public var disclosure: Disclosure?
    public var price: PriceDisplay?
    public var elements: Field<[Element]>?
    public var triggers: Field<[Trigger]>?
    public var gate: Gate?
    public var theme: Theme?
    public var localizations: [Localization] = []
    /// Every piece of copy in every locale: the top level (default locale) and what each locale
    /// overrides (what a locale leaves out falls back to the top level and is not repeated here).
    public var copy: [Copy] = []

    /// RevenueCat's own fields, for the revenuecat pack.
    public var revenueCat: RevenueCatPaywall?

    public init(
        dialect: Dialect, capabilities: Capabilities, place: Place, document: Document, defaultLocale: String
    ) {
        self.dialect = dialect
        self.capabilities = capabilities
        self.place = place
        self.document = document
        self.defaultLocale = defaultLocale
    }

    /// The paywall, left empty in its place: moved rather than copied, since a copy retains
    /// each of its many fields (and every one is released again when the copy goes).
    mutating func movedOut() -> Paywall {
        var taken = Paywall(
            dialect: dialect, capabilities: [], place: place, document: Document(), defaultLocale: "")
        swap(&taken, &self)
        return taken
    }

    /// Copy is appended locale by locale: when the first locale overstates the others, or a
    /// dialect grows the array by doubling, the spare room would live until the file is
    /// reported, megabytes with thousands of locales.
    mutating func trimCopyRoom() {
        if copy.capacity > copy.count + copy.count / 4 + 64 { copy = copy.map { $0 } }
    }

    /// The JSON pointer of a node, for findings.
    public func pointer(of node: NodeID) -> String { document.pointer(of: node) }

    /// A paywall of thousands of copy strings (a file of thousands of locales): its rules run on
    /// two threads, which then cost tens of microseconds against tens of milliseconds of rules.
    /// Ordinary paywalls have tens of copy strings, and many files keep every core busy anyway.
    public var isLarge: Bool { copy.count >= 2_000 }

    /// The copy strings of one field, in order. Each is read by index: `copy.filter` copied every
    /// one out, retaining its strings and text. (The field selectors build their values in one
    /// pass of their own, `FieldSelector.registry`.)
    public func copies(inField field: String) -> [Copy] {
        var result: [Copy] = []
        // Lengths first: the fields mostly differ in length, and comparing two unequal strings
        // calls into the standard library.
        let length = field.utf8.count
        for index in copy.indices where copy[index].field.utf8.count == length && copy[index].field == field {
            result.append(copy[index])
        }
        return result
    }
}

/// The parts of the model a dialect can express.
public struct Capabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let close = Capabilities(rawValue: 1 << 0)
    public static let restore = Capabilities(rawValue: 1 << 1)
    public static let links = Capabilities(rawValue: 1 << 2)
    public static let presentation = Capabilities(rawValue: 1 << 3)
    public static let disclosure = Capabilities(rawValue: 1 << 4)
    public static let priceDisplay = Capabilities(rawValue: 1 << 5)
    public static let products = Capabilities(rawValue: 1 << 6)
    public static let elements = Capabilities(rawValue: 1 << 7)
    public static let triggers = Capabilities(rawValue: 1 << 8)
    public static let gate = Capabilities(rawValue: 1 << 9)
    public static let theme = Capabilities(rawValue: 1 << 10)
    public static let app = Capabilities(rawValue: 1 << 11)
    public static let variantID = Capabilities(rawValue: 1 << 12)
    public static let headline = Capabilities(rawValue: 1 << 13)
    public static let bullets = Capabilities(rawValue: 1 << 14)
    public static let cta = Capabilities(rawValue: 1 << 15)
    public static let fontSizes = Capabilities(rawValue: 1 << 16)
    public static let localizations = Capabilities(rawValue: 1 << 17)
    /// Structural rules apply at all (not for the generic dialect, which only has copy).
    public static let structure = Capabilities(rawValue: 1 << 18)

    public static let all = Capabilities(rawValue: (1 << 19) - 1)

    public static let names: [(String, Capabilities)] = [
        ("close", .close), ("restore", .restore), ("links", .links), ("presentation", .presentation),
        ("disclosure", .disclosure), ("price-display", .priceDisplay), ("products", .products),
        ("elements", .elements), ("triggers", .triggers), ("gate", .gate), ("theme", .theme), ("app", .app),
        ("variant-id", .variantID), ("headline", .headline), ("bullets", .bullets), ("cta", .cta),
        ("font-sizes", .fontSizes), ("localizations", .localizations), ("structure", .structure),
    ]
}

public struct Product: Sendable {
    public var id: Field<String>?
    public var kind: Field<String>?
    public var label: Copy?
    public var badge: Copy?
    public var place: Place
}

public struct CallToAction: Sendable {
    public var text: Copy?
    public var fontSize: Field<Double>?
    public var place: Place
}

public struct CloseControl: Sendable {
    public var visible: Field<Bool>?
    public var delaySeconds: Field<Double>?
    public var label: Copy?
    public var destination: Field<String>?
    public var place: Place
}

public struct RestoreControl: Sendable {
    public var visible: Field<Bool>?
    public var aboveFold: Field<Bool>?
    public var label: Copy?
    public var fontSize: Field<Double>?
    public var color: Field<String>?
    public var place: Place
}

public struct Links: Sendable {
    public var terms: Field<String>?
    public var privacy: Field<String>?
    public var fontSize: Field<Double>?
    public var color: Field<String>?
    public var place: Place
}

public struct Disclosure: Sendable {
    public var text: Copy?
    public var placement: Field<String>?
    public var fontSize: Field<Double>?
    public var color: Field<String>?
    public var place: Place
}

public struct PriceDisplay: Sendable {
    public var text: Copy?
    public var fontSize: Field<Double>?
    public var place: Place
}

public struct Element: Sendable {
    public var type: Field<String>?
    public var text: Copy?
    public var fontSize: Field<Double>?
    public var place: Place
}

public struct Trigger: Sendable {
    public var event: Field<String>?
    public var place: Place
}

public struct Gate: Sendable {
    public var freeUses: Field<Double>?
    public var periodHours: Field<Double>?
    public var carryOver: Field<Bool>?
    public var place: Place
}

public struct Theme: Sendable {
    public var background: Field<String>?
    public var text: Field<String>?
    public var place: Place
}

/// A locale's overrides of copy fields.
public struct Localization: Sendable {
    public var locale: Field<String>
    /// This locale's copy strings: `paywall.copy[copies]`. A range rather than a set of paths:
    /// a file can hold thousands of locales.
    public var copies: Range<Int>
    public var place: Place
}

/// What the revenuecat pack checks that the shared model has no place for.
public struct RevenueCatPaywall: Sendable {
    public var templateName: Field<String>?
    public var packages: [Field<String>] = []
    public var defaultPackage: Field<String>?
    public var displayRestorePurchases: Field<Bool>?
    public var localizedStrings: Place?
    /// Locales with at least one non-empty string.
    public var locales: [Field<String>] = []
    public var configPlace: Place?
}

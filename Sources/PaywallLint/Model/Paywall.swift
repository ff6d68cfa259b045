/// One paywall variant, whatever dialect it was written in. Every field keeps the node it came
/// from; a field that is nil is missing (rules report it at `place`), and a part the dialect
/// cannot express at all is left out of `capabilities` (rules about it stay silent).
package struct Paywall: Sendable {
    package var dialect: Dialect
    package var capabilities: Capabilities
    /// The top-level mapping: where missing top-level fields belong.
    package var place: Place
    package var document: Document
    package var defaultLocale: String

    package var id: Field<String>?
    package var app: Field<String>?
    package var locale: Field<String>?
    package var presentation: Field<String>?
    package var headline: Copy?
    package var subhead: Copy?
    package var bullets: Field<[Copy]>?
    package var products: Field<[Product]>?
    package var highlightedProduct: Field<String>?
    package var cta: CallToAction?
    package var close: CloseControl?
    package var restore: RestoreControl?
    package var links: Links?
    package var disclosure: Disclosure?
    package var price: PriceDisplay?
    package var elements: Field<[Element]>?
    package var triggers: Field<[Trigger]>?
    package var gate: Gate?
    package var theme: Theme?
    package var localizations: [Localization] = []
    /// Every piece of copy in every locale: the top level (default locale) and what each locale
    /// overrides (what a locale leaves out falls back to the top level and is not repeated here).
    package var copy: [Copy] = []

    /// RevenueCat's own fields, for the revenuecat pack.
    package var revenueCat: RevenueCatPaywall?

    package init(
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
    package func pointer(of node: NodeID) -> String { document.pointer(of: node) }

    /// A paywall of thousands of copy strings (a file of thousands of locales): its rules run on
    /// two threads, which then cost tens of microseconds against tens of milliseconds of rules.
    /// Ordinary paywalls have tens of copy strings, and many files keep every core busy anyway.
    package var isLarge: Bool { copy.count >= 2_000 }

    /// The copy strings of one field, in order. Each is read by index: `copy.filter` copied every
    /// one out, retaining its strings and text. (The field selectors build their values in one
    /// pass of their own, `FieldSelector.registry`.)
    package func copies(inField field: String) -> [Copy] {
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
package struct Capabilities: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let close = Capabilities(rawValue: 1 << 0)
    package static let restore = Capabilities(rawValue: 1 << 1)
    package static let links = Capabilities(rawValue: 1 << 2)
    package static let presentation = Capabilities(rawValue: 1 << 3)
    package static let disclosure = Capabilities(rawValue: 1 << 4)
    package static let priceDisplay = Capabilities(rawValue: 1 << 5)
    package static let products = Capabilities(rawValue: 1 << 6)
    package static let elements = Capabilities(rawValue: 1 << 7)
    package static let triggers = Capabilities(rawValue: 1 << 8)
    package static let gate = Capabilities(rawValue: 1 << 9)
    package static let theme = Capabilities(rawValue: 1 << 10)
    package static let app = Capabilities(rawValue: 1 << 11)
    package static let variantID = Capabilities(rawValue: 1 << 12)
    package static let headline = Capabilities(rawValue: 1 << 13)
    package static let bullets = Capabilities(rawValue: 1 << 14)
    package static let cta = Capabilities(rawValue: 1 << 15)
    package static let fontSizes = Capabilities(rawValue: 1 << 16)
    package static let localizations = Capabilities(rawValue: 1 << 17)
    /// Structural rules apply at all (not for the generic dialect, which only has copy).
    package static let structure = Capabilities(rawValue: 1 << 18)

    package static let all = Capabilities(rawValue: (1 << 19) - 1)

    package static let names: [(String, Capabilities)] = [
        ("close", .close), ("restore", .restore), ("links", .links), ("presentation", .presentation),
        ("disclosure", .disclosure), ("price-display", .priceDisplay), ("products", .products),
        ("elements", .elements), ("triggers", .triggers), ("gate", .gate), ("theme", .theme), ("app", .app),
        ("variant-id", .variantID), ("headline", .headline), ("bullets", .bullets), ("cta", .cta),
        ("font-sizes", .fontSizes), ("localizations", .localizations), ("structure", .structure),
    ]
}

package struct Product: Sendable {
    package var id: Field<String>?
    package var kind: Field<String>?
    package var label: Copy?
    package var badge: Copy?
    package var place: Place
}

package struct CallToAction: Sendable {
    package var text: Copy?
    package var fontSize: Field<Double>?
    package var place: Place
}

package struct CloseControl: Sendable {
    package var visible: Field<Bool>?
    package var delaySeconds: Field<Double>?
    package var label: Copy?
    package var destination: Field<String>?
    package var place: Place
}

package struct RestoreControl: Sendable {
    package var visible: Field<Bool>?
    package var aboveFold: Field<Bool>?
    package var label: Copy?
    package var fontSize: Field<Double>?
    package var color: Field<String>?
    package var place: Place
}

package struct Links: Sendable {
    package var terms: Field<String>?
    package var privacy: Field<String>?
    package var fontSize: Field<Double>?
    package var color: Field<String>?
    package var place: Place
}

package struct Disclosure: Sendable {
    package var text: Copy?
    package var placement: Field<String>?
    package var fontSize: Field<Double>?
    package var color: Field<String>?
    package var place: Place
}

package struct PriceDisplay: Sendable {
    package var text: Copy?
    package var fontSize: Field<Double>?
    package var place: Place
}

package struct Element: Sendable {
    package var type: Field<String>?
    package var text: Copy?
    package var fontSize: Field<Double>?
    package var place: Place
}

package struct Trigger: Sendable {
    package var event: Field<String>?
    package var place: Place
}

package struct Gate: Sendable {
    package var freeUses: Field<Double>?
    package var periodHours: Field<Double>?
    package var carryOver: Field<Bool>?
    package var place: Place
}

package struct Theme: Sendable {
    package var background: Field<String>?
    package var text: Field<String>?
    package var place: Place
}

/// A locale's overrides of copy fields.
package struct Localization: Sendable {
    package var locale: Field<String>
    /// This locale's copy strings: `paywall.copy[copies]`. A range rather than a set of paths:
    /// a file can hold thousands of locales.
    package var copies: Range<Int>
    package var place: Place
}

/// What the revenuecat pack checks that the shared model has no place for.
package struct RevenueCatPaywall: Sendable {
    package var templateName: Field<String>?
    package var packages: [Field<String>] = []
    package var defaultPackage: Field<String>?
    package var displayRestorePurchases: Field<Bool>?
    package var localizedStrings: Place?
    /// Locales with at least one non-empty string.
    package var locales: [Field<String>] = []
    package var configPlace: Place?
}

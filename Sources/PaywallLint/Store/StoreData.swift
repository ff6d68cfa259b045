/// Products from the store (an Xcode StoreKit configuration file): what rules check product IDs,
/// periods, trials and prices against, and what fills variables for rendered wording.
public struct StoreData: Sendable {
    public enum ProductType: String, Sendable {
        case autoRenewable = "auto_renewable"
        case nonRenewing = "non_renewing"
        case consumable
        case nonConsumable = "non_consumable"
    }

    public enum PaymentMode: String, Sendable {
        case free
        case payAsYouGo
        case payUpFront
    }

    public struct IntroductoryOffer: Sendable {
        public var paymentMode: PaymentMode
        public var displayPrice: String?
        public var period: SubscriptionPeriod?
        public var numberOfPeriods: Int

        public init(
            paymentMode: PaymentMode, displayPrice: String?, period: SubscriptionPeriod?,
            numberOfPeriods: Int = 1
        ) {
            self.paymentMode = paymentMode
            self.displayPrice = displayPrice
            self.period = period
            self.numberOfPeriods = numberOfPeriods
        }
    }

    public struct Product: Sendable {
        public var id: String
        public var type: ProductType
        public var displayPrice: String
        public var period: SubscriptionPeriod?
        public var introductoryOffer: IntroductoryOffer?
        /// Display names by locale (`en_US`).
        public var names: [String: String]
        /// Where the product was defined (a `.storekit` file's line), for messages.
        public var span: SourceSpan

        /// - Parameters:
        ///   - id: the product identifier.
        ///   - type: what kind of product it is.
        ///   - displayPrice: the price as StoreKit shows it (`Product.displayPrice`).
        ///   - period: a subscription's period; nil for other products.
        ///   - introductoryOffer: the introductory offer, if any.
        ///   - names: display names by locale (`en_US`).
        ///   - span: where the product was defined, for messages.
        public init(
            id: String, type: ProductType, displayPrice: String, period: SubscriptionPeriod?,
            introductoryOffer: IntroductoryOffer?, names: [String: String] = [:],
            span: SourceSpan = .fileStart
        ) {
            self.id = id
            self.type = type
            self.displayPrice = displayPrice
            self.period = period
            self.introductoryOffer = introductoryOffer
            self.names = names
            self.span = span
        }

        public var hasFreeTrial: Bool { introductoryOffer?.paymentMode == .free }
    }

    public var path: String
    public var products: [String: Product]
    /// Product IDs in file order.
    public var order: [String]
    /// The storefront (`USA`), from the file's settings.
    public var storefront: String?

    /// - Parameters:
    ///   - path: where the data came from, for messages (a `.storekit` file, or "StoreKit").
    ///   - products: the products the store sells.
    ///   - storefront: the storefront's country code (`USA`), when known.
    public init(path: String = "StoreKit", products: [Product], storefront: String? = nil) {
        self.path = path
        self.products = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.order = products.map(\.id)
        self.storefront = storefront
    }

    public func product(_ id: String) -> Product? { products[id] }

    /// The currency symbol prices are shown with: the storefront's, else `$`.
    public var currencySymbol: String {
        switch storefront {
        case "GBR": "£"
        case "JPN": "¥"
        case "DEU", "FRA", "ITA", "ESP", "NLD", "AUT", "BEL", "IRL", "FIN", "PRT": "€"
        default: "$"
        }
    }

    /// Values for a product's variables, by canonical variable name.
    public func variableValues(for productID: String, locale: String = "en_US") -> [String: String] {
        guard let product = products[productID] else { return [:] }
        var values: [String: String] = [:]
        let symbol = currencySymbol
        values["price"] = symbol + product.displayPrice
        if let period = product.period {
            values["period"] = period.description
            values["price_per_period"] = "\(symbol)\(product.displayPrice)/\(period.description)"
        }
        values["product_name"] = product.names[locale] ?? product.names.values.sorted().first ?? product.id
        if let offer = product.introductoryOffer {
            if let price = offer.displayPrice, offer.paymentMode != .free {
                values["intro_price"] = symbol + price
            }
            if let period = offer.period {
                values["intro_period"] = period.description
                values["intro_periods"] = String(offer.numberOfPeriods)
                if offer.paymentMode == .free {
                    let total = SubscriptionPeriod(
                        count: period.count * max(offer.numberOfPeriods, 1), unit: period.unit)
                    values["trial_duration"] =
                        total.count == 1 ? "1 \(total.unit.rawValue)" : total.description
                }
            }
        }
        return values
    }
}

extension Template {
    /// The text with each variable replaced by its value; nil when a variable has no value.
    public func rendered(with values: [String: String]) -> String? {
        guard !variables.isEmpty else { return raw }
        let scalars = Array(raw.unicodeScalars)
        var out = String.UnicodeScalarView()
        var position = 0
        for variable in variables {
            guard let value = values[variable.name] else { return nil }
            out.append(contentsOf: scalars[position..<variable.range.lowerBound])
            out.append(contentsOf: value.unicodeScalars)
            position = variable.range.upperBound
        }
        out.append(contentsOf: scalars[position...])
        return String(out)
    }
}

/// Products from the store (built from StoreKit on the device, or read from an Xcode StoreKit
/// configuration file): what rules check product IDs, periods, trials and prices against, and
/// what fills variables for rendered wording.
public struct StoreData: Sendable {
    /// What kind of product it is, as StoreKit's `Product.ProductType` says.
    public enum ProductType: String, Sendable {
        /// An auto-renewable subscription.
        case autoRenewable = "auto_renewable"
        /// A subscription that does not renew by itself.
        case nonRenewing = "non_renewing"
        /// A product bought again and again (credits, say).
        case consumable
        /// A product bought once and kept (an unlock).
        case nonConsumable = "non_consumable"
    }

    /// How an introductory offer is paid, as StoreKit's `Product.SubscriptionOffer.PaymentMode` says.
    public enum PaymentMode: String, Sendable {
        /// A free trial (StoreKit's `freeTrial`).
        case free
        /// A reduced price each period, for `numberOfPeriods` periods.
        case payAsYouGo
        /// One reduced price paid at the start, for the whole offer.
        case payUpFront
    }

    /// A subscription's introductory offer: a free trial or a reduced price for a while.
    public struct IntroductoryOffer: Sendable {
        /// How the offer is paid.
        public var paymentMode: PaymentMode
        /// The offer's price without a currency symbol (`0.99`); unused for a free trial.
        public var displayPrice: String?
        /// The length of one offer period.
        public var period: SubscriptionPeriod?
        /// How many periods the offer lasts.
        public var numberOfPeriods: Int

        /// An introductory offer; `numberOfPeriods` is 1 unless given.
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

    /// One product the store sells.
    public struct Product: Sendable {
        /// The product identifier (`com.app.pro.weekly`).
        public var id: String
        /// What kind of product it is.
        public var type: ProductType
        /// The price without a currency symbol (`3.99`), as a `.storekit` file writes it; the
        /// symbol comes from the storefront.
        public var displayPrice: String
        /// A subscription's period; nil for other products.
        public var period: SubscriptionPeriod?
        /// The introductory offer, if any.
        public var introductoryOffer: IntroductoryOffer?
        /// Display names by locale (`en_US`).
        public var names: [String: String]
        /// Where the product was defined (a `.storekit` file's line), for messages.
        public var span: SourceSpan

        /// - Parameters:
        ///   - id: the product identifier.
        ///   - type: what kind of product it is.
        ///   - displayPrice: the price without a currency symbol (`3.99`; from StoreKit, the
        ///     product's `price`, not its `displayPrice`, which has the symbol).
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

        /// Whether the introductory offer is a free trial.
        public var hasFreeTrial: Bool { introductoryOffer?.paymentMode == .free }
    }

    /// Where the data came from, for messages (a `.storekit` file, or "StoreKit").
    public var path: String
    /// The products by ID.
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

    /// The product with this ID; nil when the store does not sell it.
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

/// Reads an Xcode StoreKit configuration file (`.storekit`, JSON) into `StoreData`. Problems are
/// `ConfigurationError`s with positions: store data the rules rely on must be right.
package enum StoreKitReader {
    package static func read(path: String, bytes: [UInt8]) throws -> StoreData {
        let result = DocumentReader.read(SourceFile(path: path, bytes: bytes, format: .json))
        if let problem = result.findings.first(where: { $0.severity == .error }) {
            throw ConfigurationError(path: path, span: problem.span, message: problem.message)
        }
        guard let document = result.documents.first, let root = document.root, document[root].isMapping else {
            throw ConfigurationError(path: path, message: "a StoreKit configuration file is a JSON object")
        }
        let reader = NodeReader(document: document, path: path)
        // Xcode writes every one of these keys; a file with none of them is another JSON file.
        let storeKeys = [
            "products", "subscriptionGroups", "nonRenewingSubscriptions", "settings", "identifier",
        ]
        guard storeKeys.contains(where: { document.value(of: root, key: $0) != nil }) else {
            throw ConfigurationError(
                path: path, span: SourceSpan(at: document[root].start),
                message:
                    "not a StoreKit configuration file (an Xcode .storekit file has products, subscriptionGroups "
                    + "and settings)")
        }
        var products: [StoreData.Product] = []
        func list(_ node: NodeID?, _ name: String) throws -> ArraySlice<NodeID> {
            guard let node, !document.isNull(node) else { return [] }
            guard document[node].isSequence else { throw reader.error(node, "\(name) must be a list") }
            return document.items(of: node)
        }
        for node in try list(document.value(of: root, key: "products"), "products") {
            products.append(try product(node, reader: reader, subscription: false))
        }
        for node in try list(
            document.value(of: root, key: "nonRenewingSubscriptions"), "nonRenewingSubscriptions")
        {
            var item = try product(node, reader: reader, subscription: false)
            item.type = .nonRenewing
            products.append(item)
        }
        for group in try list(document.value(of: root, key: "subscriptionGroups"), "subscriptionGroups") {
            guard document[group].isMapping else {
                throw reader.error(group, "a subscription group is an object")
            }
            for node in try list(document.value(of: group, key: "subscriptions"), "subscriptions") {
                products.append(try product(node, reader: reader, subscription: true))
            }
        }
        var storefront: String?
        if let settings = document.value(of: root, key: "settings"), document[settings].isMapping,
            let value = document.value(of: settings, key: "_storefront")
        {
            storefront = document.text(of: value)
        }
        return StoreData(path: path, products: products, storefront: storefront)
    }

    private static func product(_ node: NodeID, reader: NodeReader, subscription: Bool) throws
        -> StoreData.Product
    {
        let document = reader.document
        guard document[node].isMapping else { throw reader.error(node, "a product is an object") }
        func text(_ key: String, required: Bool = true) throws -> String? {
            guard let value = document.value(of: node, key: key), !document.isNull(value) else {
                if required { throw reader.error(node, "a product needs '\(key)'") }
                return nil
            }
            return try reader.string(value, key)
        }
        let id = try text("productID")!
        let type: StoreData.ProductType
        if subscription {
            type = .autoRenewable
        } else {
            switch try text("type", required: false) {
            case "Consumable": type = .consumable
            case "NonRenewingSubscription": type = .nonRenewing
            default: type = .nonConsumable
            }
        }
        var period: SubscriptionPeriod?
        if let iso = try text("recurringSubscriptionPeriod", required: subscription) {
            guard let parsed = SubscriptionPeriod(iso: iso) else {
                throw reader.error(
                    document.value(of: node, key: "recurringSubscriptionPeriod")!,
                    "'\(iso)' is not a period such as P1W")
            }
            period = parsed
        }
        var offer: StoreData.IntroductoryOffer?
        if let offerNode = document.value(of: node, key: "introductoryOffer"), document[offerNode].isMapping {
            let mode = document.value(of: offerNode, key: "paymentMode").map { document.text(of: $0) } ?? ""
            guard let paymentMode = StoreData.PaymentMode(rawValue: mode) else {
                throw reader.error(
                    offerNode, "introductoryOffer.paymentMode must be free, payAsYouGo or payUpFront")
            }
            let periodText = document.value(of: offerNode, key: "subscriptionPeriod").map {
                document.text(of: $0)
            }
            offer = StoreData.IntroductoryOffer(
                paymentMode: paymentMode,
                displayPrice: document.value(of: offerNode, key: "displayPrice").map {
                    document.text(of: $0)
                },
                period: periodText.flatMap(SubscriptionPeriod.init(iso:)),
                numberOfPeriods: document.value(of: offerNode, key: "numberOfPeriods").flatMap {
                    Int(document.text(of: $0))
                } ?? 1)
        }
        var names: [String: String] = [:]
        if let localizations = document.value(of: node, key: "localizations"),
            document[localizations].isSequence
        {
            for item in document.items(of: localizations) where document[item].isMapping {
                if let locale = document.value(of: item, key: "locale"),
                    let name = document.value(of: item, key: "displayName")
                {
                    names[document.text(of: locale)] = document.text(of: name)
                }
            }
        }
        return StoreData.Product(
            id: id, type: type, displayPrice: try text("displayPrice") ?? "", period: period,
            introductoryOffer: offer,
            names: names, span: document[node].span)
    }
}

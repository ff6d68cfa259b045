struct LockedPricingCheck: Check {
    static let name = "locked-pricing"
    static let options = [
        OptionSpec("price", .text, required: true, "the renewal price, as the store writes it (3.99)"),
        OptionSpec("intro-price", .text, "the introductory price (0.99)"),
    ]
    static let needsStoreData = true

    let price: String
    let introPrice: String?

    init(_ setup: CheckSetup) throws {
        price = setup.text("price") ?? ""
        introPrice = setup.text("intro-price")
    }

    func run(_ context: inout RuleContext) {
        guard let store = context.store else { return }
        for product in context.paywall.products?.value ?? [] {
            guard let id = product.id, let item = store.product(id.value) else { continue }
            if Double(item.displayPrice) != Double(price) {
                context.report(
                    "\"\(id.value)\" costs \(item.displayPrice) in the store; the locked price is \(price)",
                    at: id.span,
                    node: id.node)
            }
            if let introPrice, let offer = item.introductoryOffer?.displayPrice,
                Double(offer) != Double(introPrice)
            {
                context.report(
                    "\"\(id.value)\" has an introductory price of \(offer) in the store; the locked one is \(introPrice)",
                    at: id.span, node: id.node)
            } else if let introPrice, item.introductoryOffer == nil {
                context.report(
                    "\"\(id.value)\" has no introductory offer in the store; the locked intro price is \(introPrice)",
                    at: id.span, node: id.node)
            }
        }
    }
}

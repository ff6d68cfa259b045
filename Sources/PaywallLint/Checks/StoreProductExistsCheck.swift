struct StoreProductExistsCheck: Check {
    static let name = "store-product-exists"
    static let options: [OptionSpec] = []
    static let needsStoreData = true

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard let store = context.store else { return }
        for product in context.paywall.products?.value ?? [] {
            guard let id = product.id, store.product(id.value) == nil else { continue }
            var message = "product \"\(id.value)\" is not in the store data (\(store.path))"
            if let nearest = Suggestion.nearest(to: id.value, in: store.order) {
                message += "; did you mean \"\(nearest)\"?"
            }
            context.report(message, at: id.span, node: id.node)
        }
    }
}

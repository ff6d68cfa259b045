struct WeeklyPlanCheck: Check {
    static let name = "weekly-plan"
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        let products = context.paywall.products?.value ?? []
        guard products.count == 1, let product = products.first else {
            let place =
                context.paywall.products.map { Place(node: $0.node, span: $0.span) } ?? context.paywall.place
            context.report(
                "the plan is one weekly subscription; this paywall offers \(products.count) products",
                at: products.count > 1 ? place.span : SourceSpan(at: place.span.start), node: place.node)
            return
        }
        if let kind = product.kind, kind.value != "auto_renewable" {
            context.report(
                "the weekly plan is auto_renewable, not \(kind.value)", at: kind.span, node: kind.node)
        }
        guard let store = context.store, let id = product.id else { return }
        guard let item = store.product(id.value) else { return }  // store-product-exists says so
        if item.type != .autoRenewable || item.period != SubscriptionPeriod(count: 1, unit: .week) {
            let period = item.period?.iso ?? "none"
            context.report(
                "\"\(id.value)\" renews every \(period) in the store; the plan is weekly (P1W)", at: id.span,
                node: id.node)
        }
        let offer = item.introductoryOffer
        if offer?.paymentMode != .payAsYouGo || offer?.period != SubscriptionPeriod(count: 1, unit: .week)
            || offer?.numberOfPeriods != 1
        {
            let found =
                offer.map {
                    "\($0.paymentMode.rawValue) for \($0.numberOfPeriods) × \($0.period?.iso ?? "?")"
                } ?? "none"
            context.report(
                "\"\(id.value)\" needs an introductory offer of one week, pay as you go; the store has \(found)",
                at: id.span, node: id.node)
        }
    }
}

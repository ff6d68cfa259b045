/// `store-product-exists`: with store data, every product ID of the paywall exists in it.
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

/// `min-period`: with store data, no auto-renewable product renews more often than every `days` days.
struct MinPeriodCheck: Check {
    static let name = "min-period"
    static let options = [OptionSpec("days", .number, "the shortest allowed period in days (default 7)")]
    static let needsStoreData = true

    let days: Int

    init(_ setup: CheckSetup) throws {
        days = Int(try setup.number("days") ?? 7)
    }

    func run(_ context: inout RuleContext) {
        guard let store = context.store else { return }
        for product in context.paywall.products?.value ?? [] {
            guard let id = product.id, let item = store.product(id.value), item.type == .autoRenewable,
                let period = item.period, period.minimumDays < days
            else { continue }
            context.report(
                "\"\(id.value)\" renews every \(period) (\(period.iso)); auto-renewable subscriptions must last at least \(days) days",
                at: id.span, node: id.node)
        }
    }
}

/// `trial-timeline`: when a product has a free trial (store data), the paywall shows the trial's
/// dates: a `trial_timeline` element or copy with a trial-end-date variable.
struct TrialTimelineCheck: Check {
    static let name = "trial-timeline"
    static let options: [OptionSpec] = []
    static let needsStoreData = true

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard let store = context.store else { return }
        let paywall = context.paywall
        let trials = (paywall.products?.value ?? []).compactMap { product -> Field<String>? in
            guard let id = product.id, store.product(id.value)?.hasFreeTrial == true else { return nil }
            return id
        }
        guard let first = trials.first else { return }
        let hasElement = (paywall.elements?.value ?? []).contains { $0.type?.value == "trial_timeline" }
        let catalog = paywall.dialect.variables
        let hasDate = paywall.copy.contains { copy in
            copy.template.variables.contains { catalog.kind(of: $0.name) == .trialEndDate }
        }
        guard !hasElement && !hasDate else { return }
        context.report(
            "\"\(first.value)\" has a free trial, but the paywall shows no trial timeline "
                + "(add an element of type trial_timeline, or copy with {{ trial_end_date }})",
            at: first.span, node: first.node)
    }
}

/// `weekly-plan`: exactly one product, auto-renewable and weekly; with store data its period is
/// P1W and its introductory offer is one week pay-as-you-go.
struct WeeklyPlanCheck: Check {
    static let name = "weekly-plan"
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        let paywall = context.paywall
        let products = paywall.products?.value ?? []
        guard products.count == 1, let product = products.first else {
            let place = paywall.products.map { Place(node: $0.node, span: $0.span) } ?? paywall.place
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

/// `locked-pricing`: with store data, the product's prices are the locked ones.
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

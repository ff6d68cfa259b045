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

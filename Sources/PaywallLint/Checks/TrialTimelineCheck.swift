struct TrialTimelineCheck: Check {
    static let name = "trial-timeline"
    static let options: [OptionSpec] = []
    static let needsStoreData = true

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard let store = context.store else { return }
        let trials = (context.paywall.products?.value ?? []).compactMap { product -> Field<String>? in
            guard let id = product.id, store.product(id.value)?.hasFreeTrial == true else { return nil }
            return id
        }
        guard let first = trials.first else { return }
        let hasElement = (context.paywall.elements?.value ?? []).contains {
            $0.type?.value == "trial_timeline"
        }
        let catalog = context.paywall.dialect.variables
        let hasDate = context.paywall.copy.contains { copy in
            copy.template.variables.contains { catalog.kind(of: $0.name) == .trialEndDate }
        }
        guard !hasElement && !hasDate else { return }
        context.report(
            "\"\(first.value)\" has a free trial, but the paywall shows no trial timeline "
                + "(add an element of type trial_timeline, or copy with {{ trial_end_date }})",
            at: first.span, node: first.node)
    }
}

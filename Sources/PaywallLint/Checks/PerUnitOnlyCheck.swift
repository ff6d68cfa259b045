struct PerUnitOnlyCheck: Check {
    static let name = "per-unit-only"
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        let catalog = context.paywall.dialect.variables
        // Per locale: each locale's copy is what its users see.
        var locales: [String] = []
        for copy in context.paywall.copy where !locales.contains(copy.locale) { locales.append(copy.locale) }
        for locale in locales {
            let copies = context.paywall.copy.filter { $0.locale == locale }
            let kinds = copies.flatMap { copy in
                copy.template.variables.compactMap { catalog.kind(of: $0.name) }
            }
            guard kinds.contains(.perUnit), !kinds.contains(.billedTotal) else { continue }
            guard
                let copy = copies.first(where: {
                    $0.template.variables.contains { catalog.kind(of: $0.name) == .perUnit }
                }),
                let variable = copy.template.variables.first(where: { catalog.kind(of: $0.name) == .perUnit })
            else { continue }
            context.report(
                "\(copy.label) shows only the per-unit price {{ \(variable.name) }}; show the billed amount too "
                    + "({{ price }} or {{ price_per_period }})",
                at: copy.span(of: variable.range), node: copy.node)
        }
    }
}

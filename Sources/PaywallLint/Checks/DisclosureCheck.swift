/// `disclosure`: for auto-renewable products, a disclosure in the footer (or next to the CTA)
/// that names the price and the period through variables and says that the subscription renews
/// automatically and can be cancelled.
struct DisclosureCheck: Check {
    static let name = "disclosure"
    static let needs: Capabilities = .disclosure
    static let options = [
        OptionSpec(
            "placements", .texts, "where the disclosure may be (default footer, above_cta, below_cta)"),
        OptionSpec("renewal-words", .vocabulary, "words saying it renews (default: renewal-words)"),
        OptionSpec("cancel-words", .vocabulary, "words saying it can be cancelled (default: cancel-words)"),
    ]

    let placements: [String]
    let renewal: PhraseMatcher
    let cancel: PhraseMatcher

    init(_ setup: CheckSetup) throws {
        placements = try setup.texts("placements") ?? ["footer", "above_cta", "below_cta"]
        renewal = PhraseMatcher(
            phrases: try setup.phrases("renewal-words") ?? setup.vocabularies["renewal-words"] ?? [])
        cancel = PhraseMatcher(
            phrases: try setup.phrases("cancel-words") ?? setup.vocabularies["cancel-words"] ?? [])
    }

    func run(_ context: inout RuleContext) {
        let products = context.paywall.products?.value ?? []
        // Only for auto-renewable subscriptions; a product of unknown kind might be one.
        guard
            products.isEmpty
                || products.contains(where: { $0.kind == nil || $0.kind?.value == "auto_renewable" })
        else {
            return
        }
        guard let disclosure = context.paywall.disclosure else {
            context.report(
                "no subscription disclosure: auto-renewable products need the price, the period, automatic renewal "
                    + "and how to cancel in the footer",
                at: SourceSpan(at: context.paywall.place.span.start), node: context.paywall.place.node)
            return
        }
        if let placement = disclosure.placement, !placements.contains(placement.value) {
            context.report(
                "the disclosure is \(placement.value); show it in the \(placements.joined(separator: ", ")) instead",
                at: placement.span, node: placement.node)
        }
        let catalog = context.paywall.dialect.variables
        // By index, with each copy's variable kinds as bits: filtering the copies out, and two
        // sets per copy, were allocated and hashed for every file.
        let copies = context.paywall.copy
        var sawText = false
        for index in copies.indices where copies[index].field == "disclosure.text" {
            sawText = true
            let copy = copies[index]
            let kinds = catalog.kindBits(of: copy.template)
            let namesPrice = kinds & VariableKind.billedTotal.bit != 0
            let namesPeriod =
                kinds & VariableKind.period.bit != 0
                || copy.template.variables.contains { $0.name == "price_per_period" }
            var missing: [String] = []
            if !namesPrice { missing.append("the price ({{ price }})") }
            if !namesPeriod { missing.append("the period ({{ period }})") }
            if context.matches(of: copy, part: 0, { renewal.matches(in: $0, normalized: $1) }).isEmpty {
                missing.append("that it renews automatically")
            }
            if context.matches(of: copy, part: 1, { cancel.matches(in: $0, normalized: $1) }).isEmpty {
                missing.append("that it can be cancelled")
            }
            guard !missing.isEmpty else { continue }
            context.report(
                "the disclosure (\(copy.label)) does not state \(missing.joined(separator: ", "))",
                at: copy.span,
                node: copy.node)
        }
        if !sawText {
            context.report(
                "the disclosure has no text", at: disclosure.place.span, node: disclosure.place.node)
        }
    }
}

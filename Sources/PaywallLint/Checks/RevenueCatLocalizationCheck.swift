struct RevenueCatLocalizationCheck: Check {
    static let name = "revenuecat-localization"
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard let rc = context.paywall.revenueCat else { return }
        guard !rc.locales.contains(where: { $0.value == context.paywall.defaultLocale }) else { return }
        let place = rc.localizedStrings ?? context.paywall.place
        let others = rc.locales.map(\.value).joined(separator: ", ")
        context.report(
            "no strings for the default locale \(context.paywall.defaultLocale)"
                + (others.isEmpty ? " (there are none at all)" : " (only \(others))")
                + "; RevenueCat shows its fallback paywall",
            at: place.span.start == context.paywall.place.span.start
                ? SourceSpan(at: place.span.start) : place.span,
            node: place.node)
    }
}

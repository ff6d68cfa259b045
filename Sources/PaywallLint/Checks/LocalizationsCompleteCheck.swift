/// `localizations-complete`: every locale defines every copy field the default locale defines.
struct LocalizationsCompleteCheck: Check {
    static let name = "localizations-complete"
    static let needs: Capabilities = .localizations
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard !context.paywall.localizations.isEmpty else { return }
        let defaultLocale = context.paywall.defaultLocale
        let defaultPaths = Set(context.paywall.copy.filter(\.isDefaultLocale).map(\.path))
        for localization in context.paywall.localizations {
            let missing = defaultPaths.subtracting(context.paywall.copy[localization.copies].lazy.map(\.path))
                .sorted()
            guard !missing.isEmpty else { continue }
            let shown = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
            context.report(
                "locale \(localization.locale.value) leaves out \(missing.count) copy field"
                    + "\(missing.count == 1 ? "" : "s") of \(defaultLocale): \(shown) (shown in \(defaultLocale) instead)",
                at: localization.locale.span, node: localization.place.node)
        }
    }
}

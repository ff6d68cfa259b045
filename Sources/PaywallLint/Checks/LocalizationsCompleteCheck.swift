/// `localizations-complete`: every locale defines every copy field the default locale defines.
struct LocalizationsCompleteCheck: Check {
    static let name = "localizations-complete"
    static let needs: Capabilities = .localizations
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard !context.paywall.localizations.isEmpty else { return }
        let defaultLocale = context.paywall.defaultLocale
        // Paths read by index: mapping the copy strings copied each one out, retaining its
        // strings and text, and a file of thousands of locales has hundreds of thousands.
        let copies = context.paywall.copy
        var defaultPaths = Set<String>()
        for index in copies.indices where copies[index].isDefaultLocale {
            defaultPaths.insert(copies[index].path)
        }
        for localization in context.paywall.localizations {
            var missingPaths = defaultPaths
            for index in localization.copies { missingPaths.remove(copies[index].path) }
            guard !missingPaths.isEmpty else { continue }
            let missing = missingPaths.sorted()
            let shown = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
            context.report(
                "locale \(localization.locale.value) leaves out \(missing.count) copy field"
                    + "\(missing.count == 1 ? "" : "s") of \(defaultLocale): \(shown) (shown in \(defaultLocale) instead)",
                at: localization.locale.span, node: localization.place.node)
        }
    }
}

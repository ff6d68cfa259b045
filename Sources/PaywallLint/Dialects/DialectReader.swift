/// Maps a document onto the model with the reader of its dialect.
enum DialectReader {
    static func read(
        _ document: Document, root: NodeID, format: SourceFormat, as dialect: Dialect,
        templates: TemplateCache
    ) -> (
        Paywall, [Finding]
    ) {
        guard document[root].isMapping else {
            var paywall = Paywall(
                dialect: dialect, capabilities: [], place: Place(node: root, span: document[root].span),
                document: document, defaultLocale: "en")
            paywall.capabilities = []
            let finding = Finding(
                ruleID: CoreRuleID.wrongType, severity: .error,
                message: "a paywall definition is a mapping at the top",
                span: document[root].span)
            return (paywall, [finding])
        }
        var (paywall, findings) =
            switch dialect {
            case .canonical: CanonicalDialect.read(document, root: root, format: format, templates: templates)
            case .remoteConfig:
                RemoteConfigDialect.read(document, root: root, format: format, templates: templates)
            case .revenueCat:
                RevenueCatDialect.read(document, root: root, format: format, templates: templates)
            case .generic: GenericDialect.read(document, root: root, format: format, templates: templates)
            }
        // Copy is appended locale by locale: when the first locale overstates the others, or a
        // dialect grows the array by doubling, the spare room would live until the file is
        // reported, megabytes with thousands of locales.
        if paywall.copy.capacity > paywall.copy.count + paywall.copy.count / 4 + 64 {
            paywall.copy = paywall.copy.map { $0 }
        }
        return (paywall, findings)
    }
}

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
        // Each dialect's result is returned as it is: held in a variable to be trimmed here, the
        // result was copied, model and all (`Paywall.trimCopyRoom` is the linter's next step).
        switch dialect {
        case .canonical:
            return CanonicalDialect.read(document, root: root, format: format, templates: templates)
        case .remoteConfig:
            return RemoteConfigDialect.read(document, root: root, format: format, templates: templates)
        case .revenueCat:
            return RevenueCatDialect.read(document, root: root, format: format, templates: templates)
        case .revenueCatV2:
            return RevenueCatV2Dialect.read(document, root: root, format: format, templates: templates)
        case .generic: return GenericDialect.read(document, root: root, format: format, templates: templates)
        }
    }
}

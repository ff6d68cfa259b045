/// Adapty's paywalls as its SDKs keep them: a fallback file (`data[]`, each paywall's fields
/// under `attributes`) or one paywall object (`paywall_id`, `variation_id`). A paywall's copy is
/// its `remote_config.data`, a JSON string; the rest (`paywall_name`, `ab_test_name`,
/// `developer_id`, `variation_id`) is the dashboard's metadata, never shown to a user, so never
/// copy. Each remote config is a variant named "PLACEMENT / PAYWALL". A Paywall Builder layout
/// (`paywall_builder`) is no format of ours: it is read only under a chosen dialect
/// (`--dialect generic`), as its own variant.
enum AdaptyFallbackContainer {
    struct Contents {
        var remoteConfigs: [EmbeddedJSON] = []
        var builders: [EmbeddedPaywall] = []
    }

    /// Nil when the document holds no Adapty paywall.
    static func contents(in document: Document, root: NodeID) -> Contents? {
        guard document[root].isMapping else { return nil }
        var paywalls: [NodeID] = []
        if let data = document.value(of: root, key: "data"), document[data].isSequence {
            for item in document.items(of: data) where document[item].isMapping {
                let fields = document.value(of: item, key: "attributes") ?? item
                if isPaywall(fields, in: document) { paywalls.append(fields) }
            }
        } else if isPaywall(root, in: document) {
            paywalls.append(root)
        }
        guard !paywalls.isEmpty else { return nil }
        var contents = Contents()
        for paywall in paywalls {
            func field(_ key: String) -> String? {
                document.value(of: paywall, key: key).flatMap {
                    document.isNull($0) ? nil : document.text(of: $0)
                }
            }
            let placement = field("developer_id") ?? field("placement_id")
            let name = field("paywall_name") ?? field("paywall_id") ?? field("variation_id") ?? "paywall"
            let variant = placement.map { "\($0) / \(name)" } ?? name
            if let builder = document.value(of: paywall, key: "paywall_builder"), document[builder].isMapping
            {
                contents.builders.append(EmbeddedPaywall(variant: variant + " (builder)", root: builder))
            }
            guard let config = document.value(of: paywall, key: "remote_config"), document[config].isMapping,
                let data = document.value(of: config, key: "data"), document[data].isScalar,
                !document.isNull(data), !document.text(of: data).allSatisfy(\.isWhitespace)
            else { continue }
            let language = document.value(of: config, key: "lang").map { " [\(document.text(of: $0))]" } ?? ""
            contents.remoteConfigs.append(EmbeddedJSON(variant: variant + language, node: data, isJSON: true))
        }
        return contents
    }

    private static func isPaywall(_ node: NodeID, in document: Document) -> Bool {
        document[node].isMapping && document.value(of: node, key: "variation_id") != nil
            && (document.value(of: node, key: "paywall_id") != nil
                || document.value(of: node, key: "remote_config") != nil)
    }
}

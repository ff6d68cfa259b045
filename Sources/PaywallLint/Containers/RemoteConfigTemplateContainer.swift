/// A Firebase Remote Config template (`parameters`, `parameterGroups`, `conditions`, `version`):
/// each parameter's value is a string, and a paywall is JSON inside one. Every value — the default
/// as variant `PARAM`, each conditional one as `PARAM[CONDITION]` — is a candidate; values that
/// defer to the app (`useInAppDefault`) have no string and are passed over.
enum RemoteConfigTemplateContainer {
    typealias Value = EmbeddedJSON

    /// Nil when the document is not a template.
    static func values(in document: Document, root: NodeID) -> [Value]? {
        guard document[root].isMapping else { return nil }
        var parameterLists: [NodeID] = []
        if let parameters = document.value(of: root, key: "parameters"), document[parameters].isMapping {
            parameterLists.append(parameters)
        }
        if let groups = document.value(of: root, key: "parameterGroups"), document[groups].isMapping {
            for group in document.pairs(of: groups) where document[group.value].isMapping {
                if let parameters = document.value(of: group.value, key: "parameters"),
                    document[parameters].isMapping
                {
                    parameterLists.append(parameters)
                }
            }
        }
        var values: [Value] = []
        var isTemplate = false
        for list in parameterLists {
            for parameter in document.pairs(of: list) where document[parameter.value].isMapping {
                let name = document.text(of: parameter.key)
                let isJSON =
                    document.value(of: parameter.value, key: "valueType").map { document.text(of: $0) }
                    == "JSON"
                if let value = document.value(of: parameter.value, key: "defaultValue") {
                    isTemplate = true
                    values +=
                        string(of: value, in: document).map {
                            [Value(variant: name, node: $0, isJSON: isJSON)]
                        }
                        ?? []
                }
                if let conditional = document.value(of: parameter.value, key: "conditionalValues"),
                    document[conditional].isMapping
                {
                    isTemplate = true
                    for pair in document.pairs(of: conditional) {
                        guard let node = string(of: pair.value, in: document) else { continue }
                        let variant = "\(name)[\(document.text(of: pair.key))]"
                        values.append(Value(variant: variant, node: node, isJSON: isJSON))
                    }
                }
            }
        }
        return isTemplate ? values : nil
    }

    /// A parameter value's string: `{"value": "…"}`, unless it is `{"useInAppDefault": true}`.
    private static func string(of value: NodeID, in document: Document) -> NodeID? {
        guard document[value].isMapping, let string = document.value(of: value, key: "value"),
            document[string].isScalar, !document[string].hasTag
        else { return nil }
        return string
    }
}

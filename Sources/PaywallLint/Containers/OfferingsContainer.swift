/// A paywall held inside a file of another shape: the node it starts at and the name its
/// findings carry.
struct EmbeddedPaywall {
    var variant: String
    var root: NodeID
}

/// A RevenueCat offerings response (`current_offering_id`, `offerings[]`, `placements`): each
/// offering's paywall is a variant named by the offering's identifier — `paywall` (V1) or
/// `paywall_components` (V2), and `draft_paywall_components` as "ID (draft)". Offerings without
/// a paywall are passed over. References to offerings (`current_offering_id`, `placements`, exit
/// offers) must name one the response has.
enum OfferingsContainer {
    static let referenceRule = "revenuecat/offering-reference"

    /// Nil when the document is not an offerings response.
    static func paywalls(in document: Document, root: NodeID) -> (
        paywalls: [EmbeddedPaywall], findings: [Finding]
    )? {
        guard document[root].isMapping, let offerings = document.value(of: root, key: "offerings"),
            document[offerings].isSequence,
            document.value(of: root, key: "current_offering_id") != nil
                || document.value(of: root, key: "placements") != nil
        else { return nil }
        var paywalls: [EmbeddedPaywall] = []
        var identifiers = Set<String>()
        var references: [(node: NodeID, what: String, variant: String?)] = []
        for offering in document.items(of: offerings) where document[offering].isMapping {
            let identifier =
                document.value(of: offering, key: "identifier").map { document.text(of: $0) } ?? ""
            identifiers.insert(identifier)
            for (key, suffix) in [
                ("paywall", ""), ("paywall_components", ""), ("draft_paywall_components", " (draft)"),
            ] {
                guard let paywall = document.value(of: offering, key: key), document[paywall].isMapping else {
                    continue
                }
                paywalls.append(EmbeddedPaywall(variant: identifier + suffix, root: paywall))
                if let exit = document.value(of: paywall, key: "exit_offers"), document[exit].isMapping {
                    for pair in document.pairs(of: exit) where document[pair.value].isMapping {
                        if let id = document.value(of: pair.value, key: "offering_id") {
                            references.append(
                                (id, "exit offer \(document.text(of: pair.key))", identifier + suffix))
                        }
                    }
                }
            }
        }
        if let current = document.value(of: root, key: "current_offering_id"), !document.isNull(current) {
            references.append((current, "current_offering_id", nil))
        }
        if let placements = document.value(of: root, key: "placements"), document[placements].isMapping {
            if let fallback = document.value(of: placements, key: "fallback_offering_id"),
                !document.isNull(fallback)
            {
                references.append((fallback, "placements.fallback_offering_id", nil))
            }
            if let byPlacement = document.value(of: placements, key: "offering_ids_by_placement"),
                document[byPlacement].isMapping
            {
                for pair in document.pairs(of: byPlacement) where !document.isNull(pair.value) {
                    references.append((pair.value, "placement \(document.text(of: pair.key))", nil))
                }
            }
        }
        var findings: [Finding] = []
        let known = identifiers.sorted()
        for (node, what, variant) in references where !identifiers.contains(document.text(of: node)) {
            let name = document.text(of: node)
            var message = "\(what) names offering '\(name)', which this response does not have"
            if let nearest = Suggestion.nearest(to: name, in: known) {
                message += "; did you mean '\(nearest)'?"
            }
            findings.append(
                Finding(
                    ruleID: referenceRule, severity: .error, message: message, span: document[node].span,
                    pointer: document.pointer(of: node), variant: variant))
        }
        return (paywalls, findings)
    }
}

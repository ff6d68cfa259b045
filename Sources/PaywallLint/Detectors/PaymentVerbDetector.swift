/// Call-to-action wording that tells the user they are about to pay ("Subscribe", "Unlock",
/// "Buy", "Start {{ intro_price }} week", "Jetzt kaufen", "订阅"). A literal price counts as a
/// variable here, so `start {} week` also matches "Start $0.99 Week".
///
/// Vocabularies: `payment-verbs`, with `payment-verb-exceptions` for labels that contain a
/// payment verb without asking for money ("Restore purchases", "Manage subscription");
/// `payment-verb-other-senses` for words that give every payment verb in the label another
/// sense, wherever they stand (a newsletter or a channel one subscribes to, Face ID or a PIN one
/// unlocks with, a new version one upgrades to), except `payment-outright` wording (being billed,
/// a paying member); the currency vocabularies for literal prices.
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class PaymentVerbDetector: Sendable {
    private let matcher: PhraseMatcher
    private let otherSenses: PhraseMatcher
    private let outright: PhraseMatcher
    private let prices: PriceDetector

    package init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["payment-verbs"] ?? [],
            exceptions: vocabularies["payment-verb-exceptions"] ?? [])
        otherSenses = PhraseMatcher(phrases: vocabularies["payment-verb-other-senses"] ?? [])
        outright = PhraseMatcher(
            phrases: vocabularies["payment-outright"] ?? [],
            exceptions: vocabularies["payment-verb-exceptions"] ?? [])
        prices = PriceDetector(vocabularies: vocabularies)
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        // Phrase exceptions only cancel the words they overlap; the object of the verb can stand
        // anywhere in the label ("Subscribe to our weekly newsletter", "Face IDでロックを解除").
        guard otherSenses.ranges(in: normalized).isEmpty else {
            return outright.matches(in: text, normalized: normalized)
        }
        let priceMatches = prices.matches(in: text, normalized: normalized)
        guard !priceMatches.isEmpty else { return matcher.matches(in: text, normalized: normalized) }
        // Each literal price becomes one placeholder; `origins` maps back to `text`.
        var reduced: [Unicode.Scalar] = []
        var origins: [Range<Int>] = []
        var next = 0
        for price in priceMatches {
            for k in next..<price.range.lowerBound {
                reduced.append(text[k])
                origins.append(k..<(k + 1))
            }
            reduced.append(Template.placeholder)
            origins.append(price.range)
            next = price.range.upperBound
        }
        for k in next..<text.count {
            reduced.append(text[k])
            origins.append(k..<(k + 1))
        }
        return matcher.matches(in: reduced).map {
            let range = origins[$0.range.lowerBound].lowerBound..<origins[$0.range.upperBound - 1].upperBound
            return DetectorMatch(range: range, in: text)
        }
    }
}
